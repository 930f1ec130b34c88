import type { AdminContentPage, AdminContentPageSummary, ContentPage } from '@store/core'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { addStaff, staffBrowser } from '../staff/staff-test-utils.ts'
import { DIALECTS, dataOf, TestShopper, type TestStore, startTestStore } from '../test/harness.ts'
import { EDITED_IN_SANITY } from './content-caches.ts'

type Field = { field?: string; message: string }
const problems = (response: { json(): unknown }) => (response.json() as { errors: Field[] }).errors

const summerSale = {
  slug: 'summer-sale',
  name: 'The summer sale',
  body: '<p>Everything <strong>30% off</strong> this week.</p>',
  blocks: [{ type: 'button', button_text: 'Shop leggings', link: '/category/leggings' }],
}

describe.each(DIALECTS)('content pages made and deleted by the operator on %s', (dialect) => {
  let t: TestStore
  let manager: TestShopper
  let owner: TestShopper
  let analyst: TestShopper
  let support: TestShopper
  let visitor: TestShopper
  const remove = (browser: TestShopper, id: string) => browser.request({ method: 'DELETE', url: `/api/admin/content/pages/${id}` })
  const listed = async () => dataOf<{ pages: AdminContentPageSummary[] }>(await manager.get('/api/admin/content/pages')).pages

  beforeAll(async () => {
    t = await startTestStore(dialect)
    manager = await staffBrowser(t.app, (await addStaff(t.store, 'manager')).email)
    owner = await staffBrowser(t.app, (await addStaff(t.store, 'owner')).email)
    analyst = await staffBrowser(t.app, (await addStaff(t.store, 'analyst')).email)
    support = await staffBrowser(t.app, (await addStaff(t.store, 'support')).email)
    visitor = new TestShopper(t.app)
  })
  afterAll(() => t.close())

  it('only the owner and a manager make or delete pages; nobody signed out', async () => {
    expect((await analyst.postJson('/api/admin/content/pages', summerSale)).statusCode).toBe(403)
    expect((await support.postJson('/api/admin/content/pages', summerSale)).statusCode).toBe(403)
    expect((await new TestShopper(t.app).postJson('/api/admin/content/pages', summerSale)).statusCode).toBe(401)
    const about = (await listed()).find((page) => page.slug === 'about-us')!
    expect((await remove(analyst, about.id)).statusCode).toBe(403)
    expect((await remove(support, about.id)).statusCode).toBe(403)
    expect((await remove(new TestShopper(t.app), about.id)).statusCode).toBe(401)
    expect((await visitor.get('/api/content/pages/about-us')).statusCode).toBe(200)
    expect((await visitor.get('/api/content/pages/summer-sale')).statusCode).toBe(404)
  })

  it("another brand's page is unknown here: not deleted, a 404 like an id that never was", async () => {
    const elsewhere = await t.store.db
      .selectFrom('content_pages')
      .select(['id', 'brand_id', 'status'])
      .where('brand_id', '<>', 'popfitclothing')
      .where('status', '<>', 'retired')
      .executeTakeFirstOrThrow()
    expect((await remove(manager, elsewhere.id)).statusCode).toBe(404)
    expect((await remove(owner, elsewhere.id)).statusCode).toBe(404)
    expect(await t.store.db.selectFrom('content_pages').select('status').where('id', '=', elsewhere.id).executeTakeFirstOrThrow()).toEqual({ status: elsewhere.status })
  })

  it("refuses an address at its field, in words: its form, the storefront's own routes, a page's address", async () => {
    const at = async (slug: unknown) => problems(await manager.postJson('/api/admin/content/pages', { ...summerSale, slug }))
    expect(await at('login')).toEqual([{ field: 'slug', message: '/login is a page of the store itself: pick another address.' }])
    expect(await at('checkout')).toEqual([{ field: 'slug', message: '/checkout is a page of the store itself: pick another address.' }])
    expect(await at('Summer Sale')).toEqual([
      { field: 'slug', message: 'An address is lowercase letters, digits and hyphens between words (summer-sale), without spaces or other signs.' },
    ])
    expect(await at('')).toEqual([{ field: 'slug', message: 'Give the page an address, such as summer-sale.' }])
    expect(await at(undefined)).toEqual([{ field: 'slug', message: 'Give the page an address, such as summer-sale.' }])
    const taken = await manager.postJson('/api/admin/content/pages', { ...summerSale, slug: 'about-us' })
    expect(taken.statusCode).toBe(422)
    expect(problems(taken)[0]).toMatchObject({ field: 'slug', message: expect.stringMatching(/^The page ".+" has the address \/about-us: pick another address\.$/) })
    // the page's own fields are refused as a draft's are
    expect(problems(await manager.postJson('/api/admin/content/pages', { ...summerSale, name: ' ' }))).toEqual([{ field: 'name', message: 'Enter the page name' }])
    expect((await listed()).some((page) => page.slug === 'summer-sale')).toBe(false)
  })

  it('a page made here is a draft until published; deleted, the storefront answers 404 and its versions and audit stay', async () => {
    const clear = vi.spyOn(t.app.caches, 'clear')
    const made = dataOf<{ page: AdminContentPage }>(await manager.postJson('/api/admin/content/pages', summerSale)).page
    expect(made).toMatchObject({ slug: 'summer-sale', status: 'draft', versions: [], draft: { name: 'The summer sale', body: summerSale.body } })
    expect(made.draft?.blocks).toEqual([
      { type: 'button', body: null, wistia_video_id: null, button_text: 'Shop leggings', link: '/category/leggings', desktop_image: null, mobile_image: null },
    ])
    expect((await listed()).find((page) => page.id === made.id)).toMatchObject({ status: 'draft', has_draft: true })
    // not on the storefront, nor in its list of pages, until published
    expect((await visitor.get('/api/content/pages/summer-sale')).statusCode).toBe(404)
    expect((await visitor.get('/sitemap.xml')).body).not.toContain('summer-sale')

    const published = dataOf<{ page: AdminContentPage }>(await manager.post(`/api/admin/content/pages/${made.id}/publish`)).page
    // nothing was live before: the first publish is version 1
    expect(published).toMatchObject({ status: 'live', draft: null, live: { name: 'The summer sale' } })
    expect(published.versions.map((version) => [version.number, version.live])).toEqual([[1, true]])
    const shown = dataOf<ContentPage>(await visitor.get('/api/content/pages/summer-sale'))
    expect(shown).toMatchObject({ slug: 'summer-sale', name: 'The summer sale', body: summerSale.body, blocks: [{ type: 'button', link: '/category/leggings' }] })
    expect(clear).toHaveBeenLastCalledWith('popfitclothing', ['settings', 'content', 'pages'])

    clear.mockClear()
    const left = dataOf<{ pages: AdminContentPageSummary[] }>(await remove(manager, made.id)).pages
    expect(left.some((page) => page.id === made.id)).toBe(false)
    expect(clear).toHaveBeenCalledWith('popfitclothing', ['settings', 'content', 'pages'])
    expect((await visitor.get('/api/content/pages/summer-sale')).statusCode).toBe(404)
    expect((await manager.get(`/api/admin/content/pages/${made.id}`)).statusCode).toBe(404)
    expect((await remove(manager, made.id)).statusCode).toBe(404)
    // kept for the audit: its versions, and each action with who did it
    const versions = await t.store.db.selectFrom('content_page_versions').select(['number', 'name']).where('page_id', '=', made.id).execute()
    expect(versions).toEqual([{ number: 1, name: 'The summer sale' }])
    const entries = await t.store.db
      .selectFrom('audit_log')
      .select(['action', 'before_json'])
      .where('entity', '=', 'content_page')
      .where('entity_id', '=', made.id)
      .orderBy('at')
      .execute()
    expect(entries.map((entry) => entry.action)).toEqual(['content_page.create', 'content_page.publish', 'content_page.retire'])
    expect(JSON.parse(entries[2]!.before_json ?? '{}')).toMatchObject({ slug: 'summer-sale', status: 'live', name: 'The summer sale' })
    // its address stays with it
    const again = await manager.postJson('/api/admin/content/pages', summerSale)
    expect(problems(again)).toEqual([{ field: 'slug', message: 'A deleted page had the address /page/summer-sale: pick another address.' }])
    clear.mockRestore()
  })

  it('a draft never published is deleted by the owner; a page the store shows at its own route is not deleted', async () => {
    const made = dataOf<{ page: AdminContentPage }>(await owner.postJson('/api/admin/content/pages', { ...summerSale, slug: 'winter-sale', name: 'Winter' })).page
    expect((await remove(owner, made.id)).statusCode).toBe(200)
    expect((await listed()).some((page) => page.slug === 'winter-sale')).toBe(false)
    const about = (await listed()).find((page) => page.slug === 'about-us')!
    const refused = await remove(manager, about.id)
    expect(refused.statusCode).toBe(409)
    expect(problems(refused)).toEqual([{ message: "/about-us is shown by the store's own page: change its words rather than delete it." }])
    expect((await visitor.get('/api/content/pages/about-us')).statusCode).toBe(200)
  })

  it('where the content is edited in Sanity Studio, making or deleting a page answers 409', async () => {
    const about = (await listed()).find((page) => page.slug === 'about-us')!
    const env = t.app.env
    env.CONTENT_SOURCE = 'sanity'
    try {
      const made = await manager.postJson('/api/admin/content/pages', { ...summerSale, slug: 'spring-sale' })
      expect(made.statusCode).toBe(409)
      expect(problems(made)).toEqual([{ message: EDITED_IN_SANITY }])
      expect((await remove(manager, about.id)).statusCode).toBe(409)
    } finally {
      env.CONTENT_SOURCE = 'local'
    }
    expect((await listed()).some((page) => page.slug === 'spring-sale')).toBe(false)
  })
})
