import { randomUUID } from 'node:crypto'
import type { CheckoutResult } from '@store/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DIALECTS, dataOf, startTestStore, type TestShopper, type TestStore } from '../test/harness.ts'
import { ADDRESS, CARDS, itemWithStock, placeOrder, saveCard, shopperWithCart, tokenFor } from './checkout-test-kit.ts'

/** The order confirmation names what a shopper checks first: where it ships and the card that paid. */
describe.each(DIALECTS)('the order confirmation e-mail on %s', (dialect) => {
  let t: TestStore
  let n = 0
  beforeAll(async () => {
    t = await startTestStore(dialect)
  })
  afterAll(() => t.close())

  const confirmationOf = async (orderNumber: string) =>
    await t.store.db.selectFrom('outbox_emails').select(['to_email', 'body']).where('subject', 'like', `Your % order ${orderNumber}`).executeTakeFirstOrThrow()

  const register = async (shopper: TestShopper) => {
    const email = `confirm-${n++}-${dialect}@example.com`
    expect((await shopper.post('/api/register', { name: 'Ada Lovelace', email, password: 'a-long-password-1' })).statusCode).toBe(200)
    return email
  }

  it('says where the order ships and which card paid (brand and last four), and nothing more of the card', async () => {
    const item = await itemWithStock(t, 5)
    const shopper = await shopperWithCart(t, item.itemId, item.size)
    const extra = { shipping_company: 'Engines Ltd', shipping_address_2: 'Suite 4' }
    const { order_number } = dataOf<CheckoutResult>(await placeOrder(shopper, await tokenFor(shopper, CARDS.success), randomUUID(), extra))
    const mail = await confirmationOf(order_number)
    expect(mail.to_email).toBe(ADDRESS.email)
    expect(mail.body).toContain(['Shipping to:', '  Ada Lovelace', '  Engines Ltd', '  12 Analytical Way', '  Suite 4', '  Austin, TX 78701', '  United States'].join('\n'))
    expect(mail.body).toContain('Paid with: Visa ending in 4242\n')
    // a guest's card is not kept: nothing says it was
    expect(mail.body).not.toContain('saved in your account')
    // never the number or the expiry
    expect(mail.body.replace(/\s/g, '')).not.toContain('424242')
    expect(mail.body).not.toMatch(/\b12\/20\d\d\b|expires/i)
  })

  it("a customer's new card: names it and says it is now kept in the account; a saved card that paid: names that card", async () => {
    const item = await itemWithStock(t, 5)
    const shopper = await shopperWithCart(t, item.itemId, item.size)
    await register(shopper)
    const first = dataOf<CheckoutResult>(await placeOrder(shopper, await tokenFor(shopper, '5555 5555 5555 4444')))
    const kept = await confirmationOf(first.order_number)
    expect(kept.body).toContain('Paid with: Mastercard ending in 4444\nThis card is now saved in your account for next time: http://localhost:3000/change_payment\n')

    // the same card typed again is no news: it was kept already
    expect((await shopper.post('/api/cart/items', { item_id: item.itemId, size: item.size, qty: 1 })).statusCode).toBe(200)
    const again = dataOf<CheckoutResult>(await placeOrder(shopper, await tokenFor(shopper, '5555 5555 5555 4444')))
    const second = await confirmationOf(again.order_number)
    expect(second.body).toContain('Paid with: Mastercard ending in 4444\n')
    expect(second.body).not.toContain('saved in your account')

    const other = await shopperWithCart(t, item.itemId, item.size)
    await register(other)
    const [card] = await saveCard(other, CARDS.success)
    const paid = dataOf<CheckoutResult>(await placeOrder(other, '', randomUUID(), { payment_method_id: card!.id }))
    const bySaved = await confirmationOf(paid.order_number)
    expect(bySaved.body).toContain('Paid with: Visa ending in 4242\n')
    expect(bySaved.body).not.toContain('saved in your account')
  })
})
