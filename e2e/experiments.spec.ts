import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launch, newPage, originOf } from './support/browser.ts'
import { waitForHydration } from './support/cart-utils.ts'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(() => browser?.close())

const FOURTH_STEP = 'Every member order ships free'

describe('split test Vip4sh on the club page', () => {
  it('shows the 4sh variant when the URL asks for it, and Control otherwise', async () => {
    const { context, page } = await newPage(browser)
    try {
      await page.goto(`${originOf('localhost')}/vip?Vip4sh=4sh`)
      await waitForHydration(page)
      await expect.poll(() => page.getByText(FOURTH_STEP).count()).toBe(1)
      await page.goto(`${originOf('localhost')}/vip?Vip4sh=Control`)
      await waitForHydration(page)
      await page.waitForTimeout(300)
      expect(await page.getByText(FOURTH_STEP).count()).toBe(0)
    } finally {
      await context.close()
    }
  })

  it('asks the server once and keeps the visitor in the same variant', async () => {
    const { context, page } = await newPage(browser)
    try {
      const assignments: string[] = []
      page.on('response', async (response) => {
        if (response.url().includes('/api/test-group')) assignments.push((await response.json()).data.test.value)
      })
      for (let visit = 0; visit < 2; visit++) {
        await page.goto(`${originOf('ckb.localhost')}/vip`)
        await waitForHydration(page)
        await expect.poll(() => assignments.length).toBe(visit + 1)
      }
      expect(assignments[0]).toBe(assignments[1])
      // the test saw the answer; the page draws its variant from the same answer a moment later (it shows the
      // control until then): a frame and a moment for that, then the step, polled, as the variant says
      await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))))
      await expect.poll(() => page.getByText(FOURTH_STEP).count()).toBe(assignments[0] === '4sh' ? 1 : 0)
    } finally {
      await context.close()
    }
  })

  it("gives a first visitor one session, though the page's group call and pixel event go out together", async () => {
    const { context, page } = await newPage(browser)
    try {
      const sessionsStarted: string[] = []
      const calls: string[] = []
      page.on('response', async (response) => {
        if (!response.url().includes('/api/')) return
        calls.push(new URL(response.url()).pathname)
        const setCookie = await response.headerValue('set-cookie')
        if (setCookie?.startsWith('sid=')) sessionsStarted.push(new URL(response.url()).pathname)
      })
      // each writing call is held until the other one is asked for too (or 800 ms pass), so that
      // two calls sent together would reach the server together
      let asked = 0
      let bothAsked!: () => void
      const together = new Promise<void>((resolve) => {
        bothAsked = resolve
      })
      await page.route(/\/api\/(test-group|pixel-event)/, async (route) => {
        if (++asked === 2) bothAsked()
        await Promise.race([together, new Promise((resolve) => setTimeout(resolve, 800))])
        await route.continue()
      })
      await page.goto(`${originOf('ckb.localhost')}/vip`)
      await waitForHydration(page)
      // both calls go out after hydration and each is held for the other (above): on a busy machine
      // their answers can come later than the poll's default second
      await expect.poll(() => calls.filter((path) => path === '/api/test-group' || path === '/api/pixel-event').length, { timeout: 10_000 }).toBe(2)
      expect(sessionsStarted).toHaveLength(1)
    } finally {
      await context.close()
    }
  })
})
