/** Page-object helpers for the checkout funnel: the cart into the funnel, the address, the card, the offers. */
import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { apiFromPage, originOf } from './browser.ts'
import { addFirstAvailableSize, cartDrawer, openFirstItem, waitForHydration, waitForScrollReset } from './cart-utils.ts'

export const CARDS = {
  success: '4242 4242 4242 4242',
  badLuhn: '4242 4242 4242 4241',
  declined: '4000 0000 0000 0002',
  authenticate: '4000 0027 6000 3184',
  /** the bank asks on every payment, the one-time offer's too */
  alwaysAuthenticate: '4000 0000 0000 3220',
} as const

export const ADDRESS = {
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  address: '12 Analytical Way',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  phone: '5125550100',
}

/** A visitor's cart with the main category's first item in it; the drawer is open. */
export async function cartWithFirstItem(page: Page, host = 'localhost', mainPath = '/category/leggings') {
  await page.goto(`${originOf(host)}${mainPath}`)
  await waitForHydration(page)
  await openFirstItem(page)
  await waitForHydration(page)
  await addFirstAvailableSize(page)
}

/** The drawer's checkout button: the funnel starts with the order bumps. */
export async function checkoutFromDrawer(page: Page) {
  await cartDrawer(page)
    .getByRole('link', { name: /checkout/i })
    .click()
  await page.waitForURL(/\/checkout-ob\/|\/checkout$/)
  await waitForHydration(page)
}

/**
 * Chooses the first size of the page's size picker (an order bump, a one-time offer, a free gift) by the
 * keyboard, as a shopper tabbing through the form would, and makes sure the choice holds. A press aimed
 * by position could land where the page was before its scroll to the top: the page's own timer starts
 * when React draws the new page, which can come after the URL changes and after waitForScrollReset's
 * timer (stop 41's CI saw a radio not chosen that way). A focused radio is chosen by Space wherever the
 * page has scrolled to.
 */
export async function chooseFirstSize(page: Page) {
  await waitForScrollReset(page)
  const first = page.locator('.size-picker input[type="radio"]').first()
  await first.press('Space')
  await expect.poll(() => first.isChecked()).toBe(true)
}

/** On an order bump page: yes, in the first size offered. */
export async function acceptOrderBump(page: Page) {
  const from = page.url()
  await chooseFirstSize(page)
  await page.getByRole('button', { name: /yes, add it/i }).click()
  await page.waitForURL((url) => url.toString() !== from)
}

async function declineOrderBump(page: Page) {
  const from = page.url()
  await waitForScrollReset(page)
  await page.getByRole('button', { name: /no thanks/i }).click()
  await page.waitForURL((url) => url.toString() !== from)
}

/** Through the remaining order bumps, saying no, until the checkout form. */
export async function declineBumpsUntilCheckout(page: Page) {
  while (/\/checkout-ob\//.test(page.url())) await declineOrderBump(page)
  await page.waitForURL(/\/checkout$/)
  await waitForHydration(page)
}

export async function fillAddress(page: Page, address = ADDRESS) {
  await page.getByLabel('Email').fill(address.email)
  await page.getByLabel('Full name').fill(address.name)
  await page.getByLabel('Street address').fill(address.address)
  await page.getByLabel('City').fill(address.city)
  await page.getByLabel('State').selectOption(address.state)
  await page.getByLabel('Zip Code').fill(address.zip)
  await page.getByLabel('Phone', { exact: true }).fill(address.phone)
}

export async function fillCard(page: Page, number: string, exp = `12/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`, cvc = '123') {
  await page.getByLabel('Card number').fill(number)
  await page.getByLabel('Expiry (MM / YY)').fill(exp)
  await page.getByLabel('Security code').fill(cvc)
}

export async function placeOrder(page: Page) {
  await page.getByRole('button', { name: /place order/i }).click()
}

/** The message shown at the card number field. */
export function cardError(page: Page) {
  return page.locator('#card-number-error')
}

/** The order number of the page's URL (?order=). */
export function orderNumberOf(page: Page): string {
  const order = new URL(page.url()).searchParams.get('order')
  if (!order) throw new Error(`no order in ${page.url()}`)
  return order
}

/** Says no to every one-time offer until the thank-you page. */
export async function declineOffersUntilThankYou(page: Page) {
  for (let i = 0; i < 10 && /\/special-offer\//.test(page.url()); i++) {
    const from = page.url()
    await waitForHydration(page)
    const decline = page.locator('button[name="intent"][value="decline"]')
    await decline.waitFor({ state: 'visible' })
    await waitForScrollReset(page)
    await Promise.all([page.waitForURL((url) => url.toString() !== from), decline.click()])
  }
  await page.waitForURL(/\/thank-you\?order=/)
  // the address changes before the router has drawn the page it leads to
  await page.getByRole('heading', { name: 'Thank You', level: 1 }).waitFor()
}

export interface ApiOrder {
  order_number: string
  status: string
  total: number
  shipping_method: string
  items: { name: string; offer_id: string | null }[]
  payments: { card_brand: string | null; last4: string | null }[]
}

export async function orderFromApi(page: Page, orderNumber: string): Promise<ApiOrder> {
  return apiFromPage<ApiOrder>(page, `/api/orders/${orderNumber}`)
}

export async function expectOnCheckoutWith(page: Page, text: RegExp) {
  await expect.poll(async () => (await cardError(page).count()) > 0 && text.test(await cardError(page).innerText()), { timeout: 15_000 }).toBe(true)
  expect(new URL(page.url()).pathname).toBe('/checkout')
}
