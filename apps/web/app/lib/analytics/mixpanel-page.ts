/**
 * Analytics to Mixpanel from the page (ANALYTICS_SINK=mixpanel: the token and API address come in
 * the root's public config; docs/analytics.md). mixpanel-browser is loaded lazily, after the page
 * is up and only where Mixpanel is configured, so the storefront's own script is unchanged: what is
 * tracked before it arrives waits in memory and goes once it is there.
 *
 * SPEC §9's defaults: batches of 50, sent every 5 s, a batch given up after 90 s, the cookie kept
 * 365 days, 300 ms for a tracked link, a session ended after 30 minutes idle, no automatic page views (the storefront's routes send
 * 'Page Viewed'). Every event carries the brand and the visitor's split tests.
 *
 * "Do not sell" (the do_not_sell cookie) and consent: an opted-out visitor's events are not sent
 * and nothing is kept in the browser (opt_out_tracking, persistence off); opting in again (the
 * cookie removed) turns both back on. Read at each call, so the switch on /dnsmpi takes effect at once.
 */
import { ANALYTICS_DEFAULTS, type AnalyticsEventName, type AnalyticsProperties, type AnalyticsUserInput, type AnalyticsUser, identifyPayload } from '@store/core'
import type { Config, OverridedMixpanel } from 'mixpanel-browser'

export interface MixpanelSettings {
  token: string
  apiHost: string
}

/** The configuration mixpanel-browser starts with (SPEC §9). */
export function mixpanelConfig(apiHost: string, optedOut: boolean): Partial<Config> {
  return {
    api_host: apiHost,
    batch_requests: true,
    batch_size: ANALYTICS_DEFAULTS.batchSize,
    batch_flush_interval_ms: ANALYTICS_DEFAULTS.flushIntervalMs,
    batch_request_timeout_ms: ANALYTICS_DEFAULTS.batchTimeoutMs,
    cookie_expiration: ANALYTICS_DEFAULTS.cookieDays,
    track_links_timeout: ANALYTICS_DEFAULTS.linkTrackingTimeoutMs,
    // SPEC §9's idle timeout: mixpanel-browser's own, after which a visitor's session ends
    record_idle_timeout_ms: ANALYTICS_DEFAULTS.idleTimeoutMs,
    track_pageview: false,
    // the visitor's address is not kept as a location
    ip: false,
    opt_out_tracking_by_default: optedOut,
    disable_persistence: optedOut,
  }
}

type Call = { kind: 'track'; name: AnalyticsEventName; properties: AnalyticsProperties } | { kind: 'identify'; user: AnalyticsUser }

export interface MixpanelPageOptions {
  settings: MixpanelSettings
  brand: string
  tests: () => Record<string, string>
  /** whether the visitor opted out now (the do_not_sell cookie) */
  optedOut: () => boolean
  /** mixpanel-browser, imported when the page is ready for it */
  load: () => Promise<OverridedMixpanel>
}

export class MixpanelPage {
  private mixpanel: OverridedMixpanel | null = null
  private readonly waiting: Call[] = []
  private loading: Promise<void> | null = null
  private wasOut: boolean | null = null

  constructor(private readonly options: MixpanelPageOptions) {}

  /** Loads mixpanel-browser (once) and sends what waited. */
  start(): Promise<void> {
    this.loading ??= this.options.load().then((mixpanel) => {
      mixpanel.init(this.options.settings.token, mixpanelConfig(this.options.settings.apiHost, this.options.optedOut()))
      this.mixpanel = mixpanel
      for (const call of this.waiting.splice(0)) this.send(call)
    })
    return this.loading
  }

  track(name: AnalyticsEventName, properties: AnalyticsProperties = {}): void {
    this.send({ kind: 'track', name, properties: { ...properties, brand: this.options.brand, tests: this.options.tests() } })
  }

  /** Identifies the customer; without an id, SPEC §8's message and nothing sent. */
  identify(user: AnalyticsUserInput): void {
    try {
      this.send({ kind: 'identify', user: identifyPayload(user) })
    } catch (error) {
      console.error(error instanceof Error ? error.message : error)
    }
  }

  private send(call: Call) {
    const out = this.options.optedOut()
    if (out) {
      // nothing of an opted-out visitor waits or goes
      this.followConsent(true)
      return
    }
    if (!this.mixpanel) {
      if (this.waiting.length < ANALYTICS_DEFAULTS.batchSize * 4) this.waiting.push(call)
      return
    }
    this.followConsent(false)
    if (call.kind === 'track') this.mixpanel.track(call.name, call.properties)
    else {
      const { user } = call
      this.mixpanel.identify(user.id)
      this.mixpanel.people.set({
        $name: user.name,
        $email: user.email,
        $region: user.region,
        $city: user.city,
        hasClub: user.hasClub,
        birthdayDay: user.birthdayDay,
        birthdayMonth: user.birthdayMonth,
        brand: this.options.brand,
      })
    }
  }

  /** Tracking and persistence follow the visitor's choice, switched when it changes. */
  private followConsent(out: boolean) {
    if (out) this.waiting.length = 0
    if (!this.mixpanel || this.wasOut === out) return
    this.wasOut = out
    this.mixpanel.set_config({ disable_persistence: out })
    if (out) this.mixpanel.opt_out_tracking()
    else if (this.mixpanel.has_opted_out_tracking()) this.mixpanel.opt_in_tracking()
  }
}
