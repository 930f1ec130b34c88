/**
 * "Do not sell" switches the page's third parties off (SPEC §9, docs/analytics.md): on a store
 * with ANALYTICS_SINK=mixpanel (a local stand-in answering as Mixpanel's /track and /engage do),
 * the page loads mixpanel-browser after it is up and sends its events there; after the shopper
 * opts out on /dnsmpi, browsing, adding to the cart and clicking the club's link send nothing to
 * Mixpanel or to any other origin than the store's, and nothing is kept in the browser for it.
 * The same store has Meta's pixel (its script from a local stand-in, e2e/support/fake-fbevents.ts):
 * it sends PageView before the choice; after it, the page loads no pixel script and sends nothing.
 */
import type { Browser, Request } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeGraph } from '../apps/server/src/test/fake-graph.ts'
import { startFakeMixpanel } from '../apps/server/src/test/fake-mixpanel.ts'
import { startStore } from '../scripts/store-process.mjs'
import { launch, newPage } from './support/browser.ts'
import { waitForHydration } from './support/cart-utils.ts'
import { startFakeFbevents } from './support/fake-fbevents.ts'

let mixpanel: Awaited<ReturnType<typeof startFakeMixpanel>>
let fbevents: Awaited<ReturnType<typeof startFakeFbevents>>
let graph: Awaited<ReturnType<typeof startFakeGraph>>
let store: Awaited<ReturnType<typeof startStore>>
let browser: Browser

beforeAll(async () => {
  mixpanel = await startFakeMixpanel()
  fbevents = await startFakeFbevents()
  graph = await startFakeGraph({ token: 'e2e-capi-token' })
  store = await startStore({
    env: {
      ANALYTICS_SINK: 'mixpanel',
      MIXPANEL_TOKEN: 'e2e-token',
      MIXPANEL_API_HOST: mixpanel.url,
      META_PIXEL_ID: '1234567890',
      META_CAPI_TOKEN: 'e2e-capi-token',
      META_GRAPH_URL: graph.url,
      META_PIXEL_SCRIPT_URL: fbevents.scriptUrl,
    },
  })
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
  await store?.stop()
  await mixpanel?.close()
  await fbevents?.close()
  await graph?.close()
})

const tracked = () => mixpanel.calls.filter((call) => call.path === '/track').flatMap((call) => call.data.map((event) => String(event.event)))

describe('do not sell', () => {
  it('sends Page Viewed to Mixpanel and PageView to the pixel from the page, then nothing to any third party once the shopper opts out', { timeout: 120_000 }, async () => {
    const origin = `http://localhost:${store.port}`
    const { context, page } = await newPage(browser)
    try {
      const outside: string[] = []
      page.on('request', (request: Request) => {
        if (new URL(request.url()).origin !== origin) outside.push(request.url())
      })
      await page.goto(`${origin}/category/leggings`)
      await waitForHydration(page)
      // mixpanel-browser arrives after the page and sends its batch within the 5 s flush
      await expect.poll(() => tracked(), { timeout: 20_000 }).toContain('Page Viewed')
      const first = mixpanel.calls.find((call) => call.path === '/track')!
      expect(first.data[0]).toMatchObject({ properties: { token: 'e2e-token', brand: 'popfitclothing' } })
      // the pixel's script came after the page and sent its PageView
      await expect.poll(() => fbevents.hits.map((hit) => hit.event), { timeout: 20_000 }).toContain('PageView')

      await page.goto(`${origin}/dnsmpi`)
      await waitForHydration(page)
      await page.getByRole('button', { name: 'Opt out of sharing' }).click()
      await expect.poll(() => page.getByRole('status').textContent()).toContain('You have opted out')
      // what went before the choice has gone; from now nothing more
      await page.waitForTimeout(6_000)
      const before = mixpanel.calls.length
      const outsideBefore = outside.length
      const hitsBefore = fbevents.hits.length
      const loadsBefore = fbevents.scriptLoads.length

      await page.goto(`${origin}/category/leggings`)
      await waitForHydration(page)
      await page.locator('a[href*="/item/"]').first().click()
      await page.waitForURL(/\/item\//)
      await page.goto(`${origin}/vip`)
      await waitForHydration(page)
      await page.waitForTimeout(7_000)
      expect(mixpanel.calls.slice(before).map((call) => call.path)).toEqual([])
      expect(outside.slice(outsideBefore)).toEqual([])
      // no pixel at all for an opted-out visitor: no script, no event, no fbq in the page
      expect(fbevents.hits.slice(hitsBefore)).toEqual([])
      expect(fbevents.scriptLoads.slice(loadsBefore)).toEqual([])
      expect(await page.evaluate(() => typeof (window as { fbq?: unknown }).fbq)).toBe('undefined')
      // nothing kept for Mixpanel in the browser
      const kept = await page.evaluate(() =>
        [...Object.keys(localStorage), ...document.cookie.split(';').map((part) => part.trim().split('=')[0] ?? '')].filter((name) => /^mp_/.test(name) && !/opt/.test(name)),
      )
      expect(kept).toEqual([])
    } finally {
      await context.close()
    }
  })
})
