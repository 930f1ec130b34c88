/**
 * The settings a page's browser may see (CONVENTIONS: a short allow-list of the
 * environment): built by the server from its parsed environment
 * (apps/server/src/web/public-config.ts), handed to every page by the root loader.
 * Nothing else of the environment reaches the browser.
 */
export interface PublicConfig {
  /** Sentry in the browser (@sentry/react), loaded only when set: SENTRY_DSN and SENTRY_ENVIRONMENT */
  errorReporting: { dsn: string; environment: string } | null
  /** Mixpanel from the page (mixpanel-browser, loaded only when set): ANALYTICS_SINK=mixpanel, MIXPANEL_TOKEN (public by design), MIXPANEL_API_HOST */
  mixpanel: { token: string; apiHost: string } | null
  /** Meta's pixel in the page (fbq, loaded only when set): META_PIXEL_ID (public by design: it is in every pixel's page) and META_PIXEL_SCRIPT_URL */
  metaPixel: { id: string; scriptUrl: string } | null
}
