import { describe, expect, it } from 'vitest'
import { parseEnv } from '../env.ts'
import { pageCsp } from './page-csp.ts'
import { errorReportingOrigins, mixpanelOrigins, publicConfigOf } from './public-config.ts'

describe("the browser's allow-list of settings", () => {
  it('hands the browser Sentry’s DSN and environment only when SENTRY_DSN is set, and nothing else of the environment', () => {
    expect(publicConfigOf(parseEnv({ STRIPE_SECRET_KEY: 'sk_live_secret' }))).toEqual({ errorReporting: null, mixpanel: null })
    const config = publicConfigOf(parseEnv({ SENTRY_DSN: 'https://abc123@o42.ingest.sentry.io/7', SENTRY_ENVIRONMENT: 'production', STRIPE_SECRET_KEY: 'sk_live_secret' }))
    expect(config).toEqual({ errorReporting: { dsn: 'https://abc123@o42.ingest.sentry.io/7', environment: 'production' }, mixpanel: null })
    expect(JSON.stringify(config)).not.toContain('sk_live')
    // the environment defaults to NODE_ENV
    expect(publicConfigOf(parseEnv({ SENTRY_DSN: 'https://abc123@o42.ingest.sentry.io/7', NODE_ENV: 'test' })).errorReporting?.environment).toBe('test')
  })

  it("lets a page with Sentry reach the DSN's host and start the recording's worker; a page without it neither", () => {
    const config = publicConfigOf(parseEnv({ SENTRY_DSN: 'https://abc123@o42.ingest.sentry.io/7' }))
    const withSentry = pageCsp([], { connectOrigins: errorReportingOrigins(config), errorReporting: true })
    expect(withSentry).toContain("connect-src 'self' https://o42.ingest.sentry.io")
    expect(withSentry).toContain("worker-src 'self' blob:")
    const without = pageCsp([], { connectOrigins: errorReportingOrigins({ errorReporting: null, mixpanel: null }) })
    expect(without).toContain("connect-src 'self';")
    expect(without).not.toContain('worker-src')
  })

  it("hands the page Mixpanel's token and address only with ANALYTICS_SINK=mixpanel, and lets it reach that address", () => {
    expect(publicConfigOf(parseEnv({ MIXPANEL_TOKEN: 'tok' })).mixpanel).toBeNull()
    const config = publicConfigOf(parseEnv({ ANALYTICS_SINK: 'mixpanel', MIXPANEL_TOKEN: 'tok', MIXPANEL_API_HOST: 'https://api-eu.mixpanel.com/' }))
    expect(config.mixpanel).toEqual({ token: 'tok', apiHost: 'https://api-eu.mixpanel.com' })
    expect(pageCsp([], { connectOrigins: mixpanelOrigins(config) })).toContain("connect-src 'self' https://api-eu.mixpanel.com")
  })
})
