/**
 * The branded e-mails (docs/emails.md): every e-mail of every brand, as the outbox sends it, is
 * valid HTML (the W3C Nu checker, but for the Outlook-only markup MJML writes on purpose), and in
 * Chromium at 600 px (a desktop mail client's column) and 390 px (a phone) it fits, its pictures
 * show (served by the running store) and its button is there. Screenshots land in
 * e2e/screenshots/emails for a look.
 */
import { mkdirSync } from 'node:fs'
import { resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { BRANDS as STORE_BRANDS } from '../apps/server/src/brands/registry.ts'
import { brandedHtml } from '../apps/server/src/email/branded-email.ts'
import { emailPreviews } from '../apps/server/src/email/email-previews.ts'
import { BRANDS, launch, newPage, originOf } from './support/browser.ts'
import { describeVnu, vnuErrors } from './support/vnu.ts'

/** What MJML writes for Outlook alone (VML namespaces, mso- properties): not HTML5, and meant. */
const OUTLOOK_ONLY = [/^Attribute “xmlns:[vo]” not allowed here\.$/, /^CSS: “mso-[a-z-]+”: Property “mso-[a-z-]+” doesn't exist\.$/]

/** Each brand at the running store's origin, so the e-mails' pictures load from it. */
const brands = STORE_BRANDS.map((brand) => ({ ...brand, publicOrigin: originOf(BRANDS.find((known) => known.id === brand.id)!.host) }))

const SHOTS = resolve(import.meta.dirname, 'screenshots/emails')

describe('branded e-mails', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await launch()
    mkdirSync(SHOTS, { recursive: true })
  })
  afterAll(async () => {
    await browser?.close()
  })

  it('are valid HTML, every e-mail of every brand', { timeout: 180_000 }, async () => {
    const documents: Record<string, string> = {}
    for (const brand of brands) for (const email of emailPreviews(brand)) documents[`${brand.id}-${email.key}`] = await brandedHtml(brand, email)
    const errors = (await vnuErrors(documents)).filter((error) => !OUTLOOK_ONLY.some((allowed) => allowed.test(error.message)))
    expect(errors.map(describeVnu)).toEqual([])
  })

  it("fit a 600 px column and a 390 px phone, with the order's pictures and the button", { timeout: 180_000 }, async () => {
    const problems: string[] = []
    for (const brand of brands) {
      const emails = emailPreviews(brand).filter((email) => ['order-confirmation', 'order-cancelled', 'welcome', 'club-charge-failed', 'password-reset'].includes(email.key))
      for (const width of [600, 390]) {
        const { context, page } = await newPage(browser, { width, javaScriptEnabled: false })
        for (const email of emails) {
          await page.setContent(await brandedHtml(brand, email), { waitUntil: 'load' })
          const seen = await page.evaluate(() => ({
            scrollWidth: document.documentElement.scrollWidth,
            pictures: [...document.images].map((image) => image.naturalWidth),
            buttons: [...document.querySelectorAll('a')].filter((link) => getComputedStyle(link).display === 'inline-block' && link.getBoundingClientRect().width > 0).length,
            heading: document.querySelector('a')?.textContent?.trim(),
          }))
          const name = `${brand.id} ${email.key} at ${width} px`
          if (seen.scrollWidth > width) problems.push(`${name}: ${seen.scrollWidth} px wide`)
          if (seen.pictures.length !== email.pictures.length) problems.push(`${name}: ${seen.pictures.length} pictures, not ${email.pictures.length}`)
          if (seen.pictures.some((naturalWidth) => naturalWidth === 0)) problems.push(`${name}: a picture did not load`)
          if (seen.buttons < 1) problems.push(`${name}: no button`)
          if (seen.heading !== brand.name) problems.push(`${name}: heads with ${seen.heading}`)
          await page.screenshot({ path: resolve(SHOTS, `${brand.id}-${email.key}-${width}.png`), fullPage: true })
        }
        await context.close()
      }
    }
    expect(problems).toEqual([])
  })
})
