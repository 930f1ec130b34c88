/**
 * A first visit shows its largest image before the page's JavaScript and web
 * fonts are fetched (lib/deferred-scripts.ts, lib/brand-fonts.ts), then
 * hydrates and lets the fonts in without moving what is on screen.
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

/** Elements in the first screen that move up or down when the web fonts come in (both states drawn with the fonts loaded). */
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
    return visible.map((element, index) => ({ element: element.outerHTML.slice(0, 80), by: after[index]! - before[index]! })).filter((move) => Math.abs(move.by) >= 1)
  })
}

describe.each(BRANDS)('first view of $id', (brand) => {
  it('fetches scripts and web fonts only after its high-priority images, then hydrates with the brand fonts', async () => {
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
          // the web fonts come in part by part (data-web-fonts-in, lib/brand-fonts.ts) before the class lets them into the whole page
          await fresh.page.addInitScript(() => {
            const seen = { parts: 0, afterClass: 0 }
            Object.assign(window, { __fontParts: seen })
            new MutationObserver((records) => {
              for (const record of records) {
                if (!(record.target as Element).hasAttribute('data-web-fonts-in') || record.oldValue !== null) continue
                seen.parts += 1
                if (document.documentElement.classList.contains('web-fonts')) seen.afterClass += 1
              }
            }).observe(document, { subtree: true, attributeFilter: ['data-web-fonts-in'], attributeOldValue: true })
          })
          await fresh.page.goto(`${originOf(brand.host)}${path}`)
          await waitForHydration(fresh.page)
          await fresh.page.waitForFunction(() => document.documentElement.classList.contains('web-fonts'))
          await fresh.page.waitForFunction(() => document.querySelectorAll('[data-web-fonts-in]').length === 0)
          const parts = await fresh.page.evaluate(() => (window as unknown as { __fontParts: { parts: number; afterClass: number } }).__fontParts)
          expect(parts.parts, path).toBeGreaterThan(1)
          expect(parts.afterClass, path).toBe(0)
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
            }
          })
          expect(timing.images, path).toBeGreaterThan(0)
          expect(timing.scripts, path).toBeGreaterThan(0)
          expect(timing.fonts, path).toBeGreaterThan(0)
          expect(timing.firstLater, path).toBeGreaterThanOrEqual(timing.imagesDone)
          expect(timing.faces.length, path).toBeGreaterThan(0)
          for (const face of timing.faces) expect(await fresh.page.evaluate((f) => document.fonts.check(f), face), `${path} ${face}`).toBe(true)
        } finally {
          await fresh.context.close()
        }
      }
      expect(cspErrors).toEqual([])
    } finally {
      await context.close()
    }
  })

  it.each([412, 1280])('lets the web fonts in without moving the first screen at %i px', async (width) => {
    const { context, page } = await newPage(browser, { width })
    try {
      const item = await firstItemPath(page, brand.host, brand.mainPath)
      for (const path of ['/', brand.mainPath, item]) {
        await page.goto(`${originOf(brand.host)}${path}`)
        await page.waitForFunction(() => document.documentElement.classList.contains('web-fonts'))
        await page.evaluate(() => document.fonts.ready)
        expect(await movedBySwap(page), `${path} at ${width} px`).toEqual([])
      }
    } finally {
      await context.close()
    }
  })

  it('keeps the size buttons in the same rows when the web fonts come in, at every width', async () => {
    const { context, page } = await newPage(browser, { width: 1280 })
    try {
      await page.goto(`${originOf(brand.host)}${await firstItemPath(page, brand.host, brand.mainPath)}`)
      await page.waitForFunction(() => document.documentElement.classList.contains('web-fonts'))
      await page.evaluate(() => document.fonts.ready)
      const rewrapped: string[] = []
      for (let width = 320; width <= 1400; width += 10) {
        await page.setViewportSize({ width, height: 900 })
        const heights = await page.evaluate(() => {
          const html = document.documentElement
          const height = () => document.querySelector('.size-options')!.getBoundingClientRect().height
          html.classList.remove('web-fonts')
          const standIn = height()
          html.classList.add('web-fonts')
          return { standIn, web: height() }
        })
        if (heights.standIn !== heights.web) rewrapped.push(`${width} px: ${heights.standIn} -> ${heights.web}`)
      }
      expect(rewrapped).toEqual([])
    } finally {
      await context.close()
    }
  })
})
