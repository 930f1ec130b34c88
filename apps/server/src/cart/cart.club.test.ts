/**
 * The cart answer and the club (docs/cart-rules.md "Banners"): an invitation to join the club
 * (a cart banner leading to /vip) is for a shopper who is not in it and is not joining with
 * this cart; and a VIP exclusive that checkout will refuse is marked on its line (members_only),
 * by the very rule checkout applies (checkout/members-only.ts).
 */
import type { Cart } from '@store/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { itemWithStock, placeOrder, tokenFor, vipItemWithStock } from '../checkout/checkout-test-kit.ts'
import { member, registered } from '../membership/club-test-kit.ts'
import { dataOf, DIALECTS, startTestStore, TestShopper, type TestStore } from '../test/harness.ts'

const JOIN_BANNER = 'Join VIP and save 20% on this order'
const SALE_BANNER = 'Last chance styles are $29.99 while sizes last'

describe.each(DIALECTS)('the cart and the club (%s)', (dialect) => {
  let t: TestStore
  beforeAll(async () => {
    t = await startTestStore(dialect)
  })
  afterAll(() => t?.close())

  const bannerTexts = (cart: Cart) => cart.banners.map((banner) => banner.text)
  const withALine = async (shopper: TestShopper) => {
    const item = await itemWithStock(t)
    expect((await shopper.post('/api/cart/items', { item_id: item.itemId, size: item.size, qty: 1 })).statusCode).toBe(200)
    return dataOf<Cart>(await shopper.get('/api/cart'))
  }

  it('invites a visitor to join the club, and not a member; other banners are shown to both', async () => {
    const visitor = await withALine(new TestShopper(t.app))
    expect(bannerTexts(visitor)).toEqual([JOIN_BANNER, SALE_BANNER])

    const m = await member(t)
    const cart = await withALine(m.shopper)
    expect(cart.has_club).toBe(true)
    expect(bannerTexts(cart)).toEqual([SALE_BANNER])
  })

  it('does not invite a shopper whose cart already joins the club at checkout', async () => {
    const who = await registered(t)
    expect(bannerTexts(await withALine(who.shopper))).toEqual([JOIN_BANNER, SALE_BANNER])
    await who.shopper.post('/api/checkout/flow', { checkout_flow: 'checkout_club_flow' })
    const joining = dataOf<Cart>(await who.shopper.get('/api/cart'))
    expect(joining.has_club_in_cart).toBe(true)
    expect(bannerTexts(joining)).toEqual([SALE_BANNER])
  })

  const vipItem = () => vipItemWithStock(t)
  const membersOnly = (cart: Cart) => Object.fromEntries(cart.items.map((line) => [line.item_id, line.members_only]))

  it('marks a VIP exclusive that checkout will refuse, and only that line, until the shopper joins', async () => {
    const vip = await vipItem()
    const m = await member(t)
    const plain = await withALine(m.shopper)
    const other = plain.items[0]!.item_id
    expect((await m.shopper.post('/api/cart/items', { item_id: vip.id, size: vip.size, qty: 1 })).statusCode).toBe(200)
    // a member buys it: nothing to mark
    expect(membersOnly(dataOf<Cart>(await m.shopper.get('/api/cart')))).toEqual({ [other]: false, [vip.id]: false })

    expect((await m.shopper.postJson('/api/membership/cancel', {})).statusCode).toBe(200)
    const cancelled = dataOf<Cart>(await m.shopper.get('/api/cart'))
    expect(cancelled.has_club).toBe(false)
    expect(membersOnly(cancelled)).toEqual({ [other]: false, [vip.id]: true })
    // checkout refuses that very line
    const refused = await placeOrder(m.shopper, await tokenFor(m.shopper), undefined, { checkout_flow: 'free_flow' })
    expect(refused.statusCode).toBe(409)

    // joining again with this cart: checkout sells it, so the cart no longer marks it
    await m.shopper.post('/api/checkout/flow', { checkout_flow: 'checkout_club_flow' })
    expect(membersOnly(dataOf<Cart>(await m.shopper.get('/api/cart')))).toEqual({ [other]: false, [vip.id]: false })
  })
})
