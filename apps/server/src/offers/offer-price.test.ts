import { randomUUID } from 'node:crypto'
import type { CheckoutResult, OneTimeOffer, Order } from '@store/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { itemWithStock, placeOrder, shopperWithCart, tokenFor } from '../checkout/checkout-test-kit.ts'
import { DIALECTS, dataOf, startTestStore, type TestShopper, type TestStore } from '../test/harness.ts'

/**
 * A one-time offer after payment offers only pieces it sells at or below their own price
 * (docs/checkout-pages.md "One-time offers: only real savings"), and a VIP exclusive to a member
 * only (docs/club-membership.md): ckb's "Bralette for $29.99" offered the $24.99 Longline Lace
 * Bralette and charged $29.99 for it, and offered a visitor the VIP Silk Bralette.
 */
describe.each(DIALECTS)('one-time offer prices on %s', (dialect) => {
  let t: TestStore
  beforeAll(async () => {
    t = await startTestStore(dialect)
  })
  afterAll(() => t.close())

  const accept = (shopper: TestShopper, id: string, body: Record<string, unknown>) =>
    shopper.request({
      method: 'POST',
      url: `/api/one-time-offers/${id}/accept`,
      payload: JSON.stringify(body),
      headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    })

  async function ckbOrder() {
    const item = await itemWithStock(t, 5, 'ckb')
    const shopper = await shopperWithCart(t, item.itemId, item.size, 1, 'ckb.localhost')
    const placed = await placeOrder(shopper, await tokenFor(shopper))
    expect(placed.statusCode).toBe(200)
    return { shopper, orderNumber: dataOf<CheckoutResult>(placed).order_number as string }
  }

  const bralettes = () =>
    t.store.db
      .selectFrom('one_time_offers')
      .innerJoin('categories', (join) => join.onRef('categories.brand_id', '=', 'one_time_offers.brand_id').on('categories.name', '=', 'bralettes'))
      .innerJoin('item_categories', 'item_categories.category_id', 'categories.id')
      .innerJoin('items', 'items.id', 'item_categories.item_id')
      .select(['one_time_offers.price_cents as offer_cents', 'items.id', 'items.price_cents', 'items.vip_exclusive'])
      .where('one_time_offers.id', '=', 'ckb-oto-2')
      .execute()

  it('offers only pieces the offer sells at or below their own price, and charges the price it says', async () => {
    const rows = await bralettes()
    const cheaper = rows.find((row) => row.vip_exclusive === 0 && row.price_cents < row.offer_cents)
    const dearer = rows.find((row) => row.vip_exclusive === 0 && row.price_cents >= row.offer_cents)
    expect(cheaper).toBeDefined()
    expect(dearer).toBeDefined()
    const { shopper, orderNumber } = await ckbOrder()
    const before = dataOf<Order>(await shopper.get(`/api/orders/${orderNumber}`))
    const offer = dataOf<OneTimeOffer>(await shopper.get(`/api/one-time-offers/ckb-oto-2?order=${orderNumber}`))
    expect(offer.choices.map((c) => c.item_id)).not.toContain(cheaper!.id)
    const refused = await accept(shopper, 'ckb-oto-2', { order_number: orderNumber, item_id: cheaper!.id, size: 'M' })
    expect(refused.statusCode).toBe(422)
    expect(dataOf<Order>(await shopper.get(`/api/orders/${orderNumber}`)).total).toBe(before.total)
    const choice = offer.choices.find((c) => c.item_id === dearer!.id)!
    const accepted = await accept(shopper, 'ckb-oto-2', { order_number: orderNumber, item_id: choice.item_id, size: choice.sizes[0] })
    expect(accepted.statusCode).toBe(200)
    const after = dataOf<Order>(await shopper.get(`/api/orders/${orderNumber}`))
    expect(after.items.find((l) => l.id === dearer!.id)?.total).toBe(offer.price)
    expect(after.payments.at(-1)?.amount).toBe(offer.price)
  })

  it('offers no VIP exclusive to a shopper who is not a member, and refuses one asked for', async () => {
    const exclusive = (await bralettes()).find((row) => row.vip_exclusive === 1)
    expect(exclusive).toBeDefined()
    const { shopper, orderNumber } = await ckbOrder()
    const offer = dataOf<OneTimeOffer>(await shopper.get(`/api/one-time-offers/ckb-oto-2?order=${orderNumber}`))
    expect(offer.choices.length).toBeGreaterThan(0)
    expect(offer.choices.map((c) => c.item_id)).not.toContain(exclusive!.id)
    const refused = await accept(shopper, 'ckb-oto-2', { order_number: orderNumber, item_id: exclusive!.id, size: 'M' })
    expect(refused.statusCode).toBe(422)
    expect(dataOf<Order>(await shopper.get(`/api/orders/${orderNumber}`)).items.map((l) => l.id)).not.toContain(exclusive!.id)
  })
})
