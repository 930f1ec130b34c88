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
  /** another Stripe API address (stripe-mock, tests): http://127.0.0.1:12111 */
  STRIPE_API_URL: z.string().url().optional(),
  /** outgoing mail: SMTP_URL (smtp://user:pass@host:587, smtps://...) or SMTP_HOST with the others; unset: e-mail goes to the log */
  SMTP_URL: z.string().url().optional(),
  SMTP_HOST: z.string().optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  SMTP_USER: z.string().optional(),
  SMTP_PASS: z.string().optional(),
  SMTP_SECURE: z.enum(['true', 'false', '1', '0']).optional().transform((value) => value === 'true' || value === '1'),
  SMTP_FROM: z.string().default('Store <no-reply@localhost>'),
  /** how often the e-mail outbox is looked at, in ms (0 = never: tests drive it) */
  OUTBOX_INTERVAL_MS: z.coerce.number().int().min(0).default(5000),
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
  /** extra hostnames that resolve to popfitclothing, comma separated (e.g. a load balancer's name) */
  EXTRA_HOSTS: z.string().optional(),
})

export type Env = z.infer<typeof EnvSchema>

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = EnvSchema.safeParse(source)
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')
    throw new Error(`Invalid environment: ${problems}`)
  }
  const env = result.data
  // SPEC §8: a content service with no project cannot start
  if (env.CONTENT_SOURCE === 'sanity' && !env.SANITY_PROJECT_ID) throw new Error(UNKNOWN_PROJECT)
  if (env.PAYMENT_GATEWAY === 'stripe' && !env.STRIPE_SECRET_KEY) throw new Error('PAYMENT_GATEWAY=stripe needs STRIPE_SECRET_KEY')
  if (env.CONTENT_SOURCE === 'sanity') throw new Error('The Sanity content source is not built yet; use CONTENT_SOURCE=local')
  return env
}
