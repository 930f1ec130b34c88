import { expect } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { formatPrice, SCROLL_RESET_DELAY_MS } from '@store/core'
import { apiFromPage } from './browser.ts'

export interface ApiCart {
  items: { cartId: string; name: string; qty: number }[]
  cart_subtotal: number
  cart_discount: number
  cart_total: number
  discount_code_name: string | null
}

/** The page has hydrated: the storefront marks <html data-hydrated="true">. */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, { timeout: 20_000 })
}

/**
 * A page reached by a client-side navigation scrolls to the top SCROLL_RESET_DELAY_MS after it is drawn
 * (SPEC §2). A click aimed before that scroll lands where the page was (Playwright scrolls the target into
 * view, then presses at its place on the screen): a radio not chosen, a button not pressed. This waits
 * past that moment with a timer of the page's own, set after the page's, so it fires after it.
 */
export async function waitForScrollReset(page: Page) {
  await page.evaluate((ms) => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, ms))), SCROLL_RESET_DELAY_MS)
}

export async function openFirstItem(page: Page) {
  await page.locator('main a[href^="/item/"]').first().click()
  await page.waitForURL(/\/item\/\d+/)
}

export function cartDrawer(page: Page) {
  return page.locator('[role="dialog"]:has(.cart-drawer)')
}

/** Chooses the first size in stock and adds the item; the drawer opens with the line. */
/**
 * Checks a radio drawn inside its card or swatch (forced, so pressed where it was measured), again
 * until the choice holds: a page still settling after a client navigation can move it from under
 * the press. Fails if it never holds.
 */
export async function checkUntilHeld(radio: Locator) {
  await expect
    .poll(
      async () => {
        await radio.check({ force: true, timeout: 2_000 }).catch(() => undefined)
        return radio.isChecked()
      },
      { timeout: 10_000 },
    )
    .toBe(true)
}

/**
 * Adds the item in its first size offered. A visitor's item page may come from the page cache, which
 * follows stock changes at most once every STOCK_INVALIDATION_GAP_MS (5 s; docs/architecture.md): a
 * size the suite's last orders just sold out can still be offered, and the store then says "… is sold
 * out". As a shopper would, the next size offered is tried then (at most three); any other refusal fails.
 */
export async function addFirstAvailableSize(page: Page) {
  for (let nth = 0; ; nth++) {
    await checkUntilHeld(page.locator('input[type="radio"][name="size"]:not([disabled])').nth(nth))
    await page.getByRole('button', { name: /add to (cart|bag)/i }).click()
    try {
      await expect.poll(() => cartDrawer(page).locator('.cart-line').count(), { timeout: 10_000 }).toBeGreaterThan(0)
      return
    } catch (error) {
      // say what the page showed instead of the line (a refusal, another page), so a failure can be read
      const alerts = await page
        .getByRole('alert')
        .allInnerTexts()
        .catch(() => [])
      if (nth < 2 && alerts.some((alert) => / is sold out\.$/.test(alert.trim()))) continue
      throw new Error(`no cart line after "Add to cart" at ${page.url()}; alerts: ${JSON.stringify(alerts)}`, { cause: error })
    }
  }
}

/** Both ways the store may print an amount: '$10' and '$10.00'. */
export const priceForms = (amount: number) => [formatPrice(amount), formatPrice(amount, { keepZeroCents: true })]

/** Waits until the drawer's total line shows the server's cart total, and returns that cart. */
export async function expectDrawerTotalMatchesServer(page: Page): Promise<ApiCart> {
  let cart = await apiFromPage<ApiCart>(page, '/api/cart')
  await expect
    .poll(
      async () => {
        cart = await apiFromPage<ApiCart>(page, '/api/cart')
        const text = await cartDrawer(page).locator('.cart-total').innerText()
        return priceForms(cart.cart_total).some((form) => text.includes(form))
      },
      { timeout: 10_000 },
    )
    .toBe(true)
  return cart
}
