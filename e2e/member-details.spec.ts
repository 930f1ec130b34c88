/**
 * Details a customer meets in the members area and on item pages: the address book rendered once
 * (no second render in the browser), its buttons named as they read, the wishlist button knowing
 * what is saved, and focus coming back after the cart drawer closes.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addFirstAvailableSize, cartDrawer, waitForHydration } from './support/cart-utils.ts'
import { ADDRESS, CARDS, cartWithFirstItem, checkoutFromDrawer, declineBumpsUntilCheckout, fillAddress, fillCard, placeOrder } from './support/checkout-utils.ts'
import { apiFromPage, launch, newPage, originOf, seriousAxeViolations } from './support/browser.ts'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(() => browser?.close())

const origin = originOf('localhost')

/** Console errors and uncaught errors of the page, React's hydration errors (#418, #423) among them. */
function collectErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(String(error)))
  return errors
}

async function postFromPage(page: Page, path: string, body: unknown): Promise<number> {
  return page.evaluate(
    async ([url, payload]) => {
      const response = await fetch(url as string, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) })
      return response.status
    },
    [path, body] as const,
  )
}

async function registeredCustomer(page: Page, name: string) {
  await page.goto(`${origin}/register`)
  await waitForHydration(page)
  const status = await postFromPage(page, '/api/register', {
    name,
    email: `details-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`,
    password: 'squat-proof-123',
  })
  expect(status).toBe(200)
}

describe('member details in the browser', () => {
  it('renders an address book abroad once, names countries as the server does, and names its buttons as they read', async () => {
    const { context, page } = await newPage(browser, { width: 390 })
    const errors = collectErrors(page)
    try {
      await registeredCustomer(page, 'Fay Falkland')
      // Node and Chromium name this region differently through Intl ("Falkland Islands (Islas Malvinas)")
      expect(
        await postFromPage(page, '/api/addresses', {
          address_type: 'shipping',
          name: 'Fay Falkland',
          country: 'FK',
          address: '1 Ross Road',
          city: 'Stanley',
          zip: 'FIQQ 1ZZ',
          phone: '+500 21234',
        }),
      ).toBe(200)
      expect(
        await postFromPage(page, '/api/addresses', {
          address_type: 'shipping',
          name: 'Fay Falkland',
          country: 'CI',
          address: '2 Rue du Commerce',
          city: 'Abidjan',
          zip: '',
          phone: '+225 2720000000',
        }),
      ).toBe(200)
      errors.length = 0
      await page.goto(`${origin}/addresses`)
      await waitForHydration(page)
      await page.waitForLoadState('networkidle')
      expect(await page.locator('.member-cards').innerText()).toContain('Falkland Islands')
      expect(await page.locator('.member-cards').innerText()).toContain('Côte d’Ivoire')
      expect(errors).toEqual([])
      // the second address offers "Make default", and its name starts with what it reads
      const makeDefault = page.getByRole('button', { name: /^Make default/ })
      expect(await makeDefault.count()).toBe(1)
      const violations = await seriousAxeViolations(page)
      expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
    } finally {
      await context.close()
    }
  })

  it('the item page says an item is on the wishlist, after a reload too, and takes it off again', async () => {
    const { context, page } = await newPage(browser)
    try {
      await registeredCustomer(page, 'Wes Wisher')
      await page.goto(`${origin}/category/leggings`)
      const href = (await page.locator('main a[href^="/item/"]').first().getAttribute('href'))!
      const itemId = Number(href.split('/').pop())
      await page.goto(`${origin}${href}`)
      await waitForHydration(page)
      await page.getByRole('button', { name: 'Add to wishlist' }).click()
      await expect.poll(() => page.getByRole('button', { name: 'Remove from wishlist' }).count()).toBe(1)

      await page.reload()
      await waitForHydration(page)
      await expect.poll(() => page.getByRole('button', { name: 'Remove from wishlist' }).count()).toBe(1)
      expect(await page.getByRole('button', { name: 'Add to wishlist' }).count()).toBe(0)
      expect(await page.locator('.wishlist-button [role="status"]').innerText()).toContain('On your wishlist')

      await page.getByRole('button', { name: 'Remove from wishlist' }).click()
      await expect.poll(() => page.getByRole('button', { name: 'Add to wishlist' }).count()).toBe(1)
      expect(page.url()).toBe(`${origin}${href}`)
      const wished = await apiFromPage<{ item: { id: number } }[]>(page, '/api/wishlist')
      expect(wished.map((entry) => entry.item.id)).not.toContain(itemId)
    } finally {
      await context.close()
    }
  })

  it('a former member whose month is paid is led from /checkout-club to rejoin at no charge, and rejoins', async () => {
    const { context, page } = await newPage(browser, { width: 390 })
    try {
      await registeredCustomer(page, 'Rhea Rejoin')
      const joined = await page.evaluate(async () => {
        const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
          fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })
        const items = (await (await fetch('/api/categories/leggings')).json()) as { data: { items: { id: number }[] } }
        const item = (await (await fetch(`/api/items/${items.data.items[0]!.id}`)).json()) as { data: { id: number; availableSizes: string[] } }
        await post('/api/cart/items', { item_id: item.data.id, size: item.data.availableSizes[0], qty: 1 })
        await post('/api/checkout/flow', { checkout_flow: 'checkout_club_flow' })
        const token = (
          (await (await post('/api/payments/test-tokens', { number: '4242424242424242', cvc: '123', exp_month: '12', exp_year: String(new Date().getFullYear() + 3) })).json()) as {
            data: { token: string }
          }
        ).data.token
        const address = {
          email: `rhea-${Date.now()}@example.com`,
          shipping_name: 'Rhea Rejoin',
          shipping_country: 'US',
          shipping_address: '12 Analytical Way',
          shipping_city: 'Austin',
          shipping_state: 'TX',
          shipping_zip: '78701',
          shipping_phone: '(512) 555-0100',
          billing_same: 'true',
        }
        const placed = await post('/api/checkout', { ...address, payment_token: token, shipping_method: 'standard' }, { 'idempotency-key': crypto.randomUUID() })
        const cancelled = await post('/api/membership/cancel', {})
        return [placed.status, cancelled.status]
      })
      expect(joined).toEqual([200, 200])

      await page.goto(`${origin}/checkout-club`)
      await waitForHydration(page)
      expect(await page.locator('main').innerText()).toMatch(/Nothing is due until [A-Z][a-z]+ \d{1,2}, \d{4}: rejoin before then and nothing is charged today/)
      await page.getByRole('link', { name: 'Rejoin VIP at no charge today' }).click()
      await page.waitForURL(/\/vip-rejoin-test$/)
      await waitForHydration(page)
      await page.getByRole('button', { name: /^Rejoin VIP: nothing charged today/ }).click()
      await expect.poll(() => page.getByRole('status').first().innerText()).toContain('Welcome back to VIP')
      const membership = await apiFromPage<{ status: string; paid_through: string | null }>(page, '/api/membership')
      expect(membership).toMatchObject({ status: 'active', paid_through: null })
    } finally {
      await context.close()
    }
  })

  it('a store without a club (glow) has no club pages: /checkout-club and /vip-rejoin-test are 404s, not a join form taking a card', async () => {
    const { context, page } = await newPage(browser, { width: 390 })
    try {
      for (const path of ['/checkout-club', '/vip-rejoin-test']) {
        const response = await page.goto(`${originOf('glow.localhost')}${path}`)
        expect(response?.status(), path).toBe(404)
        expect(await page.locator('input[name="card_number"], #club-card_number, #card-number').count(), path).toBe(0)
      }
    } finally {
      await context.close()
    }
  })

  it('at 390 px, a refused order (First15 on a second order) brings its message into view: the button does not seem to do nothing', async () => {
    const email = `second-${Date.now()}@example.com`
    const first = await newPage(browser, { width: 390 })
    try {
      await cartWithFirstItem(first.page)
      await checkoutFromDrawer(first.page)
      await declineBumpsUntilCheckout(first.page)
      await fillAddress(first.page, { ...ADDRESS, email })
      await fillCard(first.page, CARDS.success)
      await placeOrder(first.page)
      await first.page.waitForURL(/special-offer|thank-you/, { timeout: 20_000 })
    } finally {
      await first.context.close()
    }
    const { context, page } = await newPage(browser, { width: 390 })
    try {
      await cartWithFirstItem(page)
      const drawer = cartDrawer(page)
      await drawer.getByLabel('Discount code').fill('First15')
      await drawer.getByRole('button', { name: /apply/i }).click()
      await expect.poll(async () => (await apiFromPage<{ discount_code_name: string | null }>(page, '/api/cart')).discount_code_name).toBe('First15')
      await checkoutFromDrawer(page)
      await declineBumpsUntilCheckout(page)
      await fillAddress(page, { ...ADDRESS, email })
      await fillCard(page, CARDS.success)
      await page.getByRole('button', { name: /^Place order/ }).click()
      const message = page.locator('#checkout-errors')
      await expect.poll(() => message.innerText(), { timeout: 15_000 }).toMatch(/First15 is for a first order/)
      await expect
        .poll(() =>
          message.evaluate((el) => {
            const box = el.getBoundingClientRect()
            return box.bottom > 0 && box.top < window.innerHeight
          }),
        )
        .toBe(true)
    } finally {
      await context.close()
    }
  })

  it('Escape closes the cart drawer and focus comes back to the page, not to nowhere', async () => {
    const { context, page } = await newPage(browser, { width: 390 })
    try {
      await page.goto(`${origin}/category/leggings`)
      await page.locator('main a[href^="/item/"]').first().click()
      await page.waitForURL(/\/item\/\d+/)
      await waitForHydration(page)
      await addFirstAvailableSize(page)
      await expect.poll(() => cartDrawer(page).evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true)
      await page.keyboard.press('Escape')
      await expect.poll(() => page.evaluate(() => document.querySelector('.drawer[data-open="true"]') === null)).toBe(true)
      const focused = await page.evaluate(() => {
        const active = document.activeElement
        return active === document.body || active === null ? 'nothing' : (active.getAttribute('aria-label') ?? active.textContent ?? '').trim()
      })
      expect(focused).toMatch(/^(Cart, \d+ items?|Add to cart|Add to bag)/i)
    } finally {
      await context.close()
    }
  })
})
