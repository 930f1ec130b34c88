/**
 * The operator's orders in a real browser (issue 35 item 7, docs/admin-orders.md): fulfilment
 * finds an order, packs and ships it and prints its packing slip (the shopper's tracker shows the
 * parcel); support refunds one piece after confirming; a manager cancels an order. Axe on each
 * page, at desktop width and at 390 px.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addStaffMember, adminLogin } from './support/admin-utils.ts'
import { apiFromPage, launch, newPage, originOf, seriousAxeViolations } from './support/browser.ts'
import {
  ADDRESS,
  CARDS,
  cartWithFirstItem,
  checkoutFromDrawer,
  declineBumpsUntilCheckout,
  declineOffersUntilThankYou,
  fillAddress,
  fillCard,
  orderNumberOf,
  placeOrder,
} from './support/checkout-utils.ts'

let browser: Browser
let fulfilment: string
let support: string
let manager: string
beforeAll(async () => {
  browser = await launch()
  fulfilment = addStaffMember('fulfilment')
  support = addStaffMember('support')
  manager = addStaffMember('manager')
})
afterAll(() => browser?.close())

const origin = originOf('localhost')

async function expectNoAxeViolations(page: Page, where: string) {
  const violations = await seriousAxeViolations(page)
  expect(violations.map((v) => `${where}: ${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
}

/** A guest's order through the storefront's checkout: its number (the page keeps the guest's session). */
async function guestOrder(page: Page): Promise<string> {
  await cartWithFirstItem(page)
  await checkoutFromDrawer(page)
  await declineBumpsUntilCheckout(page)
  await fillAddress(page, { ...ADDRESS, email: `orders-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com` })
  await fillCard(page, CARDS.success)
  await placeOrder(page)
  await page.waitForURL(/\/(special-offer\/.+|thank-you)\?order=\d+/, { timeout: 20_000 })
  const orderNumber = orderNumberOf(page)
  await declineOffersUntilThankYou(page)
  return orderNumber
}

/** Opens an order from the list by searching for its number, as staff would. */
async function openOrder(page: Page, orderNumber: string) {
  await page.goto(`${origin}/admin/orders`)
  await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor()
  await page.getByLabel('Order number, e-mail or name').fill(orderNumber)
  await page.getByLabel('Order number, e-mail or name').press('Enter')
  await page.waitForURL(new RegExp(`query=${orderNumber}`))
  await page.getByRole('link', { name: orderNumber }).click()
  await page.getByRole('heading', { name: new RegExp(`Order ${orderNumber}`), level: 1 }).waitFor()
  // the heading says the number before the order has loaded; its status badge comes with the order
  await page.locator('h1 .status-badge').waitFor()
}

const statusOf = (page: Page) => page.locator('h1 .status-badge').innerText()

describe('the operator’s orders', () => {
  it("fulfilment packs and ships an order and prints its slip; the shopper's tracker shows the parcel", async () => {
    const shopper = await newPage(browser)
    const { context, page } = await newPage(browser)
    try {
      const orderNumber = await guestOrder(shopper.page)
      await adminLogin(page, fulfilment)
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Orders' }).click()
      await page.getByRole('table').waitFor()
      await expectNoAxeViolations(page, 'orders')
      await openOrder(page, orderNumber)
      await expectNoAxeViolations(page, 'order')
      // fulfilment sees where it ships, not the customer, and has no refund or cancel
      await page.getByRole('heading', { name: 'Ships to' }).waitFor()
      expect(await page.getByRole('heading', { name: 'Customer' }).count()).toBe(0)
      expect(await page.getByText('Refund…', { exact: true }).count()).toBe(0)
      expect(await page.getByText('Cancel the order…', { exact: true }).count()).toBe(0)

      await page.getByRole('button', { name: 'Start packing' }).click()
      await expect.poll(() => page.getByRole('status').innerText()).toContain('Packing started')
      expect(await statusOf(page)).toBe('Packing')
      await page.getByLabel('Carrier').fill('UPS')
      await page.getByLabel('Tracking number').fill(`1Z${orderNumber}`)
      await page.getByRole('button', { name: 'Mark as shipped' }).click()
      await expect.poll(() => page.getByRole('status').innerText()).toContain('Shipped')
      expect(await statusOf(page)).toBe('Shipped')
      expect(await page.locator('.timeline').innerText()).toMatch(/Shipped with UPS/)

      const tracking = await apiFromPage<{ status: string; carrier: string | null; tracking_number: string | null }>(shopper.page, `/api/tracking/${orderNumber}`)
      expect(tracking).toMatchObject({ status: 'shipped', carrier: 'UPS', tracking_number: `1Z${orderNumber}` })
      await shopper.page.goto(`${origin}/tracker?order=${orderNumber}`)
      await expect.poll(() => shopper.page.locator('main').innerText()).toContain(`1Z${orderNumber}`)

      // the packing slip of the order, chosen in the list
      await page.goto(`${origin}/admin/orders?query=${orderNumber}`)
      await page.getByLabel(`Choose order ${orderNumber} for packing slips`).check()
      await page.getByRole('button', { name: /Print packing slips \(1 chosen\)/ }).click()
      await page.getByRole('heading', { name: new RegExp(`order ${orderNumber}`) }).waitFor()
      expect(await page.locator('.packing-slip').innerText()).toContain(ADDRESS.address)
      await expectNoAxeViolations(page, 'packing slips')
    } finally {
      await shopper.context.close()
      await context.close()
    }
  }, 150_000)

  it('support refunds one piece after confirming, at 390 px and by keyboard', async () => {
    const shopper = await newPage(browser)
    const { context, page } = await newPage(browser, { width: 390 })
    try {
      const orderNumber = await guestOrder(shopper.page)
      await adminLogin(page, support)
      // the list at 390 px: axe clean, and the page itself does not scroll sideways (the table scrolls in its region)
      await page.goto(`${origin}/admin/orders?status=paid&sort=oldest`)
      await page.getByRole('table').waitFor()
      await expectNoAxeViolations(page, 'orders at 390 px')
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
      await openOrder(page, orderNumber)
      await expectNoAxeViolations(page, 'order at 390 px')
      // the refund form opens from its summary by keyboard
      await page.getByText('Refund…', { exact: true }).focus()
      await page.keyboard.press('Enter')
      const qty = page.locator('input[name^="refund_qty_"]').first()
      await qty.fill('1')
      await page.getByLabel('Reason (staff only)', { exact: true }).last().fill('Seam came apart')
      await page.getByRole('button', { name: 'Review refund…' }).click()
      // the confirmation takes focus; Enter on its first button refunds
      await expect.poll(() => page.evaluate(() => document.activeElement?.className)).toBe('confirm')
      expect(await page.locator('.confirm').innerText()).toMatch(/Refund what these come to for 1 ×/)
      await expectNoAxeViolations(page, 'refund confirmation')
      await page.keyboard.press('Tab')
      await page.keyboard.press('Enter')
      await expect.poll(() => page.getByRole('status').innerText()).toContain('Refund issued')
      const payments = await page.getByRole('region', { name: 'Payments' }).innerText()
      expect(payments).toMatch(/Refund/)
      expect(payments).toContain('Seam came apart')
      expect(await page.locator('.timeline').innerText()).toMatch(/Refund of \$\d+\.\d\d issued/)
    } finally {
      await shopper.context.close()
      await context.close()
    }
  }, 150_000)

  it('a manager cancels an order: refunded in full, the reason on the timeline', async () => {
    const shopper = await newPage(browser)
    const { context, page } = await newPage(browser)
    try {
      const orderNumber = await guestOrder(shopper.page)
      await adminLogin(page, manager)
      await openOrder(page, orderNumber)
      await page.getByText('Cancel the order…', { exact: true }).click()
      await page.getByLabel('Reason (staff only)', { exact: true }).first().fill('Customer called to cancel')
      await page.getByRole('button', { name: 'Cancel order…' }).click()
      await page.getByRole('button', { name: 'Yes, cancel the order' }).click()
      await expect.poll(() => page.getByRole('status').innerText()).toContain('Order cancelled')
      expect(await statusOf(page)).toBe('Cancelled')
      expect(await page.locator('.timeline').innerText()).toContain('Customer called to cancel')
      await expectNoAxeViolations(page, 'cancelled order')
      const own = await apiFromPage<{ status: string; refunded: number; paid: number }>(shopper.page, `/api/orders/${orderNumber}`)
      expect(own.status).toBe('cancelled')
      expect(own.refunded).toBe(own.paid)
    } finally {
      await shopper.context.close()
      await context.close()
    }
  }, 150_000)
})
