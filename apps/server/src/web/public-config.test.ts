import { describe, expect, it } from 'vitest'
import { parseEnv } from '../env.ts'
import { pageCsp } from './page-csp.ts'
import { errorReportingOrigins, metaPixelOrigins, mixpanelOrigins, publicConfigOf } from './public-config.ts'

describe("the browser's allow-list of settings", () => {
  it('hands the browser Sentry’s DSN and environment only when SENTRY_DSN is set, and nothing else of the environment', () => {
    expect(publicConfigOf(parseEnv({ STRIPE_SECRET_KEY: 'sk_live_secret' }))).toEqual({ errorReporting: null, mixpanel: null, metaPixel: null })
    const config = publicConfigOf(parseEnv({ SENTRY_DSN: 'https://abc123@o42.ingest.sentry.io/7', SENTRY_ENVIRONMENT: 'production', STRIPE_SECRET_KEY: 'sk_live_secret' }))
    expect(config).toEqual({ errorReporting: { dsn: 'https://abc123@o42.ingest.sentry.io/7', environment: 'production' }, mixpanel: null, metaPixel: null })
    expect(JSON.stringify(config)).not.toContain('sk_live')
    // the environment defaults to NODE_ENV
    expect(publicConfigOf(parseEnv({ SENTRY_DSN: 'https://abc123@o42.ingest.sentry.io/7', NODE_ENV: 'test' })).errorReporting?.environment).toBe('test')
  })

  it("lets a page with Sentry reach the DSN's host and start the recording's worker; a page without it neither", () => {
    const config = publicConfigOf(parseEnv({ SENTRY_DSN: 'https://abc123@o42.ingest.sentry.io/7' }))
    const withSentry = pageCsp([], { connectOrigins: errorReportingOrigins(config), errorReporting: true })
    expect(withSentry).toContain("connect-src 'self' https://o42.ingest.sentry.io")
    expect(withSentry).toContain("worker-src 'self' blob:")
    const without = pageCsp([], { connectOrigins: errorReportingOrigins({ errorReporting: null, mixpanel: null, metaPixel: null }) })
    expect(without).toContain("connect-src 'self';")
    expect(without).not.toContain('worker-src')
  })

  it("hands the page Mixpanel's token and address only with ANALYTICS_SINK=mixpanel, and lets it reach that address", () => {
    expect(publicConfigOf(parseEnv({ MIXPANEL_TOKEN: 'tok' })).mixpanel).toBeNull()
    const config = publicConfigOf(parseEnv({ ANALYTICS_SINK: 'mixpanel', MIXPANEL_TOKEN: 'tok', MIXPANEL_API_HOST: 'https://api-eu.mixpanel.com/' }))
    expect(config.mixpanel).toEqual({ token: 'tok', apiHost: 'https://api-eu.mixpanel.com' })
    expect(pageCsp([], { connectOrigins: mixpanelOrigins(config) })).toContain("connect-src 'self' https://api-eu.mixpanel.com")
  })

  it("hands the page Meta's pixel id and script address only where META_PIXEL_ID is set (never the Conversions API's token), and lets it load that script and reach Meta", () => {
    const none = publicConfigOf(parseEnv({}))
    expect(none.metaPixel).toBeNull()
    expect(metaPixelOrigins(none)).toEqual({ script: [], connect: [] })
    expect(pageCsp([], { scriptOrigins: metaPixelOrigins(none).script })).toContain("script-src 'self';")

    const config = publicConfigOf(parseEnv({ META_PIXEL_ID: '123456789012345', META_CAPI_TOKEN: 'EAAB-secret-token' }))
    expect(config.metaPixel).toEqual({ id: '123456789012345', scriptUrl: 'https://connect.facebook.net/en_US/fbevents.js' })
    expect(JSON.stringify(config)).not.toContain('EAAB')
    const origins = metaPixelOrigins(config)
    const csp = pageCsp([], { scriptOrigins: origins.script, connectOrigins: origins.connect })
    expect(csp).toContain("script-src 'self' https://connect.facebook.net;")
    expect(csp).toContain("connect-src 'self' https://connect.facebook.net https://www.facebook.com;")

    // a stand-in in tests
    const local = publicConfigOf(parseEnv({ META_PIXEL_ID: '123456789012345', META_CAPI_TOKEN: 't', META_PIXEL_SCRIPT_URL: 'http://127.0.0.1:4567/en_US/fbevents.js' }))
    expect(metaPixelOrigins(local).script).toEqual(['http://127.0.0.1:4567'])
  })
})
