/**
 * Sends the pixel and UTM calls of SPEC §7 from the browser: PageView on every
 * page, ViewContent on item pages, AddToCart when the cart grows, and the UTM
 * parameters on the first page that has any. Calls never disturb the shopper:
 * they are fire-and-forget, with the pixel's own timeout and no retries.
 */
import { useEffect, useRef } from 'react'
import { useLocation, useMatches } from 'react-router'
import { useBrowserApi } from '../api/browser'
import { pixelEvent } from '../api/pixel-event'
import { utmData } from '../api/utm-data'
import { assignedSplitTests } from '../experiments/use-split-test'
import { useStore } from '../store/store-provider'
import { optedOut, utmToSend, viewContentData, type ViewedItem } from './tracking-rules'

const UTM_SENT_KEY = 'store.utm_sent'

function viewedItem(matches: ReturnType<typeof useMatches>): ViewedItem | null {
  for (const match of matches) {
    const data = match.data as { item?: { id?: number; name?: string; price?: number } } | undefined
    const item = data?.item
    if (match.id === 'routes/item' && item?.id !== undefined && item.name && typeof item.price === 'number') {
      return { id: item.id, name: item.name, price: item.price }
    }
  }
  return null
}

export function TrackingEffects() {
  const location = useLocation()
  const matches = useMatches()
  const { brand, cartApi } = useStore()
  const api = useBrowserApi()

  const send = (eventName: string, payload: Record<string, unknown> = {}) => {
    const search = new URLSearchParams(window.location.search)
    // events carry the brand and the visitor's split-test variants (SPEC §3)
    const data = { ...payload, brand: brand.id, tests: assignedSplitTests() }
    void pixelEvent(api, {
      uuid: crypto.randomUUID(),
      event_name: eventName,
      event_json_data: optedOut(document.cookie) ? { ...data, limited_data_use: true } : data,
      event_source_url: window.location.href,
      fbclid: search.get('fbclid'),
    })
  }

  // PageView on every page, ViewContent on an item page
  const item = viewedItem(matches)
  useEffect(() => {
    send('PageView')
    if (item) send('ViewContent', viewContentData(item))
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.pathname])

  // UTM parameters once per visit
  useEffect(() => {
    const params = utmToSend(location.search, window.sessionStorage.getItem(UTM_SENT_KEY) === '1')
    if (!params) return
    window.sessionStorage.setItem(UTM_SENT_KEY, '1')
    void utmData(api, params).catch(() => window.sessionStorage.removeItem(UTM_SENT_KEY))
  }, [location.search, api])

  // AddToCart when the cart gains pieces
  const count = cartApi.itemCount
  const previous = useRef<number | null>(null)
  useEffect(() => {
    if (previous.current !== null && count > previous.current) send('AddToCart', { currency: 'USD', num_items: count - previous.current })
    previous.current = count
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [count])

  return null
}
