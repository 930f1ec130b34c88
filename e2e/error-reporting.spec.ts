/**
 * Sentry in the browser (SPEC §8-§9, docs/decisions/185): a store with SENTRY_DSN
 * loads @sentry/react after the page, and an error in the page reaches the
 * (local stand-in) envelope endpoint without card numbers or passwords; a store
 * without one loads none of it.
 */
import type { Browser, Request } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeSentry } from '../apps/server/src/test/fake-sentry.ts'
import { startStore } from '../scripts/store-process.mjs'
import { launch, newPage, originOf } from './support/browser.ts'
import { waitForHydration } from './support/cart-utils.ts'

let sentry: Awaited<ReturnType<typeof startFakeSentry>>
let store: Awaited<ReturnType<typeof startStore>>
let browser: Browser

beforeAll(async () => {
  sentry = await startFakeSentry()
  store = await startStore({ env: { SENTRY_DSN: sentry.dsn, SENTRY_ENVIRONMENT: 'e2e' } })
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
  await store?.stop()
  await sentry?.close()
})

const scriptsOf = (requests: Request[]) => requests.filter((request) => request.resourceType() === 'script').map((request) => request.url())

describe('error reporting in the browser', () => {
  it('loads no Sentry code on a store without SENTRY_DSN', async () => {
    const { context, page } = await newPage(browser)
    try {
      const requests: Request[] = []
      page.on('request', (request) => requests.push(request))
      await page.goto(`${originOf('localhost')}/category/leggings`)
      await waitForHydration(page)
      await page.waitForTimeout(500)
      expect(await page.locator('meta[name="sentry-dsn"]').count()).toBe(0)
      expect(scriptsOf(requests).some((url) => /error-reporting|sentry/i.test(url))).toBe(false)
    } finally {
      await context.close()
    }
  })

  it('with SENTRY_DSN, reports an error in the page with no card number or password in it', async () => {
    const { context, page } = await newPage(browser)
    try {
      const requests: Request[] = []
      page.on('request', (request) => requests.push(request))
      await page.goto(`http://localhost:${store.port}/category/leggings`)
      await waitForHydration(page)
      // the SDK comes in its own file, after the page
      await expect.poll(() => scriptsOf(requests).some((url) => /error-reporting/.test(url)), { timeout: 15_000 }).toBe(true)
      await page.waitForFunction(() => Boolean((window as unknown as { __SENTRY__?: unknown }).__SENTRY__), null, { timeout: 15_000 })
      await page.evaluate(() => {
        setTimeout(() => {
          throw new Error('payment failed for 4242 4242 4242 4242 with password=hunter2-secret-pw')
        })
      })
      await expect.poll(() => sentry.events().some((event) => JSON.stringify(event).includes('payment failed')), { timeout: 15_000 }).toBe(true)
      const event = sentry.events().find((e) => JSON.stringify(e).includes('payment failed'))!
      expect(event).toMatchObject({ environment: 'e2e', platform: 'javascript' })
      const raw = sentry.envelopes.map((envelope) => envelope.raw).join('\n')
      expect(raw).toContain('**** **** **** 4242')
      expect(raw).not.toContain('4242 4242 4242 4242')
      expect(raw).not.toContain('hunter2-secret-pw')
    } finally {
      await context.close()
    }
  })
})
