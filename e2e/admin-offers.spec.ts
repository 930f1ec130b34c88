/**
 * Bundle offers and social-media specials in the operator area, in a real browser
 * (docs/admin-promotions.md): a manager changes a bundle's price and a shopper's checkout prices
 * with it at once; the manager edits a special's headline and its landing shows it; axe on each page.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addStaffMember, adminLogin } from './support/admin-utils.ts'
import { launch, newPage, originOf, seriousAxeViolations } from './support/browser.ts'
import { addFirstAvailableSize, openFirstItem, waitForHydration } from './support/cart-utils.ts'

let browser: Browser
let manager: string
beforeAll(async () => {
  browser = await launch()
  manager = addStaffMember('manager')
})
afterAll(() => browser?.close())

async function expectNoAxeViolations(page: Page, where: string) {
  const violations = await seriousAxeViolations(page)
  expect(violations.map((v) => `${where}: ${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
}

/** What the checkout's summary says the bundles save, in dollars. */
async function bundleSaving(page: Page): Promise<number> {
  await page.goto(`${originOf('localhost')}/checkout`)
  await waitForHydration(page)
  const text = await page.locator('.cart-bundle-savings dd').first().textContent({ timeout: 10_000 })
  return Number((text ?? '').replace(/[^0-9.]/g, ''))
}

describe('bundle offers and specials in the operator area', () => {
  it("a manager changes a bundle's price; the shopper's checkout saves the new way at once", async () => {
    const { context, page } = await newPage(browser)
    const shopper = await newPage(browser)
    try {
      // the shopper has three of one legging in the cart (one through the page, two more as the drawer's + would)
      await shopper.page.goto(`${originOf('localhost')}/category/leggings`)
      await waitForHydration(shopper.page)
      await openFirstItem(shopper.page)
      await waitForHydration(shopper.page)
      await addFirstAvailableSize(shopper.page)
      const line = await shopper.page.evaluate(async () => {
        const cart = (await (await fetch('/api/cart')).json()) as { data: { items: { item_id: number; size: string; price: number }[] } }
        const first = cart.data.items[0]!
        await fetch('/api/cart/items', { method: 'POST', body: new URLSearchParams({ item_id: String(first.item_id), size: first.size, qty: '2' }) })
        return first
      })
      const before = await bundleSaving(shopper.page)
      expect(before).toBeCloseTo(line.price * 3 - 75, 2)

      await adminLogin(page, manager)
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Promotions' }).click()
      await page.getByRole('table', { name: 'Bundle offers' }).waitFor()
      await page.getByRole('table', { name: 'Bundle offers' }).getByRole('link', { name: 'leggings-3-for-75' }).click()
      await page.getByRole('heading', { name: 'Bundle offer: leggings-3-for-75' }).waitFor()
      await expectNoAxeViolations(page, 'bundle offer')
      // refused at its field, in words
      await page.getByLabel('Pieces', { exact: true }).fill('1')
      await page.getByRole('button', { name: 'Save' }).click()
      await expect.poll(() => page.locator('#how_many-error').textContent()).toBe('A bundle is at least 2 pieces')
      await page.getByLabel('Pieces', { exact: true }).fill('3')
      await page.getByLabel('Price of the pieces together ($)').fill('66')
      await page.getByRole('button', { name: 'Save' }).click()
      await page.getByText('Saved. Carts price with it now.').waitFor()

      expect(await bundleSaving(shopper.page)).toBeCloseTo(line.price * 3 - 66, 2)
    } finally {
      await shopper.context.close()
      await context.close()
    }
  })

  it("a manager edits a special's headline and its landing shows it; a new free gift is made from the page", async () => {
    const { context, page } = await newPage(browser, { width: 390 })
    const shopper = await newPage(browser)
    try {
      await adminLogin(page, manager)
      await page.goto(`${originOf('localhost')}/admin/promotions/specials/pf-vip-optin-main`)
      await page.getByRole('heading', { name: 'Special: pf-vip-optin-main' }).waitFor()
      await expectNoAxeViolations(page, 'special at 390 px')
      const headline = `Pockets for your phone, ${Date.now().toString(36)}`
      await page.getByLabel('Headline', { exact: true }).fill(headline)
      await page.getByRole('button', { name: 'Save' }).click()
      await page.getByText('Saved. Its landing shows it now.').waitFor()
      await shopper.page.goto(`${originOf('localhost')}/social_media_specials/pf-vip-optin-main`)
      await expect.poll(() => shopper.page.locator('h1').first().textContent()).toContain(headline)

      await page.goto(`${originOf('localhost')}/admin/promotions/specials/new`)
      await page.getByRole('heading', { name: 'New social media special' }).waitFor()
      await expectNoAxeViolations(page, 'new special')
      const address = `gift-${Date.now().toString(36)}`
      await page.getByLabel('Address (after /social_media_specials/)').fill(address)
      await page.getByLabel('Headline', { exact: true }).fill('A gift for you: just pay shipping')
      await page.getByLabel('Description', { exact: true }).fill('One pair on us.')
      const itemId = await shopper.page.evaluate(async () => {
        const answer = (await (await fetch('/api/social-media-specials/free-leggings')).json()) as { data: { item_id: number } }
        return answer.data.item_id
      })
      await page.getByLabel(/^Item \(its id/).fill(String(itemId))
      await page.getByLabel(/^Price/).fill('0')
      await page.getByRole('button', { name: 'Create' }).click()
      await page.getByRole('heading', { name: `Special: ${address}` }).waitFor()
      await shopper.page.goto(`${originOf('localhost')}/social_media_specials/${address}`)
      await expect.poll(() => shopper.page.locator('h1').first().textContent()).toContain('A gift for you')
    } finally {
      await shopper.context.close()
      await context.close()
    }
  })

  it("a manager edits a one-time offer's words and price: a bad price refused at its field, then saved, and put back", async () => {
    const { context, page } = await newPage(browser)
    try {
      await adminLogin(page, manager)
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Promotions' }).click()
      const offers = page.getByRole('table', { name: 'One-time offers' })
      await offers.waitFor()
      await offers.getByRole('link').first().click()
      await page.getByRole('heading', { name: /^One-time offer: / }).waitFor()
      await expectNoAxeViolations(page, 'one-time offer')
      const headline = page.getByLabel('Headline', { exact: true })
      const price = page.getByLabel('Price ($, for all the pieces)')
      const [wasHeadline, wasPrice] = [await headline.inputValue(), await price.inputValue()]

      await price.fill('free')
      await page.getByRole('button', { name: 'Save' }).click()
      await expect.poll(() => page.locator('#price-error').textContent()).toBeTruthy()
      expect(await price.getAttribute('aria-invalid')).toBe('true')

      const changed = `Just once: ${Date.now().toString(36)}`
      await headline.fill(changed)
      await price.fill('21.50')
      await page.getByRole('button', { name: 'Save' }).click()
      await page.getByText('Saved. Shoppers see it after their next payment.').waitFor()
      expect(await page.locator('#price-error').count()).toBe(0)
      await page.getByRole('link', { name: '← Promotions' }).click()
      await expect.poll(() => offers.textContent()).toContain(changed)
      await expect.poll(() => offers.textContent()).toContain('$21.50')

      // as it was, for the shoppers' funnel specs
      await offers.getByRole('link', { name: changed }).click()
      await headline.fill(wasHeadline)
      await price.fill(wasPrice)
      await page.getByRole('button', { name: 'Save' }).click()
      // the notice was cleared when the click started the save: this is the restore's
      await page.getByText('Saved. Shoppers see it after their next payment.').waitFor()
      await page.getByRole('link', { name: '← Promotions' }).click()
      await expect.poll(() => offers.textContent()).toContain(wasHeadline)
    } finally {
      await context.close()
    }
  })
})
