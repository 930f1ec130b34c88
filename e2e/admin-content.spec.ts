/**
 * Content and settings in a real browser (docs/admin-content.md): a manager edits a content page,
 * previews the draft, publishes it and sees it on the storefront, then restores the earlier
 * version; the owner changes the global banner and the storefront shows it; a bad setting is
 * refused at its field; a manager makes a page, publishes it, a shopper opens it, the manager
 * deletes it and the shopper finds nothing there; axe on each page, and the editor at 390 px.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addStaffMember, adminLogin } from './support/admin-utils.ts'
import { launch, newPage, originOf, seriousAxeViolations } from './support/browser.ts'

let browser: Browser
let manager: string
let owner: string
beforeAll(async () => {
  browser = await launch()
  manager = addStaffMember('manager')
  owner = addStaffMember('owner')
})
afterAll(() => browser?.close())

async function expectNoAxeViolations(page: Page, where: string) {
  const violations = await seriousAxeViolations(page)
  expect(violations.map((v) => `${where}: ${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
}

const storefrontHeadline = async (page: Page, path: string) => {
  await page.goto(`${originOf('localhost')}${path}`)
  return (await page.locator('main h1').first().textContent())?.trim()
}

describe('content and settings in the operator area', () => {
  it('a manager edits a page, previews the draft, publishes it, sees it in the store, and restores the earlier version', async () => {
    const { context, page } = await newPage(browser)
    const shopper = await newPage(browser)
    try {
      const seededName = await storefrontHeadline(shopper.page, '/page/about-us')
      expect(seededName).toBe('About Us')

      await adminLogin(page, manager)
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Content' }).click()
      await page.getByRole('heading', { name: 'Content', level: 1 }).waitFor()
      await expect.poll(() => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).count()).toBe(0)
      await expectNoAxeViolations(page, 'content')
      await page
        .getByRole('row', { name: /\/page\/about-us/ })
        .getByRole('link')
        .click()
      await page.getByRole('heading', { name: 'Page: About Us', level: 1 }).waitFor()
      await expectNoAxeViolations(page, 'page editor')

      // a refusal at its field, in words
      await page.getByLabel('Text (markup', { exact: false }).first().fill('<p>Hello</p><script>alert(1)</script>')
      await page.getByRole('button', { name: 'Save draft' }).click()
      await expect.poll(() => page.locator('#body-error').textContent()).toBe('The page text may not hold scripts, frames or styles')
      expect(await page.locator('#body').getAttribute('aria-invalid')).toBe('true')

      await page.locator('#body').fill('<p>We make leggings that <strong>stay put</strong>.</p>')
      await page.getByLabel('Page name (its headline)').fill('About our leggings')
      await page.getByRole('button', { name: 'Add button block' }).click()
      const added = page.getByRole('group', { name: /^Block \d+: Button$/ }).last()
      await added.getByLabel('Button words').fill('Shop the new leggings')
      // a block's refusal is marked at that block's own input
      await added.getByLabel('Where it leads').fill('javascript:alert(1)')
      await page.getByRole('button', { name: 'Save draft' }).click()
      await expect.poll(() => added.locator('.field-error').textContent()).toContain('a page of this store')
      expect(await added.getByLabel('Where it leads').getAttribute('aria-invalid')).toBe('true')
      await added.getByLabel('Where it leads').fill('/category/leggings')
      await page.getByRole('button', { name: 'Preview', exact: true }).click()
      const preview = page.frameLocator('iframe.page-preview')
      await expect.poll(() => preview.locator('h1').textContent()).toBe('About our leggings')
      await expect.poll(() => preview.getByRole('link', { name: 'Shop the new leggings' }).count()).toBe(1)
      await expectNoAxeViolations(page, 'preview')
      // the store still shows the published page
      expect(await storefrontHeadline(shopper.page, '/page/about-us')).toBe('About Us')

      await page.getByRole('button', { name: 'Publish' }).click()
      await expect.poll(() => page.getByRole('status').textContent()).toContain('Published')
      expect(await storefrontHeadline(shopper.page, '/page/about-us')).toBe('About our leggings')
      await expect.poll(() => shopper.page.getByRole('link', { name: 'Shop the new leggings' }).count()).toBeGreaterThan(0)

      await page.getByRole('button', { name: 'Restore version 1' }).click()
      await expect.poll(() => page.getByRole('status').textContent()).toContain('Version 1 is published again')
      expect(await storefrontHeadline(shopper.page, '/page/about-us')).toBe('About Us')
      await expect.poll(() => page.getByRole('cell', { name: '3 (live)' }).count()).toBe(1)
      await expectNoAxeViolations(page, 'versions')

      for (const [link, heading] of [
        ['Header and footer menus', 'Header and footer menus'],
        ['Global banner and scrolling images', 'Global banner and scrolling images'],
        ['Club landing (headline, questions, founder letter, price)', 'Club landing'],
        ['Sizing guide', 'Sizing guide'],
      ] as const) {
        await page.goto(`${originOf('localhost')}/admin/content`)
        await page.getByRole('link', { name: link }).click()
        await page.getByRole('heading', { name: heading, level: 1 }).waitFor()
        await page.locator('form').first().waitFor()
        await expectNoAxeViolations(page, heading)
      }
    } finally {
      await shopper.context.close()
      await context.close()
    }
  })

  it('a manager makes a page and publishes it, a shopper opens it; deleted, the shopper finds nothing there (at 390 px)', async () => {
    const { context, page } = await newPage(browser, { width: 390 })
    const shopper = await newPage(browser)
    const address = `${originOf('localhost')}/page/winter-drop`
    try {
      expect((await shopper.page.goto(address))?.status()).toBe(404)
      await adminLogin(page, manager)
      await page.goto(`${originOf('localhost')}/admin/content`)
      await page.getByRole('heading', { name: 'New page' }).waitFor()
      // the address is refused at its field, in words
      await page.getByLabel('Page name (its headline)').fill('The winter drop')
      await page.getByLabel('Address, after /page/', { exact: false }).fill('checkout')
      await page.getByRole('button', { name: 'Make the page' }).click()
      await expect.poll(() => page.locator('#slug-error').textContent()).toBe('/checkout is a page of the store itself: pick another address.')
      expect(await page.getByLabel('Address, after /page/', { exact: false }).getAttribute('aria-invalid')).toBe('true')
      await expectNoAxeViolations(page, 'new page refused')
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)

      await page.getByLabel('Address, after /page/', { exact: false }).fill('winter-drop')
      await page.getByRole('button', { name: 'Make the page' }).click()
      await page.getByRole('heading', { name: 'Page: The winter drop', level: 1 }).waitFor()
      await expect.poll(() => page.getByRole('status').textContent()).toContain('Page made')
      await expectNoAxeViolations(page, 'new page editor')
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
      // a draft until published: the store has nothing there yet
      expect((await shopper.page.goto(address))?.status()).toBe(404)

      await page.locator('#body').fill('<p>New leggings every Friday.</p>')
      await page.getByRole('button', { name: 'Publish' }).click()
      await expect.poll(() => page.getByRole('status').textContent()).toContain('Published')
      expect(await storefrontHeadline(shopper.page, '/page/winter-drop')).toBe('The winter drop')
      await expect.poll(() => shopper.page.getByText('New leggings every Friday.').count()).toBe(1)

      await page.getByRole('button', { name: 'Delete this page' }).click()
      await page.getByRole('button', { name: 'Yes, delete /page/winter-drop' }).click()
      await page.getByRole('heading', { name: 'Content', level: 1 }).waitFor()
      await expect.poll(() => page.getByRole('status').textContent()).toContain('The page /page/winter-drop is deleted')
      // the list of pages has loaded (its table is drawn only then) and the deleted page is not in it
      await page.getByRole('region', { name: 'Pages' }).getByRole('table').waitFor()
      expect(await page.getByRole('row', { name: /\/page\/winter-drop/ }).count()).toBe(0)
      await expectNoAxeViolations(page, 'content after a delete')
      // within a second: the storefront's caches were dropped
      expect((await shopper.page.goto(address))?.status()).toBe(404)
    } finally {
      await shopper.context.close()
      await context.close()
    }
  })

  it('the owner changes the global banner and the store shows it; a bad setting is refused at its field', async () => {
    const { context, page } = await newPage(browser)
    const shopper = await newPage(browser)
    try {
      await adminLogin(page, owner)
      await page.goto(`${originOf('localhost')}/admin/content/banner`)
      await page.getByRole('heading', { name: 'Global banner and scrolling images', level: 1 }).waitFor()
      await page.getByLabel('What the banner says (for screen readers)').fill('Winter drop: new leggings every Friday')
      await page.getByRole('button', { name: 'Save banner' }).click()
      await expect.poll(() => page.getByRole('status').textContent()).toContain('Banner saved')
      await shopper.page.goto(`${originOf('localhost')}/`)
      await expect.poll(() => shopper.page.getByRole('complementary', { name: 'Announcement' }).getByRole('img').getAttribute('alt')).toBe('Winter drop: new leggings every Friday')

      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click()
      await page.getByRole('heading', { name: 'Store settings', level: 1 }).waitFor()
      await expectNoAxeViolations(page, 'settings')
      await page.getByLabel('Support e-mail address').fill('not an address')
      await page.getByRole('button', { name: 'Save settings' }).click()
      await expect.poll(() => page.locator('#supportEmail-error').textContent()).toContain('e-mail address')
      expect(await page.getByLabel('Support e-mail address').getAttribute('aria-invalid')).toBe('true')
      await expectNoAxeViolations(page, 'settings refused')
      await page.getByLabel('Support e-mail address').fill('help@popfit.example.com')
      await page.getByRole('button', { name: 'Save settings' }).click()
      await expect.poll(() => page.getByRole('status').textContent()).toContain('Settings saved')
    } finally {
      await shopper.context.close()
      await context.close()
    }
  })

  it('works at 390 px and by the keyboard: no sideways scroll, axe clean', async () => {
    const { context, page } = await newPage(browser, { width: 390 })
    try {
      await adminLogin(page, manager)
      // what each page draws only once its data is there: the list of pages (the content page draws its
      // new-page form at once, before the list, which would be measured and checked without it), the
      // editor's form, the menus' forms
      for (const [path, loaded] of [
        ['/admin/content', 'main table'],
        ['/admin/content/pages/pf-page-about-us', 'main form'],
        ['/admin/content/menus', 'main form'],
      ] as const) {
        await page.goto(`${originOf('localhost')}${path}`)
        await page.locator('h1').waitFor()
        await page.locator(loaded).first().waitFor()
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
        await expectNoAxeViolations(page, `${path} at 390 px`)
      }
      // the editor's first field is reached from its heading by the keyboard
      await page.goto(`${originOf('localhost')}/admin/content/pages/pf-page-about-us`)
      await page.getByRole('heading', { name: 'Page: About Us' }).waitFor()
      for (let tab = 0; tab < 4; tab++) {
        await page.keyboard.press('Tab')
        if ((await page.evaluate(() => document.activeElement?.id)) === 'name') break
      }
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('name')
    } finally {
      await context.close()
    }
  })
})
