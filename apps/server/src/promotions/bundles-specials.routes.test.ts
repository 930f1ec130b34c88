import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AdminBundleOffer, AdminSocialMediaSpecial, Cart, SocialMediaSpecial } from '@store/core'
import { DIALECTS, dataOf, TestShopper, type TestStore, startTestStore } from '../test/harness.ts'
import { addStaff, staffBrowser } from '../staff/staff-test-utils.ts'
import { placeOrder, tokenFor } from '../checkout/checkout-test-kit.ts'

const patch = (browser: TestShopper, url: string, json: unknown) =>
  browser.request({ method: 'PATCH', url, payload: JSON.stringify(json), headers: { 'content-type': 'application/json' } })
type Field = { field?: string; message: string }
const problems = (response: { statusCode: number; json(): unknown }) => ({ status: response.statusCode, errors: (response.json() as { errors: Field[] }).errors })

describe.each(DIALECTS)('bundle offers, social media specials and free gifts in the operator area on %s', (dialect) => {
  let t: TestStore
  let manager: TestShopper
  let analyst: TestShopper
  let support: TestShopper
  beforeAll(async () => {
    t = await startTestStore(dialect)
    manager = await staffBrowser(t.app, (await addStaff(t.store, 'manager')).email)
    analyst = await staffBrowser(t.app, (await addStaff(t.store, 'analyst')).email)
    support = await staffBrowser(t.app, (await addStaff(t.store, 'support')).email)
  })
  afterAll(() => t.close())

  /** Three leggings of one size in stock, each at its own price: what three cost without a bundle. */
  const threeLeggings = async () => {
    const rows = await t.store.db
      .selectFrom('items')
      .innerJoin('item_categories', 'item_categories.item_id', 'items.id')
      .innerJoin('categories', 'categories.id', 'item_categories.category_id')
      .innerJoin('item_sizes', 'item_sizes.item_id', 'items.id')
      .select(['items.id', 'items.price_cents', 'item_sizes.size'])
      .where('items.brand_id', '=', 'popfitclothing')
      .where('items.active', '=', 1)
      .where('items.vip_exclusive', '=', 0)
      .where('categories.name', '=', 'leggings')
      .where('item_sizes.stock', '>=', 5)
      .orderBy('items.id')
      .limit(1)
      .executeTakeFirstOrThrow()
    return rows
  }

  it('lists the bundles with how they sell; a manager changes one and the next cart prices with it at once', async () => {
    const listed = dataOf<{ bundle_offers: AdminBundleOffer[] }>(await analyst.get('/api/admin/promotions/bundle-offers')).bundle_offers
    const leggings = listed.find((offer) => offer.offer_id === 'leggings-3-for-75')!
    expect(leggings).toMatchObject({ categories: ['leggings', 'capris'], how_many: 3, price: 75, sales: { taken: 0, revenue: 0 } })

    const piece = await threeLeggings()
    const shopper = new TestShopper(t.app)
    expect((await shopper.post('/api/cart/items', { item_id: piece.id, size: piece.size, qty: 3 })).statusCode).toBe(200)
    const before = dataOf<Cart>(await shopper.get('/api/cart'))
    expect(before.bundle_discount).toBeCloseTo((piece.price_cents * 3 - 7500) / 100, 2)

    const changed = dataOf<{ bundle_offer: AdminBundleOffer }>(await patch(manager, `/api/admin/promotions/bundle-offers/${leggings.id}`, { price: 60 })).bundle_offer
    expect(changed).toMatchObject({ offer_id: 'leggings-3-for-75', price: 60 })
    const after = dataOf<Cart>(await shopper.get('/api/cart'))
    expect(after.bundle_discount).toBeCloseTo((piece.price_cents * 3 - 6000) / 100, 2)

    // the order it sells counts for the bundle, and the change is in the audit log with before and after
    const placed = await placeOrder(shopper, await tokenFor(shopper), undefined, { email: 'bundle-buyer@example.com' })
    expect(placed.statusCode).toBe(200)
    const sold = dataOf<{ bundle_offers: AdminBundleOffer[] }>(await analyst.get('/api/admin/promotions/bundle-offers')).bundle_offers.find((o) => o.id === leggings.id)!
    const order = await t.store.db.selectFrom('orders').select('total_cents').where('email', '=', 'bundle-buyer@example.com').executeTakeFirstOrThrow()
    expect(sold.sales).toMatchObject({ taken: 1, revenue: order.total_cents / 100 })
    const audit = await t.store.db
      .selectFrom('audit_log')
      .select(['before_json', 'after_json'])
      .where('action', '=', 'bundle_offer.update')
      .where('entity_id', '=', leggings.id)
      .execute()
    expect(audit).toHaveLength(1)
    expect(JSON.parse(audit[0]!.before_json!)).toMatchObject({ price_cents: 7500 })
    expect(JSON.parse(audit[0]!.after_json!)).toMatchObject({ price_cents: 6000 })
  })

  it('adds and ends a bundle; refuses a bad value at its field, and roles that may not edit', async () => {
    const created = dataOf<{ bundle_offer: AdminBundleOffer }>(
      await manager.postJson('/api/admin/promotions/bundle-offers', { offer_id: 'bras-3-for-70', categories: 'Sports-Bras', how_many: 3, price: 70 }),
    ).bundle_offer
    expect(created).toMatchObject({ offer_id: 'bras-3-for-70', categories: ['sports-bras'], how_many: 3, price: 70 })
    expect(problems(await manager.postJson('/api/admin/promotions/bundle-offers', { offer_id: 'x', categories: 'hats', how_many: 2, price: 10 }))).toMatchObject({
      status: 422,
      errors: [{ field: 'categories', message: 'There is no category “hats” in this store.' }],
    })
    expect(problems(await manager.postJson('/api/admin/promotions/bundle-offers', { offer_id: 'one', categories: 'leggings', how_many: 1, price: 10 }))).toMatchObject({
      status: 400,
      errors: [{ field: 'how_many', message: 'A bundle is at least 2 pieces' }],
    })
    expect(problems(await manager.postJson('/api/admin/promotions/bundle-offers', { offer_id: 'bras-3-for-70', categories: 'leggings', how_many: 2, price: 10 }))).toMatchObject({
      status: 409,
      errors: [{ field: 'offer_id' }],
    })
    expect((await support.postJson('/api/admin/promotions/bundle-offers', { offer_id: 'nope', categories: 'leggings', how_many: 2, price: 10 })).statusCode).toBe(403)
    expect((await analyst.request({ method: 'PATCH', url: `/api/admin/promotions/bundle-offers/${created.id}`, payload: { price: 1 } })).statusCode).toBe(403)
    const left = dataOf<{ bundle_offers: AdminBundleOffer[] }>(await manager.postJson(`/api/admin/promotions/bundle-offers/${created.id}/remove`, {})).bundle_offers
    expect(left.map((offer) => offer.id)).not.toContain(created.id)
  })

  it("a special's headline and price edited show on its landing at once; ending it makes the landing say it ended", async () => {
    const specials = dataOf<{ social_media_specials: AdminSocialMediaSpecial[] }>(await analyst.get('/api/admin/promotions/social-media-specials')).social_media_specials
    expect(specials.map((special) => special.id)).toEqual(expect.arrayContaining(['pf-vip-optin-csr', 'free-leggings']))
    expect(specials.find((special) => special.id === 'free-leggings')).toMatchObject({ free_gift: true, price: 0 })
    const csr = specials.find((special) => special.id === 'pf-vip-optin-csr')!
    const shopper = new TestShopper(t.app)
    // the landing read once, so a cache would hold it
    expect(dataOf<SocialMediaSpecial>(await shopper.get('/api/social-media-specials/pf-vip-optin-csr')).landing_page_headline).toBe(csr.landing_page_headline)
    const edited = dataOf<{ social_media_special: AdminSocialMediaSpecial }>(
      await patch(manager, '/api/admin/promotions/social-media-specials/pf-vip-optin-csr', { landing_page_headline: 'Leggings for $24.99 this week', price: 24.99 }),
    ).social_media_special
    expect(edited).toMatchObject({ landing_page_headline: 'Leggings for $24.99 this week', price: 24.99, free_gift: false })
    expect(dataOf<SocialMediaSpecial>(await shopper.get('/api/social-media-specials/pf-vip-optin-csr'))).toMatchObject({
      landing_page_headline: 'Leggings for $24.99 this week',
      price: 24.99,
    })
    // a price above the item's own is refused at its field; a test lander must be one of its landers
    expect(problems(await patch(manager, '/api/admin/promotions/social-media-specials/pf-vip-optin-csr', { price: 5000 }))).toMatchObject({
      status: 422,
      errors: [{ field: 'price' }],
    })
    expect(problems(await patch(manager, '/api/admin/promotions/social-media-specials/pf-vip-optin-csr', { split_test_landers: 'pf-csr-a,nowhere' }))).toMatchObject({
      status: 422,
      errors: [{ field: 'split_test_landers', message: 'The split test names landers this special does not have: nowhere.' }],
    })
    // ended: the landing stays (ads point at it) and a claim is refused in words
    await patch(manager, '/api/admin/promotions/social-media-specials/pf-vip-optin-csr', { item_id: null })
    const claim = await shopper.post('/api/social-media-specials/pf-vip-optin-csr/claim', { size: 'M' })
    expect(claim.statusCode).toBe(409)
    expect(claim.body).toContain('This special has ended.')
  })

  it('creates a free gift at $0 that a new shopper claims; its address is its own', async () => {
    const item = await threeLeggings()
    const gift = dataOf<{ social_media_special: AdminSocialMediaSpecial }>(
      await manager.postJson('/api/admin/promotions/social-media-specials', {
        id: 'free-leggings-winter',
        landing_page_headline: 'Winter gift: free leggings, just pay shipping',
        main_item_description: 'A pair on us for new customers.',
        item_id: item.id,
        price: 0,
      }),
    ).social_media_special
    expect(gift).toMatchObject({ permalink: '/social_media_specials/free-leggings-winter', free_gift: true, price: 0, item_id: item.id })
    const shopper = new TestShopper(t.app)
    expect(dataOf<SocialMediaSpecial>(await shopper.get('/api/social-media-specials/free-leggings-winter')).landing_page_headline).toBe(
      'Winter gift: free leggings, just pay shipping',
    )
    expect(
      problems(
        await manager.postJson('/api/admin/promotions/social-media-specials', {
          id: 'free-leggings-winter',
          landing_page_headline: 'x',
          main_item_description: 'y',
          item_id: item.id,
          price: 0,
        }),
      ),
    ).toMatchObject({
      status: 409,
      errors: [{ field: 'id' }],
    })
    expect(
      problems(
        await manager.postJson('/api/admin/promotions/social-media-specials', {
          id: 'Bad Address',
          landing_page_headline: 'x',
          main_item_description: 'y',
          item_id: item.id,
          price: 0,
        }),
      ),
    ).toMatchObject({
      status: 400,
      errors: [{ field: 'id' }],
    })
  })
})
