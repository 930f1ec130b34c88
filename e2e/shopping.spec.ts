import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiFromPage, BRANDS, focused, launch, newPage, originOf } from './support/browser.ts'
import {
  addFirstAvailableSize,
  cartDrawer,
  expectDrawerTotalMatchesServer,
  openFirstItem,
  priceForms,
  waitForHydration,
  waitForScrollReset,
  type ApiCart,
} from './support/cart-utils.ts'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(() => browser?.close())

describe.each(BRANDS)('a shopper on $id', (brand) => {
  it('goes home -> category -> item -> size -> cart, changes quantity and applies First15', async () => {
    const { context, page } = await newPage(browser)
    try {
      await page.goto(`${originOf(brand.host)}/`)
      await waitForHydration(page)
      await page.locator(`a[href="${brand.mainPath}"]`).first().click()
      await page.waitForURL(new RegExp(`${brand.mainPath}$`))
      await openFirstItem(page)
      await waitForHydration(page)
      await addFirstAvailableSize(page)
      const drawer = cartDrawer(page)
      const itemName = (await page.locator('main h1').first().innerText()).trim()
      expect(await drawer.locator('.cart-line').first().innerText()).toContain(itemName)
      const before = await expectDrawerTotalMatchesServer(page)
      expect(before.items[0]!.qty).toBe(1)

      await drawer
        .getByRole('button', { name: /Increase quantity of/ })
        .first()
        .click()
      await expect.poll(async () => (await apiFromPage<ApiCart>(page, '/api/cart')).items[0]!.qty).toBe(2)
      const doubled = await expectDrawerTotalMatchesServer(page)
      expect(doubled.cart_subtotal).toBeCloseTo(before.cart_subtotal * 2, 2)

      await drawer.getByLabel('Discount code').fill('First15')
      await drawer.getByRole('button', { name: /apply/i }).click()
      await expect.poll(async () => (await apiFromPage<ApiCart>(page, '/api/cart')).discount_code_name).toBe('First15')
      const discounted = await expectDrawerTotalMatchesServer(page)
      expect(discounted.cart_discount).toBeGreaterThan(0)
      expect(discounted.cart_total).toBeLessThan(doubled.cart_total)
      const discountText = await drawer.locator('.cart-discount').innerText()
      expect(priceForms(discounted.cart_discount).some((form) => discountText.includes(form))).toBe(true)
    } finally {
      await context.close()
    }
  })
})

describe('the storefront', () => {
  it('gives each brand its own colours', async () => {
    const colours = new Set<string>()
    for (const brand of BRANDS) {
      const { context, page } = await newPage(browser)
      await page.goto(`${originOf(brand.host)}/`)
      colours.add(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim()))
      await context.close()
    }
    expect(colours.size).toBe(3)
  })

  it('gives ckb its 1px letter spacing and no one else', async () => {
    const spacing: Record<string, string> = {}
    for (const brand of BRANDS) {
      const { context, page } = await newPage(browser)
      await page.goto(`${originOf(brand.host)}/`)
      spacing[brand.id] = await page.evaluate(() => getComputedStyle(document.body).letterSpacing)
      await context.close()
    }
    expect(spacing.ckb).toBe('1px')
    expect(spacing.popfitclothing).toBe('normal')
  })

  it('marks checkout pages noindex with the title Secure Checkout', async () => {
    const { context, page } = await newPage(browser)
    for (const path of ['/checkout', '/checkout-club', '/checkout-ob', '/special-offer', '/please-wait', '/checkout-styleprofile']) {
      await page.goto(`${originOf('localhost')}${path}`)
      expect(await page.title()).toContain('Secure Checkout')
      expect(await page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex')
    }
    // the thank-you page keeps its own title (SPEC §2 lists 'Thank You') but is slim and hidden from search too
    await page.goto(`${originOf('localhost')}/thank-you`)
    expect(await page.title()).toContain('Thank You')
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex')
    await page.goto(`${originOf('localhost')}/social_media_specials/pf-vip-optin-main`)
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex')
    await context.close()
  })

  it('sends a visitor from a protected page to /login', async () => {
    const { context, page } = await newPage(browser)
    for (const path of ['/orders', '/wishlist', '/members']) {
      await page.goto(`${originOf('localhost')}${path}`)
      expect(new URL(page.url()).pathname).toBe('/login')
      expect(new URL(page.url()).searchParams.get('redirectTo')).toBe(path)
      expect(await page.title()).toContain('Member Login')
    }
    await context.close()
  })

  it('shows a clear page for an unknown host', async () => {
    const { context, page } = await newPage(browser)
    const response = await page.goto(`http://unknown.localhost:${new URL(originOf('localhost')).port}/`)
    expect(response?.status()).toBe(404)
    expect(await page.locator('h1').innerText()).toBe('Unknown host')
    await context.close()
  })

  it('browses before JavaScript: server-rendered links lead from home to an item', async () => {
    const { context, page } = await newPage(browser, { javaScriptEnabled: false })
    await page.goto(`${originOf('localhost')}/`)
    await page.locator('a[href="/category/leggings"]').first().click()
    await page.waitForURL(/\/category\/leggings$/)
    expect(await page.locator('main a[href^="/item/"]').count()).toBeGreaterThanOrEqual(40)
    await openFirstItem(page)
    expect(await page.locator('main h1').innerText()).not.toBe('')
    expect(await page.locator('input[type="radio"][name="size"]').count()).toBeGreaterThan(0)
    await context.close()
  })

  it("serves a shopper's cart lines in the page's HTML; they work once their code arrives (fetched on demand)", async () => {
    const { context, page } = await newPage(browser)
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    const scripts: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
    })
    const linesCode = () => scripts.filter((path) => path.includes('/cart-contents-'))
    try {
      await page.goto(`${originOf('localhost')}/category/leggings`)
      await waitForHydration(page)
      await openFirstItem(page)
      await waitForHydration(page)
      // a first visit's cart is empty: the lines' code is not fetched
      expect(linesCode()).toEqual([])
      await addFirstAvailableSize(page)
      expect(linesCode()).toHaveLength(1)
      const itemPath = new URL(page.url()).pathname

      // a new page load with a cart: the lines are server-rendered (readable and usable without JavaScript)
      const html = await (await page.request.get(`${originOf('localhost')}${itemPath}`)).text()
      expect(html).toContain('class="cart-line"')
      expect(html).toContain('class="cart-total"')

      await page.reload()
      await waitForHydration(page)
      await page.getByRole('link', { name: /^Cart,/ }).click()
      const drawer = cartDrawer(page)
      await drawer
        .getByRole('button', { name: /Increase quantity of/ })
        .first()
        .click()
      await expect.poll(async () => (await apiFromPage<ApiCart>(page, '/api/cart')).items[0]!.qty).toBe(2)
      await expectDrawerTotalMatchesServer(page)
      expect(errors).toEqual([])
    } finally {
      await context.close()
    }
  })

  it('opens the size guide in a dialog, its code and figures fetched when asked for', async () => {
    const { context, page } = await newPage(browser)
    try {
      await page.goto(`${originOf('localhost')}/category/leggings`)
      await openFirstItem(page)
      await waitForHydration(page)
      const dialog = page.locator('dialog.size-guide-dialog')
      // not in the page until asked for: no figures load with the item page
      expect(await dialog.locator('.size-guide-entry').count()).toBe(0)
      await page.getByRole('link', { name: 'Size guide' }).click()
      await expect.poll(() => dialog.locator('.size-guide-entry').count(), { timeout: 10_000 }).toBeGreaterThan(0)
      expect(await dialog.evaluate((element) => (element as HTMLDialogElement).open)).toBe(true)
      expect(new URL(page.url()).pathname).toMatch(/^\/item\//)
    } finally {
      await context.close()
    }
  })

  it('says a piece in one size as "Size: One Size" on its page and "One Size" on its cart line', async () => {
    const { context, page } = await newPage(browser, { width: 390 })
    try {
      await page.goto(`${originOf('glow.localhost')}/category/socks`)
      await openFirstItem(page)
      await waitForHydration(page)
      const legend = page.locator('.size-picker legend').first()
      expect(await legend.innerText()).toBe('Size: One Size')
      // the colon follows "Size" with no gap before it (a flex gap drew "Size  : One Size")
      const gap = await legend.evaluate((el) => {
        const range = document.createRange()
        range.selectNodeContents(el.firstChild!)
        return el.querySelector('.size-picker-chosen')!.getBoundingClientRect().left - range.getBoundingClientRect().right
      })
      expect(gap).toBeLessThan(1)
      await addFirstAvailableSize(page)
      const meta = await cartDrawer(page).locator('.cart-line-meta').first().innerText()
      expect(meta).toContain('One Size')
      expect(meta).not.toContain('Size One Size')
    } finally {
      await context.close()
    }
  })

  it('navigates inside the router without full page loads once hydrated', async () => {
    const { context, page } = await newPage(browser)
    await page.goto(`${originOf('localhost')}/`)
    await waitForHydration(page)
    await page.evaluate(() => {
      ;(window as unknown as { __sameDocument: boolean }).__sameDocument = true
    })
    await page.locator('a[href="/category/leggings"]').first().click()
    await page.waitForURL(/\/category\/leggings$/)
    await openFirstItem(page)
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true)
    await context.close()
  })

  it("makes no session for a page view's pixel: the visitor's next page still comes from the page cache", async () => {
    const { context, page } = await newPage(browser)
    try {
      // the pixel alone: the first-party analytics batch (5 s after the first event) is the visitor's record and makes one
      await page.route('**/api/analytics-events', (route) => route.abort())
      const pixels: number[] = []
      page.on('response', (response) => {
        if (new URL(response.url()).pathname === '/api/pixel-event') pixels.push(response.status())
      })
      await page.goto(`${originOf('ckb.localhost')}/`)
      await waitForHydration(page)
      await expect.poll(() => pixels.length, { timeout: 10_000 }).toBeGreaterThan(0)
      expect(pixels.every((status) => status === 200)).toBe(true)
      // before, the first page view's pixel made a session: a cookie, so every later page was rendered for it
      expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('sid')
      const next = await page.goto(`${originOf('ckb.localhost')}/category/underwear`)
      expect(next?.headers()['cache-control']).toMatch(/^public/)
    } finally {
      await context.close()
    }
  })
})

describe('a keyboard or screen-reader user changing page once hydrated', () => {
  it("finds focus on the new page's heading, not where the link was, and the next Tab goes on from there", async () => {
    const { context, page } = await newPage(browser)
    try {
      await page.goto(`${originOf('localhost')}/`)
      await waitForHydration(page)
      // by mouse: the link goes with the home page; focus is on the heading (read by a screen reader), with no ring
      await page.locator('main a[href="/category/leggings"]').first().click()
      await page.waitForURL(/\/category\/leggings$/)
      await expect.poll(() => focused(page)).toEqual({ tag: 'h1', name: 'Leggings', focusVisible: false })
      await page.keyboard.press('Tab')
      expect(await focused(page)).toMatchObject({ tag: 'select', focusVisible: true })
      expect(await page.evaluate(() => document.activeElement === document.querySelector('main select'))).toBe(true)

      // by keyboard, from the header (which stays): the first Tab after it is the new page's, not the next menu link
      await page.locator('header a[href="/category/shorts"]').first().focus()
      await page.keyboard.press('Enter')
      await page.waitForURL(/\/category\/shorts$/)
      await expect.poll(() => focused(page)).toMatchObject({ tag: 'h1', name: 'Biker Shorts' })
      await page.keyboard.press('Tab')
      expect(await page.evaluate(() => document.activeElement === document.querySelector('main select'))).toBe(true)
      // the heading took focus for the change of page only: Shift+Tab goes past it, back to the header
      await page.keyboard.press('Shift+Tab')
      expect(await page.evaluate(() => document.querySelector('header')?.contains(document.activeElement))).toBe(true)
      await page.keyboard.press('Tab')
      expect(await page.evaluate(() => document.activeElement === document.querySelector('main select'))).toBe(true)

      // a change of the query only (the size filter) is the same page: focus stays on the filter
      await page.keyboard.press('ArrowDown')
      await page.waitForURL(/\/category\/shorts\?size=/)
      // the address changes before the page is drawn for it: the size select (controlled by the address) shows the
      // size once it is, and only then would a change of page have moved focus (else the check below reads too early)
      const chosen = new URL(page.url()).searchParams.get('size')!
      await expect.poll(() => page.locator('main select').first().inputValue()).toBe(chosen)
      await waitForScrollReset(page)
      expect(await page.evaluate(() => document.activeElement === document.querySelector('main select'))).toBe(true)

      // back: the page before, its heading focused
      await page.goBack()
      await page.waitForURL(/\/category\/leggings$/)
      await expect.poll(() => focused(page)).toMatchObject({ tag: 'h1', name: 'Leggings' })
    } finally {
      await context.close()
    }
  })

  it('keeps its place on a colour swatch: another colour of the style is chosen from the keyboard without losing the swatches or the scroll', async () => {
    const { context, page } = await newPage(browser, { width: 390 })
    try {
      await page.goto(`${originOf('localhost')}/item/1001`)
      await waitForHydration(page)
      const other = page.locator('.swatch-list a:not([aria-current="page"])').first()
      const color = await other.getAttribute('aria-label')
      await other.scrollIntoViewIfNeeded()
      const before = await page.evaluate(() => window.scrollY)
      expect(before).toBeGreaterThan(0)
      await other.focus()
      await page.keyboard.press('Enter')
      await page.waitForURL((url) => url.pathname !== '/item/1001')
      // the new colour's swatch has the focus, once it is the current one (it went to the heading, and the
      // page jumped to the top); read together, as the swatch pressed has the same name until the page changes
      await expect
        .poll(() => page.evaluate(() => `${document.activeElement?.getAttribute('aria-label')} ${document.activeElement?.getAttribute('aria-current')}`))
        .toBe(`${color} page`)
      await page.waitForTimeout(400)
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
    } finally {
      await context.close()
    }
  })

  it('keeps focus in the cart drawer when a discount code goes in or out by Enter: on the applied code, then on the field again', async () => {
    const { context, page } = await newPage(browser)
    try {
      await page.goto(`${originOf('ckb.localhost')}/category/underwear`)
      await waitForHydration(page)
      await openFirstItem(page)
      await waitForHydration(page)
      await addFirstAvailableSize(page)
      const drawer = cartDrawer(page)
      const inDrawer = () => drawer.evaluate((dialog) => dialog.contains(document.activeElement) && document.activeElement !== dialog)
      // the field goes when the code is applied: focus was left on the body, behind the open drawer
      await drawer.getByLabel('Discount code').fill('10FIRST')
      await drawer.getByLabel('Discount code').press('Enter')
      await expect.poll(() => drawer.getByRole('button', { name: 'Remove code' }).count()).toBe(1)
      await expect.poll(() => focused(page)).toMatchObject({ tag: 'div', name: expect.stringMatching(/^Discount code\s*10FIRST/i) })
      expect(await inDrawer()).toBe(true)
      // Tab goes on inside the drawer, to "Remove code"
      await page.keyboard.press('Tab')
      expect(await focused(page)).toMatchObject({ tag: 'button', name: 'Remove code' })
      await page.keyboard.press('Enter')
      await expect.poll(() => drawer.getByLabel('Discount code').count()).toBe(1)
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('code')
      expect(await inDrawer()).toBe(true)
    } finally {
      await context.close()
    }
  })

  it('moves focus from a removed cart line to the next line\'s "Remove", the control like the one pressed', async () => {
    const { context, page } = await newPage(browser)
    try {
      for (const item of [2001, 2002]) {
        await page.goto(`${originOf('ckb.localhost')}/item/${item}`)
        await waitForHydration(page)
        await addFirstAvailableSize(page)
      }
      const drawer = cartDrawer(page)
      const removes = drawer.locator('button', { hasText: /^Remove$/ })
      await expect.poll(() => removes.count()).toBe(2)
      await removes.first().focus()
      await page.keyboard.press('Enter')
      await expect.poll(() => removes.count()).toBe(1)
      // the line's "Remove", not its icon "−" that is named "Remove …" too
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Remove')
    } finally {
      await context.close()
    }
  })
})

describe('a coupon link', () => {
  it('says the code is in the cart on a first visit with an empty cart, applies it to what is added, and says why a wrong one is refused', async () => {
    const { context, page } = await newPage(browser)
    try {
      // a campaign's link: the cart is empty, so its drawer shows no code; the page says what became of it
      await page.goto(`${originOf('localhost')}/?coupon=First15`)
      const notice = page.locator('.coupon-notice-region')
      await expect.poll(() => notice.innerText(), { timeout: 15_000 }).toMatch(/Discount code First15 is in your cart: it comes off what you add/)
      expect((await apiFromPage<ApiCart>(page, '/api/cart')).discount_code_name).toBe('First15')
      await notice.getByRole('button', { name: 'Dismiss' }).click()
      expect((await notice.innerText()).trim()).toBe('')

      await page.goto(`${originOf('localhost')}/category/leggings`)
      await waitForHydration(page)
      await openFirstItem(page)
      await waitForHydration(page)
      await addFirstAvailableSize(page)
      await expect.poll(async () => (await apiFromPage<ApiCart>(page, '/api/cart')).cart_discount).toBeGreaterThan(0)

      await page.goto(`${originOf('localhost')}/?coupon=NOPE`)
      await expect.poll(() => notice.innerText(), { timeout: 15_000 }).toMatch(/couldn't find the discount code 'NOPE'/)
      // the code the cart had stays
      expect((await apiFromPage<ApiCart>(page, '/api/cart')).discount_code_name).toBe('First15')
    } finally {
      await context.close()
    }
  })
})
