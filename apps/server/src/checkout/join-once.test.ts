/**
 * A customer joins the club once, whatever their carts (docs/club-membership.md "Joining"): join
 * checkouts sent at once (a double submit with an empty cart makes a cart per request; two devices
 * each have their own) take the customer's turn, and every one but the first is refused before
 * anything is charged. Through the API, both databases.
 */
import { randomUUID } from 'node:crypto'
import type { CheckoutResult } from '@store/core'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { GatewayUnavailable, gatewayFor, type PaymentGateway } from '../payments/gateway.ts'
import { TestGateway } from '../payments/test-gateway.ts'
import { DIALECTS, dataOf, errorsOf, startTestStore, TestShopper, type TestStore } from '../test/harness.ts'
import { daysFromToday, joinThroughCheckout, registered } from '../membership/club-test-kit.ts'
import { RESERVATION_MS } from './checkout.service.ts'
import { ADDRESS, CARDS, itemWithStock, nextChargeUnanswered, stockOf, sweep, sweepLog, tokenFor } from './checkout-test-kit.ts'
import { ALREADY_JOINING, ALREADY_MEMBER, SUPERSEDED } from './join-once.ts'

const HOST = 'ckb.localhost'
const BRAND = 'ckb'

describe.each(DIALECTS)('a customer joins the club once, on %s', (dialect) => {
  let t: TestStore
  let gateway: PaymentGateway
  beforeAll(async () => {
    t = await startTestStore(dialect)
    gateway = await gatewayFor(t.app.env)
  })
  afterAll(() => t.close())
  afterEach(() => vi.restoreAllMocks())

  /** What the customer was charged and holds: succeeded charges under the keys, paid joining orders, memberships, join rows. */
  async function joinedState(customerId: string, keys: string[]) {
    const { db } = t.store
    // every charge made under the keys, whatever became of it: a refused join never reaches the card
    const charges = await db
      .selectFrom('test_gateway_charges')
      .select(['status', 'amount_cents'])
      .where(
        'idempotency_key',
        'in',
        keys.map((key) => `checkout:${BRAND}:${key}`),
      )
      .execute()
    const orders = await db.selectFrom('orders').select('order_number').where('customer_id', '=', customerId).where('status', '=', 'paid').execute()
    const memberships = await db.selectFrom('memberships').select(['id', 'status']).where('customer_id', '=', customerId).execute()
    const joins = await db
      .selectFrom('membership_charges')
      .select('id')
      .where('membership_id', 'in', memberships.length > 0 ? memberships.map((m) => m.id) : [''])
      .where('kind', '=', 'join')
      .where('status', '=', 'charged')
      .execute()
    return {
      charges: charges.filter((charge) => charge.status === 'succeeded').length,
      tried: charges.length,
      orders: orders.length,
      memberships: memberships.map((m) => m.status),
      joins: joins.length,
    }
  }

  /** Join checkouts sent at once, each with its own key and token (and the total its page showed); the statuses sorted, and the refusals' messages. */
  async function joinAtOnce(attempts: { shopper: TestShopper; token: string; key: string; expectedTotal?: string }[], email: string) {
    const answers = await Promise.all(
      attempts.map(({ shopper, token, key, expectedTotal }) =>
        expectedTotal === undefined
          ? joinThroughCheckout(shopper, CARDS.success, key, email, token)
          : shopper.request({
              method: 'POST',
              url: '/api/checkout',
              payload: new URLSearchParams({ ...ADDRESS, email, payment_token: token, checkout_flow: 'checkout_club_flow', expected_total: expectedTotal }).toString(),
              headers: { 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': key },
            }),
      ),
    )
    return {
      statuses: answers.map((answer) => answer.statusCode).sort(),
      refusals: answers.filter((answer) => answer.statusCode !== 200).map((answer) => errorsOf(answer)[0]),
      succeeded: answers.filter((answer) => answer.statusCode === 200).map((answer) => dataOf<CheckoutResult>(answer)),
    }
  }

  it('four join checkouts at once from one session with an empty cart: one order, one charge, one membership; three refused before any charge', async () => {
    const who = await registered(t, HOST)
    expect((await who.shopper.post('/api/checkout/flow', { checkout_flow: 'checkout_club_flow' })).statusCode).toBe(200)
    const attempts = await Promise.all(Array.from({ length: 4 }, async () => ({ shopper: who.shopper, token: await tokenFor(who.shopper), key: randomUUID() })))
    const { statuses, refusals, succeeded } = await joinAtOnce(attempts, who.email)
    expect(statuses).toEqual([200, 409, 409, 409])
    expect(succeeded.map((result) => result.status)).toEqual(['succeeded'])
    // the join's refusals, or the cart's own lock when two of them took the session's one cart
    for (const message of refusals) expect([ALREADY_MEMBER, ALREADY_JOINING, 'This cart is already being checked out in another window.']).toContain(message)
    expect(
      await joinedState(
        who.customerId,
        attempts.map((a) => a.key),
      ),
    ).toEqual({ charges: 1, tried: 1, orders: 1, memberships: ['active'], joins: 1 })

    // and once a member, another join checkout is refused with the plain reason (it said "Your cart is empty"), nothing charged
    const again = await joinThroughCheckout(who.shopper, CARDS.success, randomUUID(), who.email)
    expect(again.statusCode).toBe(409)
    expect(errorsOf(again)).toEqual([ALREADY_MEMBER])
    expect(
      await joinedState(
        who.customerId,
        attempts.map((a) => a.key),
      ),
    ).toEqual({ charges: 1, tried: 1, orders: 1, memberships: ['active'], joins: 1 })
  })

  /**
   * The first join is held at the card network; the others are sent meanwhile, as a second click or
   * a second window would be while the first waits for the bank. The session's cart is being checked
   * out by then, so each of them starts a new cart, and the cart's lock does not stop them.
   */
  async function whileTheFirstIsCharged(shopper: TestShopper, email: string, others: number) {
    let charging!: () => void
    let release!: () => void
    const atTheGateway = new Promise<void>((resolve) => (charging = resolve))
    const released = new Promise<void>((resolve) => (release = resolve))
    let first = true
    vi.spyOn(gateway, 'charge').mockImplementation(async (scope, request) => {
      if (first) {
        first = false
        charging()
        await released
      }
      return TestGateway.prototype.charge.call(gateway, scope, request)
    })
    const attempts = await Promise.all(Array.from({ length: 1 + others }, async () => ({ shopper, token: await tokenFor(shopper), key: randomUUID() })))
    const [firstAttempt, ...rest] = attempts
    const firstAnswer = joinThroughCheckout(shopper, CARDS.success, firstAttempt!.key, email, firstAttempt!.token)
    await atTheGateway
    const meanwhile = await joinAtOnce(rest, email)
    release()
    expect((await firstAnswer).statusCode).toBe(200)
    return { keys: attempts.map((attempt) => attempt.key), meanwhile }
  }

  it('a join sent again while the first is being charged (an empty cart: each makes its own): refused before its charge, one membership', async () => {
    const who = await registered(t, HOST)
    expect((await who.shopper.post('/api/checkout/flow', { checkout_flow: 'checkout_club_flow' })).statusCode).toBe(200)
    const { keys, meanwhile } = await whileTheFirstIsCharged(who.shopper, who.email, 3)
    expect(meanwhile.statuses).toEqual([409, 409, 409])
    expect(meanwhile.refusals).toEqual([ALREADY_JOINING, ALREADY_JOINING, ALREADY_JOINING])
    expect(await joinedState(who.customerId, keys)).toEqual({ charges: 1, tried: 1, orders: 1, memberships: ['active'], joins: 1 })
  })

  it('two devices of one customer, each with its own cart of items, joining at once as /checkout-club does (with the total it showed): one joins and pays, the other is refused and its pieces stay in stock', async () => {
    const who = await registered(t, HOST)
    const item = await itemWithStock(t, 10, BRAND)
    const devices = await Promise.all(
      Array.from({ length: 2 }, async () => {
        const device = new TestShopper(t.app, HOST)
        expect((await device.post('/api/cart/items', { item_id: item.itemId, size: item.size, qty: 1 })).statusCode).toBe(200)
        expect((await device.post('/api/login', { email: who.email, password: 'leggings-forever-2026' })).statusCode).toBe(200)
        // the page's total: the checkout's quote of the join with the cart
        const quote = dataOf<{ total: number; club_fee: number }>(
          await device.get('/api/checkout/quote?checkout_flow=checkout_club_flow&shipping_country=US&shipping_state=TX&shipping_method=standard'),
        )
        expect(quote.club_fee).toBe(24.99)
        return { shopper: device, token: await tokenFor(device), key: randomUUID(), expectedTotal: quote.total.toFixed(2) }
      }),
    )
    const before = await stockOf(t, item.itemId, item.size)
    const { statuses, refusals } = await joinAtOnce(devices, who.email)
    expect(statuses).toEqual([200, 409])
    // refused at the join (both reserving at once), or, the first joined before the second was priced, at its
    // total: the page showed the fee, and a member's order would not charge it
    const refusal = refusals[0]!
    expect([ALREADY_MEMBER, ALREADY_JOINING].includes(refusal) || refusal.startsWith('Your total is now'), refusal).toBe(true)
    expect(
      await joinedState(
        who.customerId,
        devices.map((d) => d.key),
      ),
    ).toEqual({ charges: 1, tried: 1, orders: 1, memberships: ['active'], joins: 1 })
    expect(await stockOf(t, item.itemId, item.size)).toBe(before - 1)
  })

  it('a former member rejoining through /checkout-club, sending it again while the first is charged, is charged once', async () => {
    const who = await registered(t, HOST)
    expect((await joinThroughCheckout(who.shopper, CARDS.success, randomUUID(), who.email)).statusCode).toBe(200)
    expect((await who.shopper.post('/api/membership/cancel')).statusCode).toBe(200)
    // cancelled after the paid interval, with no charge this month: the rejoin pays its first month again
    const { id } = await t.store.db.selectFrom('memberships').select('id').where('customer_id', '=', who.customerId).executeTakeFirstOrThrow()
    await t.store.db
      .deleteFrom('order_lines')
      .where('order_number', 'in', (eb) => eb.selectFrom('orders').select('order_number').where('membership_id', '=', id))
      .execute()
    await t.store.db.deleteFrom('orders').where('membership_id', '=', id).execute()
    await t.store.db.deleteFrom('membership_charges').where('membership_id', '=', id).execute()
    await t.store.db
      .updateTable('memberships')
      .set({ next_billing_date: daysFromToday(-8) })
      .where('id', '=', id)
      .execute()

    const { keys, meanwhile } = await whileTheFirstIsCharged(who.shopper, who.email, 2)
    expect(meanwhile.refusals).toEqual([ALREADY_JOINING, ALREADY_JOINING])
    const state = await joinedState(who.customerId, keys)
    expect({ charges: state.charges, tried: state.tried, memberships: state.memberships, joins: state.joins }).toEqual({ charges: 1, tried: 1, memberships: ['active'], joins: 1 })
  })

  it('a join whose charge had no answer, paid after all once the customer joined again: the sweeper refunds it and keeps no second order', async () => {
    const who = await registered(t, HOST)
    // the first join: the gateway took the money, its answer was lost (the page said "try again")
    const lostKey = randomUUID()
    nextChargeUnanswered(gateway, 'lost')
    expect((await joinThroughCheckout(who.shopper, CARDS.success, lostKey, who.email)).statusCode).toBe(503)
    const lost = await t.store.db.selectFrom('checkout_attempts').select('order_number').where('idempotency_key', '=', lostKey).executeTakeFirstOrThrow()
    // while it waits, another window is told the membership is being set up there
    const meanwhile = await joinThroughCheckout(who.shopper, CARDS.success, randomUUID(), who.email)
    expect(meanwhile.statusCode).toBe(409)
    expect(errorsOf(meanwhile)).toEqual([ALREADY_JOINING])
    // its reservation ran out unswept: the shopper joins again with another key, and pays
    await t.store.db
      .updateTable('orders')
      .set({ reserved_until: new Date(Date.now() - 1000).toISOString() })
      .where('order_number', '=', lost.order_number!)
      .execute()
    const secondKey = randomUUID()
    expect((await joinThroughCheckout(who.shopper, CARDS.success, secondKey, who.email)).statusCode).toBe(200)

    // the sweeper finds the lost charge paid: the customer is a member already, so it is refunded, not kept
    const { log, about } = sweepLog()
    await sweep(t, new Date(Date.now() + RESERVATION_MS + 1000), log)
    const lostCharge = await t.store.db.selectFrom('test_gateway_charges').select('status').where('idempotency_key', '=', `checkout:${BRAND}:${lostKey}`).executeTakeFirstOrThrow()
    expect(lostCharge.status).toBe('refunded')
    expect(await t.store.db.selectFrom('orders').select('status').where('order_number', '=', lost.order_number!).executeTakeFirst()).toBeUndefined()
    expect(await joinedState(who.customerId, [lostKey, secondKey])).toEqual({ charges: 1, tried: 2, orders: 1, memberships: ['active'], joins: 1 })
    expect(about(lost.order_number!).map((entry) => entry.level)).toContain('warn')
  })

  /** A join of one item left at the bank's step (the card asks for 3-D Secure): its key, its payment, and the item. */
  async function joinAtTheBank() {
    const who = await registered(t, HOST)
    const item = await itemWithStock(t, 10, BRAND)
    expect((await who.shopper.post('/api/cart/items', { item_id: item.itemId, size: item.size, qty: 1 })).statusCode).toBe(200)
    const before = await stockOf(t, item.itemId, item.size)
    const firstKey = randomUUID()
    const firstToken = await tokenFor(who.shopper, CARDS.authenticate)
    const first = await joinThroughCheckout(who.shopper, CARDS.authenticate, firstKey, who.email, firstToken)
    expect(first.statusCode).toBe(200)
    const waiting = dataOf<CheckoutResult>(first)
    if (waiting.status !== 'requires_action') throw new Error(`expected the bank's step, got ${waiting.status}`)
    expect(await stockOf(t, item.itemId, item.size)).toBe(before - 1)
    return { who, item, before, firstKey, firstToken, paymentId: waiting.payment_id, firstOrder: waiting.order_number }
  }

  /** The earlier window, back from its bank: the step completed, then its key sent again as the page does. */
  async function earlierWindowFinishes(shopper: TestShopper, paymentId: string, key: string, token: string, email: string) {
    await shopper.postJson('/api/payments/authenticate', { payment_id: paymentId, outcome: 'complete' })
    return joinThroughCheckout(shopper, CARDS.authenticate, key, email, token)
  }

  it("a join left at the bank's step and started again: the earlier payment is cancelled at the gateway, the new join pays for the same item once; the earlier window is told it was replaced", async () => {
    const { who, item, before, firstKey, firstToken, paymentId, firstOrder } = await joinAtTheBank()
    // the shopper starts again in another tab of the same session (before: 409 "try again in a few minutes" for 30 minutes)
    const secondKey = randomUUID()
    const second = await joinThroughCheckout(who.shopper, CARDS.success, secondKey, who.email)
    expect(second.statusCode, second.body).toBe(200)
    const joined = dataOf<CheckoutResult>(second)
    expect(joined.status).toBe('succeeded')
    // the earlier payment can take no money now, and its order and piece are given back: the new order has the piece
    const cancelled = await t.store.db.selectFrom('test_gateway_charges').select('status').where('id', '=', paymentId).executeTakeFirstOrThrow()
    expect(cancelled.status).toBe('canceled')
    expect(await t.store.db.selectFrom('orders').select('status').where('order_number', '=', firstOrder).executeTakeFirst()).toBeUndefined()
    const lines = await t.store.db.selectFrom('order_lines').select(['item_id', 'qty']).where('order_number', '=', joined.order_number).execute()
    expect(lines).toEqual([{ item_id: item.itemId, qty: 1 }])
    expect(await stockOf(t, item.itemId, item.size)).toBe(before - 1)
    // the earlier window completes its bank step afterwards: nothing more is charged, and it says why
    const late = await earlierWindowFinishes(who.shopper, paymentId, firstKey, firstToken, who.email)
    expect(late.statusCode).toBe(409)
    expect(errorsOf(late)).toEqual([SUPERSEDED])
    expect(await joinedState(who.customerId, [firstKey, secondKey])).toEqual({ charges: 1, tried: 2, orders: 1, memberships: ['active'], joins: 1 })
  })

  it("a join at the bank's step whose payment the gateway will not cancel, or cannot be asked to: the new join is refused as before, nothing charged, and the earlier one still finishes", async () => {
    const { who, firstKey, firstToken, paymentId } = await joinAtTheBank()
    const cancel = vi.spyOn(gateway, 'cancel').mockResolvedValueOnce(false).mockRejectedValueOnce(new GatewayUnavailable('no answer'))
    const keys = [firstKey]
    for (let i = 0; i < 2; i++) {
      const key = randomUUID()
      keys.push(key)
      const again = await joinThroughCheckout(who.shopper, CARDS.success, key, who.email)
      expect(again.statusCode).toBe(409)
      expect(errorsOf(again)).toEqual([ALREADY_JOINING])
    }
    expect(cancel).toHaveBeenCalledTimes(2)
    const finished = await earlierWindowFinishes(who.shopper, paymentId, firstKey, firstToken, who.email)
    expect(finished.statusCode, finished.body).toBe(200)
    expect(dataOf<CheckoutResult>(finished).status).toBe('succeeded')
    expect(await joinedState(who.customerId, keys)).toEqual({ charges: 1, tried: 1, orders: 1, memberships: ['active'], joins: 1 })
  })

  it('a join started again while the earlier window is sending its key back from the bank: the earlier one is not cancelled under it, the new one is refused', async () => {
    const { who, firstKey, firstToken, paymentId } = await joinAtTheBank()
    await who.shopper.postJson('/api/payments/authenticate', { payment_id: paymentId, outcome: 'complete' })
    // the earlier window's retry is at the gateway (confirming the payment) when the new join comes
    let resuming!: () => void
    let release!: () => void
    const atTheGateway = new Promise<void>((resolve) => (resuming = resolve))
    const released = new Promise<void>((resolve) => (release = resolve))
    vi.spyOn(gateway, 'resume').mockImplementationOnce(async (scope, id) => {
      resuming()
      await released
      return TestGateway.prototype.resume.call(gateway, scope, id)
    })
    const cancel = vi.spyOn(gateway, 'cancel')
    const earlier = joinThroughCheckout(who.shopper, CARDS.authenticate, firstKey, who.email, firstToken)
    await atTheGateway
    const secondKey = randomUUID()
    const again = await joinThroughCheckout(who.shopper, CARDS.success, secondKey, who.email)
    release()
    expect(again.statusCode).toBe(409)
    expect(errorsOf(again)).toEqual([ALREADY_JOINING])
    expect(cancel).not.toHaveBeenCalled()
    expect((await earlier).statusCode).toBe(200)
    expect(await joinedState(who.customerId, [firstKey, secondKey])).toEqual({ charges: 1, tried: 1, orders: 1, memberships: ['active'], joins: 1 })
  })

  /**
   * Why the first test above once saw a 422 last on PostgreSQL under load: a checkout chooses its cart
   * (the session's, or ensureCart's for a join) and reads it a moment later to price it. A checkout of
   * the same cart sent at the same moment may lock it in between, and the read found no open cart and
   * said "Your cart is empty". Held at the gateway here, the first checkout keeps its cart locked
   * while the second reads it, every time: the second is the cart lock's 409, as when it reads first.
   */
  it('a checkout sent again from one session while the first is charged: the cart lock\'s 409, never "Your cart is empty"', async () => {
    const item = await itemWithStock(t, 5, BRAND)
    const shopper = new TestShopper(t.app, HOST)
    expect((await shopper.post('/api/cart/items', { item_id: item.itemId, size: item.size, qty: 1 })).statusCode).toBe(200)
    let charging!: () => void
    let release!: () => void
    const atTheGateway = new Promise<void>((resolve) => (charging = resolve))
    const released = new Promise<void>((resolve) => (release = resolve))
    vi.spyOn(gateway, 'charge').mockImplementationOnce(async (scope, request) => {
      charging()
      await released
      return TestGateway.prototype.charge.call(gateway, scope, request)
    })
    const checkoutOnce = async () =>
      shopper.request({
        method: 'POST',
        url: '/api/checkout',
        payload: new URLSearchParams({ ...ADDRESS, payment_token: await tokenFor(shopper) }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': randomUUID() },
      })
    const first = checkoutOnce()
    await atTheGateway
    const second = await checkoutOnce()
    const quote = await shopper.get('/api/checkout/quote?shipping_country=US&shipping_state=TX&shipping_method=standard')
    release()
    expect((await first).statusCode).toBe(200)
    expect([second.statusCode, errorsOf(second)]).toEqual([409, ['This cart is already being checked out in another window.']])
    expect([quote.statusCode, errorsOf(quote)]).toEqual([409, ['This cart is already being checked out in another window.']])
  })
})
