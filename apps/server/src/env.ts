import { UNKNOWN_PROJECT } from '@store/core'
import { z } from 'zod'

/** The environment, parsed once at start-up. Nothing else reads process.env. */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PAYMENT_GATEWAY: z.enum(['test', 'stripe']).default('test'),
  STRIPE_SECRET_KEY: z.string().optional(),
  CONTENT_SOURCE: z.enum(['local', 'sanity']).default('local'),
  SANITY_PROJECT_ID: z.string().optional(),
  ANALYTICS_SINK: z.enum(['local', 'mixpanel']).default('local'),
  MIXPANEL_TOKEN: z.string().optional(),
  /** mark the session cookie Secure: set true wherever the store is served over HTTPS */
  COOKIE_SECURE: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
  /** where the storefront's build lives (default apps/web/build) */
  WEB_BUILD_DIR: z.string().optional(),
  /**
   * which proxies' X-Forwarded-* headers to believe: unset or 'false' none (the default),
   * 'true' every hop, a number the hops nearest this server, else addresses/CIDRs, comma separated
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value): boolean | string[] | ((address: string, hop: number) => boolean) => {
      const text = (value ?? '').trim()
      if (text === '' || text === 'false' || text === '0') return false
      if (text === 'true') return true
      if (/^\d+$/.test(text)) {
        // a hop count: the n proxies nearest this server are believed
        const hops = Number(text)
        return (_address: string, hop: number) => hop < hops
      }
      return text.split(',').map((part) => part.trim()).filter(Boolean)
    }),
  /**
   * seed the demo store (made-up catalogue, reviews, drawn images) into a new database:
   * unset means only on the embedded default database (DATABASE_URL unset)
   */
  SEED_DEMO: z.enum(['true', 'false', '1', '0']).optional(),
  /** extra hostnames that resolve to popfitclothing, comma separated (e.g. a load balancer's name) */
  EXTRA_HOSTS: z.string().optional(),
})

export type Env = z.infer<typeof EnvSchema>

/** Demo data goes into a new database when SEED_DEMO says so, else only into the embedded default one. */
export function shouldSeedDemo(env: Pick<Env, 'SEED_DEMO' | 'DATABASE_URL'>): boolean {
  if (env.SEED_DEMO !== undefined) return env.SEED_DEMO === 'true' || env.SEED_DEMO === '1'
  return env.DATABASE_URL === undefined || env.DATABASE_URL === ''
}

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = EnvSchema.safeParse(source)
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')
    throw new Error(`Invalid environment: ${problems}`)
  }
  const env = result.data
  // SPEC §8: a content service with no project cannot start
  if (env.CONTENT_SOURCE === 'sanity' && !env.SANITY_PROJECT_ID) throw new Error(UNKNOWN_PROJECT)
  if (env.CONTENT_SOURCE === 'sanity') throw new Error('The Sanity content source is not built yet; use CONTENT_SOURCE=local')
  return env
}
