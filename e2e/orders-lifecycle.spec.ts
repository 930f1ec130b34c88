/**
 * An order's life after checkout in a real browser (docs/orders.md): a shopper cancels an order
 * within the window and sees the refund; a delivered order's piece is returned; a club member
 * exchanges a size, and another colour of the style, through the cart and the checkout. The forms post without JavaScript too (the cancel
 * and the exchange here). Axe on each page.
 */
import { createHmac } from 'node:crypto'
import Database from 'better-sqlite3'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launch, newPage, originOf, seriousAxeViolations } from './support/browser.ts'
import { cartDrawer, waitForHydration } from './support/cart-utils.ts'
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
beforeAll(async () => {
  browser = await launch()
})
afterAll(() => browser?.close())

const origin = originOf('localhost')

async function expectNoSeriousAxeViolations(page: Page) {
  const violations = await seriousAxeViolations(page)
  expect(violations.map((v) => `${page.url()}: ${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
}

/** The carrier's signed webhook delivers the order (docs/tracking.md). */
async function deliver(orderNumber: string) {
  const secret = process.env.E2E_TRACKING_SECRET
  if (!secret) throw new Error('E2E_TRACKING_SECRET is not set (e2e/run.mjs sets it)')
  const body = JSON.stringify({
    id: `evt-${orderNumber}-delivered`,
    order_number: orderNumber,
    carrier: 'UPS',
    tracking_number: `1Z${orderNumber}`,
    status: 'delivered',
    description: 'Delivered, front porch',
    occurred_at: new Date().toISOString(),
  })
  const response = await fetch(`${origin}/api/tracking/webhook`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', 'x-tracking-signature': `sha256=${createHmac('sha256', secret).update(body).digest('hex')}` },
  })
  expect(response.status).toBe(200)
}

/** Registers a customer and places one order through the checkout: its number. */
async function registerAndOrder(page: Page, email: string): Promise<string> {
  await page.goto(`${origin}/register`)
  await page.getByLabel('Full name').fill('Rita Returns')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill('squat-proof-123')
  await page.getByRole('button', { name: 'Create account' }).click()
  await page.waitForURL(/\/confirm-register$/)
  await cartWithFirstItem(page)
  await checkoutFromDrawer(page)
  await declineBumpsUntilCheckout(page)
  await fillAddress(page, { ...ADDRESS, email })
  await fillCard(page, CARDS.success)
  await placeOrder(page)
  await page.waitForURL(/\/(special-offer\/.+|thank-you)\?order=\d+/, { timeout: 20_000 })
  const orderNumber = orderNumberOf(page)
  await declineOffersUntilThankYou(page)
  return orderNumber
}

// the card headed "Order N" (a text match, case-sensitive: a replacement's history names its original as "… for order N")
const cardOf = (page: Page, orderNumber: string) => page.getByTestId('order-card').filter({ hasText: new RegExp(`Order ${orderNumber}`) })

/** Marks the customer a club member in the store's database (the club's own join is club.spec's subject). */
function makeMember(email: string) {
  const path = process.env.E2E_DATABASE_PATH
  if (!path) throw new Error('E2E_DATABASE_PATH is not set (e2e/run.mjs sets it)')
  const db = new Database(path, { fileMustExist: true })
  try {
    db.prepare("update customers set has_club = 1 where email = ? and brand_id = 'popfitclothing'").run(email)
  } finally {
    db.close()
  }
}

describe('an order’s life cycle in the browser', () => {
  it('a shopper cancels within the window (the form without JavaScript) and sees the refund', async () => {
    const { context, page } = await newPage(browser)
    const plain = await newPage(browser, { javaScriptEnabled: false })
    try {
      const orderNumber = await registerAndOrder(page, `cancel-${Date.now()}@example.com`)
      await plain.context.addCookies(await context.cookies())
      await plain.page.goto(`${origin}/orders`)
      const card = cardOf(plain.page, orderNumber)
      expect(await card.innerText()).toContain('You can still cancel this order')
      await page.goto(`${origin}/orders`)
      await expectNoSeriousAxeViolations(page)
      await card.getByRole('button', { name: 'Cancel order' }).click()
      await plain.page.waitForLoadState('load')
      await plain.page.waitForURL(/\/orders/)
      const after = cardOf(plain.page, orderNumber)
      await expect.poll(() => after.innerText()).toContain('Your order is cancelled and refunded.')
      const text = await after.innerText()
      expect(text).toContain('Cancelled')
      expect(text).toMatch(/Refunded\s+\$\d+\.\d\d/)
      expect(text).not.toContain('Cancel order')
      // the history, and axe, in the page with JavaScript (axe runs in the page)
      await page.goto(`${origin}/orders`)
      await waitForHydration(page)
      const seen = cardOf(page, orderNumber)
      await seen.getByText('Order history').click()
      expect(await seen.innerText()).toMatch(/Refund of \$\d+\.\d\d issued/)
      await expectNoSeriousAxeViolations(page)
    } finally {
      await plain.context.close()
      await context.close()
    }
  }, 150_000)

  it('a delivered order: the shopper returns a piece with a reason', async () => {
    const { context, page } = await newPage(browser)
    try {
      const orderNumber = await registerAndOrder(page, `return-${Date.now()}@example.com`)
      await deliver(orderNumber)
      await page.goto(`${origin}/orders`)
      await waitForHydration(page)
      const card = cardOf(page, orderNumber)
      await card.getByText('Return pieces').click()
      await card.getByLabel('How many').first().selectOption('1')
      await card.getByLabel('Why').first().selectOption('Too big')
      await expectNoSeriousAxeViolations(page)
      await card.getByRole('button', { name: 'Request return' }).click()
      await expect.poll(() => cardOf(page, orderNumber).innerText()).toContain('Your return is requested')
      await expect.poll(() => cardOf(page, orderNumber).getByTestId('order-status').innerText()).toBe('Return requested')
      await expectNoSeriousAxeViolations(page)
    } finally {
      await context.close()
    }
  }, 150_000)

  it('a club member exchanges a size: reserved at once into the cart, whose line and checkout say the exchange_label; placed with nothing to pay', async () => {
    const { context, page } = await newPage(browser)
    try {
      const email = `exchange-${Date.now()}@example.com`
      const orderNumber = await registerAndOrder(page, email)
      await deliver(orderNumber)
      makeMember(email)
      await page.goto(`${origin}/orders`)
      await waitForHydration(page)
      const card = cardOf(page, orderNumber)
      await card.getByText('Exchange for another size').click()
      await expectNoSeriousAxeViolations(page)
      // M, or L where M is the size bought (the first size in stock, which earlier specs' orders move on):
      // sizes every legging of the demo store keeps in stock; the form never offers the size bought
      const sizeChoice = card.getByRole('combobox').last()
      const offered = await sizeChoice.locator('option').evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value))
      const size = offered.includes('M') ? 'M' : 'L'
      await sizeChoice.selectOption(size)
      await card.getByRole('button', { name: 'Exchange', exact: true }).first().click()

      // reserved and in the cart: the checkout shows the exchange_label on its line, and asks for the address only
      await page.waitForURL(/\/checkout$/)
      await waitForHydration(page)
      const label = new RegExp(`^Exchange for order ${orderNumber}: .+ \\(.+\\) in ${size}$`)
      await expect.poll(() => page.locator('.order-summary').getByTestId('exchange-label').locator('strong').innerText()).toMatch(label)
      expect(await page.getByTestId('exchange-notice').innerText()).toContain('nothing to pay')
      expect(await page.locator('input[name="card_number"], iframe').count()).toBe(0)
      expect(await page.getByTestId('checkout-total').innerText()).toContain('$0.00')
      await expectNoSeriousAxeViolations(page)

      // the cart says it too, on the line; its checkout link goes straight to the checkout (no order bumps beside an exchange)
      await page.goto(`${origin}/category/leggings`)
      await waitForHydration(page)
      await page.getByRole('link', { name: /^Cart, 1 item/ }).click()
      const drawer = cartDrawer(page)
      await expect.poll(() => drawer.getByTestId('exchange-label').locator('strong').innerText()).toMatch(label)
      await expectNoSeriousAxeViolations(page)
      await checkoutFromDrawer(page)
      expect(page.url()).toMatch(/\/checkout$/)

      await fillAddress(page, { ...ADDRESS, email })
      await page.getByRole('button', { name: 'Place exchange · $0.00' }).click()
      await page.waitForURL(/\/orders\?exchanged=\d+/, { timeout: 20_000 })
      await waitForHydration(page)
      expect(await page.getByTestId('exchange-placed').innerText()).toContain(`Your exchange for order ${orderNumber} is placed, with nothing charged`)
      await expect.poll(() => cardOf(page, orderNumber).getByTestId('order-status').innerText()).toBe('Exchange requested')
      // the replacement: an order of its own at $0.00, the two linked in their histories
      await expect.poll(() => page.getByTestId('order-card').count()).toBe(2)
      const replacement = page.getByTestId('order-card').first()
      expect(await replacement.innerText()).toContain('$0.00')
      // its history (folded under the card) names the original
      expect(await replacement.textContent()).toContain(`Exchange for order ${orderNumber} placed: nothing charged`)
      await expectNoSeriousAxeViolations(page)
    } finally {
      await context.close()
    }
  }, 150_000)

  it('a club member exchanges for another colour of the same style: the form offers the colours with their sizes, the cart names the new colour', async () => {
    const { context, page } = await newPage(browser)
    try {
      const email = `exchange-colour-${Date.now()}@example.com`
      const orderNumber = await registerAndOrder(page, email)
      await deliver(orderNumber)
      makeMember(email)
      await page.goto(`${origin}/orders`)
      await waitForHydration(page)
      const card = cardOf(page, orderNumber)
      await card.getByText('Exchange for another colour').click()
      await expectNoSeriousAxeViolations(page)
      // the first colour offered (the demo's styles come in several colours at one price), in a size it has in stock
      const colourForm = card.locator('form.order-exchange-colour').first()
      const button = colourForm.getByRole('button', { name: /^Exchange for / })
      const colour = (await button.innerText()).replace(/^Exchange for /, '')
      const sizeChoice = colourForm.getByRole('combobox')
      const offered = await sizeChoice.locator('option').evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value))
      const size = offered.includes('M') ? 'M' : offered[0]!
      await sizeChoice.selectOption(size)
      await button.click()

      await page.waitForURL(/\/checkout$/)
      await waitForHydration(page)
      const escaped = colour.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      const label = new RegExp(`^Exchange for order ${orderNumber}: .+ \\(${escaped}\\) in ${size}$`)
      await expect.poll(() => page.locator('.order-summary').getByTestId('exchange-label').locator('strong').innerText()).toMatch(label)
      await expectNoSeriousAxeViolations(page)
      await fillAddress(page, { ...ADDRESS, email })
      await page.getByRole('button', { name: 'Place exchange · $0.00' }).click()
      await page.waitForURL(/\/orders\?exchanged=\d+/, { timeout: 20_000 })
      await waitForHydration(page)
      await expect.poll(() => cardOf(page, orderNumber).getByTestId('order-status').innerText()).toBe('Exchange requested')
      const replacement = page.getByTestId('order-card').first()
      expect(await replacement.innerText()).toContain(colour)
      expect(await replacement.textContent()).toContain(`Exchange for order ${orderNumber} placed: nothing charged`)
      await expectNoSeriousAxeViolations(page)
    } finally {
      await context.close()
    }
  }, 150_000)

  it('a member places an exchange without JavaScript: the checkout form posts the address, nothing to pay', async () => {
    const { context, page } = await newPage(browser)
    const plain = await newPage(browser, { javaScriptEnabled: false })
    try {
      const email = `exchange-plain-${Date.now()}@example.com`
      const orderNumber = await registerAndOrder(page, email)
      await deliver(orderNumber)
      makeMember(email)
      await plain.context.addCookies(await context.cookies())
      await plain.page.goto(`${origin}/orders`)
      const card = cardOf(plain.page, orderNumber)
      await card.getByText('Exchange for another size').click()
      await card.getByRole('button', { name: 'Exchange', exact: true }).first().click()
      await plain.page.waitForURL(/\/checkout$/)
      expect(await plain.page.locator('.order-summary').getByTestId('exchange-label').innerText()).toContain(`Exchange for order ${orderNumber}: `)
      // the address book filled the form (the first order's address)
      // by Enter on the button, as in checkout.spec.ts's page without JavaScript: far down the page, a click aims where it was measured
      await plain.page.getByRole('button', { name: 'Place exchange · $0.00' }).press('Enter')
      await plain.page.waitForURL(/\/orders\?exchanged=\d+/, { timeout: 20_000 })
      expect(await plain.page.getByTestId('exchange-placed').innerText()).toContain(`Your exchange for order ${orderNumber} is placed`)
      expect(await cardOf(plain.page, orderNumber).getByTestId('order-status').innerText()).toBe('Exchange requested')
    } finally {
      await context.close()
      await plain.context.close()
    }
  }, 150_000)
})
