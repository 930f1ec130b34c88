/**
 * The operator's catalogue photos and CSV in a real browser (issue 35, items 5-6): an owner
 * uploads two photos to an item (one through the file field, one dropped), moves the second
 * to the front by keyboard, sets its alt text and focal point, and sees them on the item's
 * storefront page as <picture> with srcset; then downloads the catalogue CSV, changes a
 * price, checks it in a dry run and imports it. axe on each page, and the photos at 390 px.
 */
import { parse } from 'csv-parse/sync'
import { stringify } from 'csv-stringify/sync'
import type { Browser, Page } from 'playwright-core'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addStaffMember, adminLogin } from './support/admin-utils.ts'
import { launch, newPage, originOf, seriousAxeViolations } from './support/browser.ts'

let browser: Browser
let owner: string
beforeAll(async () => {
  browser = await launch()
  owner = addStaffMember('owner')
})
afterAll(() => browser?.close())

async function expectNoAxeViolations(page: Page, where: string) {
  const violations = await seriousAxeViolations(page)
  expect(violations.map((v) => `${where}: ${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
}

const photo = (colour: string) =>
  sharp({ create: { width: 900, height: 1125, channels: 3, background: colour } })
    .jpeg()
    .toBuffer()

/** An item the storefront shows (the third of its leggings: other specs change the first). */
async function storeItem(page: Page): Promise<{ id: number; path: string }> {
  await page.goto(`${originOf('localhost')}/category/leggings`)
  const path = (await page.locator('main a[href^="/item/"]').nth(2).getAttribute('href'))!
  return { id: Number(/\/item\/(\d+)/.exec(path)![1]), path }
}

describe("the operator's catalogue photos and CSV", () => {
  it('uploads two photos, puts the second first by keyboard, and the storefront shows them with srcset', async () => {
    const { context, page } = await newPage(browser)
    const shopper = await newPage(browser)
    try {
      const item = await storeItem(shopper.page)
      await adminLogin(page, owner)
      await page.goto(`${originOf('localhost')}/admin/items/${item.id}`)
      await page.getByRole('heading', { name: 'Photos' }).waitFor()
      // the photos are read after the heading is drawn: their list (none yet) is there before axe looks
      await page.getByText(/^No photos uploaded/).waitFor()
      await expectNoAxeViolations(page, 'item without photos')

      // the first through the file field
      await page.getByLabel(/^Add photos/).setInputFiles({ name: 'red.jpg', mimeType: 'image/jpeg', buffer: await photo('#c0304a') })
      await page.getByRole('button', { name: 'Upload photos' }).click()
      const photos = page.getByRole('region', { name: 'Photos' })
      await expect.poll(() => photos.getByRole('status').textContent()).toMatch(/photo is uploaded/)
      // the second dropped on the drop zone, as a file dragged from the desktop
      const blue = (await photo('#2a5db0')).toString('base64')
      const transfer = await page.evaluateHandle((base64) => {
        const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
        const data = new DataTransfer()
        data.items.add(new File([bytes], 'blue.jpg', { type: 'image/jpeg' }))
        return data
      }, blue)
      await page.locator('.drop-zone').dispatchEvent('dragover', { dataTransfer: transfer })
      await page.locator('.drop-zone').dispatchEvent('drop', { dataTransfer: transfer })
      await page.getByText('Photo 2 of 2').waitFor()
      const images = page.locator('.photo-list img')
      const [red, blueUrl] = [await images.nth(0).getAttribute('src'), await images.nth(1).getAttribute('src')]
      await expectNoAxeViolations(page, 'item with photos')

      // keyboard: the second photo moves up, and is the front image
      await page.getByRole('button', { name: 'Move up photo 2' }).focus()
      await page.keyboard.press('Enter')
      await expect.poll(() => photos.getByRole('status').textContent()).toMatch(/Photo 2 is now photo 1, the front image/)
      expect(await images.nth(0).getAttribute('src')).toBe(blueUrl)
      expect(await images.nth(1).getAttribute('src')).toBe(red)

      // its alt text, and its focal point by a click near the photo's top left
      await page.getByLabel('Alt text of photo 1').fill('Blue legging, front, on a model')
      // a click at a place in the photo itself (Playwright scrolls it into view and waits until it stays put), not at
      // the screen's coordinates it had when measured: the page may have moved since, and the press land elsewhere
      const box = (await images.nth(0).boundingBox())!
      await images.nth(0).click({ position: { x: box.width * 0.25, y: box.height * 0.2 } })
      expect(Number(await page.getByLabel('From the left (%)').first().inputValue())).toBeCloseTo(25, -1)
      await page.getByRole('button', { name: 'Save photo 1' }).click()
      await expect.poll(() => photos.getByRole('status').textContent()).toMatch(/Photo 1 is saved/)

      // the storefront: a picture of AVIF and WebP sources with the JPEG's srcset, the blue one first
      await shopper.page.goto(`${originOf('localhost')}${item.path}`)
      const first = shopper.page.locator('.item-gallery picture').first()
      await first.waitFor()
      expect(await shopper.page.locator('.item-gallery picture').count()).toBe(2)
      expect(await first.locator('source[type="image/avif"]').getAttribute('srcset')).toMatch(/-400\.avif 400w, .*-800\.avif 800w, .*-900\.avif 900w/)
      expect(await first.locator('source[type="image/webp"]').getAttribute('sizes')).toBeTruthy()
      const img = first.locator('img')
      expect(await img.getAttribute('alt')).toBe('Blue legging, front, on a model')
      expect(await img.getAttribute('srcset')).toMatch(/\.jpg 400w/)
      expect(await img.getAttribute('width')).toBe('900')
      expect(await img.getAttribute('height')).toBe('1125')
      expect(await img.getAttribute('style')).toMatch(/object-position: ?\d+% \d+%/)
      expect(await img.getAttribute('style')).not.toMatch(/object-position: ?50% 50%/)
      // the browser picked a file and drew it (a blue one, not the red)
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true)
      expect(await img.evaluate((el: HTMLImageElement) => el.currentSrc)).toMatch(/\.(avif|webp|jpg)$/)
      expect(await img.evaluate((el: HTMLImageElement) => el.currentSrc.split('/').at(-1)!.split('-').slice(0, 5).join('-'))).toBe(
        blueUrl!.split('/').at(-1)!.split('-').slice(0, 5).join('-'),
      )
      await expectNoAxeViolations(shopper.page, 'storefront item with photos')
    } finally {
      await shopper.context.close()
      await context.close()
    }
  })

  it('shows the photos at 390 px without sideways scroll, axe clean', async () => {
    const { context, page } = await newPage(browser, { width: 390 })
    try {
      const shopper = await newPage(browser)
      const item = await storeItem(shopper.page)
      await shopper.context.close()
      await adminLogin(page, owner)
      await page.goto(`${originOf('localhost')}/admin/items/${item.id}`)
      await page.getByText('Photo 2 of 2').waitFor()
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
      await expectNoAxeViolations(page, 'item photos at 390 px')
    } finally {
      await context.close()
    }
  })

  it('downloads the catalogue CSV, checks a changed price in a dry run, then imports it', async () => {
    const { context, page } = await newPage(browser)
    try {
      await adminLogin(page, owner)
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Items' }).click()
      await page.getByRole('link', { name: 'Export or import as CSV' }).click()
      await page.getByRole('heading', { name: 'Catalogue CSV' }).waitFor()
      await expectNoAxeViolations(page, 'csv')
      const href = await page.getByRole('link', { name: 'Download the catalogue (CSV)' }).getAttribute('href')
      const csv = await page.evaluate(async (url) => (await fetch(url!, { credentials: 'same-origin' })).text(), href)
      const rows = parse(csv, { columns: true }) as Record<string, string>[]
      const itemId = rows[5]!.item_id!
      const price = (Number(rows[5]!.price) + 2).toFixed(2)
      for (const row of rows.filter((r) => r.item_id === itemId)) row.price = price
      const changed = Buffer.from(stringify(rows, { header: true, record_delimiter: 'windows' }))

      await page.getByLabel(/^A catalogue CSV/).setInputFiles({ name: 'items.csv', mimeType: 'text/csv', buffer: changed })
      await page.getByRole('button', { name: 'Check the file' }).click()
      await expect.poll(() => page.getByRole('status').first().textContent()).toMatch(/1 change to make/)
      const report = page.getByRole('region', { name: 'Changes by line' })
      expect(await report.textContent()).toContain(price)
      await expectNoAxeViolations(page, 'csv dry run')
      // nothing changed yet
      const before = await page.evaluate(async (id) => ((await (await fetch(`/api/admin/items/${id}`)).json()) as { data: { item: { price: number } } }).data.item.price, itemId)
      expect(before).not.toBe(Number(price))

      await page.getByRole('button', { name: 'Import 1 change' }).click()
      await expect.poll(() => page.getByRole('status').first().textContent()).toMatch(/Imported: 1 change made/)
      const after = await page.evaluate(async (id) => ((await (await fetch(`/api/admin/items/${id}`)).json()) as { data: { item: { price: number } } }).data.item.price, itemId)
      expect(after).toBe(Number(price))

      // a line with an error is named, and nothing is offered to import
      rows[1]!.price = 'lots'
      await page.getByLabel(/^A catalogue CSV/).setInputFiles({ name: 'items.csv', mimeType: 'text/csv', buffer: Buffer.from(stringify(rows, { header: true })) })
      await page.getByRole('button', { name: 'Check the file' }).click()
      await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/cannot be taken/)
      expect(await page.getByRole('region', { name: 'Errors by line' }).locator('tbody th').allTextContents()).toEqual(['3'])
      expect(await page.getByRole('button', { name: /^Import/ }).count()).toBe(0)
      await expectNoAxeViolations(page, 'csv errors')
    } finally {
      await context.close()
    }
  })
})
