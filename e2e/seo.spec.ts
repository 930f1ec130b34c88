/**
 * What crawlers and readers without JavaScript get, and the category filter by
 * keyboard once hydrated (docs/decisions/155).
 */
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BRANDS, launch, newPage, originOf, PORT } from './support/browser.ts'
import { waitForHydration } from './support/cart-utils.ts'
import { getFromHost } from './support/vnu.ts'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(() => browser?.close())

/** The origin a brand's pages name in canonical links: the one its robots.txt names (configured, not the request's). */
async function publicOrigin(host: string): Promise<string> {
  const robots = await getFromHost(PORT, host, '/robots.txt', 'text/plain')
  const line = robots.body.split('\n').find((l) => l.startsWith('Sitemap: '))!
  return new URL(line.slice('Sitemap: '.length)).origin
}

describe.each(BRANDS)('search and no-JavaScript readers on $id', (brand) => {
  it('shows an item page with its reviews, canonical link and card tags without JavaScript', async () => {
    const origin = await publicOrigin(brand.host)
    const { context, page } = await newPage(browser, { javaScriptEnabled: false })
    try {
      await page.goto(`${originOf(brand.host)}${brand.mainPath}`)
      const href = (await page.locator('main a[href^="/item/"]').first().getAttribute('href'))!
      await page.goto(`${originOf(brand.host)}${href}?utm_source=test`)
      expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${origin}${href}`)
      expect(await page.locator('meta[property="og:url"]').getAttribute('content')).toBe(`${origin}${href}`)
      expect(await page.locator('meta[name="twitter:card"]').getAttribute('content')).toBe('summary_large_image')
      expect(await page.locator('meta[name="twitter:image"]').getAttribute('content')).toMatch(new RegExp(`^${origin}/media/`))
      const reviews = page.locator('#reviews')
      expect(await reviews.getByText(/Loading reviews/).count()).toBe(0)
      const summary = await reviews.locator('.review-summary').count()
      if (summary > 0) expect(await reviews.locator('.review').count()).toBeGreaterThan(0)
    } finally {
      await context.close()
    }
  })

  it('has a canonical link on indexable pages and none on checkout or social media specials', async () => {
    const origin = await publicOrigin(brand.host)
    const home = await getFromHost(PORT, brand.host, '/')
    expect(home.body).toContain(`<link rel="canonical" href="${origin}/"/>`)
    // the encoding in the header too, so a crawler need not read the page to learn it
    expect(home.headers['content-type']).toBe('text/html; charset=utf-8')
    const category = await getFromHost(PORT, brand.host, `${brand.mainPath}?sort=price-asc`)
    expect(category.body).toContain(`<link rel="canonical" href="${origin}${brand.mainPath}"/>`)
    for (const path of ['/checkout', '/thank-you', '/social_media_specials/pf-vip-optin-main']) {
      const { body } = await getFromHost(PORT, brand.host, path)
      expect(body, path).not.toContain('rel="canonical"')
      expect(body, path).toContain('noindex')
    }
  })
})

describe('the category filter once hydrated', () => {
  it('applies a size and a sort with the keyboard only, keeping focus', async () => {
    const brand = BRANDS[0]
    const { context, page } = await newPage(browser)
    try {
      await page.goto(`${originOf(brand.host)}${brand.mainPath}`)
      await waitForHydration(page)
      const form = page.getByRole('form', { name: 'Filter and sort' })
      const apply = form.getByRole('button', { name: 'Apply' })
      expect(await apply.isVisible()).toBe(true)
      const total = await page.locator('main .product-grid > li').count()

      // size by keyboard: the grid follows and focus stays on the select
      const size = form.getByLabel('Size')
      await size.focus()
      await page.keyboard.press('ArrowDown')
      await page.waitForURL(/[?&]size=/)
      const chosen = new URL(page.url()).searchParams.get('size')!
      await expect.poll(() => size.inputValue()).toBe(chosen)
      expect(await page.evaluate(() => document.activeElement?.id)).toBe(await size.getAttribute('id'))

      // Tab to Apply (past Sort by) and Enter: the button is there and applies in place
      await page.keyboard.press('Tab')
      await page.keyboard.press('Tab')
      expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.textContent?.trim())).toBe('Apply')
      await page.keyboard.press('Enter')
      await page.waitForURL(new RegExp(`[?&]size=${encodeURIComponent(chosen)}`))
      expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.textContent?.trim())).toBe('Apply')
      const status = await form.getByRole('status').innerText()
      expect(status).toMatch(/ of \d+|\d+ items?/)
      const filtered = await page.locator('main .product-grid > li').count()
      expect(filtered).toBeLessThanOrEqual(total)

      // sort by keyboard (Shift+Tab back to it), then Apply again: the address says both
      await page.keyboard.press('Shift+Tab')
      expect(await page.evaluate(() => document.activeElement?.id)).toBe(await form.getByLabel('Sort by').getAttribute('id'))
      await page.keyboard.press('ArrowDown')
      await page.waitForURL(/[?&]sort=/)
      await page.keyboard.press('Tab')
      await page.keyboard.press('Enter')
      const url = new URL(page.url())
      expect(url.searchParams.get('size')).toBe(chosen)
      expect(url.searchParams.get('sort')).not.toBe('featured')
      expect(await apply.isVisible()).toBe(true)
    } finally {
      await context.close()
    }
  })
})
