/**
 * A first visit shows its largest image before the page's JavaScript and web
 * fonts are fetched (lib/deferred-scripts.ts, lib/brand-fonts.ts), hydrates,
 * keeps the fonts' stand-ins on that first page (nothing moves under the
 * shopper), and draws the next page in the brand's fonts.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BRANDS, launch, newPage, originOf } from './support/browser.ts'
import { waitForHydration } from './support/cart-utils.ts'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(() => browser?.close())

async function firstItemPath(page: Page, host: string, mainPath: string): Promise<string> {
  await page.goto(`${originOf(host)}${mainPath}`)
  return (await page.locator('main a[href^="/item/"]').first().getAttribute('href'))!
}

/** Elements in the first screen that sit higher or lower in the web fonts than in their stand-ins (both drawn with the fonts loaded). */
function movedBySwap(page: Page) {
  return page.evaluate(() => {
    const html = document.documentElement
    const visible = [...document.querySelectorAll('body *')].filter((element) => {
      const box = element.getBoundingClientRect()
      return box.width > 0 && box.height > 0 && box.top < innerHeight
    })
    html.classList.remove('web-fonts')
    const before = visible.map((element) => element.getBoundingClientRect().top)
    html.classList.add('web-fonts')
    const after = visible.map((element) => element.getBoundingClientRect().top)
    return visible
      .map((element, index) => ({ element: element.outerHTML.slice(0, 80), by: after[index]! - before[index]! }))
      .filter((move) => Math.abs(move.by) >= 1)
  })
}

describe.each(BRANDS)('first view of $id', (brand) => {
  it('fetches scripts and web fonts only after its high-priority images, keeps the stand-ins on the first page and uses the brand fonts from the next', async () => {
    const { context, page } = await newPage(browser, { width: 412 })
    const cspErrors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) cspErrors.push(message.text())
    })
    try {
      const item = await firstItemPath(page, brand.host, brand.mainPath)
      for (const path of ['/', brand.mainPath, item]) {
        // a fresh context per page: nothing cached, no fonts flag in sessionStorage
        const fresh = await newPage(browser, { width: 412 })
        try {
          fresh.page.on('console', (message) => {
            if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) cspErrors.push(message.text())
          })
          // every layout shift of the page, as CLS counts them
          await fresh.page.addInitScript(() => {
            const shifts = { total: 0 }
            Object.assign(window, { __shifts: shifts })
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
                if (!entry.hadRecentInput) shifts.total += entry.value
              }
            }).observe({ type: 'layout-shift', buffered: true })
          })
          await fresh.page.goto(`${originOf(brand.host)}${path}`)
          await waitForHydration(fresh.page)
          await fresh.page.waitForFunction(() => document.documentElement.hasAttribute('data-web-fonts-ready'))
          const timing = await fresh.page.evaluate(() => {
            const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[]
            const important = new Set([...document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')].map((img) => img.currentSrc))
            const images = resources.filter((entry) => important.has(entry.name))
            const later = resources.filter((entry) => /\/assets\/.+\.(js|woff2)$/.test(entry.name))
            return {
              images: images.length,
              imagesDone: Math.max(0, ...images.map((entry) => entry.responseEnd)),
              scripts: later.filter((entry) => entry.name.endsWith('.js')).length,
              fonts: later.filter((entry) => entry.name.endsWith('.woff2')).length,
              firstLater: Math.min(...later.map((entry) => entry.startTime)),
              faces: (document.documentElement.dataset.webFonts ?? '').split('|').filter(Boolean),
              fontsIn: document.documentElement.classList.contains('web-fonts'),
              noted: sessionStorage.getItem('web-fonts'),
            }
          })
          expect(timing.images, path).toBeGreaterThan(0)
          expect(timing.scripts, path).toBeGreaterThan(0)
          expect(timing.fonts, path).toBeGreaterThan(0)
          expect(timing.firstLater, path).toBeGreaterThanOrEqual(timing.imagesDone)
          expect(timing.faces.length, path).toBeGreaterThan(0)
          for (const face of timing.faces) expect(await fresh.page.evaluate((f) => document.fonts.check(f), face), `${path} ${face}`).toBe(true)
          // loaded, and kept for the next page: this one stays in the stand-ins and does not move
          expect(timing.fontsIn, path).toBe(false)
          expect(timing.noted, path).toBe('1')
          expect(await fresh.page.evaluate(() => (window as unknown as { __shifts: { total: number } }).__shifts.total), path).toBeLessThan(0.01)

          // the next page the app shows is drawn in the brand's fonts
          const next = await fresh.page.evaluate(
            (here) => [...document.querySelectorAll<HTMLAnchorElement>('main a[href^="/category/"], main a[href^="/item/"]')].map((a) => a.getAttribute('href')!).find((href) => href !== here),
            path,
          )
          expect(next, path).toBeTruthy()
          await fresh.page.locator(`main a[href="${next}"]`).first().click()
          await fresh.page.waitForURL((url) => url.pathname + url.search === next)
          // the URL changes before React shows the new page; the class comes with it
          await fresh.page.waitForFunction(() => document.documentElement.classList.contains('web-fonts'), null, { timeout: 5000 })
          expect(await fresh.page.locator('main h1').first().evaluate((h1) => getComputedStyle(h1).fontFamily), `${path} -> ${next}`).not.toMatch(/^'?[^,']* fallback/)
        } finally {
          await fresh.context.close()
        }
      }
      expect(cspErrors).toEqual([])
    } finally {
      await context.close()
    }
  })

  it.each([412, 1280])('lays the first screen out alike in the web fonts and their stand-ins at %i px', async (width) => {
    const { context, page } = await newPage(browser, { width })
    try {
      const item = await firstItemPath(page, brand.host, brand.mainPath)
      for (const path of ['/', brand.mainPath, item]) {
        await page.goto(`${originOf(brand.host)}${path}`)
        // in from the first paint (a later page of the visit), or loaded for the next page (the first)
        await page.waitForFunction(() => document.documentElement.classList.contains('web-fonts') || document.documentElement.hasAttribute('data-web-fonts-ready'))
        await page.evaluate(() => document.fonts.ready)
        expect(await movedBySwap(page), `${path} at ${width} px`).toEqual([])
      }
    } finally {
      await context.close()
    }
  })
})
