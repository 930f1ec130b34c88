/**
 * Meta's pixel in the page (fbq), where the store has a pixel (META_PIXEL_ID: the id and the script's
 * address come in the root's public config; docs/analytics.md). Each event goes with `eventID` = the
 * uuid the page reports to GET /api/pixel-event, so the browser's event and the server's Conversions
 * API twin make one pair Meta counts once (decision 234).
 *
 * - Lazy: fbevents.js is added (async) only once the page has loaded and the browser is idle
 *   (startMetaPixel, called after hydration); what is tracked before waits in memory (at most 50)
 *   and goes once the pixel is set up. Nothing of it is in the storefront's own script.
 * - No automatic events (autoConfig off): the pixel sends only what the store sends.
 * - "Do not sell" (the do_not_sell cookie, SPEC §4/§9), read at every call: an opted-out visitor
 *   gets no pixel at all (no script, no request to Meta; the server's twin goes with limited data
 *   use). Opting out after the pixel loaded revokes its consent (fbq('consent', 'revoke')) and
 *   nothing more is tracked; opting in again grants it back.
 */

export interface MetaPixelSettings {
  id: string
  scriptUrl: string
}

/** The fbq function as Meta's snippet makes it: calls queue until fbevents.js takes them (callMethod). */
interface Fbq {
  (...args: unknown[]): void
  callMethod?: (...args: unknown[]) => void
  queue: unknown[][]
  push: Fbq
  loaded: boolean
  version: string
}

export interface PixelWindow {
  fbq?: Fbq
  _fbq?: Fbq
}

interface MetaPixelOptions {
  settings: MetaPixelSettings
  /** whether the visitor opted out now (the do_not_sell cookie) */
  optedOut: () => boolean
  /** where fbq lives (the page's window) */
  target: PixelWindow
  /** adds the pixel's script to the page (async) */
  loadScript: (src: string) => void
}

type Waiting = { name: string; data: Record<string, unknown>; eventId: string }

const MAX_WAITING = 50

/** Meta's own snippet: a queueing fbq until the script arrives. */
function installFbq(target: PixelWindow): Fbq {
  if (target.fbq) return target.fbq
  const fbq = ((...args: unknown[]) => {
    if (fbq.callMethod) fbq.callMethod(...args)
    else fbq.queue.push(args)
  }) as Fbq
  fbq.push = fbq
  fbq.loaded = true
  fbq.version = '2.0'
  fbq.queue = []
  target.fbq = fbq
  target._fbq ??= fbq
  return fbq
}

export class MetaPixel {
  private fbq: Fbq | null = null
  private ready = false
  private revoked = false
  private readonly waiting: Waiting[] = []

  constructor(private readonly options: MetaPixelOptions) {}

  /** The page is up: sets the pixel up (unless the visitor opted out) and sends what waited. */
  start(): void {
    this.ready = true
    for (const event of this.waiting.splice(0)) this.track(event.name, event.data, event.eventId)
  }

  /** Sends a standard event (PageView, ViewContent, AddToCart, InitiateCheckout, Purchase) under the page's event id. */
  track(name: string, data: Record<string, unknown>, eventId: string): void {
    if (this.options.optedOut()) {
      this.waiting.length = 0
      if (this.fbq && !this.revoked) {
        this.fbq('consent', 'revoke')
        this.revoked = true
      }
      return
    }
    if (!this.ready) {
      if (this.waiting.length < MAX_WAITING) this.waiting.push({ name, data, eventId })
      return
    }
    const fbq = this.setUp()
    if (this.revoked) {
      fbq('consent', 'grant')
      this.revoked = false
    }
    fbq('track', name, data, { eventID: eventId })
  }

  private setUp(): Fbq {
    if (this.fbq) return this.fbq
    const fbq = installFbq(this.options.target)
    fbq('set', 'autoConfig', false, this.options.settings.id)
    fbq('init', this.options.settings.id)
    this.options.loadScript(this.options.settings.scriptUrl)
    this.fbq = fbq
    return fbq
  }
}
