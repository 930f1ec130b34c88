/**
 * The Stripe adapter's refunds against the local fake of Stripe's API (POST /v1/refunds
 * {payment_intent, amount}): in part or in full, once per idempotency key, and a refund of more
 * than is left refused (RefundRefused), as Stripe refuses it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { brandData } from '../context/request-context.ts'
import { openDatabase, type StoreDb } from '../db/connection.ts'
import { migrateToLatest } from '../db/migrate.ts'
import { seedDatabase } from '../db/seed/index.ts'
import { parseEnv } from '../env.ts'
import { fakeStripe } from '../test/fake-stripe.ts'
import { RefundRefused } from './gateway.ts'
import { StripeGateway } from './stripe-gateway.ts'

describe('Stripe refunds', () => {
  const stripe = fakeStripe()
  let store: StoreDb
  let gateway: StripeGateway
  beforeAll(async () => {
    const url = await stripe.listen()
    store = openDatabase('sqlite::memory:')
    await migrateToLatest(store.db)
    await seedDatabase(store.db)
    gateway = StripeGateway.fromEnv(parseEnv({ LOG_LEVEL: 'silent', NODE_ENV: 'test', PAYMENT_GATEWAY: 'stripe', STRIPE_SECRET_KEY: 'sk_test_local', STRIPE_API_URL: url }))
  })
  afterAll(async () => {
    await store.close()
    await stripe.close()
  })

  it('refunds in part, once per key, and refuses more than is left', async () => {
    const scope = brandData(store, 'popfitclothing')
    const paid = await gateway.charge(scope, { amountCents: 5000, source: { kind: 'token', token: 'pm_card_visa' }, idempotencyKey: 'stripe-refund-test', metadata: {} })
    expect(paid.status).toBe('succeeded')
    const intent = paid.paymentId!
    const first = await gateway.refund(scope, intent, 'r1', 2000)
    expect(first).toMatch(/^re_/)
    // the same key again: Stripe replays its answer, no second refund
    expect(await gateway.refund(scope, intent, 'r1', 2000)).toBe(first)
    const refundCalls = stripe.calls.filter((call) => call.path === '/v1/refunds')
    expect(refundCalls.at(-1)!.form.get('amount')).toBe('2000')
    expect(refundCalls.at(-1)!.form.get('payment_intent')).toBe(intent)
    await expect(gateway.refund(scope, intent, 'r2', 3001)).rejects.toBeInstanceOf(RefundRefused)
    expect(await gateway.refund(scope, intent, 'r3', 3000)).toMatch(/^re_/)
    expect(stripe.intents.get(intent)!.amount_refunded).toBe(5000)
  })
})
