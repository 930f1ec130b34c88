/**
 * Orders, tracker and payment methods in a real browser: a customer registers,
 * places an order through the checkout, finds it on /orders and /members, tracks
 * it (and a visitor tracks it by number and e-mail), the carrier delivers it and
 * the customer reviews it with a photo, and saves a card on
 * /change_payment through the checkout's card form. Axe on each page.
 */
import { createHmac } from 'node:crypto'
import type { Browser, Page } from 'playwright-core'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launch, newPage, originOf, seriousAxeViolations } from './support/browser.ts'
import { waitForHydration } from './support/cart-utils.ts'
import {
  ADDRESS,
  CARDS,
  cartWithFirstItem,
  checkoutFromDrawer,
  declineBumpsUntilCheckout,
  declineOffersUntilThankYou,
  fillAddress,
  fillCard,
  orderFromApi,
  orderNumberOf,
  placeOrder,
} from './support/checkout-utils.ts'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(() => browser?.close())

const origin = originOf('localhost')

/** The carrier's signed webhook, as docs/tracking.md describes it (e2e/run.mjs gives the store the secret). */
async function deliverTrackingEvent(event: Record<string, unknown>) {
  const secret = process.env.E2E_TRACKING_SECRET
  if (!secret) throw new Error('E2E_TRACKING_SECRET is not set (e2e/run.mjs sets it)')
  const body = JSON.stringify(event)
  const response = await fetch(`${origin}/api/tracking/webhook`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', 'x-tracking-signature': `sha256=${createHmac('sha256', secret).update(body).digest('hex')}` },
  })
  expect(response.status).toBe(200)
}

async function expectNoSeriousAxeViolations(page: Page) {
  const violations = await seriousAxeViolations(page)
  expect(violations.map((v) => `${page.url()}: ${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
}

describe('orders, tracker and payment methods in the browser', () => {
  it('registers, orders, sees the order, tracks it, reviews it once delivered, and saves a card', async () => {
    const { context, page } = await newPage(browser)
    page.on('pageerror', (e) => console.log('PAGEERROR', e.message))
    const email = `orders-${Date.now()}@example.com`
    try {
      await page.goto(`${origin}/register`)
      await page.getByLabel('Full name').fill('Otto Orders')
      await page.getByLabel('Email').fill(email)
      await page.getByLabel('Password').fill('squat-proof-123')
      await page.getByRole('button', { name: 'Create account' }).click()
      await page.waitForURL(/\/confirm-register$/)

      // no orders yet
      await page.goto(`${origin}/orders`)
      await expect.poll(() => page.locator('main').innerText()).toContain('You have no orders yet.')

      // an order through the checkout
      await cartWithFirstItem(page)
      await checkoutFromDrawer(page)
      await declineBumpsUntilCheckout(page)
      await fillAddress(page, { ...ADDRESS, email })
      await fillCard(page, CARDS.success)
      await placeOrder(page)
      await page.waitForURL(/\/(special-offer\/.+|thank-you)\?order=\d+/, { timeout: 20_000 })
      const orderNumber = orderNumberOf(page)
      await declineOffersUntilThankYou(page)

      // the order history
      await page.goto(`${origin}/orders`)
      await waitForHydration(page)
      const card = page.getByTestId('order-card')
      expect(await card.count()).toBe(1)
      const text = await card.innerText()
      expect(text).toContain(`Order ${orderNumber}`)
      expect(text).toContain('Processing')
      expect(text).toContain('Standard')
      expect(text).toContain('12 Analytical Way')
      expect(text).toContain('Billing address')
      await expectNoSeriousAxeViolations(page)

      // the latest order on the members area
      await page.goto(`${origin}/members`)
      await expect.poll(() => page.getByTestId('latest-order').innerText()).toContain(`Order ${orderNumber}`)
      await expectNoSeriousAxeViolations(page)

      // the tracker, from the order's link
      await page.goto(`${origin}/orders`)
      await waitForHydration(page)
      await page.getByRole('link', { name: 'Track this order' }).click()
      await page.waitForURL(/\/tracker\?order=/)
      await expect.poll(() => page.getByTestId('tracking').innerText()).toContain('Order placed')
      expect(await page.getByTestId('tracking').innerText()).toContain('Not shipped yet')
      await expectNoSeriousAxeViolations(page)

      // a visitor: number and e-mail, a wrong e-mail is not found
      const visitor = await newPage(browser)
      try {
        await visitor.page.goto(`${origin}/track_package`)
        await waitForHydration(visitor.page)
        await visitor.page.getByLabel('Order number').fill(orderNumber)
        await visitor.page.getByLabel('E-mail address').fill('someone-else@example.com')
        await visitor.page.getByRole('button', { name: 'Track order' }).click()
        await expect.poll(() => visitor.page.getByRole('alert').first().innerText()).toContain("We couldn't find order")
        expect(await visitor.page.getByTestId('tracking').count()).toBe(0)
        await visitor.page.getByLabel('E-mail address').fill(email)
        await visitor.page.getByRole('button', { name: 'Track order' }).click()
        await expect.poll(() => visitor.page.getByTestId('tracking').count()).toBe(1)
        expect(await visitor.page.getByTestId('tracking').innerText()).toContain(`Order ${orderNumber}`)
        await expectNoSeriousAxeViolations(visitor.page)
      } finally {
        await visitor.context.close()
      }

      // the carrier delivers it: the tracker shows the events, and the order may be reviewed
      await deliverTrackingEvent({
        id: `evt-${orderNumber}-1`,
        order_number: orderNumber,
        carrier: 'UPS',
        tracking_number: '1Z999AA10123456784',
        status: 'delivered',
        description: 'Delivered, front porch',
        occurred_at: new Date().toISOString(),
      })
      await page.goto(`${origin}/tracker?order=${orderNumber}`)
      await expect.poll(() => page.getByTestId('tracking').innerText()).toContain('Delivered, front porch')
      expect(await page.getByTestId('tracking').innerText()).toContain('1Z999AA10123456784')

      await page.goto(`${origin}/orders`)
      await waitForHydration(page)
      expect(await page.getByTestId('order-status').innerText()).toBe('Delivered')
      const write = page.locator('details.review-write').first()
      await write.locator('summary').click()
      await expectNoSeriousAxeViolations(page)
      // on a phone the open form fits the screen: its photo field's own width (about 400 px) widened it past 390
      const desk = page.viewportSize()
      await page.setViewportSize({ width: 390, height: 844 })
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
      if (desk) await page.setViewportSize(desk)
      await write.getByLabel('4 stars').check()
      await write.getByLabel('About your product').fill('Soft, squat proof, pockets fit a phone.')
      await write.getByLabel('Sizing or fit').fill('True to size')
      const photo = await sharp({ create: { width: 2400, height: 1800, channels: 3, background: '#c04080' } })
        .png()
        .toBuffer()
      await write.getByLabel('Photos (up to 3)').setInputFiles({ name: 'leggings.png', mimeType: 'image/png', buffer: photo })
      await write.getByRole('button', { name: 'Post review' }).click()
      await page.waitForURL(/\/orders\?reviewed=/)
      await expect.poll(() => page.getByRole('status').innerText()).toContain('your review is posted')
      expect(await page.locator('details.review-write').count()).toBe(0)
      // shown at once on the reviews page, as from a verified buyer, with the photo
      await page.goto(`${origin}/customer_reviews`)
      const mine = page.getByRole('article', { name: 'Review by Otto O.' })
      await expect.poll(() => mine.count()).toBe(1)
      expect(await mine.innerText()).toContain('Verified buyer')
      const src = await mine.locator('.review-photos img').first().getAttribute('src')
      expect(src).toMatch(/^\/uploads\/reviews\//)
      const image = await page.request.get(`${origin}${src}`)
      expect(image.headers()['content-type']).toBe('image/jpeg')

      // payment methods: the card paid with is kept; add another and make it the default
      await page.goto(`${origin}/change_payment`)
      await waitForHydration(page)
      await expectNoSeriousAxeViolations(page)
      await expect.poll(() => page.getByTestId('payment-method').count()).toBe(1)
      expect(await page.getByTestId('payment-method').first().innerText()).toContain('ending in 4242')
      // on a phone, where the card form is a screen below the page's top
      const wide = page.viewportSize()
      await page.setViewportSize({ width: 390, height: 844 })
      await fillCard(page, '5555 5555 5555 4444')
      await page.getByLabel('Make this my default card').check()
      await page.getByRole('button', { name: 'Save card' }).click()
      await page.waitForURL(/\/change_payment\?done=added/)
      await expect.poll(() => page.getByTestId('payment-method').count()).toBe(2)
      const first = await page.getByTestId('payment-method').first().innerText()
      expect(first).toContain('ending in 4444')
      expect(first).toContain('Default')
      expect(await page.getByRole('status').innerText()).toContain('Your card is saved.')
      // the outcome is brought into view: the page keeps its scroll on the same path, and it was off screen
      await expect.poll(() => page.getByRole('status').evaluate((el) => el.getBoundingClientRect().top >= 0 && el.getBoundingClientRect().bottom <= window.innerHeight)).toBe(true)
      if (wide) await page.setViewportSize(wide)
      // a declined card is refused at the card number
      await waitForHydration(page)
      await fillCard(page, CARDS.declined)
      await page.getByRole('button', { name: 'Save card' }).click()
      await expect.poll(() => page.locator('#card-number-error').count()).toBe(1)
      // the earlier card's "Your card is saved." is not said above the refusal of this one
      expect(await page.getByText('Your card is saved.').count()).toBe(0)
      // the cursor is at the card number, the refusal's field (it was left on the page's body)
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('card-number')
      expect(await page.getByTestId('payment-method').count()).toBe(2)
      await expectNoSeriousAxeViolations(page)
      // a card whose bank asks the cardholder first (3184): the bank's step before it is saved;
      // refused there, it is not saved and the card field says why
      const bankStep = page.getByRole('dialog', { name: "Confirm it's you" })
      await fillCard(page, CARDS.authenticate)
      await page.getByRole('button', { name: 'Save card' }).click()
      await bankStep.waitFor({ timeout: 15_000 })
      expect(await bankStep.innerText()).toContain('confirm this card before we save it: nothing is charged')
      await bankStep.getByRole('button', { name: 'Cancel' }).click()
      await expect.poll(() => page.locator('#card-number-error').innerText(), { timeout: 15_000 }).toMatch(/Your bank could not confirm this card/)
      expect(await page.getByTestId('payment-method').count()).toBe(2)
      // confirmed, it is saved (not the default: the box was left as it was)
      await waitForHydration(page)
      await fillCard(page, CARDS.authenticate)
      await page.getByRole('button', { name: 'Save card' }).click()
      await bankStep.waitFor({ timeout: 15_000 })
      await bankStep.getByRole('button', { name: 'Complete' }).click()
      await page.waitForURL(/\/change_payment\?done=added/, { timeout: 15_000 })
      await expect.poll(() => page.getByTestId('payment-method').count()).toBe(3)
      expect(await page.getByTestId('payment-method').nth(1).innerText()).toContain('ending in 3184')

      // the next checkout pays with a saved card: the default is chosen, no card is typed
      await cartWithFirstItem(page)
      await checkoutFromDrawer(page)
      await declineBumpsUntilCheckout(page)
      await waitForHydration(page)
      const payWith = page.getByRole('radiogroup', { name: 'Pay with' })
      // the three saved cards and a new one
      await expect.poll(() => payWith.getByRole('radio').count()).toBe(4)
      expect(await page.getByLabel(/Mastercard ending in 4444/).isChecked()).toBe(true)
      expect(await page.getByLabel('Card number').count()).toBe(0)
      await expectNoSeriousAxeViolations(page)
      // "A new card" brings the card form back; the saved card takes it away again
      await page.getByLabel('A new card').check()
      await expect.poll(() => page.getByLabel('Card number').count()).toBe(1)
      await page.getByLabel(/Visa ending in 4242/).check()
      await expect.poll(() => page.getByLabel('Card number').count()).toBe(0)
      // the address book filled the address from the first order
      expect(await page.getByLabel('Street address').inputValue()).toBe(ADDRESS.address)
      await placeOrder(page)
      await page.waitForURL(/\/(special-offer\/.+|thank-you)\?order=\d+/, { timeout: 20_000 })
      const second = await orderFromApi(page, orderNumberOf(page))
      expect(second.payments.map((payment) => payment.last4)).toEqual(['4242'])
      expect(
        await page.evaluate(() =>
          fetch('/api/payment-methods')
            .then((r) => r.json())
            .then((b) => b.data.length),
        ),
      ).toBe(3)

      // joining the club: the address from the book, the default saved card, nothing typed
      await page.goto(`${origin}/checkout-club`)
      await waitForHydration(page)
      expect(await page.getByLabel('Address', { exact: true }).inputValue()).toBe(ADDRESS.address)
      expect(await page.getByLabel(/Mastercard ending in 4444/).isChecked()).toBe(true)
      expect(await page.getByLabel('Card number').count()).toBe(0)
      // drawn as at /checkout: the address boxes at full size, each card a bordered choice
      expect(await page.getByLabel('Address', { exact: true }).evaluate((el) => getComputedStyle(el).minHeight)).toBe('44px')
      expect(
        await page
          .locator('label.saved-card')
          .first()
          .evaluate((el) => getComputedStyle(el).borderTopStyle),
      ).toBe('solid')
      await expectNoSeriousAxeViolations(page)
      await page.getByRole('button', { name: /Join VIP/ }).click()
      await expect.poll(() => page.getByRole('status').innerText(), { timeout: 15_000 }).toMatch(/You're a VIP member: order \d+/)
    } finally {
      await context.close()
    }
  })

  it('sends a visitor to log in from /orders and /change_payment', async () => {
    const { context, page } = await newPage(browser)
    try {
      for (const path of ['/orders', '/change_payment']) {
        await page.goto(`${origin}${path}`)
        const url = new URL(page.url())
        expect(url.pathname).toBe('/login')
        expect(url.searchParams.get('redirectTo')).toBe(path)
      }
    } finally {
      await context.close()
    }
  })
})
