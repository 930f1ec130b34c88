/**
 * The browser's first-party analytics queue (SPEC §3, §8, §9; DESIGN §6;
 * docs/decisions/006-analytics-events.md). Events wait in the core EventQueue
 * and go to POST `${apiBaseUrl}/analytics-events` as JSON when 50 are queued or
 * 5 s after the oldest; when the page is hidden or left, everything queued goes
 * with navigator.sendBeacon. Every event carries the brand and the visitor's
 * split-test variants. Tracking before startAnalytics() only warns: nothing is
 * queued, nothing sent. Sending never disturbs the shopper: failures are retried
 * within the 90 s batch timeout, then dropped.
 */
import { batchBody, EventQueue, identifyPayload, splitBySize, type AnalyticsEventName, type AnalyticsProperties, type AnalyticsUserInput, type QueuedEvent } from '@store/core'
import { browserSessionGate } from '../api/session-gate'
import { MixpanelPage, type MixpanelSettings } from './mixpanel-page'
import { optedOut } from './tracking-rules'

/** What happened to a batch: taken, refused for good (4xx), or worth another try. */
export type SendResult = 'sent' | 'refused' | 'retry'

export interface AnalyticsTransport {
  /** POST the body as JSON */
  post(url: string, body: string): Promise<SendResult>
  /** hand the body to the browser to send after the page is gone; false when it would not take it */
  beacon(url: string, body: string): boolean
}

export interface AnalyticsClientOptions {
  /** `${brand.apiBaseUrl}/analytics-events` */
  url: string
  brand: string
  /** the visitor's split-test variants at the time of the event */
  tests: () => Record<string, string>
  transport: AnalyticsTransport
  now?: () => number
  setTimer?: (run: () => void, ms: number) => unknown
  clearTimer?: (timer: unknown) => void
  warn?: (message: string) => void
}

export class AnalyticsClient {
  private readonly queue = new EventQueue()
  private timer: unknown = null
  private sending = false
  private readonly now: () => number
  private readonly setTimer: (run: () => void, ms: number) => unknown
  private readonly clearTimer: (timer: unknown) => void
  private readonly warn: (message: string) => void

  constructor(private readonly options: AnalyticsClientOptions) {
    this.now = options.now ?? Date.now
    this.setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms))
    this.clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>))
    this.warn = options.warn ?? ((message) => console.warn(message))
  }

  get pending(): number {
    return this.queue.length
  }

  /** Queues an event with the brand and the assigned tests added to its properties. */
  track(name: AnalyticsEventName, properties: AnalyticsProperties = {}): void {
    const withContext = { ...properties, brand: this.options.brand, tests: this.options.tests() }
    if (!this.queue.enqueue(name, withContext, this.now())) {
      this.warn(`Analytics: '${name}' was not sent: its properties are over 4 kB.`)
      return
    }
    this.schedule()
  }

  /** Identifies the customer (SPEC §4); without an id, logs SPEC §8's message and sends nothing. */
  identify(user: AnalyticsUserInput): void {
    let payload: ReturnType<typeof identifyPayload>
    try {
      payload = identifyPayload(user)
    } catch (error) {
      console.error(error instanceof Error ? error.message : error)
      return
    }
    this.track('Identify', { ...payload })
  }

  /** Sends the batch that is due, if any, then plans the next. */
  async flush(): Promise<void> {
    if (this.sending) return
    const batch = this.queue.take(this.now())
    if (batch.length === 0) {
      this.schedule()
      return
    }
    this.sending = true
    try {
      const result = await this.options.transport.post(this.options.url, JSON.stringify(batchBody(batch))).catch((): SendResult => 'retry')
      if (result === 'sent') this.queue.sent()
      else if (result === 'refused') {
        this.queue.sent()
        this.warn(`Analytics: the server refused a batch of ${batch.length} events; they are dropped.`)
      } else this.queue.requeue(batch, this.now())
    } finally {
      this.sending = false
    }
    this.schedule()
  }

  /** The page is going away (or hidden): everything queued goes by beacon, in parts a beacon can carry. */
  flushOnExit(): void {
    this.cancelTimer()
    for (const batch of this.queue.takeAll(this.now())) {
      for (const part of splitBySize(batch)) this.beaconOrPost(part)
    }
  }

  /** Stops the timer; what is still queued goes by beacon. */
  stop(): void {
    this.flushOnExit()
  }

  private beaconOrPost(part: QueuedEvent[]) {
    const body = JSON.stringify(batchBody(part))
    if (!this.options.transport.beacon(this.options.url, body)) void this.options.transport.post(this.options.url, body).catch(() => 'retry')
  }

  private cancelTimer() {
    if (this.timer !== null) this.clearTimer(this.timer)
    this.timer = null
  }

  private schedule() {
    this.cancelTimer()
    if (this.sending) return
    const dueAt = this.queue.dueAt()
    if (dueAt === null) return
    const now = this.now()
    if (this.queue.isDue(now)) {
      void this.flush()
      return
    }
    this.timer = this.setTimer(
      () => {
        this.timer = null
        void this.flush()
      },
      Math.max(0, dueAt - now),
    )
  }
}

/** A 4xx other than 408 and 429 means the batch will never be taken. */
export function sendResultOf(status: number): SendResult {
  if (status >= 200 && status < 300) return 'sent'
  if (status >= 400 && status < 500 && status !== 408 && status !== 429) return 'refused'
  return 'retry'
}

/** fetch for batches while the page lives; sendBeacon (a text/plain string, as the API accepts) when it goes. */
function browserTransport(): AnalyticsTransport {
  return {
    post(url, body) {
      // a batch may be what starts the visitor's session: it waits its turn (session-gate.ts)
      return browserSessionGate.through(
        async (): Promise<SendResult> => {
          try {
            const response = await window.fetch(url, {
              method: 'POST',
              headers: { 'content-type': 'application/json', accept: 'application/json' },
              body,
              credentials: 'same-origin',
              keepalive: body.length < 60_000,
            })
            await response.arrayBuffer().catch(() => undefined)
            return sendResultOf(response.status)
          } catch {
            return 'retry'
          }
        },
        (result) => result === 'sent',
      )
    },
    beacon(url, body) {
      try {
        return typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, body)
      } catch {
        return false
      }
    },
  }
}

export function analyticsUrl(apiBaseUrl: string): string {
  return `${apiBaseUrl.replace(/\/+$/, '')}/analytics-events`
}

let current: Pick<AnalyticsClient, 'track' | 'identify'> | null = null

/** Runs once the page has loaded and the browser is idle: a third party's script never competes with the page's own. */
export function whenIdle(run: () => void): () => void {
  let cancelled = false
  const go = () => {
    if (cancelled) return
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => !cancelled && run(), { timeout: 5000 })
    else setTimeout(() => !cancelled && run(), 1000)
  }
  if (document.readyState === 'complete') go()
  else window.addEventListener('load', go, { once: true })
  return () => {
    cancelled = true
    window.removeEventListener('load', go)
  }
}

/**
 * Starts the page's analytics (browser only): to Mixpanel from the page where the store is
 * configured for it (mixpanel-page.ts), else the first-party client, which sends what is queued
 * when the page is hidden or left. Returns the stop function.
 */
export function startAnalytics(options: { brand: string; apiBaseUrl: string; tests: () => Record<string, string>; mixpanel?: MixpanelSettings | null }): () => void {
  if (options.mixpanel) {
    const page = new MixpanelPage({
      settings: options.mixpanel,
      brand: options.brand,
      tests: options.tests,
      optedOut: () => optedOut(document.cookie),
      load: () => import('mixpanel-browser').then((module) => module.default),
    })
    current = page
    const cancel = whenIdle(() => {
      void page.start().catch(() => console.warn('Analytics: Mixpanel could not be loaded; events of this page are not sent.'))
    })
    return () => {
      cancel()
      if (current === page) current = null
    }
  }
  const client = new AnalyticsClient({ url: analyticsUrl(options.apiBaseUrl), brand: options.brand, tests: options.tests, transport: browserTransport() })
  current = client
  const onHidden = () => {
    if (document.visibilityState === 'hidden') client.flushOnExit()
  }
  const onPageHide = () => client.flushOnExit()
  document.addEventListener('visibilitychange', onHidden)
  window.addEventListener('pagehide', onPageHide)
  return () => {
    document.removeEventListener('visibilitychange', onHidden)
    window.removeEventListener('pagehide', onPageHide)
    client.stop()
    if (current === client) current = null
  }
}

/** Queues an event; before startAnalytics() only a warning (SPEC §8: nothing is sent). */
export function track(name: AnalyticsEventName, properties: AnalyticsProperties = {}): void {
  if (!current) {
    console.warn(`Analytics is not initialized yet: '${name}' was not sent.`)
    return
  }
  current.track(name, properties)
}

/** Identifies the customer; before startAnalytics() only a warning. */
export function identify(user: AnalyticsUserInput): void {
  if (!current) {
    console.warn("Analytics is not initialized yet: 'Identify' was not sent.")
    return
  }
  current.identify(user)
}
