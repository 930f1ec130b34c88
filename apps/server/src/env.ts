import { UNKNOWN_PROJECT } from '@store/core'
import { z } from 'zod'
import { BRANDS, isBrandId, localOrigins, productionOrigins, type PublicOrigins } from './brands/registry.ts'

/**
 * Charges a club billing run has at the payment service at once, unless CLUB_BILLING_CONCURRENCY says
 * otherwise: 5, so that a service answering in 200 ms gets at most 25 charges a second, the rate a
 * Stripe account allows one endpoint by default (decision 268); an account with a raised limit raises it.
 */
export const DEFAULT_CLUB_BILLING_CONCURRENCY = 5

/** The environment, parsed once at start-up. Nothing else reads process.env. */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  /** put before every Redis key the store writes (sessions, rate limits): two stores sharing one Redis each give their own (default `store:`) */
  REDIS_KEY_PREFIX: z.string().min(1).default('store:'),
  /** how many instances serve this store (default 1): above 1, uploads must go to a bucket (MEDIA_STORAGE=s3), not one machine's disk */
  INSTANCES: z.coerce.number().int().min(1).default(1),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PAYMENT_GATEWAY: z.enum(['test', 'stripe']).default('test'),
  STRIPE_SECRET_KEY: z.string().optional(),
  /** another Stripe API address (stripe-mock, tests): http://127.0.0.1:12111 */
  STRIPE_API_URL: z.string().url().optional(),
  /** Stripe's publishable key (pk_...), handed to the card form's Stripe.js; the browser may see it */
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  /** the signing secret (whsec_...) of the Stripe webhook endpoint POST /api/stripe/webhook: Afterpay's outcome when the shopper does not come back */
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** where uploaded images (review photos) are kept by the local media storage (default data/media) */
  MEDIA_DIR: z.string().default('data/media'),
  /** where uploaded images are kept: 'local' files under MEDIA_DIR (default) or 's3', an S3-compatible bucket (S3_*) */
  MEDIA_STORAGE: z.enum(['local', 's3']).default('local'),
  /** the bucket of MEDIA_STORAGE=s3 */
  S3_BUCKET: z.string().min(1).optional(),
  /** an S3-compatible service's address (MinIO, R2...); unset: AWS S3 */
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** the bucket's key pair; both unset: the SDK's own credentials (instance role, AWS_* variables) */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** the bucket in the path (http://host/bucket/key), as most S3-compatible services need */
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
  /** the shared secret of the carrier's tracking webhook (docs/tracking.md); unset: every delivery is refused (401) */
  TRACKING_WEBHOOK_SECRET: z.string().min(16, 'TRACKING_WEBHOOK_SECRET must be at least 16 characters').optional(),
  /** outgoing mail: SMTP_URL (smtp://user:pass@host:587, smtps://...) or SMTP_HOST with the others; unset: e-mail goes to the log */
  SMTP_URL: z.string().url().optional(),
  SMTP_HOST: z.string().optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  SMTP_USER: z.string().optional(),
  SMTP_PASS: z.string().optional(),
  SMTP_SECURE: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((value) => value === 'true' || value === '1'),
  SMTP_FROM: z.string().default('Store <no-reply@localhost>'),
  /** how often the e-mail outbox is looked at, in ms (0 = never: tests drive it) */
  OUTBOX_INTERVAL_MS: z.coerce.number().int().min(0).default(5000),
  /** how often the club's billing run looks for what is due today, in ms (0 = never: the command line only) */
  CLUB_BILLING_INTERVAL_MS: z.coerce.number().int().min(0).default(3_600_000),
  /**
   * how many of the club's charges one billing run has at the payment service at once (each waits
   * for its answer without holding a database connection): in flight ÷ the service's answer time is
   * charges per second, to be kept under the provider's rate limit (docs/club-membership.md, decision 268)
   */
  CLUB_BILLING_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(DEFAULT_CLUB_BILLING_CONCURRENCY),
  /** the bearer token a Prometheus scraper sends for GET /metrics; unset: /metrics is not served */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  /** on SIGTERM, how long /api/ready answers 503 while the instance still serves, before it stops listening (a balancer's check interval or two) */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).default(0),
  /** on SIGTERM, how long requests in flight and the jobs' rounds may take to finish before they are cut off */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  /** accounts one network address may make at a brand in an hour (a shared address, such as a campus or an office behind one NAT, may need more) */
  REGISTRATIONS_PER_IP_HOUR: z.coerce.number().int().min(1).default(10),
  /** Sentry's DSN (https://key@o0.ingest.sentry.io/1): errors reported there, from the server and the pages; unset: the log only */
  SENTRY_DSN: z.string().url().optional(),
  /** the environment the reports are filed under (default NODE_ENV) */
  SENTRY_ENVIRONMENT: z.string().min(1).optional(),
  /** where pages, banners, menus and the club's landing copy come from: 'local' (the store's database, default) or 'sanity' (docs/content.md) */
  CONTENT_SOURCE: z.enum(['local', 'sanity']).default('local'),
  SANITY_PROJECT_ID: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{1,64}$/, 'SANITY_PROJECT_ID is the project id of sanity.io/manage (lower-case letters, digits and dashes)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** the dataset the content is read from (default production) */
  SANITY_DATASET: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, 'SANITY_DATASET is a dataset name (lower-case letters, digits, _ and -)')
    .default('production'),
  /** another API address than https://api.sanity.io (a stand-in in tests); the project id then goes in a header, not the host name */
  SANITY_API_HOST: z.string().url().optional(),
  /** the secret of the content service's webhook (its sanity-webhook-signature is checked); unset: every delivery is refused (401) */
  SANITY_WEBHOOK_SECRET: z.string().min(16, 'SANITY_WEBHOOK_SECRET must be at least 16 characters').optional(),
  ANALYTICS_SINK: z.enum(['local', 'mixpanel']).default('local'),
  /** the Mixpanel project's token (ANALYTICS_SINK=mixpanel needs it; it is public: the pages carry it too) */
  MIXPANEL_TOKEN: z.string().trim().min(1).max(200).optional(),
  /** Mixpanel's API address: https://api.mixpanel.com (https://api-eu.mixpanel.com for EU residency; a stand-in in tests) */
  MIXPANEL_API_HOST: z.string().url().default('https://api.mixpanel.com'),
  /** the advertising pixel's id: with META_CAPI_TOKEN, its events also go server-side to Meta's Conversions API (docs/analytics.md) */
  META_PIXEL_ID: z
    .string()
    .trim()
    .regex(/^\d{5,20}$/, "META_PIXEL_ID is the pixel's number")
    .optional(),
  /** the Conversions API's access token (secret: it stays on the server) */
  META_CAPI_TOKEN: z.string().trim().min(1).max(500).optional(),
  /** the Graph API's base address (a stand-in in tests) */
  META_GRAPH_URL: z.string().url().default('https://graph.facebook.com'),
  /** where the page loads Meta's pixel script from (fbevents.js; a stand-in in tests) */
  META_PIXEL_SCRIPT_URL: z.string().url().default('https://connect.facebook.net/en_US/fbevents.js'),
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
      return text
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean)
    }),
  /**
   * seed the demo store (made-up catalogue, reviews, drawn images) into a new database:
   * unset means only on the embedded default database (DATABASE_URL unset)
   */
  SEED_DEMO: z.enum(['true', 'false', '1', '0']).optional(),
  /**
   * run the migrations at start-up: unset means yes on SQLite (the embedded default, one
   * machine) and no on PostgreSQL, where `npm run migrate` is a step of its own and a
   * database behind the build stops start-up (docs/operations.md)
   */
  MIGRATE_ON_START: z.enum(['true', 'false', '1', '0']).optional(),
  /** extra hostnames that resolve to popfitclothing, comma separated (e.g. a load balancer's name) */
  EXTRA_HOSTS: z.string().optional(),
  /**
   * each brand's public origin (canonical links, sitemap, Open Graph): 'local'
   * (http://localhost:PORT, http://ckb.localhost:PORT, ...), 'production' (the
   * registry's domains) or 'brand=origin' pairs, comma separated. Default:
   * 'production' when NODE_ENV=production, else 'local'.
   */
  PUBLIC_ORIGINS: z.string().optional(),
  /** one brand's origin, over PUBLIC_ORIGINS: PUBLIC_ORIGIN_CKB=https://ckb.example.com */
  PUBLIC_ORIGIN_POPFITCLOTHING: z.string().optional(),
  PUBLIC_ORIGIN_CKB: z.string().optional(),
  PUBLIC_ORIGIN_GLOW: z.string().optional(),
})

export type Env = z.infer<typeof EnvSchema> & {
  /** every brand's public origin, resolved from PUBLIC_ORIGINS and PUBLIC_ORIGIN_<BRAND> */
  publicOrigins: PublicOrigins
  /**
   * true when some brand's origin is http://…localhost:3000 only because PORT was not given: right
   * for the server (it listens there), a guess for a program that writes links without serving them
   */
  publicOriginsFromDefaultPort: boolean
}

/**
 * A program that writes links (e-mails) but serves no page, run from a shell (`npm run billing`):
 * its links come from the public origins as configured, never from the default port, which is where
 * it would listen, not where the store runs. Refuses to go on with a message saying what to set.
 */
export function requireConfiguredOrigins(env: Pick<Env, 'publicOriginsFromDefaultPort'>, program: string): void {
  if (!env.publicOriginsFromDefaultPort) return
  throw new Error(
    `${program} writes links to the store in e-mails, and no one said where the store is served: set PUBLIC_ORIGINS ` +
      `(production, brand=origin pairs such as popfitclothing=https://shop.example.com, or local with the store's PORT) ` +
      `or PUBLIC_ORIGIN_<BRAND>, or PORT to the port the store listens on`,
  )
}

/** Demo data goes into a new database when SEED_DEMO says so, else only into the embedded default one. */
export function shouldSeedDemo(env: Pick<Env, 'SEED_DEMO' | 'DATABASE_URL'>): boolean {
  if (env.SEED_DEMO !== undefined) return env.SEED_DEMO === 'true' || env.SEED_DEMO === '1'
  return env.DATABASE_URL === undefined || env.DATABASE_URL === ''
}

/** Whether start-up runs the migrations: MIGRATE_ON_START when given, else only on SQLite (docs/decisions/182). */
export function shouldMigrateOnStart(env: Pick<Env, 'MIGRATE_ON_START' | 'DATABASE_URL'>): boolean {
  if (env.MIGRATE_ON_START !== undefined) return env.MIGRATE_ON_START === 'true' || env.MIGRATE_ON_START === '1'
  return !env.DATABASE_URL || !/^postgres(ql)?:\/\//.test(env.DATABASE_URL)
}

/** A production deployment: NODE_ENV=production on a database of its own (not the embedded demo store). */
function isDeployment(env: { NODE_ENV: string; DATABASE_URL?: string | undefined }): boolean {
  return env.NODE_ENV === 'production' && Boolean(env.DATABASE_URL)
}

const NO_GATEWAY_IN_PRODUCTION =
  'Invalid environment: PAYMENT_GATEWAY is not set in production (NODE_ENV=production with a DATABASE_URL): ' +
  'set PAYMENT_GATEWAY=stripe with STRIPE_SECRET_KEY to take real payments, or PAYMENT_GATEWAY=test to take test cards only (no payment is real)'

/**
 * What start-up says when a production store takes test cards (PAYMENT_GATEWAY=test, set explicitly in a
 * deployment, or the embedded demo store started with NODE_ENV=production): no payment is real. Null otherwise.
 */
export function testPaymentsWarning(env: Pick<Env, 'NODE_ENV' | 'PAYMENT_GATEWAY'>): string | null {
  if (env.NODE_ENV !== 'production' || env.PAYMENT_GATEWAY !== 'test') return null
  return 'PAYMENT_GATEWAY=test: payments are NOT real. Checkout takes the built-in test cards (4242 4242 4242 4242 pays) and charges no one; set PAYMENT_GATEWAY=stripe to take real payments'
}

/** Photos on one machine's disk are not seen by the others: several instances need a bucket (docs/operations.md). */
const LOCAL_MEDIA_WITH_INSTANCES = (instances: number) =>
  `INSTANCES=${instances} with MEDIA_STORAGE=local: a photo uploaded to one instance would be missing on the others. Keep uploads in a bucket (MEDIA_STORAGE=s3 with S3_BUCKET), or run one instance.`

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = EnvSchema.safeParse(source)
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')
    throw new Error(`Invalid environment: ${problems}`)
  }
  const publicOrigins = resolvePublicOrigins(result.data, source)
  const portGiven = Boolean(source.PORT?.trim())
  const defaultLocal = localOrigins(result.data.PORT)
  const publicOriginsFromDefaultPort = !portGiven && BRANDS.some((brand) => publicOrigins[brand.id] === defaultLocal[brand.id])
  const env = { ...result.data, publicOrigins, publicOriginsFromDefaultPort }
  // SPEC §8: a content service with no project cannot start
  if (env.CONTENT_SOURCE === 'sanity' && !env.SANITY_PROJECT_ID) throw new Error(UNKNOWN_PROJECT)
  if (env.MEDIA_STORAGE === 's3' && !env.S3_BUCKET) throw new Error('MEDIA_STORAGE=s3 needs S3_BUCKET')
  if (env.INSTANCES > 1 && env.MEDIA_STORAGE === 'local') throw new Error(LOCAL_MEDIA_WITH_INSTANCES(env.INSTANCES))
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    throw new Error("S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither for the SDK's own credentials")
  }
  if (Boolean(env.META_PIXEL_ID) !== Boolean(env.META_CAPI_TOKEN)) throw new Error('META_PIXEL_ID and META_CAPI_TOKEN go together: set both for the Conversions API, or neither')
  if (env.ANALYTICS_SINK === 'mixpanel' && !env.MIXPANEL_TOKEN) throw new Error('ANALYTICS_SINK=mixpanel needs MIXPANEL_TOKEN (the project token)')
  if (env.PAYMENT_GATEWAY === 'stripe' && !env.STRIPE_SECRET_KEY) throw new Error('PAYMENT_GATEWAY=stripe needs STRIPE_SECRET_KEY')
  // a deployment takes no order through the built-in test gateway (any valid number "pays") unless told to
  if (isDeployment(env) && !source.PAYMENT_GATEWAY?.trim()) throw new Error(NO_GATEWAY_IN_PRODUCTION)
  return env
}

/** 'https://ckbintimates.com/' -> 'https://ckbintimates.com'; anything but an http(s) origin is refused. */
function originOf(name: string, value: string): string {
  let url: URL
  try {
    url = new URL(value.trim())
  } catch {
    throw new Error(`Invalid environment: ${name}: '${value}' is not an address such as https://popfitclothing.com`)
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.pathname !== '/' || url.search || url.hash || url.username) {
    throw new Error(`Invalid environment: ${name}: '${value}' must be an origin only (scheme, host, port), such as https://popfitclothing.com`)
  }
  return url.origin
}

function resolvePublicOrigins(env: z.infer<typeof EnvSchema>, source: Record<string, string | undefined>): PublicOrigins {
  // the embedded default database (DATABASE_URL unset) is the demo store on this machine: local origins
  const deployed = isDeployment(env)
  const spec = env.PUBLIC_ORIGINS?.trim() || (deployed ? 'production' : 'local')
  let origins: PublicOrigins
  if (spec === 'production') origins = productionOrigins()
  else if (spec === 'local') origins = localOrigins(env.PORT)
  else {
    // pairs over the default of the environment
    origins = deployed ? productionOrigins() : localOrigins(env.PORT)
    for (const pair of spec
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean)) {
      const at = pair.indexOf('=')
      const id = at > 0 ? pair.slice(0, at).trim() : ''
      if (!isBrandId(id)) {
        throw new Error(`Invalid environment: PUBLIC_ORIGINS: '${pair}' is not brand=origin with a brand of ${BRANDS.map((b) => b.id).join(', ')}`)
      }
      origins[id] = originOf('PUBLIC_ORIGINS', pair.slice(at + 1))
    }
  }
  for (const brand of BRANDS) {
    const name = `PUBLIC_ORIGIN_${brand.id.toUpperCase()}`
    const value = source[name]
    if (value) origins[brand.id] = originOf(name, value)
  }
  // each brand is served at its public origin's host too (brandsWithOrigins): a host names one brand
  const served = new Map<string, string>(BRANDS.flatMap((brand) => brand.hostnames.map((host) => [host, brand.id] as const)))
  for (const brand of BRANDS) {
    const host = new URL(origins[brand.id]).hostname
    const owner = served.get(host)
    if (owner !== undefined && owner !== brand.id) {
      throw new Error(`Invalid environment: the public origin of ${brand.id}, ${origins[brand.id]}, is on a host that serves ${owner}: give each brand a host of its own`)
    }
    served.set(host, brand.id)
  }
  return origins
}
