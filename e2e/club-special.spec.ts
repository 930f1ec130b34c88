/**
 * A special charges and does what it says (issue 33 item 8): ckb's `ckb-vip-optin` says "Join VIP and get your
 * first pair for $24.99", but a visitor who claimed it got a $14.99 thong in the cart, was charged $14.99 at
 * checkout, joined nothing, and the line kept the "Join VIP" banner. Now the special is the club's join: the
 * visitor is asked to log in or make an account at checkout, and then joins with the pair as the first
 * month's pick, for $24.99.
 *
 * And /checkout-club looked like another store: browser-default fieldsets, separate MM and YYYY boxes, no digit
 * grouping, no order summary. It has the checkout's card form, layout and order summary now.
 */
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiFromPage, launch, newPage, originOf } from './support/browser.ts'
import { waitForHydration } from './support/cart-utils.ts'
import { ADDRESS, CARDS, cartWithFirstItem, chooseFirstSize, declineBumpsUntilCheckout, fillAddress, fillCard } from './support/checkout-utils.ts'
import { registerForClubCheckout } from './support/club-utils.ts'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(() => browser?.close())

describe("ckb's club special (ckb-vip-optin), claimed by a visitor", () => {
  it('leads to the join: an account first, then the first month, $24.99, with the pair as its pick', async () => {
    const { context, page } = await newPage(browser)
    try {
      await page.goto(`${originOf('ckb.localhost')}/social_media_specials/ckb-vip-optin`)
      await waitForHydration(page)
      expect(await page.getByTestId('club-special-terms').innerText()).toMatch(/starts your VIP membership: \$24\.99 today for your first month/)
      await chooseFirstSize(page)
      await page.getByRole('button', { name: 'Claim my $24.99 offer' }).click()
      await page.waitForURL(/\/checkout-ob\/|\/checkout$/)
      await waitForHydration(page)
      await declineBumpsUntilCheckout(page)

      // a visitor cannot join: the page says how to, and the order cannot be placed as an ordinary one
      await expect.poll(() => page.getByTestId('club-join-account').count(), { timeout: 10_000 }).toBe(1)
      expect(await page.locator('main').innerText()).toMatch(/Log in or create an account to join VIP/)
      expect(await page.locator('.summary-line .summary-price').allInnerTexts()).toEqual(['$0.00'])

      await page.getByTestId('club-join-account').getByRole('link', { name: 'create an account' }).click()
      await page.waitForURL(/\/register/)
      // the link is the router's: the address changes before the register page replaces the checkout, whose own
      // 'Full name' and 'Email' boxes would otherwise take the typing (the account was then made of empty fields)
      await page.getByRole('button', { name: 'Create account' }).waitFor()
      await page.getByLabel('Full name').fill(ADDRESS.name)
      await page.getByLabel('Email').fill(`club-special-${Date.now()}@example.com`)
      await page.getByLabel('Password').fill('squat-proof-123')
      await page.getByRole('button', { name: 'Create account' }).click()
      await page.waitForURL(/\/checkout$/)
      await waitForHydration(page)

      // now the order joins: the first month's fee, the pair at $0.00, free shipping
      await expect.poll(() => page.getByTestId('club-join-notice').innerText(), { timeout: 10_000 }).toMatch(/makes you a VIP member: \$24\.99 today for your first month/)
      await fillAddress(page)
      await fillCard(page, CARDS.success)
      const join = page.getByRole('button', { name: /^Join VIP and pay \$/ })
      await expect.poll(() => join.isVisible(), { timeout: 10_000 }).toBe(true)
      await join.click()
      await page.waitForURL(/\/(special-offer|thank-you|checkout-styleprofile)[/?]/, { timeout: 20_000 })
      const orderNumber = new URL(page.url()).searchParams.get('order')!
      const order = await apiFromPage<{ club_fee: number; subtotal: number; items: { total: number; banner?: string | null }[] }>(page, `/api/orders/${orderNumber}`)
      expect(order.club_fee).toBe(24.99)
      expect(order.subtotal).toBe(24.99)
      expect(order.items.map((line) => line.total)).toEqual([0])
      expect((await apiFromPage<{ has_club: boolean }>(page, '/api/cart')).has_club).toBe(true)
    } finally {
      await context.close()
    }
  })
})

/** The look of a page's first fieldset and where its form and summary sit. */
async function looks(page: import('playwright-core').Page, form: string) {
  return page.evaluate((formSelector) => {
    const fieldset = document.querySelector(`${formSelector} fieldset`)!
    const style = getComputedStyle(fieldset)
    const formBox = document.querySelector(formSelector)!.getBoundingClientRect()
    const summaryBox = document.querySelector('.order-summary')!.getBoundingClientRect()
    return {
      fieldset: { border: `${style.borderTopStyle} ${style.borderTopColor}`, radius: style.borderTopLeftRadius, padding: style.paddingTop },
      summaryBeside: summaryBox.left >= formBox.right,
      summaryAbove: summaryBox.bottom <= formBox.top,
    }
  }, form)
}

describe('the club checkout (/checkout-club) looks like the checkout', () => {
  for (const width of [390, 1280]) {
    it(`has the checkout's card form, layout and order summary at ${width} px`, async () => {
      const { context, page } = await newPage(browser, { width })
      try {
        await registerForClubCheckout(page, 'Lena Look', `club-look-${width}`, 'ckb.localhost')
        // the checkout's card form: one expiry box (MM / YY), the number grouped in fours as it is typed
        expect(await page.getByLabel('Expiry month (MM)').count()).toBe(0)
        await page.getByLabel('Card number').pressSequentially('4242424242424242')
        expect(await page.getByLabel('Card number').inputValue()).toBe('4242 4242 4242 4242')
        await page.getByLabel('Expiry (MM / YY)').pressSequentially('1230')
        expect(await page.getByLabel('Expiry (MM / YY)').inputValue()).toBe('12 / 30')
        // an order summary with what joining charges today
        const summary = page.locator('.order-summary')
        expect(await summary.getByRole('heading', { name: 'Order summary' }).count()).toBe(1)
        expect(await summary.getByTestId('club-fee').innerText()).toMatch(/VIP membership, first month\s+\$24\.99/)
        expect(await summary.getByTestId('checkout-total').innerText()).toContain('$24.99')
        const club = await looks(page, 'form.club-form')

        // the checkout's own page at the same width, with something in the cart
        await cartWithFirstItem(page, 'ckb.localhost', '/category/underwear')
        await page.goto(`${originOf('ckb.localhost')}/checkout`)
        await waitForHydration(page)
        const checkout = await looks(page, 'form.checkout-form')
        expect(club).toEqual(checkout)
        expect(club.fieldset.border).not.toMatch(/^groove/)
        // beside the form on a wide screen, above it on a phone, as at /checkout
        expect(width === 1280 ? club.summaryBeside : club.summaryAbove).toBe(true)
      } finally {
        await context.close()
      }
    })
  }
})
