/**
 * Promotions and split tests in a real browser (docs/admin-promotions.md): a manager creates a
 * discount code and a shopper uses it at checkout; the manager edits an order bump and the shopper
 * sees it at /checkout-ob; the manager starts a split test and reads its results after visitors
 * came; axe on each page, and the promotions page at 390 px.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addStaffMember, adminLogin } from './support/admin-utils.ts'
import { launch, newPage, originOf, seriousAxeViolations } from './support/browser.ts'
import { cartWithFirstItem, checkoutFromDrawer, declineBumpsUntilCheckout, fillAddress, fillCard, ADDRESS, CARDS, placeOrder } from './support/checkout-utils.ts'

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

/** The promotions page with each of its lists drawn: each comes with its own answer, in no set order. */
async function promotionListsLoaded(page: Page) {
  for (const name of ['Discount codes', 'Order bumps', 'One-time offers', 'Bundle offers', 'Social media specials and free gifts']) {
    await page.getByRole('table', { name }).waitFor()
  }
}

describe('promotions and split tests in the operator area', () => {
  it('a manager creates a discount code; a shopper uses it at checkout; the code counts the order', async () => {
    const { context, page } = await newPage(browser)
    const shopper = await newPage(browser)
    try {
      await adminLogin(page, manager)
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Promotions' }).click()
      await page.getByRole('heading', { name: 'Promotions', level: 1 }).waitFor()
      await promotionListsLoaded(page)
      await expectNoAxeViolations(page, 'promotions')
      await page.getByRole('link', { name: 'New discount code' }).click()
      await page.getByRole('heading', { name: 'New discount code' }).waitFor()
      await expectNoAxeViolations(page, 'new code')
      const code = `E2E${Date.now().toString(36).toUpperCase()}`
      await page.getByLabel('Code', { exact: true }).fill(code)
      await page.getByLabel(/^Name shown in the cart/).fill('Spring7')
      await page.getByLabel('An amount').check()
      await page.getByLabel('Amount off ($)').fill('7')
      // a refusal at its field: a minimum below the amount
      await page.getByLabel('Minimum order ($)').fill('5')
      await page.getByRole('button', { name: 'Create code' }).click()
      await expect.poll(() => page.locator('#amount-error').textContent()).toBe('The amount off cannot be more than the minimum order.')
      expect(await page.getByLabel('Amount off ($)').getAttribute('aria-invalid')).toBe('true')
      await expectNoAxeViolations(page, 'code refused')
      await page.getByLabel('Minimum order ($)').fill('')
      await page.getByLabel('Minimum order ($)').press('Enter')
      await page.getByRole('heading', { name: `Code ${code}` }).waitFor()

      // the shopper types it at the checkout's summary: $7 off, and the order is placed with it
      await cartWithFirstItem(shopper.page)
      await checkoutFromDrawer(shopper.page)
      await declineBumpsUntilCheckout(shopper.page)
      await fillAddress(shopper.page, { ...ADDRESS, email: `spring-${Date.now()}@example.com` })
      const summary = shopper.page.locator('.order-summary')
      await summary.getByLabel('Discount code').fill(code.toLowerCase())
      await summary.getByRole('button', { name: 'Apply' }).click()
      await expect.poll(() => summary.getByText('Discount (Spring7)').count(), { timeout: 10_000 }).toBe(1)
      await expect.poll(() => summary.textContent()).toContain('$7')
      await fillCard(shopper.page, CARDS.success)
      await placeOrder(shopper.page)
      await shopper.page.waitForURL(/\/(special-offer\/.+|thank-you)\?order=\d+/, { timeout: 20_000 })

      await page.reload()
      await page.getByRole('heading', { name: `Code ${code}` }).waitFor()
      await expect.poll(() => page.locator('.facts').textContent()).toMatch(/Uses1Orders1Revenue\$/)
      await expectNoAxeViolations(page, 'code')
    } finally {
      await shopper.context.close()
      await context.close()
    }
  })

  it('a manager edits an order bump, with its preview, and the shopper sees it at /checkout-ob at once', async () => {
    const { context, page } = await newPage(browser)
    const shopper = await newPage(browser)
    try {
      await adminLogin(page, manager)
      await page.goto(`${originOf('localhost')}/admin/promotions`)
      const bumps = page.getByRole('table', { name: 'Order bumps' })
      await bumps.waitFor()
      await bumps.getByRole('link').first().click()
      await page.getByLabel('Headline').waitFor()
      await expectNoAxeViolations(page, 'order bump')
      const headline = `Add the matching bra, today only ${Date.now().toString(36)}`
      await page.getByLabel('Headline').fill(headline)
      await expect.poll(() => page.locator('.preview-headline').textContent()).toBe(headline)
      await page.getByRole('button', { name: 'Save' }).click()
      await expect.poll(() => page.getByRole('status').first().textContent()).toMatch(/Saved/)

      await cartWithFirstItem(shopper.page)
      await checkoutFromDrawer(shopper.page)
      await expect.poll(() => shopper.page.getByRole('heading', { level: 1 }).textContent()).toBe(headline)
    } finally {
      await shopper.context.close()
      await context.close()
    }
  })

  it('a manager starts a split test and reads its results after visitors came', async () => {
    const { context, page } = await newPage(browser)
    try {
      await adminLogin(page, manager)
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Split tests' }).click()
      await page.getByRole('heading', { name: 'Split tests', level: 1 }).waitFor()
      await expectNoAxeViolations(page, 'split tests')
      const name = `Hero${Date.now().toString(36)}`
      await page.getByLabel(/^Name/).fill(name)
      await page.getByLabel(/^Variants/).fill('Control,Bold')
      await page.getByLabel(/^Traffic split/).fill('50,50')
      await page.getByRole('button', { name: 'Create test' }).click()
      await page.getByRole('heading', { name: `Split test ${name}` }).waitFor()
      await page.getByRole('button', { name: 'Start test' }).click()
      await expect.poll(() => page.getByRole('status').first().textContent()).toMatch(/is running/)

      // six visitors, each in a browser of their own, are given a variant
      for (let i = 0; i < 6; i++) {
        const visitor = await browser.newContext()
        const answer = await visitor.request.post(`${originOf('localhost')}/api/test-group`, {
          form: { key: name, values: 'Control,Bold' },
          headers: { origin: originOf('localhost') },
        })
        expect(answer.status()).toBe(200)
        await visitor.close()
      }
      await page.reload()
      await page.getByRole('table', { name: 'Results per variant' }).waitFor()
      const rows = page.getByRole('table', { name: 'Results per variant' }).locator('tbody tr')
      expect(await rows.count()).toBe(2)
      const visitors = await rows.evaluateAll((trs) => trs.reduce((sum, tr) => sum + Number(tr.children[1]?.textContent ?? 0), 0))
      expect(visitors).toBe(6)
      await expect.poll(() => page.locator('.summary').textContent()).toMatch(/No variant differs significantly from Control|beats|worse/)
      await expectNoAxeViolations(page, 'split test')
      await page.getByRole('button', { name: 'Show as a chart' }).click()
      await page.locator('.chart svg').first().waitFor()
      await expectNoAxeViolations(page, 'split test chart')
      await page.getByRole('button', { name: 'Stop test' }).click()
      await expect.poll(() => page.getByRole('status').first().textContent()).toMatch(/has stopped/)
    } finally {
      await context.close()
    }
  })

  it('works at 390 px: no sideways scroll, axe clean; no operator code on a shopper page', async () => {
    const { context, page } = await newPage(browser, { width: 390 })
    try {
      await adminLogin(page, manager)
      for (const path of ['/admin/promotions', '/admin/experiments', '/admin/experiments/Vip4sh']) {
        await page.goto(`${originOf('localhost')}${path}`)
        // every list the page draws, not the first to come: the others would be measured and checked missing
        if (path === '/admin/promotions') await promotionListsLoaded(page)
        else await page.getByRole('table').first().waitFor()
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
        await expectNoAxeViolations(page, `${path} at 390 px`)
      }
      await page.goto(`${originOf('localhost')}/checkout`)
      const scripts = await page.locator('script[src]').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('src') ?? ''))
      expect(scripts.filter((src) => src.includes('/admin/'))).toEqual([])
    } finally {
      await context.close()
    }
  })
})
