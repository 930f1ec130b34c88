import { contentPagePath } from '@store/core'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { BRANDS } from '../brands/registry.ts'
import { getCartBanners } from '../settings/settings.service.ts'
import { DIALECTS, dataOf, errorsOf, startTestStore, TestShopper, type TestStore } from '../test/harness.ts'
import { startFakeSanity, type FakeSanity } from '../test/fake-sanity.ts'
import { exportContentNdjson } from './content-export.ts'
import { localContent } from './local-content.ts'
import { SanityContent } from './sanity-content.ts'
import { signSanityWebhook } from './sanity-webhook.ts'

const PROJECT = 'store-test-1'
const SECRET = 'sanity-webhook-secret-0123456789'

interface Settings {
  headerMenu: { caption: string; link: string; children: { caption: string }[] }[]
  footerMenu: { header: string; showDuringCheckout: boolean; links: { caption: string }[] }[]
  globalBanner: { link: string | null; desktop: { url: string; alt: string } | null; mobile: { url: string } | null } | null
  scrollingImages: { url: string }[]
  storeName: string
}

/** The documents an editor of two brands would have published (and one draft). */
function publish(sanity: FakeSanity) {
  for (const brand of ['ckb', 'popfitclothing'] as const) {
    sanity.put({
      _id: `page-${brand}-about`,
      _type: 'page',
      brand,
      slug: { _type: 'slug', current: 'about-us' },
      name: `About ${brand} (from Sanity)`,
      body: 'Who we are.',
      hideHeadline: true,
      blocks: [
        { _key: 'a', _type: 'contentBlock', kind: 'text', body: '**Our story**\n\nSoft things.' },
        { _key: 'b', _type: 'contentBlock', kind: 'video', wistiaVideoId: 'abc123', body: 'Meet the team' },
        { _key: 'c', _type: 'contentBlock', kind: 'button', buttonText: 'Shop now', link: '/category/underwear' },
      ],
    })
    sanity.put({
      _id: `storefront-${brand}`,
      _type: 'storefront',
      brand,
      headerMenu: [
        { _key: 'h1', caption: `${brand} New`, link: '/category/new', children: [{ _key: 'c1', caption: 'Bras', link: '/category/bras' }] },
        { _key: 'h2', caption: 'Sale', link: '/page/sale', dropdownImage: { url: 'https://cdn.example.com/sale.jpg', alt: 'Sale' } },
      ],
      footerMenu: [{ _key: 'f1', header: 'Help', showDuringCheckout: true, links: [{ _key: 'l1', caption: 'Contact', link: '/contact-us' }] }],
      scrollingImages: [{ _key: 's1', url: 'https://cdn.example.com/scroll-1.jpg', width: 800, height: 600, alt: '' }],
    })
    sanity.put({
      _id: `banner-${brand}-top`,
      _type: 'banner',
      brand,
      placement: 'global',
      position: 0,
      link: '/page/sale',
      desktop: { url: 'https://cdn.example.com/top-desktop.jpg', width: 1600, height: 120, alt: 'Sale' },
      mobile: { url: 'https://cdn.example.com/top-mobile.jpg', width: 600, height: 120, alt: 'Sale' },
    })
    sanity.put({ _id: `banner-${brand}-cart-2`, _type: 'banner', brand, placement: 'cart', position: 2, text: 'Second', buttonText: 'Go', buttonLink: '/b' })
    sanity.put({ _id: `banner-${brand}-cart-1`, _type: 'banner', brand, placement: 'cart', position: 1, text: 'First', cssClass: 'pink' })
    sanity.put({
      _id: `membershipLanding-${brand}`,
      _type: 'membershipLanding',
      brand,
      headline: `Join the ${brand} VIP (from Sanity)`,
      subheadline: 'A new pair every month',
      faqs: [{ _key: 'q1', question: 'Can I skip?', answer: 'Any month.' }],
      founderLetterName: 'Jo',
      founderLetterBullets: ['Soft', 'Fair'],
    })
  }
  // a draft: never shown
  sanity.put({ _id: 'drafts.page-ckb-about', _type: 'page', brand: 'ckb', slug: { current: 'about-us' }, name: 'DRAFT', blocks: [] })
}

describe('content from Sanity (CONTENT_SOURCE=sanity, against a local stand-in of its query API)', () => {
  let sanity: FakeSanity
  let t: TestStore
  const ckb = () => new TestShopper(t.app, 'ckb.localhost')
  const popfit = () => new TestShopper(t.app, 'localhost')
  const callsFor = (brand: string) => sanity.calls.filter((call) => call.params.brand === brand).length
  const deliver = (document: Record<string, unknown>, signature?: string) => {
    const body = JSON.stringify(document)
    return t.app.inject({
      method: 'POST',
      url: '/api/content/webhook',
      payload: body,
      headers: { host: 'localhost', 'content-type': 'application/json', 'sanity-webhook-signature': signature ?? signSanityWebhook(SECRET, body, Date.now()) },
    })
  }

  beforeAll(async () => {
    sanity = await startFakeSanity({ projectId: PROJECT })
    publish(sanity)
    t = await startTestStore('sqlite', {
      env: { CONTENT_SOURCE: 'sanity', SANITY_PROJECT_ID: PROJECT, SANITY_API_HOST: sanity.url, SANITY_WEBHOOK_SECRET: SECRET },
    })
  })
  afterAll(async () => {
    await t?.close()
    await sanity?.close()
  })
  beforeEach(() => {
    sanity.state.failWith = null
  })

  it('serves a page with its blocks in order from the brand’s own published document, by GROQ on the production dataset', async () => {
    const response = await ckb().get('/api/content/pages/about-us')
    const page = dataOf<{ name: string; body: string; hide_headline: boolean; updated_at: string; blocks: Record<string, unknown>[] }>(response)
    expect(page.name).toBe('About ckb (from Sanity)')
    expect(page.hide_headline).toBe(true)
    expect(page.updated_at).toMatch(/^2026-11-01T/)
    expect(page.blocks.map((block) => block.type)).toEqual(['text', 'video', 'button'])
    expect(page.blocks[1]).toMatchObject({ wistia_video_id: 'abc123', body: 'Meet the team', link: null })
    expect(page.blocks[2]).toMatchObject({ button_text: 'Shop now', link: '/category/underwear' })
    expect(dataOf<{ name: string }>(await popfit().get('/api/content/pages/about-us')).name).toBe('About popfitclothing (from Sanity)')
    // what the store asked: the query API of the dataset, API version 2023-05-03, published documents, the project named
    const call = sanity.calls.find((each) => each.params.slug === 'about-us' && each.params.brand === 'ckb')
    expect(call).toMatchObject({ method: 'GET', path: '/v2023-05-03/data/query/production', projectId: PROJECT, perspective: 'published' })
    expect(call?.query).toContain('_type == "page"')
    // glow has no such document, and the store's own page of that name is not served instead
    const missing = await new TestShopper(t.app, 'glow.localhost').get('/api/content/pages/about-us')
    expect(missing.statusCode).toBe(404)
    expect(errorsOf(missing)[0]).toBe("We couldn't find the page 'about-us'.")
  })

  it("lists the dataset's pages of the brand in the sitemap, not the store's own", async () => {
    const sitemap = (await ckb().get('/sitemap.xml')).body
    expect(sitemap).toMatch(new RegExp(`ckb\\.localhost(:\\d+)?${contentPagePath('about-us')}</loc><lastmod>2026-11-01</lastmod>`))
    expect(sitemap).not.toContain(contentPagePath('terms'))
    expect(sitemap).not.toContain(contentPagePath('store-policies'))
  })

  it('takes the menus, the banners and the scrolling images of the settings from the dataset, the rest from the store', async () => {
    const settings = dataOf<Settings>(await ckb().get('/api/settings'))
    expect(settings.storeName).toBe('CKB Intimates')
    expect(settings.headerMenu.map((entry) => entry.caption)).toEqual(['ckb New', 'Sale'])
    expect(settings.headerMenu[0]?.children).toEqual([{ caption: 'Bras', link: '/category/bras' }])
    expect(settings.headerMenu[1]).toMatchObject({ dropdownImage: { url: 'https://cdn.example.com/sale.jpg', width: null, height: null, alt: 'Sale' } })
    expect(settings.footerMenu).toEqual([{ header: 'Help', showDuringCheckout: true, links: [{ caption: 'Contact', link: '/contact-us' }] }])
    expect(settings.globalBanner).toEqual({
      link: '/page/sale',
      desktop: { url: 'https://cdn.example.com/top-desktop.jpg', width: 1600, height: 120, alt: 'Sale' },
      mobile: { url: 'https://cdn.example.com/top-mobile.jpg', width: 600, height: 120, alt: 'Sale' },
    })
    expect(settings.scrollingImages).toEqual([{ url: 'https://cdn.example.com/scroll-1.jpg', width: 800, height: 600, alt: '' }])
    // the cart's banners, in the documents' order
    expect(await getCartBanners(t.store.db, 'ckb')).toEqual([
      { text: 'First', buttonText: null, buttonLink: null, image: null, css_class: 'pink' },
      { text: 'Second', buttonText: 'Go', buttonLink: '/b', image: null, css_class: null },
    ])
  })

  it("serves the club's landing copy from the dataset with the club's price from the store; a brand without a club has none", async () => {
    const landing = dataOf<{ headline: string; faqs: unknown[]; founder_letter_bullets: string[]; price: number }>(await ckb().get('/api/membership-landing'))
    expect(landing.headline).toBe('Join the ckb VIP (from Sanity)')
    expect(landing.faqs).toEqual([{ question: 'Can I skip?', answer: 'Any month.' }])
    expect(landing.founder_letter_bullets).toEqual(['Soft', 'Fair'])
    const local = await localContent.membershipLanding(t.store.db, 'ckb')
    expect(landing.price).toBe(local?.price)
    expect((await new TestShopper(t.app, 'glow.localhost').get('/api/membership-landing')).statusCode).toBe(404)
  })

  it('keeps what it read until a webhook signed by the content service says the brand’s content changed; a badly signed one changes nothing', async () => {
    await ckb().get('/api/content/pages/about-us')
    await ckb().get('/api/settings')
    await ckb().get('/api/membership-landing')
    await popfit().get('/api/content/pages/about-us')
    await popfit().get('/api/settings')
    const before = callsFor('ckb')
    expect(dataOf<{ name: string }>(await ckb().get('/api/content/pages/about-us')).name).toBe('About ckb (from Sanity)')
    await ckb().get('/api/settings')
    await ckb().get('/api/membership-landing')
    expect(callsFor('ckb')).toBe(before) // cached: no question asked again

    const page = sanity.documents.get('page-ckb-about')!
    sanity.put({ ...page, name: 'About ckb, edited' })
    sanity.put({ ...sanity.documents.get('storefront-ckb')!, headerMenu: [{ _key: 'x', caption: 'Edited menu', link: '/x' }] })
    sanity.put({ ...sanity.documents.get('membershipLanding-ckb')!, headline: 'Edited headline' })
    const changed = JSON.stringify({ ...page, name: 'About ckb, edited' })

    // wrong secret, a body changed after signing, no signature, a signature of another format: 401, nothing dropped
    const now = Date.now()
    for (const signature of [
      signSanityWebhook('another-secret-0123456789abcdef', changed, now),
      signSanityWebhook(SECRET, changed.replace('edited', 'EDITED'), now),
      '',
      `sha256=${signSanityWebhook(SECRET, changed, now).split('v1=')[1]}`,
    ]) {
      const refused = await deliver({ ...page, name: 'About ckb, edited' }, signature)
      expect(refused.statusCode, signature).toBe(401)
      expect(errorsOf(refused)[0]).toBe('The signature of this delivery is missing or wrong.')
    }
    expect(dataOf<{ name: string }>(await ckb().get('/api/content/pages/about-us')).name).toBe('About ckb (from Sanity)')
    expect(callsFor('ckb')).toBe(before)

    // signed: the brand's pages, menus and landing are read again; the other brand keeps its own
    const popfitBefore = callsFor('popfitclothing')
    const accepted = await deliver({ ...page, name: 'About ckb, edited' })
    expect(accepted.statusCode).toBe(200)
    expect(dataOf<{ cleared: string[] }>(accepted).cleared).toEqual(['ckb'])
    expect(dataOf<{ name: string }>(await ckb().get('/api/content/pages/about-us')).name).toBe('About ckb, edited')
    expect(dataOf<Settings>(await ckb().get('/api/settings')).headerMenu.map((entry) => entry.caption)).toEqual(['Edited menu'])
    expect(dataOf<{ headline: string }>(await ckb().get('/api/membership-landing')).headline).toBe('Edited headline')
    await popfit().get('/api/content/pages/about-us')
    await popfit().get('/api/settings')
    expect(callsFor('popfitclothing')).toBe(popfitBefore)

    // a document that names no brand of the store: every brand is read again
    const everyone = await deliver({ _id: 'x', _type: 'page' })
    expect(dataOf<{ cleared: string[] }>(everyone).cleared).toEqual(BRANDS.map((brand) => brand.id))
    // signed, but not JSON: a 400 that says so
    const notJson = 'not json'
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/content/webhook',
      payload: notJson,
      headers: { host: 'localhost', 'content-type': 'application/json', 'sanity-webhook-signature': signSanityWebhook(SECRET, notJson, Date.now()) },
    })
    expect(bad.statusCode).toBe(400)
    expect(errorsOf(bad)[0]).toBe('The body is not JSON.')
  })

  it('while the service cannot be reached, serves what it last answered, and a readable 503 for what it never did', async () => {
    expect((await ckb().get('/api/content/pages/about-us')).statusCode).toBe(200)
    sanity.state.failWith = 503
    // dropped by a signed webhook, then read again while the service is down: its last answer
    expect((await deliver({ _id: 'page-ckb-about', _type: 'page', brand: 'ckb' })).statusCode).toBe(200)
    expect(dataOf<{ name: string }>(await ckb().get('/api/content/pages/about-us')).name).toBe('About ckb, edited')
    const never = await ckb().get('/api/content/pages/never-read')
    expect(never.statusCode).toBe(503)
    expect(errorsOf(never)[0]).toBe("The store's content is not available right now. Please try again in a moment.")
  })
})

describe.each(DIALECTS)('content:export writes the store’s own content (%s) as the dataset’s import file', (dialect) => {
  let sanity: FakeSanity
  let t: TestStore
  beforeAll(async () => {
    sanity = await startFakeSanity({ projectId: PROJECT })
    t = await startTestStore(dialect)
  })
  afterAll(async () => {
    await t?.close()
    await sanity?.close()
  })

  it('imported into the dataset and read back through the Sanity adapter, every brand’s pages, menus, banners and landing are the local ones', async () => {
    const brands = BRANDS.map((brand) => brand.id)
    const ndjson = await exportContentNdjson(t.store.db, brands)
    const lines = ndjson.trim().split('\n')
    expect(lines.every((line) => typeof (JSON.parse(line) as { _id?: unknown })._id === 'string')).toBe(true)
    expect(new Set(lines.map((line) => (JSON.parse(line) as { _id: string })._id)).size).toBe(lines.length)
    expect(sanity.importNdjson(ndjson)).toBe(lines.length)
    // a second export imports over the first: the same ids, no copies
    sanity.importNdjson(await exportContentNdjson(t.store.db, brands))
    expect(sanity.documents.size).toBe(lines.length)

    const adapter = SanityContent.fromEnv({ SANITY_PROJECT_ID: PROJECT, SANITY_DATASET: 'production', SANITY_API_HOST: sanity.url })
    let pages = 0
    for (const brand of brands) {
      const list = await localContent.pageList(t.store.db, brand)
      expect((await adapter.pageList(t.store.db, brand)).map((entry) => entry.slug)).toEqual(list.map((entry) => entry.slug))
      for (const { slug } of list) {
        const local = await localContent.page(t.store.db, brand, slug)
        const remote = await adapter.page(t.store.db, brand, slug)
        expect(remote, `${brand} ${slug}`).toEqual({ ...local, updated_at: remote?.updated_at })
        pages += 1
      }
      expect(await adapter.storefront(t.store.db, brand), brand).toEqual(await localContent.storefront(t.store.db, brand))
      expect(await adapter.membershipLanding(t.store.db, brand), brand).toEqual(await localContent.membershipLanding(t.store.db, brand))
    }
    expect(pages).toBeGreaterThan(10)
    // the seed gives two brands a club and their menus and banners: the comparison above saw them
    expect((await adapter.membershipLanding(t.store.db, 'ckb'))?.faqs.length).toBeGreaterThan(0)
    expect((await adapter.storefront(t.store.db, 'popfitclothing')).headerMenu.length).toBeGreaterThan(0)
  })
})
