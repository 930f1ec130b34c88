import type { Cart, CheckoutQuote } from '@store/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { itemWithStock } from '../checkout/checkout-test-kit.ts'
import { member } from '../membership/club-test-kit.ts'
import { DIALECTS, dataOf, startTestStore, TestShopper, type TestStore } from '../test/harness.ts'

/**
 * The free gifts of SPEC §4 (free-leggings, free-underwear) and removed_free_promo, in the demo store
 * (docs/decisions/169): they could not be reached, and nothing ever set removed_free_promo.
 */
describe.each(DIALECTS)('free gifts on %s', (dialect) => {
  let t: TestStore
  beforeAll(async () => {
    t = await startTestStore(dialect)
  })
  afterAll(() => t.close())

  /** A size in stock of the gift's piece. */
  async function giftSize(id: string): Promise<string> {
    const special = await t.store.db.selectFrom('social_media_specials').select('item_id').where('id', '=', id).executeTakeFirstOrThrow()
    return (await t.store.db.selectFrom('item_sizes').select('size').where('item_id', '=', special.item_id!).where('stock', '>', 0).orderBy('size').executeTakeFirstOrThrow()).size
  }

  it('free-leggings (popfit) and free-underwear (ckb): the piece at $0 for a new customer, the shipping paid', async () => {
    for (const [host, id] of [
      ['localhost', 'free-leggings'],
      ['ckb.localhost', 'free-underwear'],
    ] as const) {
      const visitor = new TestShopper(t.app, host)
      const special = dataOf<{ price: number; item_id: number }>(await visitor.get(`/api/social-media-specials/${id}`))
      expect(special.price).toBe(0)
      expect((await visitor.postJson(`/api/social-media-specials/${id}/claim`, { size: await giftSize(id) })).statusCode).toBe(200)
      const cart = dataOf<Cart>(await visitor.get('/api/cart'))
      expect(cart).toMatchObject({ free_promo_eligible: true, removed_free_promo: false, has_social_media_special: true })
      expect(cart.items).toHaveLength(1)
      expect(cart.items[0]).toMatchObject({ item_id: special.item_id, price: 0, total: 0 })
      const quote = dataOf<CheckoutQuote>(await visitor.get('/api/checkout/quote?shipping_country=US&shipping_state=TX'))
      expect(quote.subtotal).toBe(0)
      expect(quote.shipping).toBeGreaterThan(0)
      expect(quote.total).toBe(quote.shipping + quote.tax)
    }
  })

  it('a member has no free gift: one in the cart leaves it when a member logs in, and the cart says removed_free_promo', async () => {
    const vip = await member(t)
    // a member cannot claim one
    expect((await vip.shopper.postJson('/api/social-media-specials/free-leggings/claim', { size: await giftSize('free-leggings') })).statusCode).toBe(409)
    expect(dataOf<Cart>(await vip.shopper.get('/api/cart')).free_promo_eligible).toBe(false)

    // a visitor's cart with the gift and a legging; then the member logs in with it
    const visitor = new TestShopper(t.app)
    expect((await visitor.postJson('/api/social-media-specials/free-leggings/claim', { size: await giftSize('free-leggings') })).statusCode).toBe(200)
    const other = await itemWithStock(t, 5)
    expect((await visitor.post('/api/cart/items', { item_id: other.itemId, size: other.size, qty: 1 })).statusCode).toBe(200)
    expect(dataOf<Cart>(await visitor.get('/api/cart')).removed_free_promo).toBe(false)
    expect((await visitor.post('/api/login', { email: vip.email, password: 'leggings-forever-2026' })).statusCode).toBe(200)
    const cart = dataOf<Cart>(await visitor.get('/api/cart'))
    expect(cart).toMatchObject({ removed_free_promo: true, free_promo_eligible: false, has_social_media_special: false })
    expect(cart.items.map((line) => line.item_id)).toEqual([other.itemId])
  })

  it('the demo store has a {name}-test page (SPEC §2) leading to the free gift', async () => {
    const page = dataOf<{ name: string; blocks: { link: string | null }[] }>(await new TestShopper(t.app).get('/api/content/pages/funnel-test'))
    expect(page.name).toBe('Funnel Test')
    expect(page.blocks.map((block) => block.link)).toContain('/social_media_specials/free-leggings')
  })
})
