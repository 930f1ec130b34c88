import type { AdminContentPage, AdminContentPageSummary, AdminMembershipLanding, AdminMenus, AdminStoreSettings, ContentPage, MembershipLanding, StoreSettings } from '@store/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addStaff, staffBrowser } from '../staff/staff-test-utils.ts'
import { DIALECTS, dataOf, TestShopper, type TestStore, startTestStore } from '../test/harness.ts'
import { EDITED_IN_SANITY } from './content-caches.ts'

const send = (browser: TestShopper, method: 'PUT' | 'PATCH', url: string, json: unknown) =>
  browser.request({ method, url, payload: JSON.stringify(json), headers: { 'content-type': 'application/json' } })

type Field = { field?: string; message: string }
const problems = (response: { json(): unknown }) => (response.json() as { errors: Field[] }).errors

describe.each(DIALECTS)('content and settings in the operator area on %s', (dialect) => {
  let t: TestStore
  let owner: TestShopper
  let manager: TestShopper
  let analyst: TestShopper
  let support: TestShopper
  let visitor: TestShopper
  const storefrontSettings = async () => dataOf<StoreSettings>(await visitor.get('/api/settings'))
  const audit = (entity: string) => t.store.db.selectFrom('audit_log').select(['action', 'entity_id']).where('entity', '=', entity).orderBy('at').execute()

  beforeAll(async () => {
    t = await startTestStore(dialect)
    owner = await staffBrowser(t.app, (await addStaff(t.store, 'owner')).email)
    manager = await staffBrowser(t.app, (await addStaff(t.store, 'manager')).email)
    analyst = await staffBrowser(t.app, (await addStaff(t.store, 'analyst')).email)
    support = await staffBrowser(t.app, (await addStaff(t.store, 'support')).email)
    visitor = new TestShopper(t.app)
  })
  afterAll(() => t.close())

  it('lets the owner and a manager edit content, only the owner the settings; nobody signed out', async () => {
    expect((await manager.get('/api/admin/content/pages')).statusCode).toBe(200)
    expect((await owner.get('/api/admin/content/pages')).statusCode).toBe(200)
    expect((await analyst.get('/api/admin/content/pages')).statusCode).toBe(403)
    expect((await support.post('/api/admin/content/menus', { menu: 'header', caption: 'Nope', link: '/nope' })).statusCode).toBe(403)
    expect((await new TestShopper(t.app).get('/api/admin/content/menus')).statusCode).toBe(401)
    expect((await manager.get('/api/admin/settings')).statusCode).toBe(403)
    expect((await send(manager, 'PATCH', '/api/admin/settings', { storeName: 'Mine now' })).statusCode).toBe(403)
    expect(dataOf<{ settings: AdminStoreSettings }>(await owner.get('/api/admin/settings')).settings.mainShoppingPath).toBe('/category/leggings')
  })

  it('a draft is saved and previewed without touching the store; publishing shows it; an earlier version is restored', async () => {
    const pages = dataOf<{ pages: AdminContentPageSummary[] }>(await manager.get('/api/admin/content/pages')).pages
    const about = pages.find((page) => page.slug === 'about-us')!
    expect(about.has_draft).toBe(false)
    const seeded = dataOf<ContentPage>(await visitor.get('/api/content/pages/about-us'))

    const draft = {
      name: 'About us, renewed',
      body: '<p>We make leggings that <strong>stay put</strong>.</p>',
      hide_headline: false,
      blocks: [
        { type: 'text', body: '<p>Made in Los Angeles.</p>' },
        { type: 'button', button_text: 'Shop leggings', link: '/category/leggings' },
      ],
    }
    const saved = dataOf<{ page: AdminContentPage }>(await send(manager, 'PUT', `/api/admin/content/pages/${about.id}/draft`, draft)).page
    expect(saved.draft).toMatchObject({ name: 'About us, renewed', blocks: [{ type: 'text' }, { type: 'button', link: '/category/leggings' }] })
    expect(saved.live.name).toBe(seeded.name)
    // the store still shows the page as it was
    expect(dataOf<ContentPage>(await visitor.get('/api/content/pages/about-us')).name).toBe(seeded.name)
    const preview = dataOf<{ page: ContentPage }>(await manager.get(`/api/admin/content/pages/${about.id}/preview`)).page
    expect(preview).toMatchObject({ slug: 'about-us', name: 'About us, renewed', body: draft.body })
    expect(preview.blocks.map((block) => block.type)).toEqual(['text', 'button'])

    const published = dataOf<{ page: AdminContentPage }>(await manager.post(`/api/admin/content/pages/${about.id}/publish`)).page
    expect(published.draft).toBeNull()
    expect(published.versions.map((version) => [version.number, version.live])).toEqual([
      [2, true],
      [1, false],
    ])
    const live = dataOf<ContentPage>(await visitor.get('/api/content/pages/about-us'))
    expect(live).toMatchObject({ name: 'About us, renewed', body: draft.body })
    expect(live.blocks).toEqual([
      { type: 'text', body: '<p>Made in Los Angeles.</p>', wistia_video_id: null, button_text: null, link: null, desktop_image: null, mobile_image: null },
      { type: 'button', body: null, wistia_video_id: null, button_text: 'Shop leggings', link: '/category/leggings', desktop_image: null, mobile_image: null },
    ])

    const restored = dataOf<{ page: AdminContentPage }>(await manager.post(`/api/admin/content/pages/${about.id}/versions/1/restore`)).page
    expect(restored.versions.map((version) => version.number)).toEqual([3, 2, 1])
    const back = dataOf<ContentPage>(await visitor.get('/api/content/pages/about-us'))
    expect({ ...back, updated_at: '' }).toEqual({ ...seeded, updated_at: '' })
    expect((await audit('content_page')).map((entry) => entry.action)).toEqual(['content_page.draft', 'content_page.publish', 'content_page.restore'])

    // nothing to publish without a draft; a version that is not there
    expect((await manager.post(`/api/admin/content/pages/${about.id}/publish`)).statusCode).toBe(422)
    expect((await manager.post(`/api/admin/content/pages/${about.id}/versions/9/restore`)).statusCode).toBe(404)
  })

  it('refuses a bad value at its field, in words', async () => {
    const page = dataOf<{ pages: AdminContentPageSummary[] }>(await manager.get('/api/admin/content/pages')).pages[0]!
    const script = await send(manager, 'PUT', `/api/admin/content/pages/${page.id}/draft`, { name: 'x', body: '<script>alert(1)</script>' })
    expect(script.statusCode).toBe(400)
    expect(problems(script)).toEqual([{ field: 'body', message: 'The page text may not hold scripts, frames or styles' }])
    const button = await send(manager, 'PUT', `/api/admin/content/pages/${page.id}/draft`, {
      name: 'x',
      blocks: [{ type: 'button', button_text: 'Go', link: 'javascript:alert(1)' }],
    })
    // a block's refusal names its place, so the page marks that very input
    expect(problems(button)).toEqual([{ field: 'blocks.0.link', message: 'The block is a page of this store (/category/leggings) or an https:// address, without spaces' }])
    const twoBlocks = await send(manager, 'PUT', `/api/admin/content/pages/${page.id}/draft`, { name: 'x', blocks: [{ type: 'text', body: '<p>ok</p>' }, { type: 'video' }] })
    expect(problems(twoBlocks)).toEqual([{ field: 'blocks.1.wistia_video_id', message: 'A video block needs its Wistia video id' }])
    const noName = await send(manager, 'PUT', `/api/admin/content/pages/${page.id}/draft`, { name: ' ' })
    expect(problems(noName)).toEqual([{ field: 'name', message: 'Enter the page name' }])

    const email = await send(owner, 'PATCH', '/api/admin/settings', { supportEmail: 'not an address' })
    expect(email.statusCode).toBe(400)
    expect(problems(email)[0]).toMatchObject({ field: 'supportEmail' })
    const shipping = await send(owner, 'PATCH', '/api/admin/settings', { standardShippingCost: '4.999' })
    expect(problems(shipping)[0]).toMatchObject({ field: 'standardShippingCost', message: 'The standard shipping cost has at most two decimals (cents)' })
    const afterpay = await send(owner, 'PATCH', '/api/admin/settings', { afterpayMinimum: 50, afterpayMaximum: 10 })
    expect(afterpay.statusCode).toBe(422)
    expect(problems(afterpay)).toEqual([{ field: 'afterpayMaximum', message: 'The Afterpay maximum cannot be below its minimum (50).' }])
    const domain = await send(owner, 'PATCH', '/api/admin/settings', { domain: 'evil.example' })
    expect(domain.statusCode).toBe(400)

    const price = await send(manager, 'PATCH', '/api/admin/content/membership-landing', { price: 0.5 })
    expect(problems(price)).toEqual([{ field: 'price', message: 'The monthly price is at least $1.00' }])
    const link = await manager.postJson('/api/admin/content/menus', { menu: 'header', caption: 'Away', link: 'http://elsewhere.example' })
    expect(problems(link)[0]).toMatchObject({ field: 'link' })
  })

  it("the owner's settings and the banner show on the storefront at once (its caches cleared)", async () => {
    const before = await storefrontSettings() // cached now
    expect(before.freeShippingThreshold).not.toBe(123)
    const saved = dataOf<{ settings: AdminStoreSettings }>(
      await send(owner, 'PATCH', '/api/admin/settings', { freeShippingThreshold: 123, sizes: 'xs, s, m, l', supportEmail: '' }),
    ).settings
    expect(saved).toMatchObject({ freeShippingThreshold: 123, sizes: ['XS', 'S', 'M', 'L'], supportEmail: null })
    const after = await storefrontSettings()
    expect(after.freeShippingThreshold).toBe(123)
    expect(after.sizes).toEqual(['XS', 'S', 'M', 'L'])

    const banner = { link: '/category/leggings', desktop_url: '/media/banners/winter-1600x200.jpg', desktop_width: 1600, desktop_height: 200, alt: 'Winter drop: new leggings' }
    const shown = dataOf<{ banner: { active: boolean } }>(await send(manager, 'PUT', '/api/admin/content/banner', banner)).banner
    expect(shown.active).toBe(true)
    expect((await storefrontSettings()).globalBanner).toEqual({
      link: '/category/leggings',
      desktop: { url: '/media/banners/winter-1600x200.jpg', width: 1600, height: 200, alt: 'Winter drop: new leggings' },
      mobile: null,
    })
    await send(manager, 'PUT', '/api/admin/content/banner', { ...banner, active: false })
    expect((await storefrontSettings()).globalBanner).toBeNull()

    const images = [{ url: '/media/scroll/one.jpg', width: 800, height: 1000, alt: 'One' }]
    await send(manager, 'PUT', '/api/admin/content/scrolling-images', { images })
    expect((await storefrontSettings()).scrollingImages).toEqual(images)
    expect((await audit('store_settings')).map((entry) => entry.action)).toEqual(['settings.update', 'scrolling_images.update'])
    expect((await audit('banner')).map((entry) => entry.action)).toEqual(['global_banner.update', 'global_banner.update'])
  })

  it('menus: a link added, moved, changed and removed, as the storefront shows them', async () => {
    const before = await storefrontSettings()
    let menus = dataOf<{ menus: AdminMenus }>(await manager.postJson('/api/admin/content/menus', { menu: 'header', caption: 'Gift cards', link: '/page/gift-cards' })).menus
    const added = menus.header.at(-1)!
    expect(added).toMatchObject({ caption: 'Gift cards', parent_id: null })
    expect((await storefrontSettings()).headerMenu.at(-1)).toMatchObject({ caption: 'Gift cards', link: '/page/gift-cards' })

    // first among the top-level links
    const ids = menus.header.map((link) => link.id)
    menus = dataOf<{ menus: AdminMenus }>(
      await manager.postJson('/api/admin/content/menus/reorder', { menu: 'header', ids: [added.id, ...ids.filter((id) => id !== added.id)] }),
    ).menus
    expect((await storefrontSettings()).headerMenu[0]!.caption).toBe('Gift cards')
    expect(problems(await manager.postJson('/api/admin/content/menus/reorder', { menu: 'header', ids: [added.id] }))[0]).toMatchObject({ field: 'ids' })

    const parent = menus.header.find((link) => link.id !== added.id && link.parent_id === null)!
    const nested = await send(manager, 'PATCH', `/api/admin/content/menus/${added.id}`, { caption: 'Gift cards & more', parent_id: parent.id })
    expect(nested.statusCode).toBe(200)
    const inDropdown = (await storefrontSettings()).headerMenu.find((entry) => entry.caption === parent.caption)!
    expect(inDropdown.children.map((child) => child.caption)).toContain('Gift cards & more')

    // a dropdown is one level deep, and only in the header
    const footerLink = menus.footer[0]!
    expect(problems(await send(manager, 'PATCH', `/api/admin/content/menus/${footerLink.id}`, { parent_id: parent.id }))).toEqual([
      { field: 'parent_id', message: 'Only header links have dropdowns: leave the parent empty for a footer link.' },
    ])
    expect(problems(await manager.postJson('/api/admin/content/menus', { menu: 'header', caption: 'Deeper', link: '/deeper', parent_id: added.id }))).toEqual([
      { field: 'parent_id', message: 'A dropdown link cannot have a dropdown of its own: choose a top-level link.' },
    ])

    await manager.post(`/api/admin/content/menus/${added.id}/remove`)
    const after = await storefrontSettings()
    expect(after.headerMenu).toEqual(before.headerMenu)
    expect((await audit('menu_link')).map((entry) => entry.action)).toEqual(['menu_link.create', 'menu_link.update', 'menu_link.remove'])
  })

  it("the club's landing and its price, and the sizing guide, show at once", async () => {
    const cached = dataOf<MembershipLanding>(await visitor.get('/api/membership-landing'))
    const landing = dataOf<{ landing: AdminMembershipLanding }>(
      await send(manager, 'PATCH', '/api/admin/content/membership-landing', {
        headline: 'Join the VIP club',
        faqs: [{ question: 'Can I skip?', answer: 'Any month, before the 5th.' }],
        founder_letter_bullets: ['We started in a garage.', 'We still answer every e-mail.'],
        price: 44.95,
      }),
    ).landing
    expect(landing).toMatchObject({ headline: 'Join the VIP club', subheadline: cached.subheadline, price: 44.95 })
    expect(dataOf<MembershipLanding>(await visitor.get('/api/membership-landing'))).toMatchObject({
      headline: 'Join the VIP club',
      faqs: [{ question: 'Can I skip?', answer: 'Any month, before the 5th.' }],
      price: 44.95,
    })
    // the landing's price is the club's: a new member pays what the page says
    expect((await storefrontSettings()).clubMonthly).toBe(44.95)
    // a store without a club has no landing to edit
    const glowManager = await staffBrowser(t.app, (await addStaff(t.store, 'manager', ['glow'])).email, 'glow.localhost')
    expect((await glowManager.get('/api/admin/content/membership-landing')).statusCode).toBe(404)

    const rows = [
      { size: 's', bust: '32-34', waist: '26-28', hip: '36-38', pant: '4-6', front: '/media/size/s-front.png', side: '/media/size/s-side.png', back: '/media/size/s-back.png' },
    ]
    await send(manager, 'PUT', '/api/admin/content/sizing-guide', { rows })
    expect((await storefrontSettings()).sizingGuide).toEqual([{ ...rows[0], size: 'S' }])
    const twice = await send(manager, 'PUT', '/api/admin/content/sizing-guide', { rows: [rows[0], rows[0]] })
    expect(problems(twice)[0]).toMatchObject({ field: 'rows', message: 'Each size appears once in the guide' })
  })

  it('where the content is edited in Sanity Studio, content calls answer 409 and settings stay editable', async () => {
    const env = t.app.env
    env.CONTENT_SOURCE = 'sanity'
    try {
      const refused = await manager.get('/api/admin/content/pages')
      expect(refused.statusCode).toBe(409)
      expect(problems(refused)).toEqual([{ message: EDITED_IN_SANITY }])
      expect((await send(manager, 'PUT', '/api/admin/content/banner', { desktop_url: '/media/x.jpg' })).statusCode).toBe(409)
      expect((await owner.get('/api/admin/settings')).statusCode).toBe(200)
    } finally {
      env.CONTENT_SOURCE = 'local'
    }
  })
})
