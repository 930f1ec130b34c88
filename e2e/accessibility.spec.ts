import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BRANDS, launch, newPage, originOf, seriousAxeViolations } from './support/browser.ts'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(() => browser?.close())

describe.each(BRANDS)('accessibility on $id', (brand) => {
  it.each(['/', brand.mainPath, '/item/first'])('axe finds no serious or critical violation on %s', async (target) => {
    const { context, page } = await newPage(browser)
    try {
      let path = target
      if (target === '/item/first') {
        await page.goto(`${originOf(brand.host)}${brand.mainPath}`)
        path = (await page.locator('main a[href^="/item/"]').first().getAttribute('href'))!
      }
      await page.goto(`${originOf(brand.host)}${path}`, { waitUntil: 'networkidle' })
      const violations = await seriousAxeViolations(page)
      expect(violations.map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
    } finally {
      await context.close()
    }
  })
})
