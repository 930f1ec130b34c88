import { createHash } from 'node:crypto'
import type { Cart, ItemSummary } from '@store/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { VISITOR } from '../accounts/shopper.ts'
import { invalidateSettings } from '../settings/settings.service.ts'
import { DIALECTS, dataOf, startTestStore, TestShopper, type TestStore } from '../test/harness.ts'
import { CartMemo, cartInputsKey, type CartInputs } from './cart-memo.ts'

/**
 * The cart's answer is remembered for its inputs (cart-memo.ts): whatever changes in the database
 * shows in the very next GET /api/cart, with no invalidation call, and no shopper ever gets another's.
 * Every change below is written straight to the database, as another instance or a job would.
 */
describe.each(DIALECTS)('the remembered cart answer on %s', (dialect) => {
  let t: TestStore
  let items: ItemSummary[]
  beforeAll(async () => {
    t = await startTestStore(dialect)
    items = dataOf<{ items: ItemSummary[] }>(await new TestShopper(t.app).get('/api/categories/leggings')).items.filter((item) => item.availableSizes.length > 0)
  })
  afterAll(() => t.close())

  const cartOf = async (shopper: TestShopper) => dataOf<Cart>(await shopper.get('/api/cart'))
  const sessionIdOf = (shopper: TestShopper) =>
    createHash('sha256')
      .update(/sid=([^;]+)/.exec(shopper.cookieHeader)![1]!)
      .digest('base64url')

  /** A shopper with one line of `item`, whose cart was answered twice (the second from memory). */
  async function shopperWith(item: ItemSummary): Promise<{ shopper: TestShopper; cart: Cart }> {
    const shopper = new TestShopper(t.app)
    await shopper.post('/api/cart/items', { item_id: item.id, size: item.availableSizes[0]!, qty: 1 })
    const first = await shopper.get('/api/cart')
    const second = await shopper.get('/api/cart')
    expect(second.body).toBe(first.body)
    return { shopper, cart: dataOf<Cart>(second) }
  }

  it('shows a line changed in the database at once', async () => {
    const { shopper, cart } = await shopperWith(items[0]!)
    await t.store.db.updateTable('cart_lines').set({ qty: 3 }).where('id', '=', cart.items[0]!.cartId).execute()
    const after = await cartOf(shopper)
    expect(after.items[0]!.qty).toBe(3)
    expect(after.item_count).toBe(3)
    expect(after.cart_subtotal).toBeCloseTo(cart.cart_subtotal * 3, 2)
    await t.store.db.deleteFrom('cart_lines').where('id', '=', cart.items[0]!.cartId).execute()
    expect((await cartOf(shopper)).items).toEqual([])
  })

  it("shows a new price and a sell-out at once (the item's row, not a cache)", async () => {
    const item = items[1]!
    const { shopper, cart } = await shopperWith(item)
    const row = await t.store.db.selectFrom('items').select('price_cents').where('id', '=', item.id).executeTakeFirstOrThrow()
    try {
      await t.store.db
        .updateTable('items')
        .set({ price_cents: row.price_cents + 500 })
        .where('id', '=', item.id)
        .execute()
      const repriced = await cartOf(shopper)
      expect(repriced.items[0]!.price).toBeCloseTo(cart.items[0]!.price + 5, 2)
      expect(repriced.cart_total).not.toBe(cart.cart_total)
      await t.store.db.updateTable('item_sizes').set({ stock: 0 }).where('item_id', '=', item.id).where('size', '=', cart.items[0]!.size).execute()
      const soldOut = await cartOf(shopper)
      expect(soldOut.items[0]!.in_stock).toBe(false)
      expect(soldOut.items[0]!.max_qty).toBe(0)
    } finally {
      await t.store.db.updateTable('items').set({ price_cents: row.price_cents }).where('id', '=', item.id).execute()
      await t.store.db.updateTable('item_sizes').set({ stock: 50 }).where('item_id', '=', item.id).where('size', '=', cart.items[0]!.size).execute()
    }
  })

  it("shows the shopper's login and membership at once", async () => {
    const { shopper, cart } = await shopperWith(items[2]!)
    expect(cart.loggedin).toBe(false)
    const now = new Date().toISOString()
    const customerId = `memo-${dialect}`
    await t.store.db
      .insertInto('customers')
      .values({ id: customerId, brand_id: 'popfitclothing', name: 'Mona Memo', email: `mona-${dialect}@example.com`, has_club: 0, created_at: now })
      .execute()
    await t.store.db.updateTable('sessions').set({ customer_id: customerId }).where('id', '=', sessionIdOf(shopper)).execute()
    const loggedIn = await cartOf(shopper)
    expect(loggedIn.customer).toEqual({ id: customerId, name: 'Mona Memo', e_mail_address: `mona-${dialect}@example.com` })
    expect(loggedIn.has_club).toBe(false)
    await t.store.db.updateTable('customers').set({ has_club: 1 }).where('id', '=', customerId).execute()
    const member = await cartOf(shopper)
    expect(member.has_club).toBe(true)
    expect(member.items[0]!.price).toBeLessThanOrEqual(cart.items[0]!.price)
    expect(member.free_promo_eligible).toBe(false)
  })

  it("shows a change to the cart's discount code at once", async () => {
    const { shopper } = await shopperWith(items[3]!)
    const withCode = dataOf<Cart>(await shopper.post('/api/discount-code', { code: 'First15' }))
    expect(withCode.discount_code_name).not.toBeNull()
    expect(await cartOf(shopper)).toEqual(withCode)
    const code = await t.store.db
      .selectFrom('discount_codes')
      .select(['id', 'percentage_amount'])
      .where('code', '=', 'FIRST15')
      .where('brand_id', '=', 'popfitclothing')
      .executeTakeFirstOrThrow()
    try {
      await t.store.db
        .updateTable('discount_codes')
        .set({ percentage_amount: code.percentage_amount + 10 })
        .where('id', '=', code.id)
        .execute()
      const changed = await cartOf(shopper)
      expect(changed.discount_code_details?.percentage_amount).toBe(code.percentage_amount + 10)
      expect(changed.cart_discount).toBeGreaterThan(withCode.cart_discount)
    } finally {
      await t.store.db.updateTable('discount_codes').set({ percentage_amount: code.percentage_amount }).where('id', '=', code.id).execute()
    }
  })

  it("shows the brand's new settings once their cache lets them go", async () => {
    const { shopper, cart } = await shopperWith(items[4]!)
    const row = await t.store.db.selectFrom('store_settings').select('standard_shipping_cost_cents').where('brand_id', '=', 'popfitclothing').executeTakeFirstOrThrow()
    try {
      await t.store.db
        .updateTable('store_settings')
        .set({ standard_shipping_cost_cents: row.standard_shipping_cost_cents + 100 })
        .where('brand_id', '=', 'popfitclothing')
        .execute()
      invalidateSettings('popfitclothing')
      expect((await cartOf(shopper)).standard_shipping_cost).toBeCloseTo(cart.standard_shipping_cost + 1, 2)
    } finally {
      await t.store.db.updateTable('store_settings').set({ standard_shipping_cost_cents: row.standard_shipping_cost_cents }).where('brand_id', '=', 'popfitclothing').execute()
      invalidateSettings('popfitclothing')
    }
  })

  it("never gives one shopper another's cart or name, even with the same lines", async () => {
    const item = items[5]!
    const a = await shopperWith(item)
    const b = await shopperWith(item)
    const now = new Date().toISOString()
    const customerId = `memo-a-${dialect}`
    await t.store.db
      .insertInto('customers')
      .values({ id: customerId, brand_id: 'popfitclothing', name: 'Ada Alone', email: `ada-${dialect}@example.com`, has_club: 0, created_at: now })
      .execute()
    await t.store.db.updateTable('sessions').set({ customer_id: customerId }).where('id', '=', sessionIdOf(a.shopper)).execute()
    for (let round = 0; round < 2; round++) {
      const cartA = await cartOf(a.shopper)
      const cartB = await cartOf(b.shopper)
      expect(cartA.customer?.name).toBe('Ada Alone')
      expect(cartB.customer).toBeNull()
      expect(cartB.loggedin).toBe(false)
      expect(cartA.items.map((line) => line.cartId)).toEqual(a.cart.items.map((line) => line.cartId))
      expect(cartB.items.map((line) => line.cartId)).toEqual(b.cart.items.map((line) => line.cartId))
      expect(cartA.items[0]!.cartId).not.toBe(cartB.items[0]!.cartId)
    }
    // a visitor with no cart at all, and the same cookie at another brand, get nothing of theirs
    expect((await cartOf(new TestShopper(t.app))).items).toEqual([])
    const elsewhere = await t.app.inject({ url: '/api/cart', headers: { host: 'ckb.localhost', cookie: a.shopper.cookieHeader } })
    expect(dataOf<Cart>(elsewhere)).toMatchObject({ items: [], customer: null })
  })
})

describe('the key of the cart inputs', () => {
  const banners = Object.freeze([])
  const bumpIds = Object.freeze(['bump-1'])
  const featured = Object.freeze([])
  const bundles = Object.freeze({ offers: [], offerIdsByItem: {} })
  const vipExclusives: ReadonlySet<number> = Object.freeze(new Set([7]))
  const settings = Object.freeze({ free_shipping_threshold_cents: 5000 }) as unknown as CartInputs['settings']
  const base: CartInputs = {
    brandId: 'popfitclothing',
    cart: { id: 'cart-1', discount_code_id: null, checkout_flow: 'free_flow', saw_club_upsell: 0, removed_free_promo: 0, offer_code: null },
    linesJson: '[{"cartId":"line-1","qty":1}]',
    shopper: VISITOR,
    code: undefined,
    settings,
    banners,
    bumpIds,
    bundles,
    vipExclusives,
    featured,
    sessionOrders: [],
    oneClick: false,
  }

  it('differs whenever any input differs', () => {
    const variants: Partial<CartInputs>[] = [
      { brandId: 'ckb' },
      { cart: { ...base.cart!, checkout_flow: 'checkout_club_flow' } },
      { cart: null },
      { linesJson: '[{"cartId":"line-1","qty":2}]' },
      { shopper: { ...VISITOR, customerId: 'c-1', name: 'Ann' } },
      { shopper: { ...VISITOR, hasClub: true } },
      { code: { id: 'code-1', percentage_amount: 15 } as unknown as CartInputs['code'] },
      // an equal copy of a cached value is another value: its cache loaded again
      { settings: Object.freeze({ ...settings }) },
      { banners: Object.freeze([]) },
      { bumpIds: Object.freeze(['bump-1']) },
      { bundles: Object.freeze({ offers: [], offerIdsByItem: {} }) },
      { vipExclusives: Object.freeze(new Set([7])) },
      { featured: Object.freeze([]) },
      { sessionOrders: ['1000000001'] },
      { oneClick: true },
      { shopper: { ...VISITOR, purchased: true } },
    ]
    const keys = new Set([cartInputsKey(base), ...variants.map((variant) => cartInputsKey({ ...base, ...variant }))])
    expect(keys.size).toBe(variants.length + 1)
    expect(cartInputsKey({ ...base })).toBe(cartInputsKey(base))
    // lines PostgreSQL parsed already read as the same lines as SQLite's text of them
    expect(cartInputsKey({ ...base, linesJson: [{ cartId: 'line-1', qty: 1 }] })).toBe(cartInputsKey(base))
  })

  it('answers from memory only for the very same inputs, and the answer is frozen', () => {
    const memo = new CartMemo(10)
    const db = {}
    let built = 0
    const build = (inputs: CartInputs) => {
      built += 1
      return { items: [], checkout_flow: inputs.cart?.checkout_flow } as unknown as Cart
    }
    const first = memo.answer(db, base, build)
    expect(memo.answer(db, { ...base }, build)).toBe(first)
    expect(built).toBe(1)
    expect(Object.isFrozen(first)).toBe(true)
    const other = memo.answer(db, { ...base, linesJson: '[]' }, build)
    expect(other).not.toBe(first)
    expect(built).toBe(2)
    // another database never shares
    memo.answer({}, base, build)
    expect(built).toBe(3)
  })
})
