import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiFromPage, focused, launch, newPage, originOf, seriousAxeViolations } from './support/browser.ts'
import { priceForms, waitForHydration, waitForScrollReset, type ApiCart } from './support/cart-utils.ts'
import {
  acceptOrderBump,
  ADDRESS,
  chooseFirstSize,
  cardError,
  CARDS,
  cartWithFirstItem,
  checkoutFromDrawer,
  declineBumpsUntilCheckout,
  declineOffersUntilThankYou,
  expectOnCheckoutWith,
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

/** A visitor's first item in the cart, the bumps declined, the address typed: the page is /checkout, at the card. */
async function checkoutWithAddress(page: Page) {
  await cartWithFirstItem(page)
  await checkoutFromDrawer(page)
  await declineBumpsUntilCheckout(page)
  await fillAddress(page)
}

/** The test gateway's stand-in for the bank's step. */
const bankDialog = (page: Page) => page.getByRole('dialog', { name: /confirm it's you/i })

/** An order paid with a card whose bank asks, its step completed: the page is the first one-time offer. */
async function payThroughBankStep(page: Page, card: string) {
  await checkoutWithAddress(page)
  await fillCard(page, card)
  await placeOrder(page)
  await bankDialog(page).waitFor({ timeout: 15_000 })
  await bankDialog(page).getByRole('button', { name: 'Complete' }).click()
  await page.waitForURL(/\/special-offer\/.+\?order=\d+/, { timeout: 20_000 })
}

describe('the checkout funnel', () => {
  it('takes a visitor from the cart through a bump, the card form, the offers to a thank-you page with the order total', async () => {
    const { context, page } = await newPage(browser)
    page.on('pageerror', (e) => console.log('PAGEERROR', e.message))
    try {
      await cartWithFirstItem(page)
      await checkoutFromDrawer(page)
      expect(new URL(page.url()).pathname).toBe('/checkout-ob/pf-ob-1')
      await acceptOrderBump(page)
      await declineBumpsUntilCheckout(page)
      const cart = await apiFromPage<ApiCart>(page, '/api/cart')
      expect(cart.items.length).toBe(2)

      expect(await seriousAxeViolations(page)).toEqual([])

      // nothing filled in: every field in error, the page scrolled to the first
      await placeOrder(page)
      await expect.poll(() => page.locator('#shipping-name-error').count()).toBe(1)
      expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('email')

      const guestEmail = `guest-${Date.now()}@example.com`
      await fillAddress(page, { ...ADDRESS, email: guestEmail })
      // the card's brand shows while typing, and a number failing the Luhn check is refused at its field
      await fillCard(page, CARDS.badLuhn)
      expect(await page.locator('#card-brand').innerText()).toBe('Visa')
      expect(await page.getByLabel('Card number').inputValue()).toBe('4242 4242 4242 4241')
      await placeOrder(page)
      await expect.poll(() => cardError(page).count()).toBe(1)
      expect(new URL(page.url()).pathname).toBe('/checkout')

      await fillCard(page, CARDS.success)
      await expect.poll(() => cardError(page).count()).toBe(0)
      await placeOrder(page)
      await page.waitForURL(/\/special-offer\/.+\?order=\d+/, { timeout: 20_000 })
      const orderNumber = orderNumberOf(page)
      // "No thanks" on its way: the offer's own button does not say it is adding anything
      await waitForHydration(page)
      let releaseDecline = () => {}
      await page.route(/\/special-offer\/[^/?]+\.data/, async (route) => {
        if (route.request().method() !== 'POST') return route.fallback()
        await new Promise<void>((resolve) => (releaseDecline = resolve))
        await route.continue()
      })
      await waitForScrollReset(page)
      await page.locator('button[name="intent"][value="decline"]').click()
      await expect.poll(() => page.locator('button[name="intent"][value="decline"]').isDisabled()).toBe(true)
      expect(await page.getByRole('button', { name: /Adding to your order/ }).count()).toBe(0)
      releaseDecline()
      await page.waitForURL((url) => !url.pathname.endsWith('/pf-oto-1'))
      await page.unrouteAll({ behavior: 'ignoreErrors' })
      await declineOffersUntilThankYou(page)
      await waitForHydration(page)

      const order = await orderFromApi(page, orderNumber)
      expect(order.status).toBe('paid')
      expect(order.items.length).toBe(2)
      expect(await page.getByTestId('order-number').innerText()).toBe(orderNumber)
      const total = await page.getByTestId('order-total').innerText()
      expect(priceForms(order.total)).toContain(total.trim())
      expect(await page.getByRole('link', { name: /create an account/i }).count()).toBe(1)
      expect(await seriousAxeViolations(page)).toEqual([])
      // the cart is spent
      expect((await apiFromPage<ApiCart>(page, '/api/cart')).items).toEqual([])

      // "Create an account to follow this order": the form starts with the order's name and e-mail, and the
      // order is in the new account's history (it said "You have no orders yet")
      await page.getByRole('link', { name: /create an account/i }).click()
      await page.waitForURL(/\/register/)
      expect(await page.getByLabel('Email').inputValue()).toBe(guestEmail)
      expect(await page.getByLabel('Full name').inputValue()).toBe(ADDRESS.name)
      await page.getByLabel('Password').fill('squat-proof-123')
      await page.getByRole('button', { name: 'Create account' }).click()
      await page.waitForURL(/\/orders/)
      await expect.poll(() => page.locator('main').innerText()).toContain(`Order ${orderNumber}`)
    } finally {
      await context.close()
    }
  })

  it('starts each order bump page at its heading for a keyboard user: the first Tab after "No thanks" is the next offer\'s size, not "No thanks"', async () => {
    const { context, page } = await newPage(browser)
    try {
      await cartWithFirstItem(page)
      await checkoutFromDrawer(page)
      expect(new URL(page.url()).pathname).toBe('/checkout-ob/pf-ob-1')
      const heading = async () => ((await page.locator('main h1').textContent()) ?? '').trim()
      // the focused element's name and tag, and the page's heading, read together in each try
      const focusOnHeading = async () => {
        const [now, title] = [await focused(page), await heading()]
        return now.tag === 'h1' && now.name === title && title !== '' ? 'on the heading' : `${now.tag} "${now.name}" (heading "${title}")`
      }
      await expect.poll(focusOnHeading).toBe('on the heading')
      const first = await heading()
      // "No thanks" by keyboard: the same page component draws the next bump, the button stays where it was
      await page.getByRole('button', { name: /no thanks/i }).focus()
      await page.keyboard.press('Enter')
      await page.waitForURL(/\/checkout-ob\/pf-ob-2$/)
      // the next bump's heading once it is drawn (the address changes a moment before the page does)
      await expect.poll(heading).not.toBe(first)
      await expect.poll(focusOnHeading).toBe('on the heading')
      await page.keyboard.press('Tab')
      expect(await focused(page)).toMatchObject({ tag: 'input', name: 'size' })
    } finally {
      await context.close()
    }
  })

  it('shows a declined card at its field, keeps the form and places no order', async () => {
    const { context, page } = await newPage(browser)
    try {
      await checkoutWithAddress(page)
      await fillCard(page, CARDS.declined)
      await placeOrder(page)
      await expectOnCheckoutWith(page, /declined/i)
      // the form is as the shopper left it, and the cart is still there: no order took it
      expect(await page.getByLabel('Street address').inputValue()).toBe('12 Analytical Way')
      expect((await apiFromPage<ApiCart>(page, '/api/cart')).items.length).toBe(1)
      // another card goes through
      await fillCard(page, CARDS.success)
      await placeOrder(page)
      await page.waitForURL(/\/special-offer\/.+\?order=\d+/, { timeout: 20_000 })
    } finally {
      await context.close()
    }
  })

  it('says at the summary, before "Place order", that a code for a first order does not count for an e-mail that has ordered before', async () => {
    const first = await newPage(browser)
    const second = await newPage(browser)
    try {
      const email = `returning-${Date.now()}@example.com`
      await checkoutWithAddress(first.page)
      await first.page.getByLabel('Email').fill(email)
      await fillCard(first.page, CARDS.success)
      await placeOrder(first.page)
      await first.page.waitForURL(/\/special-offer\/.+\?order=\d+/, { timeout: 20_000 })

      // another browser, the same shopper: the code goes into the cart (a visitor is not known yet); the address
      // starts with an e-mail that has never ordered (ADDRESS's own has, in the tests before this one)
      const { page } = second
      await cartWithFirstItem(page)
      await checkoutFromDrawer(page)
      await declineBumpsUntilCheckout(page)
      await fillAddress(page, { ...ADDRESS, email: `first-${Date.now()}@example.com` })
      const summary = page.locator('.order-summary')
      await summary.getByLabel('Discount code').fill('First15')
      await summary.getByRole('button', { name: 'Apply' }).click()
      await expect.poll(() => summary.getByText('Discount (First15)').count(), { timeout: 10_000 }).toBe(1)
      // the e-mail that ordered before: the summary leaves the code out and says why
      await page.getByLabel('Email').fill(email)
      const refusal = summary.getByText('First15 is for a first order, and you have ordered with us before: remove the code to check out.')
      await expect.poll(() => refusal.count(), { timeout: 10_000 }).toBe(1)
      expect(await summary.getByText('Discount (First15)').count()).toBe(0)
      // a new e-mail: the code counts again
      await page.getByLabel('Email').fill(`new-${Date.now()}@example.com`)
      await expect.poll(() => summary.getByText('Discount (First15)').count(), { timeout: 10_000 }).toBe(1)
      expect(await refusal.count()).toBe(0)
    } finally {
      await first.context.close()
      await second.context.close()
    }
  })

  it('completes a card that asks the shopper to authenticate', async () => {
    const { context, page } = await newPage(browser)
    try {
      await payThroughBankStep(page, CARDS.authenticate)
      expect((await orderFromApi(page, orderNumberOf(page))).status).toBe('paid')
    } finally {
      await context.close()
    }
  })

  it("takes a one-time offer with a card whose bank asks every time: the bank's step on the offer page too", async () => {
    const { context, page } = await newPage(browser)
    try {
      await payThroughBankStep(page, CARDS.alwaysAuthenticate)
      await waitForHydration(page)
      const orderNumber = orderNumberOf(page)
      const offerPage = page.url()
      await chooseFirstSize(page)
      await page.getByRole('button', { name: /Yes, add it to my order/ }).click()
      await bankDialog(page).waitFor({ timeout: 15_000 })
      // the dialog names what the offer charges
      expect(await bankDialog(page).innerText()).toMatch(/payment of \$\d+\.\d\d/)
      expect(await seriousAxeViolations(page)).toEqual([])
      await bankDialog(page).getByRole('button', { name: 'Complete' }).click()
      await page.waitForURL((url) => url.toString() !== offerPage, { timeout: 20_000 })
      const order = await orderFromApi(page, orderNumber)
      expect(order.items.filter((item) => item.offer_id !== null)).toHaveLength(1)
    } finally {
      await context.close()
    }
  })

  it('asks for no new quote once the order is being paid, even with a change of state just before', async () => {
    const { context, page } = await newPage(browser)
    try {
      await checkoutWithAddress(page)
      await fillCard(page, CARDS.success)
      const sent: string[] = []
      page.on('request', (request) => {
        const path = new URL(request.url()).pathname
        if (path === '/api/checkout' || path === '/api/checkout/quote') sent.push(`${request.method()} ${path}`)
      })
      // the order's request is held for half a second, longer than the quote waits (150 ms) for the
      // shopper to stop changing things; the state changes just before the order is placed
      await page.route('**/api/checkout', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 500))
        await route.continue()
      })
      await page.getByLabel('State').selectOption('CA')
      await placeOrder(page)
      await page.waitForURL(/\/special-offer\/.+\?order=\d+/, { timeout: 20_000 })
      expect((await orderFromApi(page, orderNumberOf(page))).status).toBe('paid')
      // the order is priced on the server; a quote sent meanwhile was refused once the cart was spent (422, an error in the console)
      expect(sent.slice(sent.indexOf('POST /api/checkout'))).toEqual(['POST /api/checkout'])
    } finally {
      await context.close()
    }
  })

  it('charges only the total on the button: express chosen while its quote is on its way is refused, said, then paid at the new total', async () => {
    const { context, page } = await newPage(browser)
    try {
      await checkoutWithAddress(page)
      await fillCard(page, CARDS.success)
      const button = page.getByRole('button', { name: /place order/i })
      const shown = await button.innerText()
      // the quote for express is held back, so the button still says the standard total when pressed
      let release: () => void = () => {}
      const held = new Promise<void>((resolve) => (release = resolve))
      await page.route('**/api/checkout/quote?*', async (route) => {
        await held
        await route.continue()
      })
      await page.getByLabel(/Express shipping/).check()
      await placeOrder(page)
      await expect
        .poll(() => page.locator('#checkout-errors').innerText(), { timeout: 15_000 })
        .toMatch(/^Your total is now \$\d+\.\d\d, not \$\d+\.\d\d: check your order and place it again\.$/)
      expect(new URL(page.url()).pathname).toBe('/checkout')
      release()
      // the form quotes again: the button says the new total, and that is what the order charges
      await expect.poll(() => button.innerText(), { timeout: 15_000 }).not.toBe(shown)
      const newTotal = Number((await button.innerText()).replace(/[^\d.]/g, ''))
      await placeOrder(page)
      await page.waitForURL(/\/special-offer\/.+\?order=\d+/, { timeout: 20_000 })
      const order = await orderFromApi(page, orderNumberOf(page))
      expect(order.total).toBe(newTotal)
      expect(order.shipping_method).toBe('express')
    } finally {
      await context.close()
    }
  })

  it('leads a visitor from a social media special into checkout with the special at its price', async () => {
    const { context, page } = await newPage(browser)
    try {
      await page.goto(`${originOf('localhost')}/social_media_specials/pf-vip-optin-csr`)
      await waitForHydration(page)
      expect(await page.locator('h1').innerText()).toBeTruthy()
      await chooseFirstSize(page)
      await page.getByRole('button', { name: /claim my/i }).click()
      await page.waitForURL(/\/checkout-ob\/|\/checkout$/)
      await declineBumpsUntilCheckout(page)
      const cart = await apiFromPage<{ checkout_flow: string; items: { price: number }[] }>(page, '/api/cart')
      expect(cart.checkout_flow).toBe('free_flow')
      expect(cart.items.map((line) => line.price)).toEqual([29.99])
      const summary = await page.locator('.order-summary').innerText()
      expect(summary).toContain('$29.99')
      // this special ships free
      expect(summary).toMatch(/Shipping\s+Free/)
    } finally {
      await context.close()
    }
  })

  it('without JavaScript reaches the payment step and says why the card needs JavaScript', async () => {
    const shopper = await newPage(browser)
    try {
      await cartWithFirstItem(shopper.page)
      const cookies = await shopper.context.cookies()
      const noJs = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 900 } })
      await noJs.addCookies(cookies)
      const page = await noJs.newPage()
      await page.goto(`${originOf('localhost')}/checkout`)
      expect(await page.locator('.noscript-card').innerText()).toMatch(/needs JavaScript/)
      // the address step posts to the page, which checks it with the same rules
      // the page is /checkout already, so wait for the post's own answer, not for the URL
      const answered = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/checkout')
      // pressed from the keyboard: the button is far down a 390 px page, and a click is aimed at where it was
      // measured (a page without JavaScript still settling under load can move it there: CI once clicked and
      // never posted); Enter on the focused button submits its form wherever it is drawn
      await page.getByRole('button', { name: /place order/i }).press('Enter')
      await answered
      await page.waitForLoadState('domcontentloaded')
      expect(await page.locator('#shipping-name-error').count()).toBe(1)
      await noJs.close()
    } finally {
      await shopper.context.close()
    }
  })
})
