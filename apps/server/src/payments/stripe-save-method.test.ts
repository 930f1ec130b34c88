/**
 * The Stripe adapter's setup flow for /change_payment (saveMethod, completeSave, removeMethod)
 * against the stand-in for Stripe's API (test/fake-stripe.ts): a Customer is made once, the card is
 * set up for payments without the shopper through a SetupIntent (which attaches it), a card error
 * is a decline, a bank that asks leaves the setup waiting for the cardholder's step, and a removed
 * method is detached.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fakeStripe } from '../test/fake-stripe.ts'
import { StripeGateway } from './stripe-gateway.ts'

const scope = { brandId: 'popfitclothing' } as never

describe('Stripe saved methods', () => {
  const stripe = fakeStripe()
  let gateway: StripeGateway
  beforeAll(async () => {
    gateway = new StripeGateway({ secretKey: 'sk_test_x', apiUrl: await stripe.listen() })
  })
  afterAll(() => stripe.close())
  const since = () => {
    const from = stripe.calls.length
    return () => stripe.calls.slice(from).map((call) => `${call.method} ${call.path}`)
  }

  it('sets the PaymentMethod up for payments without the shopper on a new Customer, or on the one the shopper has', async () => {
    const first = await gateway.saveMethod(scope, { token: 'pm_card_visa', customerReference: null, idempotencyKey: 'k1', metadata: { customer: 'c1' } })
    expect(first).toEqual({ status: 'succeeded', reference: 'cus_1/pm_card_visa', card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 } })
    const setup = stripe.calls.at(-1)!
    expect([setup.path, setup.form.get('usage'), setup.form.get('confirm'), setup.form.get('customer'), setup.form.get('metadata[store_key]')]).toEqual([
      '/v1/setup_intents',
      'off_session',
      'true',
      'cus_1',
      'k1',
    ])
    const calls = since()
    const second = await gateway.saveMethod(scope, { token: 'pm_card_mastercard', customerReference: 'cus_old', idempotencyKey: 'k2', metadata: {} })
    expect(second).toMatchObject({ status: 'succeeded', reference: 'cus_old/pm_card_mastercard' })
    expect(calls()).toEqual(['POST /v1/setup_intents'])
  })

  it('answers a card error as a decline, and detaches on removal', async () => {
    const declined = await gateway.saveMethod(scope, { token: 'pm_card_chargeDeclined', customerReference: 'cus_old', idempotencyKey: 'k3', metadata: {} })
    expect(declined).toMatchObject({ status: 'declined', code: 'generic_decline' })
    const calls = since()
    await gateway.removeMethod(scope, 'cus_old/pm_card_visa')
    expect(calls()).toEqual(['POST /v1/payment_methods/pm_card_visa/detach'])
  })

  it("leaves a card whose bank asks waiting for the cardholder's step, then keeps it, or answers the bank's refusal", async () => {
    const waiting = await gateway.saveMethod(scope, { token: 'pm_card_threeDSecure2Required', customerReference: 'cus_old', idempotencyKey: 'k4', metadata: {} })
    if (waiting.status !== 'requires_action') throw new Error(`expected the bank's step, got ${waiting.status}`)
    expect(waiting.clientSecret).toMatch(/^seti_\d+_secret_/)
    // asked before the step: still waiting
    expect(await gateway.completeSave(scope, waiting.setupId)).toMatchObject({ status: 'requires_action', setupId: waiting.setupId })
    stripe.approve(waiting.clientSecret)
    expect(await gateway.completeSave(scope, waiting.setupId)).toEqual({
      status: 'succeeded',
      reference: 'cus_old/pm_card_threeDSecure2Required',
      card: { brand: 'visa', last4: '3184', expMonth: 12, expYear: 2030 },
    })

    const refused = await gateway.saveMethod(scope, { token: 'pm_card_threeDSecure2Required', customerReference: 'cus_old', idempotencyKey: 'k5', metadata: {} })
    if (refused.status !== 'requires_action') throw new Error(`expected the bank's step, got ${refused.status}`)
    stripe.refuse(refused.clientSecret)
    // a card being saved is not a payment: the bank could not confirm the card
    expect(await gateway.completeSave(scope, refused.setupId)).toMatchObject({
      status: 'declined',
      code: 'authentication_failed',
      message: 'Your bank could not confirm this card. Try again, or use another card.',
    })
  })

  it('the same key sets up once: a retry after a lost answer gets the same setup', async () => {
    const first = await gateway.saveMethod(scope, { token: 'pm_card_threeDSecure2Required', customerReference: 'cus_old', idempotencyKey: 'k6', metadata: {} })
    const again = await gateway.saveMethod(scope, { token: 'pm_card_threeDSecure2Required', customerReference: 'cus_old', idempotencyKey: 'k6', metadata: {} })
    expect(again).toEqual(first)
  })
})
