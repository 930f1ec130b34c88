import type { PublicConfig } from '@store/core'
import type { Env } from '../env.ts'

/**
 * The allow-list of what the browser may see of the environment (@store/core PublicConfig).
 * A Sentry DSN is public by design: it lets a browser send reports, nothing else.
 */
export function publicConfigOf(env: Pick<Env, 'SENTRY_DSN' | 'SENTRY_ENVIRONMENT' | 'NODE_ENV' | 'ANALYTICS_SINK' | 'MIXPANEL_TOKEN' | 'MIXPANEL_API_HOST'>): PublicConfig {
  return {
    errorReporting: env.SENTRY_DSN ? { dsn: env.SENTRY_DSN, environment: env.SENTRY_ENVIRONMENT ?? env.NODE_ENV } : null,
    // a Mixpanel project token is public by design: it lets a browser send events, nothing else
    mixpanel: env.ANALYTICS_SINK === 'mixpanel' && env.MIXPANEL_TOKEN ? { token: env.MIXPANEL_TOKEN, apiHost: env.MIXPANEL_API_HOST.replace(/\/+$/, '') } : null,
  }
}

/** The origin the page's Mixpanel sends to (its CSP's connect-src), or none. */
export function mixpanelOrigins(config: PublicConfig): string[] {
  return config.mixpanel ? [new URL(config.mixpanel.apiHost).origin] : []
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
