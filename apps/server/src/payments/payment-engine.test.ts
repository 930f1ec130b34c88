/**
 * The payment engine on its own (docs/payment-engine.md), with a door of the test's own: a shelf
 * whose pieces a payment holds while it is charged. The real test gateway charges, on both
 * databases: the same key twice charges once; a decline and a throw are compensated; a crash
 * between the gateway's answer and the record is finished by the sweeper's end of the engine.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { brandsWithOrigins } from '../brands/registry.ts'
import { systemContext, type RequestContext } from '../context/request-context.ts'
import { HttpError } from '../http/errors.ts'
import { DIALECTS, type TestStore, startTestStore } from '../test/harness.ts'
import { finishAttempt, releaseAttempt, type StoredAnswer } from './attempts.ts'
import { GatewayUnavailable, type ChargeResult, type PaymentGateway } from './gateway.ts'
import { pay, settleUnanswered, voidAtTheBank, type Kept, type PaymentDoor } from './payment-engine.ts'
import type { TestBehaviour } from './test-cards.ts'
import { issueTestToken, TestGateway } from './test-gateway.ts'

const silent = { info: () => {}, warn: () => {}, error: () => {} }

/** What the test's door did, as a shopper would see it: pieces held, pieces sold, refunds. */
interface Shelf {
  held: number
  sold: number
  keeps: number
}

type Reserved = { key: string; token: string }
type Waiting = { waiting: string }

/** The test gateway, counting its charges and refunds; `unreachable` makes the next calls throw as a provider out of reach does. */
function countingGateway(): PaymentGateway & { charges: number; refunds: number; unreachable: number } {
  const real: PaymentGateway = new TestGateway()
  const gateway = {
    name: 'test' as const,
    charges: 0,
    refunds: 0,
    unreachable: 0,
    charge: async (...args: Parameters<PaymentGateway['charge']>) => {
      if (gateway.unreachable > 0) {
        gateway.unreachable -= 1
        throw new GatewayUnavailable('the provider is out of reach')
      }
      gateway.charges += 1
      return real.charge(...args)
    },
    find: (...args: Parameters<PaymentGateway['find']>) => real.find(...args),
    resume: (...args: Parameters<PaymentGateway['resume']>) => real.resume(...args),
    refund: async (...args: Parameters<PaymentGateway['refund']>) => {
      gateway.refunds += 1
      return real.refund(...args)
    },
    cancel: (...args: Parameters<PaymentGateway['cancel']>) => real.cancel(...args),
    saveMethod: (...args: Parameters<PaymentGateway['saveMethod']>) => real.saveMethod(...args),
    completeSave: (...args: Parameters<PaymentGateway['completeSave']>) => real.completeSave(...args),
    removeMethod: (...args: Parameters<PaymentGateway['removeMethod']>) => real.removeMethod(...args),
  }
  return gateway
}

describe.each(DIALECTS)('the payment engine on %s', (dialect) => {
  let t: TestStore
  let ctx: RequestContext
  beforeAll(async () => {
    t = await startTestStore(dialect)
    const brand = brandsWithOrigins(t.app.env.publicOrigins).find((candidate) => candidate.id === 'popfitclothing')!
    ctx = systemContext({ store: t.store, sessions: t.app.sessionStore, env: t.app.env }, brand, silent)
  })
  afterAll(() => t.close())

  const tokenOf = (behaviour: TestBehaviour) =>
    issueTestToken(ctx.data, { brand: 'Visa', last4: '4242', expMonth: 12, expYear: new Date().getFullYear() + 2, behaviour }, new Date())

  /**
   * A door that holds one piece of a shelf per payment. `keep` may be swapped (a crash, a refusal);
   * its reservations are kept by key, as a door's rows would be.
   */
  function shelfDoor(
    shelf: Shelf,
    gateway: PaymentGateway,
    key: string,
    token: string,
    reservations: Map<string, Reserved>,
    keep?: () => Promise<Kept | 'crash'>,
  ): PaymentDoor<Reserved, Waiting> {
    const gatewayKey = `engine-test:${key}`
    return {
      noun: 'piece',
      gatewayKey,
      findReserved: async () => reservations.get(key),
      reserve: async () => {
        if (token === 'sold out') throw new HttpError(409, 'The shelf is empty.')
        shelf.held += 1
        const reserved = { key, token }
        reservations.set(key, reserved)
        return reserved
      },
      charge: (reserved) =>
        gateway.charge(ctx.data, { amountCents: 1500, source: { kind: 'token', token: reserved.token }, idempotencyKey: gatewayKey, metadata: { test: 'engine' } }),
      resume: (_reserved, paymentId) => gateway.resume(ctx.data, paymentId, gatewayKey),
      waiting: (_reserved, result) => ({ waiting: result.paymentId }),
      declined: (_reserved, result) => ({ status: 402, error: { message: result.message, field: 'payment_token' } }),
      release: async (_reserved, answer) => {
        shelf.held -= 1
        reservations.delete(key)
        await finishAttempt(ctx, key, answer)
        return undefined
      },
      abandon: async () => {
        shelf.held -= 1
        reservations.delete(key)
        await releaseAttempt(ctx, key)
      },
      keep: async () => {
        const swapped = await keep?.()
        if (swapped === 'crash') throw new Error('the process died before the payment was recorded')
        if (swapped) return swapped
        shelf.held -= 1
        shelf.sold += 1
        shelf.keeps += 1
        reservations.delete(key)
        const answer: StoredAnswer = { status: 200, data: { waiting: 'none' } }
        await finishAttempt(ctx, key, answer)
        return { kept: true, answer }
      },
    }
  }

  const attemptOf = (key: string) =>
    t.store.db.selectFrom('checkout_attempts').selectAll().where('brand_id', '=', ctx.data.brandId).where('idempotency_key', '=', key).executeTakeFirst()
  const chargesUnder = async (key: string) =>
    (await t.store.db.selectFrom('test_gateway_charges').select('status').where('idempotency_key', '=', `engine-test:${key}`).execute()).map((row) => row.status)

  function setup(behaviour: TestBehaviour = 'succeed') {
    const shelf: Shelf = { held: 0, sold: 0, keeps: 0 }
    const gateway = countingGateway()
    const reservations = new Map<string, Reserved>()
    const key = `engine-${randomUUID()}`
    const request = { key, scope: 'engine-test', fingerprint: 'same', orderNumber: null }
    return { shelf, gateway, reservations, key, request, token: tokenOf(behaviour) }
  }

  it('charges once for the same key sent twice, and answers the second as the first', async () => {
    const { shelf, gateway, reservations, key, request, token } = setup()
    const tok = await token
    const open = async () => shelfDoor(shelf, gateway, key, tok, reservations)
    const first = await pay(ctx, { gateway }, request, open)
    const second = await pay(ctx, { gateway }, request, open)
    expect(second).toEqual(first)
    expect(await chargesUnder(key)).toEqual(['succeeded'])
    expect(gateway.charges).toBe(1)
    expect(shelf).toEqual({ held: 0, sold: 1, keeps: 1 })
  })

  it('gives the piece back on a decline, and the key answers the decline again', async () => {
    const { shelf, gateway, reservations, key, request, token } = setup('decline')
    const tok = await token
    const open = async () => shelfDoor(shelf, gateway, key, tok, reservations)
    const declined = await pay(ctx, { gateway }, request, open).catch((error: unknown) => error)
    expect(declined).toBeInstanceOf(HttpError)
    expect((declined as HttpError).statusCode).toBe(402)
    expect(shelf).toEqual({ held: 0, sold: 0, keeps: 0 })
    const again = await pay(ctx, { gateway }, request, open).catch((error: unknown) => error)
    expect((again as HttpError).statusCode).toBe(402)
    expect(gateway.charges).toBe(1)
  })

  it('gives the key back when the reservation is refused: nothing held, nothing charged, the key free for another try', async () => {
    const { shelf, gateway, reservations, key, request, token } = setup()
    const refused = await pay(ctx, { gateway }, request, async () => shelfDoor(shelf, gateway, key, 'sold out', reservations)).catch((error: unknown) => error)
    expect((refused as HttpError).statusCode).toBe(409)
    expect(await attemptOf(key)).toBeUndefined()
    expect(gateway.charges).toBe(0)
    const tok = await token
    await pay(ctx, { gateway }, request, async () => shelfDoor(shelf, gateway, key, tok, reservations))
    expect(shelf).toEqual({ held: 0, sold: 1, keeps: 1 })
  })

  it('holds the piece when the gateway throws (the money may be taken), and the retry with the key finishes it with one charge', async () => {
    const { shelf, gateway, reservations, key, request, token } = setup()
    const tok = await token
    const open = async () => shelfDoor(shelf, gateway, key, tok, reservations)
    gateway.unreachable = 1
    const unreachable = await pay(ctx, { gateway }, request, open).catch((error: unknown) => error)
    expect((unreachable as HttpError).statusCode).toBe(503)
    expect(shelf.held).toBe(1)
    expect((await attemptOf(key))?.state).toBe('interrupted')
    await pay(ctx, { gateway }, request, open)
    expect(shelf).toEqual({ held: 0, sold: 1, keeps: 1 })
    expect(await chargesUnder(key)).toEqual(['succeeded'])
  })

  it('finishes a payment whose process died between the gateway and the record: the sweeper finds it paid and keeps it, with no second charge', async () => {
    const { shelf, gateway, reservations, key, request, token } = setup()
    const tok = await token
    const crashed = await pay(ctx, { gateway }, request, async () => shelfDoor(shelf, gateway, key, tok, reservations, async () => 'crash')).catch((error: unknown) => error)
    expect(crashed).toBeInstanceOf(Error)
    // the money is taken and nothing recorded: the attempt is left as the dead process left it
    expect(await chargesUnder(key)).toEqual(['succeeded'])
    expect(shelf).toEqual({ held: 1, sold: 0, keeps: 0 })
    const attempt = await attemptOf(key)
    expect(attempt?.state).toBe('in_progress')
    const outcome = await settleUnanswered(ctx, { gateway }, attempt!, shelfDoor(shelf, gateway, key, tok, reservations))
    expect(outcome).toBe('paid')
    expect(shelf).toEqual({ held: 0, sold: 1, keeps: 1 })
    expect(gateway.charges).toBe(1)
    // and the shopper's retry now answers what the sweeper kept
    expect(await pay(ctx, { gateway }, request, async () => shelfDoor(shelf, gateway, key, tok, reservations))).toEqual({ waiting: 'none' })
  })

  it('gives the piece back when the sweeper finds that a charge without an answer took nothing', async () => {
    const { shelf, gateway, reservations, key, request, token } = setup()
    const tok = await token
    gateway.unreachable = 1
    await pay(ctx, { gateway }, request, async () => shelfDoor(shelf, gateway, key, tok, reservations)).catch(() => null)
    expect(shelf.held).toBe(1)
    const outcome = await settleUnanswered(ctx, { gateway }, (await attemptOf(key))!, shelfDoor(shelf, gateway, key, tok, reservations))
    expect(outcome).toBe('unpaid')
    expect(shelf).toEqual({ held: 0, sold: 0, keeps: 0 })
    expect(gateway.charges).toBe(0)
  })

  it('refunds a payment whose purchase could not be kept, then gives the piece back, and the key says so', async () => {
    const { shelf, gateway, reservations, key, request, token } = setup()
    const tok = await token
    const refused: StoredAnswer = { status: 409, error: { message: 'Gone meanwhile: you have not been charged.', field: 'cart' } }
    const open = async () => shelfDoor(shelf, gateway, key, tok, reservations, async () => ({ kept: false, answer: refused, release: true }))
    const answer = await pay(ctx, { gateway }, request, open).catch((error: unknown) => error)
    expect((answer as HttpError).statusCode).toBe(409)
    expect(gateway.refunds).toBe(1)
    expect(shelf).toEqual({ held: 0, sold: 0, keeps: 0 })
    const status = await t.store.db.selectFrom('test_gateway_charges').select('status').where('idempotency_key', '=', `engine-test:${key}`).executeTakeFirstOrThrow()
    expect(status.status).toBe('refunded')
  })

  it("cancels a payment left at the bank's step before its piece goes back, and keeps the piece when the payment went on", async () => {
    const { shelf, gateway, reservations, key, request, token } = setup('authenticate')
    const tok = await token
    const waiting = await pay(ctx, { gateway }, request, async () => shelfDoor(shelf, gateway, key, tok, reservations))
    expect(waiting.waiting).toMatch(/./)
    expect((await attemptOf(key))?.state).toBe('requires_action')
    const gone: StoredAnswer = { status: 409, error: { message: 'Dropped: nothing was charged.' } }
    const outcome = await voidAtTheBank(ctx, { gateway }, (await attemptOf(key))!, shelfDoor(shelf, gateway, key, tok, reservations), gone, 'interrupted')
    expect(outcome).toBe('void')
    expect(shelf.held).toBe(0)
    const after = await pay(ctx, { gateway }, request, async () => shelfDoor(shelf, gateway, key, tok, reservations)).catch((error: unknown) => error)
    expect((after as HttpError).statusCode).toBe(409)
    const result: ChargeResult = await gateway.resume(ctx.data, waiting.waiting, `engine-test:${key}`)
    expect(result.status).not.toBe('succeeded')
  })
})
