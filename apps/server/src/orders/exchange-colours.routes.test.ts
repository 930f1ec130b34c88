/**
 * A member exchanges a piece for another colour of the same style (docs/decisions/252): the colours
 * offered are the item page's variants at the same price with a size in stock; the replacement is
 * reserved at once and named by its colour in the cart; a colour at another price is refused in
 * words; the checkout places it with nothing charged and the histories link the two orders.
 */
import type { Cart, CheckoutResult, ItemDetail, Order } from '@store/core'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { brandsWithOrigins } from '../brands/registry.ts'
import { count, placeExchange, placeOrder, stockOf, tokenFor } from '../checkout/checkout-test-kit.ts'
import { systemContext } from '../context/request-context.ts'
import { registered } from '../membership/club-test-kit.ts'
import { assertLedgerAgrees } from '../test/ledger.ts'
import { DIALECTS, dataOf, errorsOf, startTestStore, type TestStore } from '../test/harness.ts'
import { moveOrder } from './order-states.ts'
import { sendExchange } from './warehouse-actions.ts'

const silent = { info: () => {}, warn: () => {}, error: () => {} }

describe.each(DIALECTS)('an exchange for another colour on %s', (dialect) => {
  let t: TestStore
  beforeAll(async () => {
    t = await startTestStore(dialect)
  })
  afterAll(() => t.close())

  /** Two active colours of one style, every size in stock, at the same prices. */
  async function twoColours() {
    const styles = await t.store.db
      .selectFrom('items')
      .select(['style_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('brand_id', '=', 'popfitclothing')
      .where('active', '=', 1)
      .where('vip_exclusive', '=', 0)
      .where('discount_class', 'not like', '%clearance%')
      .groupBy('style_id')
      .execute()
    const style = styles.find((row) => Number(row.n) >= 2)!.style_id
    const [bought, other] = await t.store.db.selectFrom('items').selectAll().where('style_id', '=', style).where('active', '=', 1).orderBy('id').limit(2).execute()
    await t.store.db.updateTable('item_sizes').set({ stock: 20 }).where('item_id', 'in', [bought!.id, other!.id]).execute()
    await t.store.db
      .updateTable('items')
      .set({ price_cents: bought!.price_cents, member_price_cents: bought!.member_price_cents, original_price_cents: bought!.original_price_cents })
      .where('id', '=', other!.id)
      .execute()
    const sizes = await t.store.db.selectFrom('item_sizes').select('size').where('item_id', '=', bought!.id).orderBy('position').execute()
    return { bought: bought!, other: other!, size: sizes[0]!.size }
  }

  it('offers the same style’s other colours at its price, refuses another price in words, and exchanges for a colour through the cart', async () => {
    const { bought, other, size } = await twoColours()
    const who = await registered(t)
    await who.shopper.post('/api/cart/items', { item_id: bought.id, size, qty: 1 })
    const placed = await placeOrder(who.shopper, await tokenFor(who.shopper))
    expect(placed.statusCode, placed.body).toBe(200)
    const number = dataOf<CheckoutResult>(placed).order_number
    for (const event of ['ship', 'deliver'] as const) {
      const moved = await moveOrder(t.store.db, { brandId: 'popfitclothing', orderNumber: number, from: event === 'ship' ? 'paid' : 'shipped' }, event, 'carrier:UPS', {
        at: new Date(Date.now() - 86_400_000).toISOString(),
      })
      expect(moved.ok).toBe(true)
    }
    // a shopper who is not a member is offered no colour
    expect(dataOf<Order>(await who.shopper.get(`/api/orders/${number}`)).items[0]!.exchange_colors).toEqual([])
    await t.store.db.updateTable('customers').set({ has_club: 1 }).where('id', '=', who.customerId).execute()

    const line = dataOf<Order>(await who.shopper.get(`/api/orders/${number}`)).items[0]!
    // the colours are the item page's variants (the same style), not the colour bought
    const variants = dataOf<ItemDetail>(await who.shopper.get(`/api/items/${bought.id}`)).variants
    const offered = line.exchange_colors.find((colour) => colour.item_id === other.id)
    expect(offered).toMatchObject({ color: other.color, swatch: other.swatch })
    expect(offered!.sizes).toContain(size)
    expect(line.exchange_colors.map((colour) => colour.item_id)).not.toContain(bought.id)
    for (const colour of line.exchange_colors) expect(variants.map((variant) => variant.id)).toContain(colour.item_id)

    // another price: not offered, and refused in words
    await t.store.db
      .updateTable('items')
      .set({ price_cents: bought.price_cents + 1000, member_price_cents: bought.member_price_cents === null ? null : bought.member_price_cents + 1000 })
      .where('id', '=', other.id)
      .execute()
    expect(dataOf<Order>(await who.shopper.get(`/api/orders/${number}`)).items[0]!.exchange_colors.map((colour) => colour.item_id)).not.toContain(other.id)
    const dearer = await who.shopper.post(`/api/orders/${number}/exchanges`, { line_id: line.line_id, item_id: other.id, size })
    expect(dearer.statusCode).toBe(409)
    expect(errorsOf(dearer)[0]).toMatch(new RegExp(`^${other.name} in ${other.color} costs more \\(\\$[\\d.,]+\\); return it and buy the other colour\\.$`))
    await t.store.db.updateTable('items').set({ price_cents: bought.price_cents, member_price_cents: bought.member_price_cents }).where('id', '=', other.id).execute()
    // an item of another style is no colour of this one
    const elsewhere = await t.store.db.selectFrom('items').select('id').where('style_id', '!=', bought.style_id).where('brand_id', '=', 'popfitclothing').executeTakeFirstOrThrow()
    const foreign = await who.shopper.post(`/api/orders/${number}/exchanges`, { line_id: line.line_id, item_id: elsewhere.id, size })
    expect(foreign.statusCode).toBe(422)
    expect(errorsOf(foreign)[0]).toBe(`${line.name} does not come in that colour now. Choose another colour or size from the list.`)

    // the same size in the other colour: reserved at once, named by its colour in the cart
    const stockBefore = await stockOf(t, other.id, size)
    const exchanged = await who.shopper.post(`/api/orders/${number}/exchanges`, { line_id: line.line_id, item_id: String(other.id), size })
    expect(exchanged.statusCode, exchanged.body).toBe(200)
    expect(await stockOf(t, other.id, size)).toBe(stockBefore - 1)
    const cart = dataOf<Cart>(await who.shopper.get('/api/cart'))
    expect(cart.exchange_label).toBe(`Exchange for order ${number}: ${other.name} (${other.color}) in ${size}`)
    expect(cart.items[0]).toMatchObject({ exchange: true, size, price: 0 })

    const charges = await count(t, 'test_gateway_charges')
    const done = await placeExchange(who.shopper)
    expect(done.statusCode, done.body).toBe(200)
    const replacementNumber = dataOf<CheckoutResult>(done).order_number
    expect(await count(t, 'test_gateway_charges')).toBe(charges)
    const original = dataOf<Order>(await who.shopper.get(`/api/orders/${number}`))
    expect(original.status).toBe('exchange_requested')
    expect(original.history.find((entry) => entry.event === 'exchange_requested')!.description).toBe(
      `Exchange requested: ${other.name} (${other.color}) in size ${size} (order ${replacementNumber})`,
    )
    const replacement = dataOf<Order>(await who.shopper.get(`/api/orders/${replacementNumber}`))
    expect(replacement).toMatchObject({ status: 'paid', total: 0, paid: 0 })
    expect(replacement.items[0]).toMatchObject({ id: other.id, color: other.color, size, price: 0 })
    expect(replacement.history.map((entry) => entry.description)).toContain(`Exchange for order ${number} placed: nothing charged`)
    const stored = await t.store.db.selectFrom('order_returns').select('lines').where('order_number', '=', number).where('kind', '=', 'exchange').executeTakeFirstOrThrow()
    expect(JSON.parse(stored.lines)).toEqual([expect.objectContaining({ exchange_size: size, exchange_item_id: other.id })])

    const brand = brandsWithOrigins(t.app.env.publicOrigins).find((candidate) => candidate.id === 'popfitclothing')!
    const scope = systemContext({ store: t.store, sessions: t.app.sessionStore, env: t.app.env }, brand, silent)
    expect(await sendExchange(scope, number, 'job:send-exchange')).toBe(replacementNumber)
    const sent = await t.store.db
      .selectFrom('outbox_emails')
      .select('body')
      .where('order_number', '=', number)
      .where('subject', '=', `Your exchange for order ${number}`)
      .executeTakeFirstOrThrow()
    expect(sent.body).toContain(`${other.name} (${other.color}) in size ${size}`)
    await assertLedgerAgrees(t.store.db)
  })
})

vi.setConfig({ testTimeout: 60_000 })
