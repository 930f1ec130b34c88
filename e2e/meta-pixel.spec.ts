/**
 * Meta's pixel in the page and its server-side twin (docs/analytics.md, decision 234): on a store
 * with META_PIXEL_ID (the pixel's script from a local stand-in, e2e/support/fake-fbevents.ts; the
 * Conversions API to a local Graph stand-in), the page sends PageView, ViewContent, AddToCart,
 * InitiateCheckout and Purchase to the pixel with `eventID` = the uuid it reports to the store's
 * GET /api/pixel-event, so the browser's event and the server's pair up; Purchase goes once per
 * order under the order's own id, which the server queued itself when the order was paid.
 */
import type { Browser, Request } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeGraph } from '../apps/server/src/test/fake-graph.ts'
import { startStore } from '../scripts/store-process.mjs'
import { launch, newPage } from './support/browser.ts'
import { addFirstAvailableSize, openFirstItem, waitForHydration } from './support/cart-utils.ts'
import { CARDS, checkoutFromDrawer, declineBumpsUntilCheckout, declineOffersUntilThankYou, fillAddress, fillCard, orderNumberOf, placeOrder } from './support/checkout-utils.ts'
import { startFakeFbevents } from './support/fake-fbevents.ts'

const PIXEL = '1234567890'
const TOKEN = 'e2e-capi-token'

let fbevents: Awaited<ReturnType<typeof startFakeFbevents>>
let graph: Awaited<ReturnType<typeof startFakeGraph>>
let store: Awaited<ReturnType<typeof startStore>>
let browser: Browser

beforeAll(async () => {
  fbevents = await startFakeFbevents()
  graph = await startFakeGraph({ token: TOKEN })
  store = await startStore({
    env: { META_PIXEL_ID: PIXEL, META_CAPI_TOKEN: TOKEN, META_GRAPH_URL: graph.url, META_PIXEL_SCRIPT_URL: fbevents.scriptUrl, OUTBOX_INTERVAL_MS: '500' },
  })
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
  await store?.stop()
  await graph?.close()
  await fbevents?.close()
})

describe("Meta's pixel", () => {
  it('sends each event to the pixel under the id the page reported to the store, the Purchase once per order, and the server sends its twin under the same id', {
    timeout: 180_000,
  }, async () => {
    const origin = `http://localhost:${store.port}`
    const { context, page } = await newPage(browser)
    try {
      const reported: { name: string; uuid: string }[] = []
      page.on('request', (request: Request) => {
        const url = new URL(request.url())
        if (url.origin === origin && url.pathname === '/api/pixel-event') reported.push({ name: url.searchParams.get('event_name')!, uuid: url.searchParams.get('uuid')! })
      })
      /** The pixel's hit for the page's report of that event (the newest), once both arrived. */
      const paired = async (name: string) => {
        await expect.poll(() => reported.filter((event) => event.name === name).length, { timeout: 20_000 }).toBeGreaterThan(0)
        const uuid = reported.filter((event) => event.name === name).at(-1)!.uuid
        await expect.poll(() => fbevents.hits.filter((hit) => hit.event === name).map((hit) => hit.eventID), { timeout: 20_000 }).toContain(uuid)
        return { uuid, hit: fbevents.hits.find((hit) => hit.eventID === uuid)! }
      }

      await page.goto(`${origin}/category/leggings`)
      await waitForHydration(page)
      const pageView = await paired('PageView')
      expect(pageView.hit.pixel).toBe(PIXEL)
      // the script came once, after the page, from the address the settings name
      expect(fbevents.scriptLoads).toHaveLength(1)

      await openFirstItem(page)
      await waitForHydration(page)
      const view = await paired('ViewContent')
      expect(view.hit.data).toMatchObject({ currency: 'USD', content_type: 'product' })
      await addFirstAvailableSize(page)
      await paired('AddToCart')

      await checkoutFromDrawer(page)
      await declineBumpsUntilCheckout(page)
      const checkout = await paired('InitiateCheckout')
      expect(checkout.hit.data).toMatchObject({ currency: 'USD', num_items: 1 })

      await fillAddress(page)
      await fillCard(page, CARDS.success)
      await placeOrder(page)
      await page.waitForURL(/\/special-offer\/|\/thank-you\?order=/)
      await declineOffersUntilThankYou(page)
      const orderNumber = orderNumberOf(page)
      const purchase = await paired('Purchase')
      expect(purchase.uuid).toBe(`purchase-${orderNumber}`)
      expect(purchase.hit.data).toMatchObject({ currency: 'USD', order_id: orderNumber, num_items: 1 })

      // a reload of the thank-you page sends no second Purchase
      await page.reload()
      await waitForHydration(page)
      await page.waitForTimeout(3_000)
      expect(fbevents.hits.filter((hit) => hit.event === 'Purchase')).toHaveLength(1)
      expect(reported.filter((event) => event.name === 'Purchase')).toHaveLength(1)

      // the server's twins went to the Conversions API under the same ids: one Purchase, with the order's value
      const sent = () => graph.calls.flatMap((call) => call.data)
      await expect.poll(() => sent().map((event) => event.event_id), { timeout: 20_000 }).toEqual(expect.arrayContaining([pageView.uuid, view.uuid, checkout.uuid, purchase.uuid]))
      const purchases = sent().filter((event) => event.event_name === 'Purchase')
      expect(purchases).toHaveLength(1)
      expect(purchases[0]!.custom_data).toMatchObject({ currency: 'USD', order_id: orderNumber, value: (purchase.hit.data as { value: number }).value })
    } finally {
      await context.close()
    }
  })
})
