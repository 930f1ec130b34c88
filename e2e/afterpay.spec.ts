/**
 * Afterpay and Apple Pay through Stripe in a real browser (PAYMENT_GATEWAY=stripe), against the
 * stand-ins e2e/stripe.spec.ts uses: the store runs against apps/server/src/test/fake-stripe.ts,
 * whose Afterpay page (as Stripe's test mode shows one) authorizes or fails the test payment and
 * sends the shopper back to the store; the page's https://js.stripe.com/v3/ is a small Stripe.js of
 * the same shape, whose Payment Request says Apple Pay can pay and whose button gives Apple Pay's
 * card PaymentMethod. What it shows: Afterpay offered within the brand's range, a payment failed at
 * Afterpay brings the shopper back to checkout with a readable message and the cart as it was, an
 * approved one places the order; Apple Pay's button pays as a card does. What no browser here can
 * show: Apple's own sheet (no Apple device): docs/checkout-money.md.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fakeStripe } from '../apps/server/src/test/fake-stripe.ts'
import { startStore } from '../scripts/store-process.mjs'
import { launch, newPage } from './support/browser.ts'
import { addFirstAvailableSize, openFirstItem, waitForHydration } from './support/cart-utils.ts'
import { checkoutFromDrawer, declineBumpsUntilCheckout, declineOffersUntilThankYou, fillAddress } from './support/checkout-utils.ts'

/** Stripe.js as far as /checkout uses it, with a Payment Request that Apple Pay can pay (its button: pm_card_visa_applePay). */
const FAKE_STRIPE_JS = `
window.Stripe = function () {
  let onPaymentMethod = null
  return {
    elements() {
      return {
        create(type) {
          let node = null
          return {
            mount(host) {
              const parent = typeof host === 'string' ? document.querySelector(host) : host
              if (type === 'paymentRequestButton') {
                node = document.createElement('button')
                node.type = 'button'
                node.textContent = 'Apple Pay'
                node.onclick = () => onPaymentMethod && onPaymentMethod({ paymentMethod: { id: 'pm_card_visa_applePay' }, complete() {} })
              } else {
                node = document.createElement('input')
                node.setAttribute('aria-label', 'Stripe card number')
              }
              parent.appendChild(node)
            },
            on() {},
            destroy() { node && node.remove() },
            number() { return node ? node.value.replace(/\\s/g, '') : '' },
          }
        },
      }
    },
    async createPaymentMethod() { return { paymentMethod: { id: 'pm_card_visa' } } },
    async handleNextAction() { return {} },
    paymentRequest() {
      return { canMakePayment: async () => ({ applePay: true }), on(event, handler) { if (event === 'paymentmethod') onPaymentMethod = handler }, update() {} }
    },
  }
}
`

const stripe = fakeStripe()
let store: Awaited<ReturnType<typeof startStore>>
let browser: Browser
let origin: string

beforeAll(async () => {
  const apiUrl = await stripe.listen()
  store = await startStore({
    // the return URL Stripe sends the shopper back to is the brand's public origin: here, http://localhost:PORT
    env: { PAYMENT_GATEWAY: 'stripe', STRIPE_SECRET_KEY: 'sk_test_e2e', STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e', STRIPE_API_URL: apiUrl, PUBLIC_ORIGINS: 'local' },
  })
  origin = `http://localhost:${store.port}`
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
  await store?.stop()
  await stripe.close()
})

async function stripePage(): Promise<{ page: Page; close: () => Promise<void> }> {
  const { context, page } = await newPage(browser)
  await page.route('https://js.stripe.com/v3/', (route) => route.fulfill({ contentType: 'application/javascript', body: FAKE_STRIPE_JS }))
  return { page, close: () => context.close() }
}

async function firstItemToCheckout(page: Page) {
  await page.goto(`${origin}/category/leggings`)
  await waitForHydration(page)
  await openFirstItem(page)
  await waitForHydration(page)
  await addFirstAvailableSize(page)
  await checkoutFromDrawer(page)
  await declineBumpsUntilCheckout(page)
}

const ADDRESS = { email: `afterpay-${Date.now()}@example.com`, name: 'Ada Afterpay', address: '12 Analytical Way', city: 'Austin', state: 'TX', zip: '78701', phone: '5125550100' }

describe('Afterpay and Apple Pay through Stripe in the browser (stand-ins for Stripe.js and its API)', () => {
  it('pays by Afterpay: a payment failed at Afterpay comes back to checkout with the cart as it was, an approved one places the order', async () => {
    const { page, close } = await stripePage()
    try {
      await firstItemToCheckout(page)
      const summary = await page.locator('.order-summary').innerText()
      await fillAddress(page, ADDRESS)
      await page.getByRole('radio', { name: /Afterpay/ }).check()
      await page.getByRole('button', { name: /Continue to Afterpay/ }).click()
      // Afterpay's page (the stand-in's), then failed there: back at checkout, said, the cart as it was
      await page.waitForURL(/\/afterpay_clearpay\/pi_\d+\/authorize$/, { timeout: 20_000 })
      await page.getByRole('link', { name: 'Fail test payment' }).click()
      await page.waitForURL(/\/checkout\?afterpay=declined$/, { timeout: 20_000 })
      await waitForHydration(page)
      expect(await page.locator('#checkout-errors').innerText()).toMatch(/Afterpay did not approve this payment.*Nothing was charged/)
      expect(await page.locator('.order-summary').innerText()).toBe(summary)

      await fillAddress(page, ADDRESS)
      await page.getByRole('radio', { name: /Afterpay/ }).check()
      await page.getByRole('button', { name: /Continue to Afterpay/ }).click()
      await page.waitForURL(/\/afterpay_clearpay\/pi_\d+\/authorize$/, { timeout: 20_000 })
      await page.getByRole('link', { name: 'Authorize test payment' }).click()
      await page.waitForURL(/\/special-offer\/|\/thank-you/, { timeout: 20_000 })
      await declineOffersUntilThankYou(page)
      expect(await page.locator('main').innerText()).toMatch(/Thank you/i)
      const afterpay = stripe.calls.filter(
        (call) => call.method === 'POST' && call.path === '/v1/payment_intents' && call.form.get('payment_method_data[type]') === 'afterpay_clearpay',
      )
      expect(afterpay).toHaveLength(2)
      expect(afterpay[1]?.form.get('return_url')).toBe(`${origin}/api/checkout/afterpay/return`)
    } finally {
      await close()
    }
  })

  it("pays with Apple Pay's button where Stripe.js says Apple Pay can pay: its PaymentMethod goes through the checkout as a card's", async () => {
    const { page, close } = await stripePage()
    try {
      await firstItemToCheckout(page)
      // the address typed after the page loaded is the one the wallet's order is placed with
      await fillAddress(page, { ...ADDRESS, email: `applepay-${Date.now()}@example.com` })
      await page.getByRole('button', { name: 'Apple Pay' }).click()
      await page.waitForURL(/\/special-offer\/|\/thank-you/, { timeout: 20_000 })
      const paid = stripe.calls.filter((call) => call.method === 'POST' && call.path === '/v1/payment_intents').at(-1)
      expect(paid?.form.get('payment_method')).toBe('pm_card_visa_applePay')
    } finally {
      await close()
    }
  })
})
