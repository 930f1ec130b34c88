import type { PublicConfig } from '@store/core'
import type { Env } from '../env.ts'

/**
 * The allow-list of what the browser may see of the environment (@store/core PublicConfig).
 * A Sentry DSN is public by design: it lets a browser send reports, nothing else.
 */
export function publicConfigOf(
  env: Pick<Env, 'SENTRY_DSN' | 'SENTRY_ENVIRONMENT' | 'NODE_ENV' | 'ANALYTICS_SINK' | 'MIXPANEL_TOKEN' | 'MIXPANEL_API_HOST' | 'META_PIXEL_ID' | 'META_PIXEL_SCRIPT_URL'>,
): PublicConfig {
  return {
    errorReporting: env.SENTRY_DSN ? { dsn: env.SENTRY_DSN, environment: env.SENTRY_ENVIRONMENT ?? env.NODE_ENV } : null,
    // a Mixpanel project token is public by design: it lets a browser send events, nothing else
    mixpanel: env.ANALYTICS_SINK === 'mixpanel' && env.MIXPANEL_TOKEN ? { token: env.MIXPANEL_TOKEN, apiHost: env.MIXPANEL_API_HOST.replace(/\/+$/, '') } : null,
    // a pixel's id is public by design (every page that carries the pixel shows it); the Conversions API's token is not, and stays
    metaPixel: env.META_PIXEL_ID ? { id: env.META_PIXEL_ID, scriptUrl: env.META_PIXEL_SCRIPT_URL } : null,
  }
}

/** The origin the page's Mixpanel sends to (its CSP's connect-src), or none. */
export function mixpanelOrigins(config: PublicConfig): string[] {
  return config.mixpanel ? [new URL(config.mixpanel.apiHost).origin] : []
}

/** Meta's own address the pixel script sends its events to (its /tr endpoint), as Meta's CSP guidance lists it. */
const META_PIXEL_ENDPOINT = 'https://www.facebook.com'

/** What the page's pixel needs of its CSP: its script's origin (script-src), and that origin and Meta's endpoint (connect-src); none without a pixel. */
export function metaPixelOrigins(config: PublicConfig): { script: string[]; connect: string[] } {
  if (!config.metaPixel) return { script: [], connect: [] }
  const origin = new URL(config.metaPixel.scriptUrl).origin
  return { script: [origin], connect: [...new Set([origin, META_PIXEL_ENDPOINT])] }
}

/** The origin a page's reports go to (its CSP's connect-src), or none. */
export function errorReportingOrigins(config: PublicConfig): string[] {
  if (!config.errorReporting) return []
  try {
    return [new URL(config.errorReporting.dsn).origin]
  } catch {
    return []
  }
}
