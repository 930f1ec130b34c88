/**
 * The advertising pixel's events from the page (SPEC §7, docs/analytics.md): each goes first-party
 * to GET /api/pixel-event (the store keeps it and queues the Conversions API's twin) and, where the
 * store has a pixel, to Meta's fbq (meta-pixel.ts) under the same event id, so Meta counts the pair
 * once. TrackingEffects sends PageView, ViewContent and AddToCart; the checkout mounts
 * <InitiateCheckoutPixel>, the thank-you page <PurchasePixel>.
 */
import { type Cart, initiateCheckoutData, type Order, purchaseData, purchaseEventId } from '@store/core'
import { useEffect } from 'react'
import { useBrowserApi } from '../api/browser'
import { pixelEvent } from '../api/pixel-event'
import { assignedSplitTests } from '../experiments/use-split-test'
import { useStore } from '../store/store-provider'
import { whenIdle } from './analytics-client'
import { MetaPixel, type MetaPixelSettings, type PixelWindow } from './meta-pixel'
import { optedOut } from './tracking-rules'

let pixel: MetaPixel | null = null

function addScript(src: string) {
  const script = document.createElement('script')
  script.async = true
  script.src = src
  document.head.appendChild(script)
}

/** Sets Meta's pixel up once the page has loaded and the browser is idle (browser only; nothing without settings). Returns the stop function. */
export function startMetaPixel(settings: MetaPixelSettings | null): () => void {
  if (!settings) return () => {}
  const page = new MetaPixel({ settings, optedOut: () => optedOut(document.cookie), target: window as unknown as PixelWindow, loadScript: addScript })
  pixel = page
  const cancel = whenIdle(() => page.start())
  return () => {
    cancel()
    if (pixel === page) pixel = null
  }
}

/** Sends a pixel event: (name, payload, event id: a fresh uuid unless the event has its own, as a Purchase does). */
type SendPixelEvent = (eventName: string, payload?: Record<string, unknown>, eventId?: string) => void

export function usePixelEvent(): SendPixelEvent {
  const { brand } = useStore()
  const api = useBrowserApi()
  return (eventName, payload = {}, eventId = crypto.randomUUID()) => {
    const search = new URLSearchParams(window.location.search)
    // events carry the brand and the visitor's split-test variants (SPEC §3)
    const data = { ...payload, brand: brand.id, tests: assignedSplitTests() }
    const out = optedOut(document.cookie)
    const params = {
      uuid: eventId,
      event_name: eventName,
      event_json_data: out ? { ...data, limited_data_use: true } : data,
      event_source_url: window.location.href,
      fbclid: search.get('fbclid'),
    }
    // the request starts in a task of its own: a page's first fetch costs the main thread some
    // milliseconds, and PageView and ViewContent come from the effects of hydration, whose task
    // is already the longest of the page load (docs/performance.md "Total Blocking Time")
    window.setTimeout(() => void pixelEvent(api, params), 0)
    // Meta's own pixel, under the same id (it sends nothing for an opted-out visitor)
    pixel?.track(eventName, data, eventId)
  }
}

/** InitiateCheckout once, when the checkout opens with the cart as it is then. */
export function InitiateCheckoutPixel({ cart }: { cart: Pick<Cart, 'cart_total' | 'items'> }) {
  const send = usePixelEvent()
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per opening of the checkout, with its cart as it opened
  useEffect(() => {
    send(
      'InitiateCheckout',
      initiateCheckoutData(
        cart.cart_total,
        cart.items.map((line) => ({ itemId: line.item_id, qty: line.qty })),
      ),
    )
  }, [])
  return null
}

const PURCHASE_SENT_KEY = 'store.pixel_purchase.'

/**
 * Purchase on the thank-you page, once per order in this browser (a reload sends nothing again),
 * under the order's own event id: the server queued its Conversions API twin with that id when the
 * order was paid (decision 234). The lines the order was paid with (not offers added after it).
 */
export function PurchasePixel({ order }: { order: Pick<Order, 'order_number' | 'total' | 'items'> }) {
  const send = usePixelEvent()
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per order (its number)
  useEffect(() => {
    const key = PURCHASE_SENT_KEY + order.order_number
    try {
      if (window.localStorage.getItem(key)) return
      window.localStorage.setItem(key, '1')
    } catch {
      // storage refused (private mode): the store's copy of the event is kept once by its id anyway
    }
    const paid = order.items.filter((line) => !line.offer_id)
    const offers = order.items.filter((line) => line.offer_id).reduce((sum, line) => sum + line.total, 0)
    send(
      'Purchase',
      purchaseData(
        order.order_number,
        Math.round((order.total - offers) * 100) / 100,
        paid.map((line) => ({ itemId: line.id, qty: line.qty })),
      ),
      purchaseEventId(order.order_number),
    )
  }, [order.order_number])
  return null
}
