/**
 * The one-time offers after "Place order" (/special-offer/{id}?order=N, then /thank-you), offer by
 * offer as a shopper meets them (popfit: pf-oto-1 one pair of leggings, pf-oto-2 two pairs of one
 * style, pf-oto-3 a top by category):
 * - each offer starts afresh: "Yes" on the first one led to the second with both buttons disabled,
 *   reading "Adding to your order…", for good (the first offer's form was reused);
 * - the thank-you page lists what was accepted;
 * - an offer of two pieces says what it adds ("2 Leggings for $39.99", one style for both);
 * - Back to an offer already answered says so at once and leads on;
 * - a "Yes" the store refuses as closed for the order (said no to elsewhere) leads on too;
 * - the picker's radios are one size on every card at 390 px;
 * - an offer with no piece that saves this shopper money is passed over (ckb's "Bralette for $29.99"
 *   for a member, whose bralettes all cost less: it charged a member $29.99 for a $19.99 piece).
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiFromPage, launch, newPage, originOf } from './support/browser.ts'
import { checkUntilHeld, waitForHydration, waitForScrollReset } from './support/cart-utils.ts'
import { fillClubCheckout, registerForClubCheckout } from './support/club-utils.ts'
import {
  CARDS,
  cartWithFirstItem,
  checkoutFromDrawer,
  chooseFirstSize,
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

const yesButton = (page: Page) => page.getByRole('button', { name: /^(Yes, add it to my order|Adding to your order)/ })
const noButton = (page: Page) => page.locator('button[name="intent"][value="decline"]')
const heading = (page: Page) => page.locator('h1')

/** A visitor's order paid with a card that goes through (popfit unless said): the page is the brand's first one-time offer. */
async function placeAnOrder(page: Page, brand = { host: 'localhost', mainPath: '/category/leggings', firstOffer: 'pf-oto-1' }): Promise<string> {
  await cartWithFirstItem(page, brand.host, brand.mainPath)
  await checkoutFromDrawer(page)
  await declineBumpsUntilCheckout(page)
  await fillAddress(page)
  await fillCard(page, CARDS.success)
  await placeOrder(page)
  await page.waitForURL(new RegExp(`/special-offer/${brand.firstOffer}\\?order=\\d+`), { timeout: 20_000 })
  await waitForHydration(page)
  return orderNumberOf(page)
}

/** Waits until the page shows the offer `id` with its buttons ready (the URL changes before the page is drawn). */
async function onOffer(page: Page, id: string, headline: string) {
  await page.waitForURL(new RegExp(`/special-offer/${id}\\?order=\\d+`), { timeout: 20_000 })
  await expect.poll(() => heading(page).innerText(), { timeout: 15_000 }).toBe(headline)
  await expect.poll(() => yesButton(page).isEnabled(), { timeout: 10_000 }).toBe(true)
  await expect.poll(() => noButton(page).isEnabled()).toBe(true)
}

/** "Yes" on the offer shown: the card of `piece` (when there are cards), the first size (when asked), then on to the next page. */
async function acceptOffer(page: Page, piece = 0) {
  const from = page.url()
  await waitForScrollReset(page)
  const cards = page.locator('.choice input[type="radio"]')
  if ((await cards.count()) > 0) await checkUntilHeld(cards.nth(piece))
  if ((await page.locator('.size-picker input[type="radio"]').count()) > 0) await chooseFirstSize(page)
  try {
    await Promise.all([page.waitForURL((url) => url.toString() !== from, { timeout: 20_000 }), yesButton(page).click()])
  } catch (error) {
    // say what the page showed instead of the next one (a refusal), so a failure can be read
    const alerts = await page
      .getByRole('alert')
      .allInnerTexts()
      .catch(() => [])
    throw new Error(`"Yes" at ${from} did not lead on; alerts: ${JSON.stringify(alerts)}`, { cause: error })
  }
}

/** The thank-you page's lines added after checkout. */
async function addedLines(page: Page): Promise<string[]> {
  await page.getByRole('heading', { name: 'Thank You', level: 1 }).waitFor()
  return (await page.locator('.summary-line').allInnerTexts()).filter((text) => text.includes('added after checkout'))
}

describe('the one-time offers after an order', () => {
  it('accepts the first offer, then the second starts afresh and is accepted too; the thank-you page lists both', async () => {
    const { context, page } = await newPage(browser)
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    try {
      const orderNumber = await placeAnOrder(page)
      await onOffer(page, 'pf-oto-1', 'Wait! Add another pair of leggings for $29.99')
      expect(await page.locator('.offer-price').innerText()).toBe('Leggings for $29.99')
      // a piece other than the first, so the next offer's own first choice shows it was not carried over
      await acceptOffer(page, 1)

      // the second offer: both buttons work, nothing of the first is left (no choice of size, no error)
      await onOffer(page, 'pf-oto-2', 'Two more pairs for $39.99')
      expect(await yesButton(page).innerText()).toBe('Yes, add it to my order for $39.99')
      expect(await page.getByText('Adding to your order…').count()).toBe(0)
      expect(await page.locator('.size-picker input:checked').count()).toBe(0)
      expect((await page.locator('.offer-actions .form-error').innerText()).trim()).toBe('')
      expect(await page.locator('.choice input[type="radio"]').first().isChecked()).toBe(true)
      // what it says is what it does: two pairs of the one style chosen, in one size, counted once
      expect(await page.locator('.offer-price').innerText()).toBe('2 Leggings for $39.99')
      expect(await page.locator('.choice-grid legend').innerText()).toBe('Choose one style for both')
      const firstCard = (await page.locator('.choice').first().innerText()).trim()
      expect(await page.locator('.offer-summary').innerText()).toBe(`You get 2 × ${firstCard}, both in the size you choose.`)
      expect(await page.locator('.offer-copy').innerText()).not.toMatch(/mix|any two/i)
      await acceptOffer(page)

      await onOffer(page, 'pf-oto-3', 'Complete the look for $24.99')
      await declineOffersUntilThankYou(page)
      expect(new URL(page.url()).searchParams.get('order')).toBe(orderNumber)

      const order = await orderFromApi(page, orderNumber)
      const byOffer = (id: string) => order.items.filter((item) => item.offer_id === id)
      expect(byOffer('pf-oto-1')).toHaveLength(1)
      // two pieces of one item: two lines, the price spread over them
      expect(byOffer('pf-oto-2')).toHaveLength(2)
      expect(new Set(byOffer('pf-oto-2').map((item) => item.name)).size).toBe(1)
      expect(byOffer('pf-oto-3')).toHaveLength(0)
      const lines = await addedLines(page)
      expect(lines).toHaveLength(3)
      expect(lines.filter((line) => line.includes(byOffer('pf-oto-1')[0]!.name))).not.toHaveLength(0)
      expect(lines.filter((line) => line.includes(byOffer('pf-oto-2')[0]!.name))).not.toHaveLength(0)

      // Back: the offer passed on says so at once, and so does the one accepted, with what it added
      await page.goBack()
      await page.waitForURL(/\/special-offer\/pf-oto-3\?/)
      await expect.poll(() => heading(page).innerText()).toBe('You passed on this offer')
      expect(await yesButton(page).count()).toBe(0)
      expect(await page.getByRole('link', { name: 'See your order' }).getAttribute('href')).toBe(`/thank-you?order=${orderNumber}`)
      await page.goBack()
      await page.waitForURL(/\/special-offer\/pf-oto-2\?/)
      await expect.poll(() => heading(page).innerText()).toBe('Added to your order')
      expect(await page.locator('.offer-added').innerText()).toMatch(new RegExp(`^2 × ${escapeRegExp(byOffer('pf-oto-2')[0]!.name)}`))
      expect(await noButton(page).count()).toBe(0)
      await page.getByRole('link', { name: 'Continue' }).click()
      await page.waitForURL(/\/special-offer\/pf-oto-3\?/)
      await expect.poll(() => heading(page).innerText()).toBe('You passed on this offer')
      expect(errors).toEqual([])
    } finally {
      await context.close()
    }
  })

  it('says "+ tax" where the order paid sales tax (glow: 6%), so the button names what the card is charged', async () => {
    const { context, page } = await newPage(browser, { width: 390 })
    try {
      const orderNumber = await placeAnOrder(page, { host: 'glow.localhost', mainPath: '/category/loungewear', firstOffer: 'glow-oto-1' })
      const order = (await orderFromApi(page, orderNumber)) as unknown as { tax: number }
      expect(order.tax).toBeGreaterThan(0)
      await expect.poll(() => yesButton(page).innerText()).toBe('Yes, add it to my order for $24.99 + tax')
      expect(await page.locator('main').innerText()).toContain('with sales tax at your order’s rate')
      // the next offer's category picker names its categories as a shopper reads them, not by their slugs
      await waitForScrollReset(page)
      await Promise.all([page.waitForURL(/\/special-offer\/glow-oto-2\?/, { timeout: 20_000 }), noButton(page).click()])
      await waitForHydration(page)
      await expect.poll(() => page.locator('#offer-category option').allInnerTexts()).toEqual(['Robes', 'Sets'])
    } finally {
      await context.close()
    }
  })

  it('accepts the first offer and declines the second, at 390 px: one line added, the radios alike, Back says each answer', async () => {
    const { context, page } = await newPage(browser, { width: 390 })
    try {
      const orderNumber = await placeAnOrder(page)
      await onOffer(page, 'pf-oto-1', 'Wait! Add another pair of leggings for $29.99')
      await acceptOffer(page)
      await onOffer(page, 'pf-oto-2', 'Two more pairs for $39.99')

      // every card's radio the same size, whatever its name's length (names wrap at this width)
      const radios = await page.locator('.choice input[type="radio"]').evaluateAll((inputs) =>
        inputs.map((input) => {
          const box = input.getBoundingClientRect()
          return `${Math.round(box.width)}x${Math.round(box.height)}`
        }),
      )
      expect(radios.length).toBeGreaterThan(6)
      expect(new Set(radios)).toEqual(new Set([radios[0]]))
      expect(radios[0]).toMatch(/^1[6-9]x1[6-9]$/)

      // "No thanks" on the second
      await waitForScrollReset(page)
      await Promise.all([page.waitForURL(/\/special-offer\/pf-oto-3\?/, { timeout: 20_000 }), noButton(page).click()])
      await onOffer(page, 'pf-oto-3', 'Complete the look for $24.99')

      // the third is said no to elsewhere (another tab) while shown here: "Yes" is refused, and the page leads on
      const declined = await page.evaluate(async (order) => {
        const response = await fetch('/api/one-time-offers/pf-oto-3/decline', {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ order_number: order }),
        })
        return response.status
      }, orderNumber)
      expect(declined).toBe(200)
      await chooseFirstSize(page)
      await yesButton(page).click()
      await expect.poll(() => page.locator('.offer-actions .form-error').innerText(), { timeout: 15_000 }).toMatch(/You said no thanks to this offer/)
      await page.locator('.form-error').getByRole('link', { name: 'See your order' }).click()
      await page.waitForURL(/\/thank-you\?order=/)

      const order = await orderFromApi(page, orderNumber)
      expect(order.items.filter((item) => item.offer_id !== null).map((item) => item.offer_id)).toEqual(['pf-oto-1'])
      expect(await addedLines(page)).toHaveLength(1)

      // straight back to the second offer (an old tab, the history): passed on, at once
      await page.goto(page.url().replace(/\/thank-you\?/, '/special-offer/pf-oto-2?'))
      expect(await heading(page).innerText()).toBe('You passed on this offer')
      expect(await page.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe(`/special-offer/pf-oto-3?order=${orderNumber}`)
      // and to the first: added, saying what
      await page.goto(page.url().replace('/pf-oto-2?', '/pf-oto-1?'))
      expect(await heading(page).innerText()).toBe('Added to your order')
      expect(await page.locator('.offer-added').innerText()).toContain(order.items.find((item) => item.offer_id === 'pf-oto-1')!.name)
      expect(await yesButton(page).count()).toBe(0)

      // and back at /checkout (Back from the first offer): the order is placed, not only "Your cart is empty"
      await page.goto(page.url().replace(/\/special-offer\/pf-oto-1\?.*$/, '/checkout'))
      await expect.poll(() => page.locator('main').innerText()).toContain(`Your order ${orderNumber} is placed.`)
      expect(await page.getByRole('link', { name: 'See your order' }).getAttribute('href')).toBe(`/thank-you?order=${orderNumber}`)
    } finally {
      await context.close()
    }
  })

  it("passes over an offer with no piece that saves a member money: ckb's bralettes cost a member less than the offer's $29.99", async () => {
    const { context, page } = await newPage(browser)
    const ckb = originOf('ckb.localhost')
    try {
      await registerForClubCheckout(page, 'Olive Offer', 'offer-member', 'ckb.localhost')
      await fillClubCheckout(page, CARDS.success)
      await page.getByRole('button', { name: /Join VIP/ }).click()
      await expect.poll(() => page.locator('[role="status"]').innerText(), { timeout: 15_000 }).toMatch(/You're a VIP member/)

      // a member's order: the first offer (three pairs) is open to them, the bralette offer is not
      await cartWithFirstItem(page, 'ckb.localhost', '/category/underwear')
      await checkoutFromDrawer(page)
      await declineBumpsUntilCheckout(page)
      await fillAddress(page)
      if ((await page.getByLabel('Card number').count()) > 0) await fillCard(page, CARDS.success)
      await placeOrder(page)
      await page.waitForURL(/\/special-offer\/ckb-oto-1\?order=\d+/, { timeout: 20_000 })
      const orderNumber = orderNumberOf(page)
      const threePairs = await apiFromPage<{ headline: string; choices: unknown[] }>(page, `/api/one-time-offers/ckb-oto-1?order=${orderNumber}`)
      expect(threePairs.choices).not.toEqual([])
      await onOffer(page, 'ckb-oto-1', threePairs.headline)
      const bralettes = await apiFromPage<{ choices: unknown[] }>(page, `/api/one-time-offers/ckb-oto-2?order=${orderNumber}`)
      expect(bralettes.choices).toEqual([])
      await waitForScrollReset(page)
      await Promise.all([page.waitForURL(/\/thank-you\?order=/, { timeout: 20_000 }), noButton(page).click()])
      await page.getByRole('heading', { name: 'Thank You', level: 1 }).waitFor()
      // straight to the thank-you page, and the offer's own address leads there too
      await page.goto(`${ckb}/special-offer/ckb-oto-2?order=${orderNumber}`)
      await page.waitForURL(/\/thank-you\?order=/)
    } finally {
      await context.close()
    }
  })
})

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
