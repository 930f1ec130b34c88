/**
 * Reports in a real browser (issue 36 item 6): a shopper buys with an order bump; an analyst
 * opens the reports and finds that order in today's sales, the funnel's bump and the sales chart
 * (drawn by a chunk only this page loads), downloads the CSV, and the page passes axe at desktop
 * width and at 390 px. A fulfilment user has no reports.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addStaffMember, adminLogin } from './support/admin-utils.ts'
import { launch, newPage, originOf, seriousAxeViolations } from './support/browser.ts'
import {
  acceptOrderBump,
  ADDRESS,
  cartWithFirstItem,
  CARDS,
  checkoutFromDrawer,
  declineBumpsUntilCheckout,
  declineOffersUntilThankYou,
  fillAddress,
  fillCard,
  placeOrder,
} from './support/checkout-utils.ts'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(() => browser?.close())

async function expectNoAxeViolations(page: Page, where: string) {
  const violations = await seriousAxeViolations(page)
  expect(violations.map((v) => `${where}: ${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
}

const today = () => new Date().toISOString().slice(0, 10)

/** The figure of a headline box ("Orders", "Gross sales"...) as the page shows it. */
const figure = (page: Page, name: string) => page.locator('.figures div', { has: page.locator('dt', { hasText: new RegExp(`^${name}$`) }) }).locator('dd')

describe('the operator reports', () => {
  it("an analyst finds today's order with its bump in the sales, the funnel and the CSV", async () => {
    const analyst = addStaffMember('analyst')
    const { context, page } = await newPage(browser)
    try {
      await adminLogin(page, analyst)
      await page.goto(`${originOf('localhost')}/admin/reports?from=${today()}&to=${today()}`)
      await figure(page, 'Orders').waitFor()
      const ordersBefore = Number((await figure(page, 'Orders').textContent())?.replace(/,/g, ''))
      const bumpRow = page
        .locator('section[aria-labelledby="funnel-heading"] tr', { has: page.locator('th', { hasText: 'Order bump taken' }) })
        .locator('td')
        .first()
      const bumpsBefore = Number(await bumpRow.textContent())

      // a shopper buys, saying yes to the first order bump
      const shopper = await newPage(browser)
      try {
        await cartWithFirstItem(shopper.page)
        await checkoutFromDrawer(shopper.page)
        await acceptOrderBump(shopper.page)
        await declineBumpsUntilCheckout(shopper.page)
        await fillAddress(shopper.page, { ...ADDRESS, email: `reports-${Date.now()}@example.com` })
        await fillCard(shopper.page, CARDS.success)
        await placeOrder(shopper.page)
        await shopper.page.waitForURL(/\/special-offer\/|\/thank-you/, { timeout: 20_000 })
        await declineOffersUntilThankYou(shopper.page)
      } finally {
        await shopper.context.close()
      }

      await page.reload()
      await figure(page, 'Orders').waitFor()
      await expect.poll(async () => Number((await figure(page, 'Orders').textContent())?.replace(/,/g, ''))).toBe(ordersBefore + 1)
      expect(Number(await bumpRow.textContent())).toBe(bumpsBefore + 1)
      // the chart is drawn (an SVG named for screen readers), its figures in the table beside it
      await page.locator('figure.chart[aria-label^="Gross sales by day"] svg').first().waitFor()
      await expect.poll(() => page.getByRole('region', { name: 'Sales by day' }).locator('tbody tr').count()).toBe(1)
      await expectNoAxeViolations(page, 'reports')

      // the same figures as CSV
      const csv = await page.evaluate(async (url) => (await fetch(url)).text(), `/api/admin/reports/sales.csv?from=${today()}&to=${today()}&by=day`)
      const [header, row] = csv.trim().split('\r\n')
      expect(header).toBe('key,label,orders,units,gross,refunds,net,average_order_value')
      expect(row?.split(',')[2]).toBe(String(ordersBefore + 1))

      // grouped by item: the order's items are listed, each a link to its page
      await page.getByLabel('Sales by', { exact: true }).selectOption('item')
      await page.getByRole('button', { name: 'Show' }).first().click()
      await page.getByRole('heading', { name: 'Sales by item' }).waitFor()
      await expect.poll(() => page.getByRole('region', { name: 'Sales by item' }).locator('tbody tr a[href^="/admin/items/"]').count()).toBeGreaterThanOrEqual(2)
    } finally {
      await context.close()
    }
  })

  it('reads at 390 px with axe clean, and is not offered to fulfilment', async () => {
    const { context, page } = await newPage(browser, { width: 390 })
    try {
      await adminLogin(page, addStaffMember('manager'))
      await page.goto(`${originOf('localhost')}/admin/reports`)
      await page.getByRole('heading', { name: 'Running out' }).waitFor()
      await figure(page, 'Orders').waitFor()
      // the page's three reports each come with their own answer, and their charts with a chunk of their own after
      // it: all of them drawn before axe and the widths are read (else what came late goes unchecked)
      await page.getByRole('region', { name: 'Checkout funnel steps' }).waitFor()
      await page.getByRole('region', { name: 'Sizes running out' }).waitFor()
      await expect
        .poll(() =>
          page.evaluate(
            () => document.querySelectorAll('.loading').length === 0 && [...document.querySelectorAll('figure.chart')].every((chart) => chart.querySelector('svg') !== null),
          ),
        )
        .toBe(true)
      await expectNoAxeViolations(page, 'reports at 390 px')
      // nothing wider than the screen but inside a region that scrolls sideways (the tables)
      const wide = await page.evaluate(() =>
        [...document.querySelectorAll('body *')]
          .filter((element) => element.getBoundingClientRect().right > 391 && !element.closest('.table-wrap'))
          .map((element) => `${element.tagName.toLowerCase()}.${element.className}`)
          .slice(0, 5),
      )
      expect(wide).toEqual([])
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    } finally {
      await context.close()
    }
    const other = await newPage(browser)
    try {
      await adminLogin(other.page, addStaffMember('fulfilment'))
      await other.page.getByRole('navigation', { name: 'Main' }).waitFor()
      expect(await other.page.getByRole('link', { name: 'Reports' }).count()).toBe(0)
      const status = await other.page.evaluate(async () => (await fetch('/api/admin/reports/sales')).status)
      expect(status).toBe(403)
    } finally {
      await other.context.close()
    }
  })
})
