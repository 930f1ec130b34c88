import { describe, expect, it } from 'vitest'
import { BRANDS } from '../brands/registry.ts'
import { brandedHtml } from './branded-email.ts'
import { compileLayout, layoutOf, prepareEmailLayouts } from './email-layout.ts'
import { emailPreviews } from './email-previews.ts'

const popfit = BRANDS[0]!
const ckb = BRANDS[1]!

const hrefs = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]!.replace(/&amp;/g, '&'))
const urlsOf = (text: string) => [...text.matchAll(/https?:\/\/[^\s<>"]+[^\s<>".,;:!?)]/g)].map((match) => match[0])

describe('branded e-mails', () => {
  it("draws every e-mail of every brand in the brand's colours, fonts and name, every link of its text kept, nothing left unfilled", async () => {
    for (const brand of BRANDS) {
      for (const email of emailPreviews(brand)) {
        const html = await brandedHtml(brand, email)
        expect(html, `${brand.id} ${email.key}`).toContain(`<title>${email.subject.replace(/&/g, '&amp;').replace(/'/g, '&#39;')}</title>`)
        expect(html).toContain(brand.styles.colors.primary)
        expect(html).toContain(brand.styles.fonts.body.replace(/'/g, '&#39;').split(',')[0]!.replace(/&#39;/g, ''))
        expect(html).toContain(`>${brand.name}</a>`)
        expect(html).not.toMatch(/@@[A-Z]+@@/)
        const links = hrefs(html)
        for (const url of urlsOf(email.body)) expect(links, `${brand.id} ${email.key}: ${url}`).toContain(url)
      }
    }
  })

  it("puts the order's pictures beside the pieces the e-mail names, and the order's pieces where it names none", async () => {
    const [confirmation] = emailPreviews(ckb).filter((email) => email.key === 'order-confirmation')
    const html = await brandedHtml(ckb, confirmation!)
    for (const picture of confirmation!.pictures) expect(html).toContain(`<img src="${picture.src}"`)
    // beside its line: the picture comes just before the piece's name
    expect(html.indexOf(confirmation!.pictures[1]!.src)).toBeLessThan(html.indexOf('High-Rise Leggings</strong>'))
    expect(html.indexOf(confirmation!.pictures[1]!.src)).toBeGreaterThan(html.indexOf('Everyday Tee</strong>'))
    const cancelled = emailPreviews(ckb).find((email) => email.key === 'order-cancelled')!
    const cancelledHtml = await brandedHtml(ckb, cancelled)
    expect(cancelledHtml).toContain('<strong>Everyday Tee</strong><br><span style="color:#4f5868;font-size:14px">Berry, M</span>')
    // before the button, after the words
    expect(cancelledHtml.indexOf('See your order')).toBeGreaterThan(cancelledHtml.indexOf('<strong>Everyday Tee</strong>'))
    // an e-mail of no order has no picture
    const welcome = emailPreviews(ckb).find((email) => email.key === 'welcome')!
    expect(await brandedHtml(ckb, welcome)).not.toContain('<img')
  })

  it('says what the shopper wrote as text, never as markup', async () => {
    const html = await brandedHtml(popfit, {
      subject: 'A <b>note</b>',
      body: 'Hi <script>alert(1)</script>,\n\nYour name "><img src=x onerror=alert(1)> is kept.\n\nSee: https://shop.test/a?b=1&c="x"',
    })
    expect(html).not.toContain('<script>alert')
    expect(html).not.toContain('<img src=x')
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(html).toContain('<title>A &lt;b&gt;note&lt;/b&gt;</title>')
  })

  it('compiles MJML once per brand: an e-mail is then a fraction of a millisecond, where compiling is milliseconds', async () => {
    await prepareEmailLayouts(BRANDS)
    expect(layoutOf(popfit)).toBe(layoutOf(popfit))
    const emails = BRANDS.flatMap((brand) => emailPreviews(brand).map((email) => ({ brand, email })))
    let started = performance.now()
    for (let round = 0; round < 5; round += 1) for (const { brand, email } of emails) await brandedHtml(brand, email)
    const perEmail = (performance.now() - started) / (emails.length * 5)
    started = performance.now()
    await compileLayout(ckb)
    const perCompile = performance.now() - started
    console.info(`e-mail HTML: ${perEmail.toFixed(3)} ms an e-mail from the compiled layout; compiling one layout: ${perCompile.toFixed(1)} ms`)
    expect(perEmail).toBeLessThan(perCompile / 5)
  })
})
