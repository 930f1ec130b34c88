import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { constants as zlib } from 'node:zlib'
import compress from '@fastify/compress'
import cookie from '@fastify/cookie'
import formbody from '@fastify/formbody'
import multipart from '@fastify/multipart'
import swagger from '@fastify/swagger'
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify'
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import { cartRoutes } from './cart/cart.routes.ts'
import { catalogRoutes } from './catalog/catalog.routes.ts'
import { createContentSource, chooseContentSource } from './content/content-source.ts'
import { contentWebhookRoutes } from './content/content-webhook.routes.ts'
import { contentRoutes } from './content/content.routes.ts'
import type { StoreDb } from './db/connection.ts'
import type { Env } from './env.ts'
import { experimentRoutes } from './experiments/test-group.routes.ts'
import { analyticsRoutes } from './analytics/analytics.routes.ts'
import { registerCsrfGuard } from './http/csrf.ts'
import { registerErrorHandler, saidBack } from './http/errors.ts'
import { startErrorReporting } from './error-reporting/error-reporting.ts'
import { registerInputGuard } from './http/input-guard.ts'
import { openApiOptions } from './http/openapi.ts'
import { registerRequestLog } from './http/request-log.ts'
import { registerRequestIdHeader, requestIdMaker } from './http/request-id.ts'
import { answers, okSchema } from './http/response-schemas.ts'
import { registerSecurityHeaders } from './http/security-headers.ts'
import { serializerCompiler } from './http/serializer.ts'
import mediaRoutes from './media/media.routes.ts'
import uploadsRoutes from './media/uploads.routes.ts'
import { seoRoutes } from './seo/seo.routes.ts'
import { RedisSessionStore } from './sessions/redis-session-store.ts'
import { DatabaseThrottleStore, RedisThrottleStore, type ThrottleStore } from './accounts/throttle-store.ts'
import { registerRequestContext } from './context/context-plugin.ts'
import { DatabaseSessionStore, type SessionStore } from './sessions/session-store.ts'
import { invalidateOnStockChange } from './catalog/stock-invalidation.ts'
import { PageCache } from './web/page-cache.ts'
import { settingsRoutes } from './settings/settings.routes.ts'
import { accountRoutes } from './accounts/accounts.routes.ts'
import { styleProfileRoutes } from './accounts/style-profile.routes.ts'
import { accountSettingsRoutes } from './account/account.routes.ts'
import { addressRoutes } from './addresses/addresses.routes.ts'
import { customerServiceRoutes } from './customer-service/customer-service.routes.ts'
import { wishlistRoutes } from './wishlist/wishlist.routes.ts'
import { afterpayRoutes, stripeWebhookRoutes } from './checkout/afterpay.routes.ts'
import { checkoutRoutes } from './checkout/checkout.routes.ts'
import { paymentRoutes } from './payments/payments.routes.ts'
import { orderRoutes } from './orders/orders.routes.ts'
import { paymentMethodRoutes } from './payment-methods/payment-methods.routes.ts'
import { trackingRoutes, trackingWebhookRoutes } from './tracking/tracking.routes.ts'
import { reviewRoutes } from './reviews/reviews.routes.ts'
import { onReviewsChanged } from './reviews/review-events.ts'
import { type CacheBus, startCacheBus } from './caches/cache-bus.ts'
import { dropLocalCache } from './caches/local-caches.ts'
import { socialMediaSpecialRoutes } from './offers/social-media-specials.routes.ts'
import { offerRoutes } from './offers/offers.routes.ts'
import { membershipRoutes } from './membership/membership.routes.ts'
import { adminApi } from './staff/admin-api.ts'
import { adminAppRoutes } from './admin-app/admin-app.ts'
import { registerReadiness } from './operations/readiness.ts'
import { registerMetrics } from './operations/metrics.ts'
import { emailPreviewRoutes } from './email/email-previews.routes.ts'

declare module 'fastify' {
  interface FastifyInstance {
    store: StoreDb
    env: Env
    /** where sessions are kept: the database, or Redis where REDIS_URL is set */
    sessionStore: SessionStore
    /** anonymous pages kept in memory (web/page-cache.ts); writers clear a brand's through `caches` when what its pages show changes */
    pageCache: PageCache
    /** drops a brand's caches on this instance and every other (caches/cache-bus.ts) */
    caches: CacheBus
  }
}

export interface AppOptions {
  env: Env
  store: StoreDb
  /** apps/web/build: when present, the storefront is served too */
  webBuildDir?: string
  /** apps/admin/build: the operator's app, served at /admin (a 503 until built) */
  adminBuildDir?: string
  /** put before every Redis key of the session store (default `store:`); tests use their own */
  sessionKeyPrefix?: string
  /** the server's timeouts (default SERVER_TIMEOUTS); tests use short ones */
  timeouts?: ServerTimeouts
  /** where log lines go (default stdout); tests read them */
  logStream?: NonNullable<Exclude<FastifyServerOptions['logger'], boolean | undefined>>['stream']
}

export interface ServerTimeouts {
  /** the whole request, headers and body, must have arrived within this */
  requestTimeoutMs: number
  /** the headers must have arrived within this */
  headersTimeoutMs: number
  /** a connection with no traffic at all is closed after this (above Fastify's 72 s keep-alive) */
  connectionTimeoutMs: number
  /** how often Node checks the two above */
  checkIntervalMs: number
}

/**
 * A client that trickles its request (a byte every 10 s held a connection 330 s)
 * is cut off: whole request within 30 s, headers within 15 s, checked every 2 s.
 */
export const SERVER_TIMEOUTS: ServerTimeouts = {
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 15_000,
  connectionTimeoutMs: 75_000,
  checkIntervalMs: 2_000,
}

export async function buildApp({ env, store, webBuildDir, adminBuildDir, sessionKeyPrefix, timeouts = SERVER_TIMEOUTS, logStream }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    requestTimeout: timeouts.requestTimeoutMs,
    connectionTimeout: timeouts.connectionTimeoutMs,
    http: {
      requestTimeout: timeouts.requestTimeoutMs,
      headersTimeout: timeouts.headersTimeoutMs,
      connectionsCheckingInterval: timeouts.checkIntervalMs,
    },
    logger:
      env.LOG_LEVEL === 'silent'
        ? false
        : {
            level: env.LOG_LEVEL,
            redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
            ...(logStream ? { stream: logStream } : {}),
          },
    // a trusted proxy's X-Request-Id, else a random UUID: in every log line of the request and its answer (http/request-id.ts)
    genReqId: requestIdMaker(env.TRUST_PROXY),
    // X-Forwarded-* is believed only from the proxies TRUST_PROXY names (off by default)
    trustProxy: env.TRUST_PROXY,
    // http/request-log.ts writes one line per shopper request instead
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1_048_576,
    // a malformed URL (bad percent-encoding, overlong parameter) still gets the error shape of the contract
    frameworkErrors: (error, _request, reply) => {
      void (reply as FastifyReply)
        .code(400)
        .type('application/json; charset=utf-8')
        .send(JSON.stringify({ errors: [{ message: `This address is not valid: ${saidBack(error.message)}` }] }))
    },
  }).withTypeProvider<ZodTypeProvider>()

  // Sentry where SENTRY_DSN is set (error-reporting/error-reporting.ts); the SDK is not loaded otherwise
  await startErrorReporting(env)
  app.setValidatorCompiler(validatorCompiler)
  // response schemas compiled once by fast-json-stringify: fast, and only declared fields go out (http/serializer.ts)
  app.setSerializerCompiler(serializerCompiler)
  app.decorate('store', store)
  app.decorate('env', env)
  app.decorate('pageCache', new PageCache())
  // where pages, menus, banners and the club's landing copy come from: chosen once, here (content/content-source.ts)
  const restoreContentSource = chooseContentSource(await createContentSource(env))
  app.addHook('onClose', async () => restoreContentSource())
  registerErrorHandler(app)
  registerRequestIdHeader(app)
  // request rate, latency and errors per route pattern; GET /metrics behind METRICS_TOKEN (operations/metrics.ts)
  registerMetrics(app, env.METRICS_TOKEN)

  // pages and API answers compressed on the fly; built assets are precompressed (scripts/precompress.mjs)
  // brotli at quality 4 on the fly: the default (11) costs ~70 ms per 100 kB page, quality 4 about 1 ms for
  // a few per cent more bytes; cached pages and built assets are compressed once, harder
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  })
  await app.register(cookie)
  await app.register(formbody)
  await app.register(multipart, { attachFieldsToBody: 'keyValues', limits: { fileSize: 1_000_000, files: 1 } })
  await app.register(swagger, openApiOptions)

  // sessions in Redis where REDIS_URL is set (one connection, made now: an unreachable Redis stops start-up), else in the database
  const redis = env.REDIS_URL
    ? await RedisSessionStore.connect(env.REDIS_URL, {
        keyPrefix: sessionKeyPrefix ?? env.REDIS_KEY_PREFIX,
        onError: (error) => app.log.error({ err: error }, 'redis (sessions): connection trouble, reconnecting'),
      })
    : null
  const sessions: SessionStore = redis ?? new DatabaseSessionStore(store)
  // every rate limit counts in Redis where it is set (same connection, same prefix), else in the database (accounts/throttle-store.ts)
  const throttle: ThrottleStore = redis ? new RedisThrottleStore(redis.redis, redis.keyPrefix) : new DatabaseThrottleStore(store)
  // a brand's caches dropped here and, through Redis, on every instance (caches/cache-bus.ts)
  const caches = await startCacheBus({
    drop: (brandId, scope) => dropLocalCache(app.pageCache, brandId, scope),
    redis: redis ? { client: redis.redis, keyPrefix: redis.keyPrefix } : null,
    onError: (error) => app.log.error({ err: error }, 'redis (caches): a cache drop was not broadcast'),
  })
  app.decorate('caches', caches)
  // what a checkout takes from stock shows on pages within moments (catalog/stock-invalidation.ts)
  const stopStockInvalidation = invalidateOnStockChange({ clear: (brandId) => caches.clear(brandId, ['catalog', 'pages']) })
  // a buyer's review shows at once: the brand's catalogue answers and anonymous pages go
  const stopReviewInvalidation = onReviewsChanged((brandId) => caches.clear(brandId, ['catalog', 'pages']))
  app.addHook('onClose', async () => {
    stopStockInvalidation()
    stopReviewInvalidation()
    await caches.close()
    await sessions.close()
  })
  app.decorate('sessionStore', sessions)
  registerRequestContext(app, {
    store,
    sessions,
    env,
    throttle,
    extraHosts:
      env.EXTRA_HOSTS?.split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean) ?? [],
    secureCookies: env.COOKIE_SECURE,
  })
  registerCsrfGuard(app)
  registerInputGuard(app)
  await registerSecurityHeaders(app)
  registerRequestLog(app)

  await app.register(
    // biome-ignore lint/nursery/noMisusedPromises: Fastify's register takes an async plugin (FastifyPluginAsync); Biome's inference does not see that overload
    async (api) => {
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger())
      api.get('/health', { schema: { tags: ['operations'], summary: 'The server is up', operationId: 'health', response: answers(okSchema) } }, async () => ({
        data: { ok: true },
      }))
      // database, Redis, migrated, not shutting down (operations/readiness.ts)
      registerReadiness(app, api)
      await api.register(settingsRoutes)
      await api.register(catalogRoutes)
      await api.register(cartRoutes)
      await api.register(contentRoutes)
      await api.register(accountRoutes)
      await api.register(styleProfileRoutes)
      await api.register(accountSettingsRoutes)
      await api.register(addressRoutes)
      await api.register(wishlistRoutes)
      await api.register(customerServiceRoutes)
      await api.register(experimentRoutes)
      await api.register(analyticsRoutes)
      await api.register(paymentRoutes)
      await api.register(checkoutRoutes)
      await api.register(afterpayRoutes)
      await api.register(stripeWebhookRoutes)
      await api.register(orderRoutes)
      await api.register(trackingRoutes)
      await api.register(trackingWebhookRoutes())
      await api.register(contentWebhookRoutes)
      await api.register(paymentMethodRoutes)
      await api.register(reviewRoutes)
      await api.register(offerRoutes)
      await api.register(socialMediaSpecialRoutes)
      await api.register(membershipRoutes)
      await api.register(adminApi, { prefix: '/admin' })
      // every e-mail in each brand's look, for whoever works on them: never in production (docs/emails.md)
      if (env.NODE_ENV !== 'production') await api.register(emailPreviewRoutes)
    },
    { prefix: '/api' },
  )
  await app.register(mediaRoutes)
  await app.register(uploadsRoutes)
  await app.register(seoRoutes)
  await app.register(adminAppRoutes, { buildDir: adminBuildDir ?? resolve(import.meta.dirname, '../../admin/build') })

  const buildDir = webBuildDir ?? resolve(import.meta.dirname, '../../web/build')
  if (existsSync(resolve(buildDir, 'server/index.js'))) {
    const { default: ssrPlugin } = await import('./web/ssr-plugin.ts')
    await app.register(ssrPlugin, { buildDir, secureCookies: env.COOKIE_SECURE })
  }
  return app
}
