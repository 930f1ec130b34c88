/**
 * The operator area in a real browser (issue 35, DESIGN §8): an owner logs in, changes a
 * price and sees it on the storefront at once; a fulfilment user gets no catalogue edit
 * (neither in the page nor from the server); axe on each page, at desktop width and at
 * 390 px; the admin app's JavaScript never reaches a shopper's page.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addStaffMember, adminLogin } from './support/admin-utils.ts'
import { launch, newPage, originOf, seriousAxeViolations } from './support/browser.ts'

let browser: Browser
let owner: string
let fulfilment: string
beforeAll(async () => {
  browser = await launch()
  owner = addStaffMember('owner')
  fulfilment = addStaffMember('fulfilment')
})
afterAll(() => browser?.close())

async function expectNoAxeViolations(page: Page, where: string) {
  const violations = await seriousAxeViolations(page)
  expect(violations.map((v) => `${where}: ${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
}

/** The first item the storefront shows in its leggings, and its page's address. */
async function firstStoreItem(page: Page): Promise<{ id: number; path: string }> {
  await page.goto(`${originOf('localhost')}/category/leggings`)
  const path = (await page.locator('main a[href^="/item/"]').first().getAttribute('href'))!
  return { id: Number(/\/item\/(\d+)/.exec(path)![1]), path }
}

describe('the operator area', () => {
  it('passes axe on the login page and logs in by keyboard', async () => {
    const { context, page } = await newPage(browser)
    try {
      await page.goto(`${originOf('localhost')}/admin`)
      await page.getByRole('heading', { name: 'Log in to the store admin' }).waitFor()
      await expectNoAxeViolations(page, 'login')
      // keyboard only: Tab into the form, type, Enter
      await page.keyboard.press('Tab')
      await page.getByLabel('Email').focus()
      await page.keyboard.type(owner)
      await page.keyboard.press('Tab')
      await page.keyboard.type('wrong-password-here')
      await page.keyboard.press('Enter')
      await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/do not match/)
      await page.getByLabel('Password').fill('')
      await page.getByLabel('Password').focus()
      await page.keyboard.type('Harbour-lantern-Quartz-42')
      await page.keyboard.press('Enter')
      await page.getByRole('navigation', { name: 'Main' }).waitFor()
      // focus moves to the page's heading
      await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1')
      await expectNoAxeViolations(page, 'home')
    } finally {
      await context.close()
    }
  })

  it('lets the owner change a price that the storefront shows at once, and logs it in the audit', async () => {
    const { context, page } = await newPage(browser)
    try {
      const shopper = await newPage(browser)
      const item = await firstStoreItem(shopper.page)
      await adminLogin(page, owner)
      const nav = page.getByRole('navigation', { name: 'Main' })
      for (const name of ['Items', 'Audit log', 'Staff', 'Account']) await expect(await nav.getByRole('link', { name }).count()).toBe(1)

      await nav.getByRole('link', { name: 'Items' }).click()
      await page.getByRole('heading', { name: 'Items' }).waitFor()
      await page.getByRole('table').waitFor()
      await expectNoAxeViolations(page, 'items')
      await page.getByLabel('Search by name, colour or id').fill(String(item.id))
      await page.getByRole('button', { name: 'Search' }).click()
      await page.locator(`a[href="/admin/items/${item.id}"]`).click()
      const price = page.getByLabel('Price ($)')
      await price.waitFor()
      await expectNoAxeViolations(page, 'item')
      const newPrice = (Number(await price.inputValue()) - 1).toFixed(2)
      await price.fill(newPrice)
      await page.getByRole('button', { name: 'Save item' }).click()
      await expect.poll(() => page.getByRole('status').first().textContent()).toMatch(/Saved/)

      // the shopper, with no cookie, gets a page the cache was cleared of: the new price
      await shopper.page.goto(`${originOf('localhost')}${item.path}`)
      await expect.poll(() => shopper.page.locator('main').textContent()).toContain(`$${newPrice}`)
      await shopper.context.close()

      await nav.getByRole('link', { name: 'Audit log' }).click()
      await page.getByRole('heading', { name: 'Audit log' }).waitFor()
      await expect.poll(() => page.getByRole('table').textContent()).toContain(`item.update item ${item.id}`)
      await expectNoAxeViolations(page, 'audit')

      await nav.getByRole('link', { name: 'Staff' }).click()
      await page.getByRole('heading', { name: /Staff at/ }).waitFor()
      await expectNoAxeViolations(page, 'staff')
      await nav.getByRole('link', { name: 'Account' }).click()
      await page.getByRole('heading', { name: 'Your account' }).waitFor()
      await expectNoAxeViolations(page, 'account')
    } finally {
      await context.close()
    }
  })

  it('lets the owner add an item as a draft, its sizes in the store order', async () => {
    const { context, page } = await newPage(browser)
    try {
      await adminLogin(page, owner)
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Items' }).click()
      await page.getByRole('link', { name: 'Add an item' }).click()
      await page.getByRole('heading', { name: 'New item' }).waitFor()
      await page.getByLabel('Category').locator('option').first().waitFor({ state: 'attached' })
      await expectNoAxeViolations(page, 'new item')
      await page.getByLabel('Name').fill('Harbour Legging')
      await page.getByLabel('Colour').fill('Navy')
      await page.getByLabel('Price ($)').fill('54')
      await page.getByLabel(/^Sizes/).fill('L,S,M')
      await page.getByRole('button', { name: 'Add item' }).click()
      await page.getByRole('heading', { name: /Harbour Legging/ }).waitFor()
      const sizes = await page.getByRole('region', { name: 'Stock by size' }).locator('tbody th').allTextContents()
      expect(sizes).toEqual(['S', 'M', 'L'])
      expect(await page.getByLabel('Published (shown in the store)').isChecked()).toBe(false)
    } finally {
      await context.close()
    }
  })

  it('gives a fulfilment user stock but no catalogue edit, in the page and at the server', async () => {
    const { context, page } = await newPage(browser)
    try {
      const shopper = await newPage(browser)
      const item = await firstStoreItem(shopper.page)
      await shopper.context.close()
      await adminLogin(page, fulfilment)
      const nav = page.getByRole('navigation', { name: 'Main' })
      expect(await nav.getByRole('link', { name: 'Audit log' }).count()).toBe(0)
      expect(await nav.getByRole('link', { name: 'Staff' }).count()).toBe(0)
      await nav.getByRole('link', { name: 'Items' }).click()
      await page.getByRole('table').waitFor()
      expect(await page.getByRole('link', { name: 'Add an item' }).count()).toBe(0)
      await page.goto(`${originOf('localhost')}/admin/items/${item.id}`)
      await page.getByRole('heading', { name: 'Stock', exact: true }).waitFor()
      expect(await page.getByLabel('Price ($)').count()).toBe(0)
      expect(await page.getByRole('button', { name: 'Save item' }).count()).toBe(0)
      expect(await page.getByRole('button', { name: 'Set' }).count()).toBeGreaterThan(0)
      await expectNoAxeViolations(page, 'item (fulfilment)')
      const status = await page.evaluate(async (id) => {
        const response = await fetch(`/api/admin/items/${id}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ price: 1 }) })
        return response.status
      }, item.id)
      expect(status).toBe(403)
    } finally {
      await context.close()
    }
  })

  it('works at 390 px: a menu button, no sideways scroll, axe clean', async () => {
    const { context, page } = await newPage(browser, { width: 390 })
    try {
      await adminLogin(page, owner)
      const menu = page.getByRole('button', { name: 'Menu' })
      await menu.click()
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Items' }).click()
      await page.getByRole('table').waitFor()
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
      await expectNoAxeViolations(page, 'items at 390 px')
    } finally {
      await context.close()
    }
  })

  it("keeps the admin app's JavaScript off a shopper's pages", async () => {
    const { context, page } = await newPage(browser)
    try {
      const scripts: string[] = []
      page.on('request', (request) => scripts.push(request.url()))
      await page.goto(`${originOf('localhost')}/`, { waitUntil: 'networkidle' })
      await page.goto(`${originOf('localhost')}/category/leggings`, { waitUntil: 'networkidle' })
      expect(scripts.filter((url) => url.includes('/admin/'))).toEqual([])
      expect(await page.content()).not.toContain('/admin/assets/')
    } finally {
      await context.close()
    }
  })
})
