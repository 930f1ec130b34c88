/**
 * Sends the pixel and UTM calls of SPEC §7 from the browser: PageView on every
 * page, ViewContent on item pages, AddToCart when the cart grows, and the UTM
 * parameters on the first page that has any. Calls never disturb the shopper:
 * they are fire-and-forget, with the pixel's own timeout and no retries.
 *
 * Beside them, the first-party analytics events (SPEC §9, analytics-client.ts):
 * 'Page Viewed' on every navigation, 'Product Added to Cart' with AddToCart,
 * 'VIP Join Clicked' on any click of a link to /vip or /checkout-club, and at
 * start-up, for a known customer, one 'Identify' with the style profile's
 * birthday (SPEC §4). 'Style Profile Form Submitted' belongs to the style
 * profile form and comes with it (a later issue); it is not sent from here.
 */
import { birthdayOf, newScrollCheckpoints, seenPercent } from '@store/core'
import { useEffect, useLayoutEffect, useRef } from 'react'
import { useLocation, useMatches, useRouteLoaderData } from 'react-router'
import { useBrowserApi } from '../api/browser'
import { getStyleProfile } from '../api/get-style-profile'
import { utmData } from '../api/utm-data'
import { assignedSplitTests } from '../experiments/use-split-test'
import type { RootData } from '../root-data'
import { useStore } from '../store/store-provider'
import { identify, startAnalytics, track } from './analytics-client'
import { startMetaPixel, usePixelEvent } from './pixel-events'
import { addedLines, isVipJoinLink, utmToSend, viewContentData, type ViewedItem } from './tracking-rules'

const UTM_SENT_KEY = 'store.utm_sent'

/** The customer identified in this page's life (start-up, or a login after it). */
let identifiedCustomer: string | null = null

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

  // the analytics client starts before any passive effect (this one's or a page's) can track
  const mixpanel = useRouteLoaderData<RootData>('root')?.config.mixpanel ?? null
  // biome-ignore lint/correctness/useExhaustiveDependencies: the settings are the deployment's, the same for the page's life (token and address)
  useLayoutEffect(() => startAnalytics({ brand: brand.id, apiBaseUrl: brand.apiBaseUrl, tests: assignedSplitTests, mixpanel }), [brand.id, brand.apiBaseUrl, mixpanel?.token])

  // Meta's pixel where the store has one, set up after hydration once the page is idle (meta-pixel.ts)
  const metaPixel = useRouteLoaderData<RootData>('root')?.config.metaPixel ?? null
  // biome-ignore lint/correctness/useExhaustiveDependencies: the settings are the deployment's, the same for the page's life
  useEffect(() => startMetaPixel(metaPixel), [metaPixel?.id])

  // first-party GET /api/pixel-event and Meta's fbq, under one event id (pixel-events.tsx)
  const send = usePixelEvent()

  // PageView on every page, ViewContent on an item page
  const item = viewedItem(matches)
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per page (pathname), with that page's item
  useEffect(() => {
    send('PageView')
    track('Page Viewed', { path: location.pathname, title: document.title })
    if (item) send('ViewContent', viewContentData(item))
  }, [location.pathname])

  // 'Page Scrolled' at 25, 50, 75 and 100 percent of each page, once each (SPEC §9)
  // biome-ignore lint/correctness/useExhaustiveDependencies: each page (pathname) gets its own scroll marks
  useEffect(() => {
    const reported = new Set<number>()
    let frame = 0
    const measure = () => {
      frame = 0
      const seen = seenPercent(window.scrollY, window.innerHeight, document.documentElement.scrollHeight)
      for (const percent of newScrollCheckpoints(seen, reported)) {
        reported.add(percent)
        track('Page Scrolled', { path: window.location.pathname, percent })
      }
    }
    const onScroll = () => {
      if (!frame) frame = window.requestAnimationFrame(measure)
    }
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => {
      window.removeEventListener('scroll', onScroll)
      if (frame) window.cancelAnimationFrame(frame)
    }
  }, [location.pathname])

  // UTM parameters once per visit
  useEffect(() => {
    const params = utmToSend(location.search, window.sessionStorage.getItem(UTM_SENT_KEY) === '1')
    if (!params) return
    window.sessionStorage.setItem(UTM_SENT_KEY, '1')
    void utmData(api, params).catch(() => window.sessionStorage.removeItem(UTM_SENT_KEY))
  }, [location.search, api])

  // AddToCart (pixel) and 'Product Added to Cart' (analytics) when the cart gains pieces
  const count = cartApi.itemCount
  const lines = cartApi.cart?.items
  const previous = useRef<number | null>(null)
  const previousLines = useRef(lines ?? [])
  // biome-ignore lint/correctness/useExhaustiveDependencies: on a change of count only; the lines are read as they are then
  useEffect(() => {
    if (previous.current !== null && count > previous.current) {
      send('AddToCart', { currency: 'USD', num_items: count - previous.current })
      track('Product Added to Cart', {
        quantity: count - previous.current,
        cart_item_count: count,
        items: addedLines(previousLines.current, lines ?? []).slice(0, 10),
      })
    }
    previous.current = count
    previousLines.current = lines ?? []
  }, [count])

  // 'VIP Join Clicked': one delegated listener for every link to /vip or /checkout-club
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null
      const href = link?.getAttribute('href')
      if (!link || !href || !isVipJoinLink(href, window.location.origin)) return
      const to = new URL(href, window.location.origin)
      track('VIP Join Clicked', { to: to.pathname, from: window.location.pathname, text: (link.textContent ?? '').trim().slice(0, 80) })
    }
    document.addEventListener('click', onClick, true)
    return () => document.removeEventListener('click', onClick, true)
  }, [])

  // start-up: a known customer is identified once, with the style profile's birthday (SPEC §4)
  const customer = cartApi.cart?.customer ?? null
  const hasClub = cartApi.cart?.has_club === true
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per customer (id); the name and club are read as they are then
  useEffect(() => {
    if (!customer || identifiedCustomer === customer.id) return
    identifiedCustomer = customer.id
    void getStyleProfile(api)
      .catch(() => [])
      .then((fields) =>
        identify({
          id: customer.id,
          email: customer.e_mail_address,
          name: customer.name,
          hasClub,
          ...birthdayOf(fields),
          region: null,
          city: null,
        }),
      )
  }, [customer?.id, api])

  return null
}
