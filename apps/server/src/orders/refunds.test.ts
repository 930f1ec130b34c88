/**
 * A refund through the payment engine (orders/refunds.ts, decision 220): its gateway call held when
 * the provider does not answer and finished by the sweeper or the same key, refunding once; released
 * (the row failed, a 409) when the provider refuses; the same key sent twice at once refunding once.
 */
import type { CheckoutResult, Order } from '@store/core'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { brandsWithOrigins } from '../brands/registry.ts'
import { itemWithStock, placeOrder, shopperWithCart, sweep, tokenFor } from '../checkout/checkout-test-kit.ts'
import { systemContext } from '../context/request-context.ts'
import { HttpError } from '../http/errors.ts'
import { gatewayFor, GatewayUnavailable, RefundRefused } from '../payments/gateway.ts'
import { TestGateway } from '../payments/test-gateway.ts'
import { assertLedgerAgrees } from '../test/ledger.ts'
import { DIALECTS, dataOf, type TestStore, startTestStore } from '../test/harness.ts'
import { refundOrder, type OrderScope, type RefundRequest } from './refunds.ts'

const silent = { info: () => {}, warn: () => {}, error: () => {} }

describe.each(DIALECTS)('a refund through the payment engine on %s', (dialect) => {
  let t: TestStore
  let scope: OrderScope
  beforeAll(async () => {
    t = await startTestStore(dialect)
    const brand = brandsWithOrigins(t.app.env.publicOrigins).find((candidate) => candidate.id === 'popfitclothing')!
    scope = systemContext({ store: t.store, sessions: t.app.sessionStore, env: t.app.env }, brand, silent)
  })
  afterAll(() => t.close())
  afterEach(() => vi.restoreAllMocks())

  const gateway = () => gatewayFor(t.app.env)

  async function paidOrder() {
    const item = await itemWithStock(t, 4)
    const buyer = await shopperWithCart(t, item.itemId, item.size, 1)
    const placed = await placeOrder(buyer, await tokenFor(buyer))
    expect(placed.statusCode, placed.body).toBe(200)
    const { order_number } = dataOf<CheckoutResult>(placed)
    const order = dataOf<Order>(await buyer.get(`/api/orders/${order_number}`))
    return { order, number: order_number }
  }

  const refundsOf = (number: string) =>
    t.store.db.selectFrom('payments').select(['status', 'amount_cents', 'decline_reason']).where('order_number', '=', number).where('kind', '=', 'refund').execute()
  const statusOf = async (number: string) => (await t.store.db.selectFrom('orders').select('status').where('order_number', '=', number).executeTakeFirstOrThrow()).status
  const refundsAtGateway = async (number: string) => {
    const charge = await t.store.db.selectFrom('payments').select('gateway_payment_id').where('order_number', '=', number).where('kind', '=', 'charge').executeTakeFirstOrThrow()
    return (await t.store.db.selectFrom('test_gateway_refunds').select('amount_cents').where('charge_id', '=', charge.gateway_payment_id).execute()).length
  }
  const everything = (key: string): RefundRequest => ({ idempotencyKey: key, all: true, restock: true, reason: 'Lost parcel', notify: false })

  it('a provider that does not answer leaves the refund pending (held, never refused); the sweeper completes it, refunding once', async () => {
    const { order, number } = await paidOrder()
    const real = await gateway()
    // the provider makes the refund, and its answer is lost
    vi.spyOn(real, 'refund').mockImplementationOnce(async (data, paymentId, key, amount) => {
      await TestGateway.prototype.refund.call(real, data, paymentId, key, amount)
      throw new GatewayUnavailable('no answer')
    })
    expect(await refundOrder(scope, number, everything(`lost-${number}`), 'staff:test', { gateway: real })).toBe('pending')
    expect(await refundsOf(number)).toEqual([{ status: 'pending', amount_cents: Math.round(order.total * 100), decline_reason: null }])
    expect(await statusOf(number)).toBe('paid')
    // another refund cannot take what the pending one holds
    await expect(refundOrder(scope, number, { ...everything(`other-${number}`), all: false, amountCents: 100 }, 'staff:test', { gateway: real })).rejects.toThrow(
      'That is more than is left to refund on this order ($0.00).',
    )
    // the reservation sweeper, a few minutes on, asks again under the same key
    await sweep(t, new Date(Date.now() + 5 * 60_000))
    expect(await refundsOf(number)).toEqual([{ status: 'succeeded', amount_cents: Math.round(order.total * 100), decline_reason: null }])
    expect(await refundsAtGateway(number)).toBe(1)
    expect(await statusOf(number)).toBe('refunded')
    // the same key afterwards: what it did stands
    expect(await refundOrder(scope, number, everything(`lost-${number}`), 'staff:test', { gateway: real })).toBe('succeeded')
    expect(await refundsAtGateway(number)).toBe(1)
    await assertLedgerAgrees(t.store.db)
  })

  it('a provider that never got the refund: the same key sent again refunds it, once', async () => {
    const { number } = await paidOrder()
    const real = await gateway()
    vi.spyOn(real, 'refund').mockRejectedValueOnce(new GatewayUnavailable('unreachable'))
    expect(await refundOrder(scope, number, everything(`again-${number}`), 'staff:test', { gateway: real })).toBe('pending')
    expect(await refundsAtGateway(number)).toBe(0)
    expect(await refundOrder(scope, number, everything(`again-${number}`), 'staff:test', { gateway: real })).toBe('succeeded')
    expect(await refundsAtGateway(number)).toBe(1)
    expect(await statusOf(number)).toBe('refunded')
    await assertLedgerAgrees(t.store.db)
  })

  it('a refund the provider refuses: a 409 in words, its row failed, the order as it was', async () => {
    const { number } = await paidOrder()
    const real = await gateway()
    vi.spyOn(real, 'refund').mockRejectedValueOnce(new RefundRefused('charge already refunded'))
    const refused = await refundOrder(scope, number, everything(`refused-${number}`), 'staff:test', { gateway: real }).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(HttpError)
    expect((refused as HttpError).statusCode).toBe(409)
    expect((refused as HttpError).message).toBe('The payment provider refused this refund. Nothing more was refunded.')
    expect((await refundsOf(number)).map((row) => [row.status, row.decline_reason])).toEqual([['failed', 'charge already refunded']])
    expect(await statusOf(number)).toBe('paid')
    // the same key again answers the same, and asks the provider nothing more
    const spy = vi.spyOn(real, 'refund')
    spy.mockClear()
    await expect(refundOrder(scope, number, everything(`refused-${number}`), 'staff:test', { gateway: real })).rejects.toThrow(
      'The payment provider refused this refund. Nothing more was refunded.',
    )
    expect(spy).not.toHaveBeenCalled()
    await assertLedgerAgrees(t.store.db)
  })

  it('the same key sent twice at once refunds once, and the history says it once', async () => {
    const { number } = await paidOrder()
    const real = await gateway()
    const request = everything(`twice-${number}`)
    const outcomes = await Promise.all([refundOrder(scope, number, request, 'staff:test', { gateway: real }), refundOrder(scope, number, request, 'staff:test', { gateway: real })])
    expect(outcomes).toEqual(['succeeded', 'succeeded'])
    expect(await refundsAtGateway(number)).toBe(1)
    expect(await refundsOf(number)).toHaveLength(1)
    const history = await t.store.db.selectFrom('order_history').select('event').where('order_number', '=', number).where('event', 'in', ['refunded']).execute()
    expect(history).toHaveLength(1)
    await assertLedgerAgrees(t.store.db)
  })
})
