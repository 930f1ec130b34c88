import { dayName, MEMBERSHIP_REFUSALS, type Cart, type Membership } from '@store/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CARDS, count, itemWithStock, placeOrder } from '../checkout/checkout-test-kit.ts'
import { dataOf, DIALECTS, errorsOf, startTestStore, TestShopper, type TestStore } from '../test/harness.ts'
import { billOn, daysFromToday, gatewayChargesFor, joinThroughCheckout, member, registered, tokenFor } from './club-test-kit.ts'

describe.each(DIALECTS)('the VIP club API (%s)', (dialect) => {
  let t: TestStore
  beforeAll(async () => {
    t = await startTestStore(dialect)
  })
  afterAll(async () => {
    await t?.close()
  })

  it('joins through POST /checkout with checkout_club_flow: first period charged, every SPEC §3 field stored', async () => {
    const who = await registered(t)
    const joined = await joinThroughCheckout(who.shopper, CARDS.success, undefined, who.email)
    expect(joined.statusCode).toBe(200)
    const { order_number } = dataOf<{ order_number: string }>(joined)
    const order = await t.store.db.selectFrom('orders').selectAll().where('order_number', '=', order_number).executeTakeFirstOrThrow()
    expect(order.status).toBe('paid')
    expect(order.total_cents).toBe(2499)
    expect(order.checkout_flow).toBe('checkout_club_flow')

    const m = dataOf<Membership>(await who.shopper.get('/api/membership'))
    const today = new Date().toISOString().slice(0, 10)
    expect(m).toMatchObject({
      status: 'active',
      amount: 24.99,
      pause_monthly_price: 4.99,
      discount_percentage: 20,
      overdue: false,
      paused: false,
      paypal_express: false,
      prepaid_months: 0,
      next_prepaid_ship_date: null,
      free_accessory: true,
      bonus_piece: false,
      bonus_piece_description: null,
      plan_id: 'popfitclothing-vip-monthly',
      pause_plan_id: 'popfitclothing-vip-pause',
      joined_on: today,
      card: { card_brand: 'visa', last4: '4242' },
    })
    expect(m.next_billing_date! > today).toBe(true)
    expect(m.actions).toEqual(expect.arrayContaining(['skip', 'pause', 'cancel']))
    // the first period: one charge row, and its monthly order in the order history
    const charges = await t.store.db.selectFrom('membership_charges').selectAll().where('brand_id', '=', 'popfitclothing').execute()
    expect(charges.filter((c) => c.kind === 'join' && c.status === 'charged').length).toBeGreaterThan(0)
    const orders = dataOf<{ order_number: string; status: string; club_box: string | null; total: number }[]>(await who.shopper.get('/api/orders'))
    expect(orders.map((o) => o.status).sort()).toEqual(['paid', 'processing'])
    // the box says which month it is, so its $0.00 (paid in the joining order) reads as what it is
    const box = orders.find((o) => o.status === 'processing')!
    expect(box).toMatchObject({ club_box: today.slice(0, 7), total: 0 })
    expect(orders.find((o) => o.status === 'paid')!.club_box).toBeNull()
  })

  it('a customer who has just placed an order joins on /checkout-club with nothing in the cart (the ordered cart is not theirs to reuse)', async () => {
    const who = await registered(t)
    const item = await itemWithStock(t, 5)
    expect((await who.shopper.post('/api/cart/items', { item_id: item.itemId, size: item.size, qty: 1 })).statusCode).toBe(200)
    const bought = await placeOrder(who.shopper, await tokenFor(who.shopper))
    expect(bought.statusCode).toBe(200)
    const joined = await joinThroughCheckout(who.shopper, CARDS.success, undefined, who.email)
    expect(joined.statusCode).toBe(200)
    const order = await t.store.db
      .selectFrom('orders')
      .select(['total_cents', 'cart_id'])
      .where('order_number', '=', dataOf<{ order_number: string }>(joined).order_number)
      .executeTakeFirstOrThrow()
    // the club's fee alone, on a cart of its own
    expect(order.total_cents).toBe(2499)
    const first = await t.store.db
      .selectFrom('orders')
      .select('cart_id')
      .where('order_number', '=', dataOf<{ order_number: string }>(bought).order_number)
      .executeTakeFirstOrThrow()
    expect(order.cart_id).not.toBe(first.cart_id)
    expect(dataOf<Membership>(await who.shopper.get('/api/membership')).status).toBe('active')
  })

  it('the same Idempotency-Key joins once', async () => {
    const who = await registered(t)
    const key = `join-once-${dialect}-${Date.now()}`
    const token = await tokenFor(who.shopper)
    const a = await joinThroughCheckout(who.shopper, CARDS.success, key, who.email, token)
    const b = await joinThroughCheckout(who.shopper, CARDS.success, key, who.email, token)
    expect(a.statusCode).toBe(200)
    expect(dataOf<{ order_number: string }>(b).order_number).toBe(dataOf<{ order_number: string }>(a).order_number)
    const rows = await t.store.db.selectFrom('memberships').select('id').where('customer_id', '=', who.customerId).execute()
    expect(rows).toHaveLength(1)
    expect(await count(t, 'orders', { column: 'customer_id', value: who.customerId })).toBe(2)
  })

  it('a visitor is asked to log in to join; a declined card joins nobody', async () => {
    const visitor = new TestShopper(t.app)
    const refused = await joinThroughCheckout(visitor)
    expect(refused.statusCode).toBe(422)
    expect(errorsOf(refused)[0]).toMatch(/Log in or create an account to join VIP/)
    const who = await registered(t)
    const declined = await joinThroughCheckout(who.shopper, CARDS.declined, undefined, who.email)
    expect(declined.statusCode).toBe(402)
    expect(dataOf(await who.shopper.get('/api/membership'))).toBeNull()
  })

  it('cart flags follow the stored membership; member prices in the cart', async () => {
    const visitor = await registered(t)
    const item = await itemWithStock(t)
    await visitor.shopper.post('/api/cart/items', { item_id: item.itemId, size: item.size, qty: 1 })
    const before = dataOf<Cart>(await visitor.shopper.get('/api/cart'))
    expect(before).toMatchObject({ has_club: false, club_overdue: false, club_paused: false, bought_club: false, has_club_in_cart: false })

    const m = await member(t)
    await m.shopper.post('/api/cart/items', { item_id: item.itemId, size: item.size, qty: 1 })
    const cart = dataOf<Cart>(await m.shopper.get('/api/cart'))
    expect(cart).toMatchObject({ has_club: true, bought_club: true, club_paused: false, club_overdue: false, club_discount_percentage: 20, club_monthly: 24.99 })
    expect(cart.items[0]!.price).toBeLessThan(before.items[0]!.price)

    await t.store.db.updateTable('memberships').set({ status: 'paused' }).where('id', '=', m.membershipId).execute()
    expect(dataOf<Cart>(await m.shopper.get('/api/cart'))).toMatchObject({ has_club: true, club_paused: true })
    await t.store.db.updateTable('memberships').set({ status: 'overdue' }).where('id', '=', m.membershipId).execute()
    expect(dataOf<Cart>(await m.shopper.get('/api/cart'))).toMatchObject({ has_club: true, club_overdue: true, club_paused: false })
    await t.store.db.updateTable('memberships').set({ status: 'lapsed' }).where('id', '=', m.membershipId).execute()
    expect(dataOf<Cart>(await m.shopper.get('/api/cart'))).toMatchObject({ has_club: false, club_overdue: false, bought_club: true })
  })

  it('a cart in checkout_club_flow shows member prices and has_club_in_cart', async () => {
    const who = await registered(t)
    const item = await itemWithStock(t)
    await who.shopper.post('/api/cart/items', { item_id: item.itemId, size: item.size, qty: 1 })
    const plain = dataOf<Cart>(await who.shopper.get('/api/cart'))
    await who.shopper.post('/api/checkout/flow', { checkout_flow: 'checkout_club_flow' })
    const joining = dataOf<Cart>(await who.shopper.get('/api/cart'))
    expect(joining.has_club_in_cart).toBe(true)
    expect(joining.items[0]!.price).toBeLessThan(plain.items[0]!.price)
  })

  it('VIP exclusives go into members’ carts only (403 with a readable message for others)', async () => {
    const vip = await t.store.db
      .selectFrom('items')
      .innerJoin('item_sizes', 'item_sizes.item_id', 'items.id')
      .select(['items.id', 'item_sizes.size'])
      .where('items.vip_exclusive', '=', 1)
      .where('items.brand_id', '=', 'popfitclothing')
      .where('item_sizes.stock', '>', 2)
      .executeTakeFirstOrThrow()
    const visitor = new TestShopper(t.app)
    const refused = await visitor.post('/api/cart/items', { item_id: vip.id, size: vip.size, qty: 1 })
    expect(refused.statusCode).toBe(403)
    expect(errorsOf(refused)[0]).toMatch(/VIP exclusive: only VIP members/)
    const m = await member(t)
    expect((await m.shopper.post('/api/cart/items', { item_id: vip.id, size: vip.size, qty: 1 })).statusCode).toBe(200)
  })

  it('skip before the cut-off, refused after it and twice (409 with core’s reasons); unskip', async () => {
    const m = await member(t)
    await billOn(t, m.membershipId, daysFromToday(20))
    const skipped = dataOf<Membership>(await m.shopper.post('/api/membership/skip'))
    expect(skipped.status).toBe('skipped')
    expect(skipped.summary).toMatch(/nothing is charged/)
    // the day in words a member reads, not the database's 2026-12-25
    expect(skipped.summary).toContain(`nothing is charged on ${dayName(skipped.next_billing_date!)} and`)
    expect(skipped.summary).not.toMatch(/\d{4}-\d{2}-\d{2}/)
    const again = await m.shopper.post('/api/membership/skip')
    expect(again.statusCode).toBe(409)
    expect(errorsOf(again)).toEqual([MEMBERSHIP_REFUSALS.alreadySkipped])
    expect(dataOf<Membership>(await m.shopper.post('/api/membership/unskip')).status).toBe('active')
    await billOn(t, m.membershipId, daysFromToday(3))
    const late = await m.shopper.post('/api/membership/skip')
    expect(late.statusCode).toBe(409)
    expect(errorsOf(late)).toEqual([MEMBERSHIP_REFUSALS.skipAfterCutoff])
  })

  it('pause at the pause price and resume; resume when active is refused', async () => {
    const m = await member(t)
    await billOn(t, m.membershipId, daysFromToday(20))
    const paused = dataOf<Membership>(await m.shopper.post('/api/membership/pause'))
    expect(paused).toMatchObject({ status: 'paused', paused: true })
    expect(paused.summary).toMatch(/\$4\.99/)
    expect(errorsOf(await m.shopper.post('/api/membership/pause'))).toEqual([MEMBERSHIP_REFUSALS.alreadyPaused])
    expect(dataOf<Membership>(await m.shopper.post('/api/membership/resume')).status).toBe('active')
    const refused = await m.shopper.post('/api/membership/resume')
    expect(refused.statusCode).toBe(409)
    expect(errorsOf(refused)).toEqual([MEMBERSHIP_REFUSALS.alreadyActive])
  })

  it('cancel with reasons ends club prices at once; cancel check blocks while an order is packing', async () => {
    const m = await member(t)
    const monthly = await t.store.db.selectFrom('orders').select('order_number').where('membership_id', '=', m.membershipId).executeTakeFirstOrThrow()
    await t.store.db.updateTable('orders').set({ status: 'packing' }).where('order_number', '=', monthly.order_number).execute()
    await t.store.db
      .insertInto('shipments')
      .values({ id: `s-${m.membershipId}`, order_number: monthly.order_number, carrier: 'USPS', tracking_number: '9400111899223344556677', shipped_at: null })
      .execute()
    expect(dataOf(await m.shopper.get('/api/membership/cancel-check'))).toEqual({ cant_cancel: true, tracking_number: '9400111899223344556677' })
    const blocked = await m.shopper.post('/api/membership/cancel', { reasons: 'Too expensive' })
    expect(blocked.statusCode).toBe(409)
    expect(errorsOf(blocked)).toEqual([MEMBERSHIP_REFUSALS.cancelWhileShipping])
    // it names only what blocks: a shipped order does not (below)
    expect(errorsOf(blocked)).toEqual(['Your membership can’t be cancelled while an order is being packed. Please try again once it has shipped, or contact us.'])

    await t.store.db.updateTable('orders').set({ status: 'shipped' }).where('order_number', '=', monthly.order_number).execute()
    expect(dataOf(await m.shopper.get('/api/membership/cancel-check'))).toEqual({ cant_cancel: false, tracking_number: null })
    const cancelled = dataOf<Membership>(await m.shopper.postJson('/api/membership/cancel', { reasons: ['Too expensive', 'Other'], other: 'Moving abroad' }))
    expect(cancelled.status).toBe('cancelled')
    expect(cancelled.summary).toMatch(/nothing more is charged/)
    const row = await t.store.db.selectFrom('memberships').select(['cancel_reasons']).where('id', '=', m.membershipId).executeTakeFirstOrThrow()
    expect(JSON.parse(row.cancel_reasons!)).toEqual(['Too expensive', 'Other', 'Other: Moving abroad'])
    expect(dataOf<Cart>(await m.shopper.get('/api/cart'))).toMatchObject({ has_club: false, cancelled_before: true })
    expect(errorsOf(await m.shopper.post('/api/membership/skip'))).toEqual([MEMBERSHIP_REFUSALS.notMemberCancelled])
    expect(errorsOf(await m.shopper.post('/api/membership/cancel'))).toEqual([MEMBERSHIP_REFUSALS.alreadyCancelled])
  })

  it('each change a member makes is confirmed by one e-mail, from the brand’s public origin; a refused change or a lost race sends none', async () => {
    const m = await member(t)
    const date = daysFromToday(20)
    await billOn(t, m.membershipId, date)
    const month = new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })
    const told = async () =>
      (await t.store.db.selectFrom('outbox_emails').select(['subject', 'body']).where('to_email', '=', m.email).orderBy('created_at').execute()).filter(
        (mail) => !/paid$/.test(mail.subject) && mail.subject.includes('VIP:'),
      )

    // two tabs skip at once: one skip, one e-mail
    const racing = await Promise.all([m.shopper.post('/api/membership/skip'), m.shopper.post('/api/membership/skip')])
    expect(racing.map((r) => r.statusCode).sort()).toEqual([200, 409])
    expect(await m.shopper.post('/api/membership/skip').then((r) => r.statusCode)).toBe(409)
    let mails = await told()
    expect(mails.map((mail) => mail.subject)).toEqual([`PopFit Clothing VIP: ${month} skipped`])
    expect(mails[0]!.body).toContain(`You have skipped ${month}: nothing is charged`)
    // links from the brand's configured origin (a developer's here), not from the request's Host
    expect(mails[0]!.body).toContain('manage your membership: http://localhost:3000/members\n')

    await m.shopper.post('/api/membership/unskip')
    await m.shopper.post('/api/membership/pause')
    await m.shopper.post('/api/membership/resume')
    await m.shopper.postJson('/api/membership/cancel', { reasons: ['Too expensive'] })
    mails = await told()
    expect(mails.map((mail) => mail.subject.replace('PopFit Clothing VIP: ', ''))).toEqual([
      `${month} skipped`,
      `${month} is back on`,
      'your membership is paused',
      'your membership is active again',
      'your membership is cancelled',
    ])
    expect(mails[2]!.body).toContain('$4.99')
    expect(mails[4]!.body).toContain('nothing more is charged')
    expect(mails[4]!.body).toContain('rejoin at any time: http://localhost:3000/vip\n')
  })

  it('rejoin charges the saved card once for the rejoin day’s period (a paid period is not charged again)', async () => {
    const m = await member(t)
    await m.shopper.post('/api/membership/cancel')
    // this month was paid at joining: back to active with no charge
    const back = dataOf<Membership>(await m.shopper.post('/api/membership/rejoin'))
    expect(back.status).toBe('active')
    expect(errorsOf(await m.shopper.post('/api/membership/rejoin'))).toEqual([MEMBERSHIP_REFUSALS.alreadyMember])
    // a lapsed member whose month was not paid is charged once
    const period = new Date().toISOString().slice(0, 7)
    await t.store.db.deleteFrom('membership_charges').where('membership_id', '=', m.membershipId).execute()
    await t.store.db
      .deleteFrom('order_lines')
      .where('order_number', 'in', (eb) => eb.selectFrom('orders').select('order_number').where('membership_id', '=', m.membershipId))
      .execute()
    await t.store.db.deleteFrom('orders').where('membership_id', '=', m.membershipId).execute()
    // lapsed: the billing date is the failed one, behind us (no interval is paid)
    await t.store.db
      .updateTable('memberships')
      .set({ status: 'lapsed', next_billing_date: daysFromToday(-8) })
      .where('id', '=', m.membershipId)
      .execute()
    const [a, b] = await Promise.all([m.shopper.post('/api/membership/rejoin'), m.shopper.post('/api/membership/rejoin')])
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409])
    const charged = await t.store.db.selectFrom('test_gateway_charges').select('id').where('idempotency_key', 'like', `club:%:${m.membershipId}:${period}:%`).execute()
    expect(charged).toHaveLength(1)
    const after = dataOf<Membership>(await m.shopper.get('/api/membership'))
    expect(after.status).toBe('active')
    expect(after.joined_on).toBeTruthy()
  })

  it('a bare POST /membership/cancel (no body, no content-type) cancels like {}', async () => {
    const m = await member(t)
    const bare = await m.shopper.request({ method: 'POST', url: '/api/membership/cancel' })
    expect(bare.statusCode, bare.body).toBe(200)
    expect(dataOf<Membership>(bare).status).toBe('cancelled')
    const row = await t.store.db.selectFrom('memberships').select(['cancel_reasons']).where('id', '=', m.membershipId).executeTakeFirstOrThrow()
    expect(JSON.parse(row.cancel_reasons!)).toEqual([])
    // an empty JSON body is refused alike on every club POST (400, readable), not only on cancel
    for (const path of ['cancel', 'skip']) {
      const empty = await m.shopper.request({ method: 'POST', url: `/api/membership/${path}`, payload: '', headers: { 'content-type': 'application/json' } })
      expect(empty.statusCode, path).toBe(400)
      expect(errorsOf(empty)).toEqual(['The request body is not valid JSON.'])
    }
  })

  it('rejoin inside the paid interval needs no saved card and charges nothing; outside it, no card is a 422', async () => {
    const m = await member(t)
    const before = await t.store.db.selectFrom('memberships').select(['next_billing_date']).where('id', '=', m.membershipId).executeTakeFirstOrThrow()
    expect(dataOf<Membership>(await m.shopper.get('/api/membership')).paid_through).toBeNull()
    await m.shopper.post('/api/membership/cancel')
    // the answer says the paid month runs on, so pages offer the rejoin at no charge
    expect(dataOf<Membership>(await m.shopper.get('/api/membership')).paid_through).toBe(before.next_billing_date)
    // no saved card (removed, or never kept)
    await t.store.db.updateTable('memberships').set({ payment_method_id: null }).where('id', '=', m.membershipId).execute()
    const back = await m.shopper.post('/api/membership/rejoin')
    expect(back.statusCode, back.body).toBe(200)
    expect(dataOf<Membership>(back)).toMatchObject({ status: 'active', next_billing_date: before.next_billing_date })
    expect(await gatewayChargesFor(t, m.membershipId)).toBe(0)
    expect(dataOf<Cart>(await m.shopper.get('/api/cart')).has_club).toBe(true)

    // cancelled again once the paid interval is over: a card is needed, and the answer says where to rejoin
    await m.shopper.post('/api/membership/cancel')
    await t.store.db.deleteFrom('membership_charges').where('membership_id', '=', m.membershipId).execute()
    await billOn(t, m.membershipId, daysFromToday(0))
    expect(dataOf<Membership>(await m.shopper.get('/api/membership')).paid_through).toBeNull()
    const refused = await m.shopper.post('/api/membership/rejoin')
    expect(refused.statusCode).toBe(422)
    expect(errorsOf(refused)).toEqual(['There is no saved card to charge. Rejoin through the VIP checkout with your card instead.'])
  })

  it('rejoin inside the paid billing interval is free even when the calendar month has no charge (billed 11-28, rejoined 12-02)', async () => {
    const m = await member(t)
    await m.shopper.post('/api/membership/cancel')
    // the interval paid runs to 26 days from now, its charge in an earlier calendar month: none in this month's period
    const paidTo = daysFromToday(26)
    await billOn(t, m.membershipId, paidTo)
    const period = new Date().toISOString().slice(0, 7)
    const lastMonth = new Date(Date.now() - 5 * 86_400_000 - 28 * 86_400_000).toISOString().slice(0, 7)
    await t.store.db
      .updateTable('membership_charges')
      .set({ period: lastMonth === period ? '2000-01' : lastMonth })
      .where('membership_id', '=', m.membershipId)
      .execute()
    expect(await t.store.db.selectFrom('membership_charges').select('id').where('membership_id', '=', m.membershipId).where('period', '=', period).execute()).toEqual([])
    const back = await m.shopper.post('/api/membership/rejoin')
    expect(back.statusCode, back.body).toBe(200)
    expect(dataOf<Membership>(back)).toMatchObject({ status: 'active', next_billing_date: paidTo })
    expect(await gatewayChargesFor(t, m.membershipId)).toBe(0)
  })

  it('a former member who joins again through checkout in a month already paid pays for the items only, and keeps that month’s charge', async () => {
    const m = await member(t)
    const period = new Date().toISOString().slice(0, 7)
    expect(await gatewayChargesFor(t, m.membershipId, period)).toBe(0) // the join's fee went with the order
    const paidMonth = () =>
      t.store.db.selectFrom('membership_charges').select(['id', 'status', 'gateway_payment_id']).where('membership_id', '=', m.membershipId).where('period', '=', period).execute()
    const before = await paidMonth()
    await m.shopper.postJson('/api/membership/cancel', { reasons: ['Too expensive'] })

    // a cart emptied again: nothing to pay or send, so the account's rejoin is the way
    const item = await itemWithStock(t)
    const added = dataOf<Cart>(await m.shopper.post('/api/cart/items', { item_id: item.itemId, size: item.size, qty: 1 }))
    await m.shopper.post(`/api/cart/items/${added.items[0]!.cartId}`, { qty: 0 })
    const empty = await joinThroughCheckout(m.shopper, CARDS.success, undefined, m.email)
    expect(empty.statusCode).toBe(422)
    expect(errorsOf(empty)[0]).toMatch(/already paid for this month/)

    await m.shopper.post('/api/cart/items', { item_id: item.itemId, size: item.size, qty: 1 })
    const joined = await joinThroughCheckout(m.shopper, CARDS.success, undefined, m.email)
    expect(joined.statusCode).toBe(200)
    const order = await t.store.db.selectFrom('orders').selectAll().where('order_number', '=', dataOf<{ order_number: string }>(joined).order_number).executeTakeFirstOrThrow()
    const line = await t.store.db.selectFrom('order_lines').select(['total_cents']).where('order_number', '=', order.order_number).executeTakeFirstOrThrow()
    expect(order.subtotal_cents).toBe(line.total_cents) // no month's fee in it
    expect(dataOf<Membership>(await m.shopper.get('/api/membership')).status).toBe('active')
    expect(before).toEqual([expect.objectContaining({ status: 'charged' })])
    expect(await paidMonth()).toEqual(before) // the month's charge as it was paid, not one of this order
    const monthly = await t.store.db.selectFrom('orders').select('order_number').where('membership_id', '=', m.membershipId).where('club_period', '=', period).execute()
    expect(monthly).toHaveLength(1) // the month's items are not sent twice
  })

  it('the club checkout, too, takes no fee inside the paid billing interval when the calendar month has no charge (billed 11-28, rejoined 12-02)', async () => {
    const m = await member(t)
    await m.shopper.postJson('/api/membership/cancel', {})
    const paidTo = daysFromToday(26)
    await billOn(t, m.membershipId, paidTo)
    const period = new Date().toISOString().slice(0, 7)
    await t.store.db.updateTable('membership_charges').set({ period: '2000-01' }).where('membership_id', '=', m.membershipId).execute()
    await t.store.db.updateTable('orders').set({ club_period: '2000-01' }).where('membership_id', '=', m.membershipId).execute()
    const monthlyBefore = await count(t, 'orders', { column: 'membership_id', value: m.membershipId })
    // nothing to buy: nothing to pay, so the account's rejoin (which now takes it at no charge)
    const empty = await joinThroughCheckout(m.shopper, CARDS.success, undefined, m.email)
    expect(empty.statusCode).toBe(422)
    expect(errorsOf(empty)[0]).toMatch(/already paid for this month/)
    const item = await itemWithStock(t)
    await m.shopper.post('/api/cart/items', { item_id: item.itemId, size: item.size, qty: 1 })
    const joined = await joinThroughCheckout(m.shopper, CARDS.success, undefined, m.email)
    expect(joined.statusCode, joined.body).toBe(200)
    const order = await t.store.db.selectFrom('orders').selectAll().where('order_number', '=', dataOf<{ order_number: string }>(joined).order_number).executeTakeFirstOrThrow()
    const line = await t.store.db.selectFrom('order_lines').select(['total_cents']).where('order_number', '=', order.order_number).executeTakeFirstOrThrow()
    expect(order.subtotal_cents).toBe(line.total_cents) // no month's fee in it
    expect(dataOf<Membership>(await m.shopper.get('/api/membership'))).toMatchObject({ status: 'active', next_billing_date: paidTo })
    // no charge recorded for this calendar month, and no second box for the interval already paid
    expect(await t.store.db.selectFrom('membership_charges').select('id').where('membership_id', '=', m.membershipId).where('period', '=', period).execute()).toEqual([])
    expect(await count(t, 'orders', { column: 'membership_id', value: m.membershipId })).toBe(monthlyBefore)
  })

  it('picks for the coming period before the cut-off; closed after it', async () => {
    const m = await member(t)
    await billOn(t, m.membershipId, daysFromToday(20))
    const open = dataOf<{ open: boolean; choices: { item_id: number; sizes: string[] }[]; how_many: number }>(await m.shopper.get('/api/membership/picks'))
    expect(open.open).toBe(true)
    const choice = open.choices[0]!
    const saved = dataOf<{ picks: { item_id: number; size: string }[] }>(
      await m.shopper.postJson('/api/membership/picks', { picks: [{ item_id: choice.item_id, size: choice.sizes[0] }] }),
    )
    expect(saved.picks).toEqual([expect.objectContaining({ item_id: choice.item_id, size: choice.sizes[0] })])
    const tooMany = await m.shopper.postJson('/api/membership/picks', { picks: open.choices.slice(0, 2).map((c) => ({ item_id: c.item_id, size: c.sizes[0] })) })
    expect(tooMany.statusCode).toBe(422)
    // four tabs saving a pick each at once: one of them stands, never more than how_many
    for (let round = 0; round < 3; round++) {
      const saves = await Promise.all(open.choices.slice(0, 4).map((c) => m.shopper.postJson('/api/membership/picks', { picks: [{ item_id: c.item_id, size: c.sizes[0] }] })))
      expect(saves.map((r) => r.statusCode)).toEqual([200, 200, 200, 200])
      const kept = await t.store.db.selectFrom('membership_picks').select('item_id').where('membership_id', '=', m.membershipId).execute()
      expect(kept).toHaveLength(open.how_many)
      expect(dataOf<{ picks: unknown[] }>(await m.shopper.get('/api/membership/picks')).picks).toHaveLength(open.how_many)
    }
    await billOn(t, m.membershipId, daysFromToday(2))
    const closed = await m.shopper.postJson('/api/membership/picks', { picks: [] })
    expect(closed.statusCode).toBe(409)
  })

  it('picks take only what GET offers (the main category, no VIP exclusive), with a readable 422 otherwise', async () => {
    const m = await member(t)
    await billOn(t, m.membershipId, daysFromToday(20))
    const open = dataOf<{ choices: { item_id: number; name: string; sizes: string[] }[] }>(await m.shopper.get('/api/membership/picks'))
    const offered = new Set(open.choices.map((c) => c.item_id))
    const inStock = (vip: 0 | 1) =>
      t.store.db
        .selectFrom('items')
        .innerJoin('item_sizes', 'item_sizes.item_id', 'items.id')
        .select(['items.id', 'items.name', 'item_sizes.size'])
        .where('items.brand_id', '=', 'popfitclothing')
        .where('items.active', '=', 1)
        .where('items.vip_exclusive', '=', vip)
        .where('item_sizes.stock', '>', 0)
        .orderBy('items.id')
        .execute()
    const vip = (await inStock(1))[0]!
    expect(offered.has(vip.id)).toBe(false)
    // an active item in stock that is not offered (another category than the box's, or past the first 24)
    const other = (await inStock(0)).find((row) => !offered.has(row.id))!
    expect(other).toBeDefined()
    for (const item of [vip, other]) {
      const refused = await m.shopper.postJson('/api/membership/picks', { picks: [{ item_id: item.id, size: item.size }] })
      expect(refused.statusCode, item.name).toBe(422)
      expect(errorsOf(refused)).toEqual([`Item ${item.id} is not one of this month's choices: pick one of the items offered in your Members Area.`])
    }
    const choice = open.choices[0]!
    const wrongSize = await m.shopper.postJson('/api/membership/picks', { picks: [{ item_id: choice.item_id, size: 'Q9' }] })
    expect(wrongSize.statusCode).toBe(422)
    expect(errorsOf(wrongSize)[0]).toMatch(new RegExp(`^${choice.name} can't be picked in size Q9`))
    expect(dataOf<{ picks: unknown[] }>(await m.shopper.get('/api/membership/picks')).picks).toEqual([])
    expect((await m.shopper.postJson('/api/membership/picks', { picks: [{ item_id: choice.item_id, size: choice.sizes[0] }] })).statusCode).toBe(200)
  })

  it('no one reads or changes another’s membership: ids come from the session only', async () => {
    const a = await member(t)
    const b = await registered(t)
    expect(dataOf(await b.shopper.get('/api/membership'))).toBeNull()
    // a membership id in the body or query is ignored: b has none to change
    const tried = await b.shopper.postJson('/api/membership/cancel', { membership_id: a.membershipId, customer_id: a.customerId })
    expect(tried.statusCode).toBe(404)
    const visitor = new TestShopper(t.app)
    expect((await visitor.post('/api/membership/skip')).statusCode).toBe(401)
    expect(dataOf(await visitor.get('/api/membership'))).toBeNull()
    expect(dataOf<Membership>(await a.shopper.get('/api/membership')).status).toBe('active')
  })

  it('a brand without a club (glow) has no club requests: a 404 saying so, not an invitation to join; GET /membership is null', async () => {
    const customer = await registered(t, 'glow.localhost')
    const visitor = new TestShopper(t.app, 'glow.localhost')
    for (const who of [customer.shopper, visitor]) {
      for (const path of ['skip', 'unskip', 'pause', 'resume', 'cancel', 'rejoin']) {
        const tried = await who.post(`/api/membership/${path}`)
        expect(tried.statusCode, path).toBe(404)
        expect(errorsOf(tried), path).toEqual(['This store has no membership club.'])
      }
      for (const tried of [
        await who.get('/api/membership/cancel-check'),
        await who.get('/api/membership/picks'),
        await who.postJson('/api/membership/picks', { picks: [{ item_id: 3001, size: 'S' }] }),
        await who.postJson('/api/membership/picks', {}),
      ]) {
        expect(tried.statusCode).toBe(404)
        expect(errorsOf(tried)).toEqual(['This store has no membership club.'])
      }
      expect(dataOf(await who.get('/api/membership'))).toBeNull()
    }
    // a brand with a club still invites a customer who never joined
    const popfit = await registered(t)
    expect(errorsOf(await popfit.shopper.post('/api/membership/skip'))[0]).toMatch(/Join the club/)
  })

  it('skip, pause and cancel refuse a cross-site post (403)', async () => {
    const m = await member(t)
    await billOn(t, m.membershipId, daysFromToday(20))
    for (const path of ['skip', 'pause', 'resume', 'cancel', 'rejoin']) {
      for (const headers of [{ origin: 'https://evil.example' }, { origin: 'null' }, { 'sec-fetch-site': 'cross-site' }]) {
        const foreign = await m.shopper.request({ method: 'POST', url: `/api/membership/${path}`, headers })
        expect(foreign.statusCode, `${path} ${JSON.stringify(headers)}`).toBe(403)
      }
    }
    expect(dataOf<Membership>(await m.shopper.get('/api/membership')).status).toBe('active')
  })
})
