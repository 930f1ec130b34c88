/**
 * The reservation sweeper and a charge that had no answer (reservations.ts, checkout.service
 * settleUnanswered), with the built-in test gateway on both databases: the gateway carries the
 * charge out and the answer is lost, or it never gets the charge, or the process dies mid-charge.
 * (The same with Stripe's search: payments/stripe-gateway.test.ts.)
 */
import { randomUUID } from 'node:crypto'
import type { CheckoutResult, Membership, PaymentMethod } from '@store/core'
import { CompiledQuery } from 'kysely'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { gatewayFor, type PaymentGateway } from '../payments/gateway.ts'
import { DIALECTS, dataOf, startTestStore, type TestStore } from '../test/harness.ts'
import { statementsOf } from '../test/statements.ts'
import { RESERVATION_MS } from './checkout.service.ts'
import { count, itemWithStock, nextChargeUnanswered, placeOrder, shopperWithCart, stockOf, sweep, sweepLog, tokenFor } from './checkout-test-kit.ts'
import { joinThroughCheckout, registered } from '../membership/club-test-kit.ts'
import { STALE_ATTEMPT_MS } from '../payments/attempts.ts'

describe.each(DIALECTS)('the reservation sweeper and a charge that had no answer, on %s', (dialect) => {
  let t: TestStore
  let gateway: PaymentGateway
  beforeAll(async () => {
    t = await startTestStore(dialect)
    gateway = await gatewayFor(t.app.env)
  })
  afterAll(() => t.close())
  afterEach(() => vi.restoreAllMocks())

  /** A shopper whose order got a 503 (no answer from the gateway) and who never tried again. */
  const unansweredOrder = async (how: 'lost' | 'unsent') => {
    const item = await itemWithStock(t, 5)
    const shopper = await shopperWithCart(t, item.itemId, item.size, 1)
    const token = await tokenFor(shopper)
    const before = await stockOf(t, item.itemId, item.size)
    const key = randomUUID()
    nextChargeUnanswered(gateway, how)
    expect((await placeOrder(shopper, token, key)).statusCode).toBe(503)
    const attempt = await t.store.db.selectFrom('checkout_attempts').select(['order_number', 'state']).where('idempotency_key', '=', key).executeTakeFirstOrThrow()
    expect(attempt.state).toBe('interrupted')
    return { item, shopper, token, key, before, orderNumber: attempt.order_number! }
  }
  const orderStatus = async (orderNumber: string) =>
    (await t.store.db.selectFrom('orders').select('status').where('order_number', '=', orderNumber).executeTakeFirst())?.status ?? 'gone'
  const pastReservation = () => new Date(Date.now() + RESERVATION_MS + 1000)

  it('the charge went through but its answer was lost: the sweeper finds it and keeps the order, paid once, e-mailed; the key then answers with it', async () => {
    const { item, shopper, token, key, before, orderNumber } = await unansweredOrder('lost')
    const charges = await count(t, 'test_gateway_charges')
    const { log, about } = sweepLog()
    await sweep(t, pastReservation(), log)
    expect(await orderStatus(orderNumber)).toBe('paid')
    expect(await stockOf(t, item.itemId, item.size)).toBe(before - 1)
    expect(await t.store.db.selectFrom('payments').select(['status', 'gateway']).where('order_number', '=', orderNumber).execute()).toEqual([
      { status: 'succeeded', gateway: 'test' },
    ])
    expect(await count(t, 'outbox_emails', { column: 'to_email', value: 'ada@example.com' })).toBeGreaterThanOrEqual(1)
    expect(about(orderNumber).map((entry) => entry.level)).toContain('warn')
    const late = await placeOrder(shopper, token, key)
    expect(late.statusCode).toBe(200)
    expect(dataOf<CheckoutResult>(late)).toMatchObject({ status: 'succeeded', order_number: orderNumber })
    expect(await count(t, 'test_gateway_charges')).toBe(charges)
  })

  it('the charge never reached the gateway: the sweeper finds none and releases the stock; the key later reserves again and pays once', async () => {
    const { item, shopper, token, key, before, orderNumber } = await unansweredOrder('unsent')
    expect(await stockOf(t, item.itemId, item.size)).toBe(before - 1)
    const { log, about } = sweepLog()
    expect(await sweep(t, pastReservation(), log)).toBeGreaterThanOrEqual(1)
    expect(await orderStatus(orderNumber)).toBe('gone')
    expect(await stockOf(t, item.itemId, item.size)).toBe(before)
    expect(about(orderNumber).map((entry) => entry.level)).toEqual(['info'])
    const late = await placeOrder(shopper, token, key)
    expect(late.statusCode).toBe(200)
    expect(dataOf<CheckoutResult>(late)).toMatchObject({ status: 'succeeded', order_number: orderNumber })
    expect(await stockOf(t, item.itemId, item.size)).toBe(before - 1)
  })

  it('the process died mid-charge (its attempt left in progress, untouched): the sweeper asks the gateway as for a lost answer', async () => {
    const { key, orderNumber } = await unansweredOrder('lost')
    // what a process that died during the gateway call leaves: the attempt still in progress
    const died = new Date(Date.now() - STALE_ATTEMPT_MS - 1000).toISOString()
    await t.store.db.updateTable('checkout_attempts').set({ state: 'in_progress', updated_at: died }).where('idempotency_key', '=', key).execute()
    await sweep(t, pastReservation())
    expect(await orderStatus(orderNumber)).toBe('paid')
  })

  it('a retry of the key at work right now is left to finish: the sweeper neither releases its stock nor asks the gateway', async () => {
    const { item, key, before, orderNumber } = await unansweredOrder('lost')
    const now = pastReservation()
    // the shopper's retry has just taken the key over
    await t.store.db
      .updateTable('checkout_attempts')
      .set({ state: 'in_progress', updated_at: new Date(now.getTime() - 1000).toISOString() })
      .where('idempotency_key', '=', key)
      .execute()
    const find = vi.spyOn(gateway, 'find')
    await sweep(t, now)
    expect(await orderStatus(orderNumber)).toBe('pending_payment')
    expect(await stockOf(t, item.itemId, item.size)).toBe(before - 1)
    expect(find).not.toHaveBeenCalled()
  })

  it('joining the club, the answer lost: the sweeper keeps the joining order and the membership starts, with the card that paid for its billing', async () => {
    const who = await registered(t)
    const key = randomUUID()
    nextChargeUnanswered(gateway, 'lost')
    expect((await joinThroughCheckout(who.shopper, undefined, key, who.email)).statusCode).toBe(503)
    const memberships = () => t.store.db.selectFrom('memberships').select('status').where('customer_id', '=', who.customerId).execute()
    expect(await memberships()).toEqual([])
    await sweep(t, pastReservation())
    expect(await memberships()).toEqual([{ status: 'active' }])
    const membership = dataOf<Membership>(await who.shopper.get('/api/membership'))
    expect(membership).toMatchObject({ status: 'active' })
    const cards = dataOf<PaymentMethod[]>(await who.shopper.get('/api/payment-methods'))
    expect(cards.map((card) => card.last4)).toEqual(['4242'])
  })

  it('two sweeps at once (two instances) settle a lost answer once: one payment, one e-mail', async () => {
    const { orderNumber } = await unansweredOrder('lost')
    const at = pastReservation()
    await Promise.all([sweep(t, at), sweep(t, at)])
    expect(await orderStatus(orderNumber)).toBe('paid')
    expect(await count(t, 'payments', { column: 'order_number', value: orderNumber })).toBe(1)
    const confirmations = await t.store.db.selectFrom('outbox_emails').select('subject').where('subject', 'like', `Your % order ${orderNumber}`).execute()
    expect(confirmations).toHaveLength(1)
  })
})

describe("the sweeper's reads, on SQLite", () => {
  let t: TestStore
  beforeAll(async () => {
    t = await startTestStore('sqlite')
  })
  afterAll(() => t.close())

  it('find what they look for by index, never by reading orders, attempts or payments whole (they run every minute on every instance)', async () => {
    // an expired order whose charge had no answer: every statement of a sweep runs
    const item = await itemWithStock(t, 5)
    const shopper = await shopperWithCart(t, item.itemId, item.size, 1)
    const token = await tokenFor(shopper)
    nextChargeUnanswered(await gatewayFor(t.app.env), 'unsent')
    expect((await placeOrder(shopper, token, randomUUID())).statusCode).toBe(503)
    vi.restoreAllMocks()
    const statements = await statementsOf(t.store, () => sweep(t, new Date(Date.now() + RESERVATION_MS + 60 * 60_000)))
    const reads = statements.filter((text) => /^select/i.test(text))
    expect(reads.some((text) => /from "payments"/.test(text))).toBe(true)
    expect(reads.some((text) => /from "checkout_attempts"/.test(text))).toBe(true)
    for (const text of reads) {
      const plan = await t.store.db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(
          `explain query plan ${text}`,
          Array.from({ length: (text.match(/\?/g) ?? []).length }, () => null),
        ),
      )
      // a table read whole, or all of a brand's rows (an index on brand_id alone)
      const scans = plan.rows
        .map((row) => row.detail)
        .filter((detail) => /^SCAN (orders|checkout_attempts|payments)\b/.test(detail) || /^SEARCH (orders|checkout_attempts|payments) .*\(brand_id=\?\)$/.test(detail))
      expect({ text, scans }).toEqual({ text, scans: [] })
    }
  })
})
