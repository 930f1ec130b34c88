/**
 * A one-time offer whose charge had no answer (the payment service out of reach): the piece and
 * the pending payment stay, so a retry of the key finishes the one charge, and the reservation
 * sweeper asks the gateway when nobody retries. Built-in test gateway, both databases.
 */
import { randomUUID } from 'node:crypto'
import type { CheckoutResult, OneTimeOffer } from '@store/core'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { count, itemWithStock, nextChargeUnanswered, placeOrder, shopperWithCart, stockOf, sweep, sweepLog, tokenFor } from '../checkout/checkout-test-kit.ts'
import { ASK_AFTER_MS, GIVE_UP_MS } from '../checkout/reservations.ts'
import { gatewayFor, GatewayUnavailable, type PaymentGateway } from '../payments/gateway.ts'
import { DIALECTS, dataOf, errorsOf, startTestStore, type TestShopper, type TestStore } from '../test/harness.ts'

describe.each(DIALECTS)('a one-time offer whose charge had no answer, on %s', (dialect) => {
  let t: TestStore
  let gateway: PaymentGateway
  beforeAll(async () => {
    t = await startTestStore(dialect)
    gateway = await gatewayFor(t.app.env)
  })
  afterAll(() => t.close())
  afterEach(() => vi.restoreAllMocks())

  const accept = (shopper: TestShopper, body: Record<string, unknown>, key: string) =>
    shopper.request({
      method: 'POST',
      url: '/api/one-time-offers/pf-oto-1/accept',
      payload: JSON.stringify(body),
      headers: { 'content-type': 'application/json', 'idempotency-key': key },
    })

  /** A paid order, and the offer accepted with its first choice: the charge unanswered, a 503. */
  const unansweredOffer = async (how: 'lost' | 'unsent') => {
    const item = await itemWithStock(t, 5)
    const shopper = await shopperWithCart(t, item.itemId, item.size)
    const placed = dataOf<CheckoutResult>(await placeOrder(shopper, await tokenFor(shopper)))
    const orderNumber = placed.order_number
    const offer = dataOf<OneTimeOffer>(await shopper.get(`/api/one-time-offers/pf-oto-1?order=${orderNumber}`))
    const choice = offer.choices[0]!
    const piece = { itemId: choice.item_id, size: choice.sizes[0]! }
    const before = await stockOf(t, piece.itemId, piece.size)
    const body = { order_number: orderNumber, item_id: piece.itemId, size: piece.size }
    const key = randomUUID()
    nextChargeUnanswered(gateway, how)
    const down = await accept(shopper, body, key)
    expect(down.statusCode).toBe(503)
    expect(errorsOf(down)[0]).toMatch(/could not reach the payment service/)
    return { shopper, orderNumber, piece, before, body, key }
  }
  const offerLines = (orderNumber: string) =>
    t.store.db.selectFrom('order_lines').select(['item_id', 'size']).where('order_number', '=', orderNumber).where('offer_id', '=', 'pf-oto-1').execute()
  const offerPayments = (orderNumber: string) =>
    t.store.db.selectFrom('payments').select('status').where('order_number', '=', orderNumber).where('offer_id', '=', 'pf-oto-1').execute()
  const later = (ms: number) => new Date(Date.now() + ms)
  /** The "Added to your order" e-mails of an order. */
  const addedEmails = async (orderNumber: string) =>
    (await t.store.db.selectFrom('outbox_emails').select('subject').where('subject', 'like', `Added to your % order ${orderNumber}`).execute()).length

  it('the piece stays taken and the payment pending; the same key again finishes the one charge and adds the piece once', async () => {
    const { shopper, orderNumber, piece, before, body, key } = await unansweredOffer('lost')
    expect(await stockOf(t, piece.itemId, piece.size)).toBe(before - 1)
    expect(await offerPayments(orderNumber)).toEqual([{ status: 'pending' }])
    const charges = await count(t, 'test_gateway_charges')
    const retry = await accept(shopper, body, key)
    expect(retry.statusCode).toBe(200)
    expect(await offerLines(orderNumber)).toEqual([{ item_id: piece.itemId, size: piece.size }])
    expect(await offerPayments(orderNumber)).toEqual([{ status: 'succeeded' }])
    expect(await count(t, 'test_gateway_charges')).toBe(charges)
    expect(await stockOf(t, piece.itemId, piece.size)).toBe(before - 1)
  })

  it('another key meanwhile (another tab) is told the first try is still being settled, and charges nothing', async () => {
    const { shopper, orderNumber, body } = await unansweredOffer('lost')
    const charges = await count(t, 'test_gateway_charges')
    const other = await accept(shopper, body, randomUUID())
    expect(other.statusCode).toBe(409)
    expect(errorsOf(other)[0]).toMatch(/still waiting for the payment service/)
    expect(await count(t, 'test_gateway_charges')).toBe(charges)
    expect(await offerLines(orderNumber)).toEqual([])
  })

  it('nobody tries again, the charge went through: the sweeper finds it and adds the piece to the order, with the e-mail', async () => {
    const { orderNumber, piece, before } = await unansweredOffer('lost')
    // not yet: the attempt must have been still for a while first
    await sweep(t, later(60_000))
    expect(await offerPayments(orderNumber)).toEqual([{ status: 'pending' }])
    const { log, about } = sweepLog()
    await sweep(t, later(ASK_AFTER_MS + 1000), log)
    expect(await offerLines(orderNumber)).toEqual([{ item_id: piece.itemId, size: piece.size }])
    expect(await offerPayments(orderNumber)).toEqual([{ status: 'succeeded' }])
    expect(await addedEmails(orderNumber)).toBe(1)
    expect(await stockOf(t, piece.itemId, piece.size)).toBe(before - 1)
    expect(
      about(orderNumber)
        .filter((entry) => entry.level === 'warn')
        .map((entry) => entry.message),
    ).toEqual([expect.stringMatching(/found paid at the provider: it is added to the order/)])
  })

  it('found paid after the order has shipped: the piece is added all the same, and the operator is told to send it on its own', async () => {
    const { orderNumber } = await unansweredOffer('lost')
    await t.store.db.updateTable('orders').set({ status: 'shipped' }).where('order_number', '=', orderNumber).execute()
    const { log, about } = sweepLog()
    await sweep(t, later(ASK_AFTER_MS + 1000), log)
    expect(await offerPayments(orderNumber)).toEqual([{ status: 'succeeded' }])
    const warning = about(orderNumber).find((entry) => entry.level === 'warn')
    expect(warning?.message).toMatch(/which is shipped already: send the piece on its own/)
  })

  it('nobody tries again, the charge never went out: the sweeper gives the piece back and frees the key, which later charges once', async () => {
    const { shopper, orderNumber, piece, before, body, key } = await unansweredOffer('unsent')
    await sweep(t, later(ASK_AFTER_MS + 1000))
    expect(await stockOf(t, piece.itemId, piece.size)).toBe(before)
    expect(await offerPayments(orderNumber)).toEqual([])
    const charges = await count(t, 'test_gateway_charges')
    expect((await accept(shopper, body, key)).statusCode).toBe(200)
    expect(await count(t, 'test_gateway_charges')).toBe(charges + 1)
    expect(await offerLines(orderNumber)).toHaveLength(1)
  })

  it('the gateway cannot say for a day: the piece goes back and the operator is told the key to look for', async () => {
    const { orderNumber, piece, before, key } = await unansweredOffer('lost')
    vi.spyOn(gateway, 'find').mockRejectedValue(new GatewayUnavailable('still down'))
    await sweep(t, later(ASK_AFTER_MS + 1000))
    expect(await offerPayments(orderNumber)).toEqual([{ status: 'pending' }])
    const { log, about } = sweepLog()
    await sweep(t, later(GIVE_UP_MS + 60_000), log)
    expect(await offerPayments(orderNumber)).toEqual([])
    expect(await stockOf(t, piece.itemId, piece.size)).toBe(before)
    const warning = about(orderNumber).find((entry) => entry.level === 'warn')
    expect(warning?.message).toMatch(/look for a payment with this store_key/)
    expect(warning?.details).toMatchObject({ store_key: `offer:popfitclothing:${key}` })
  })
})
