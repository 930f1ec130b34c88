import { expandExpiryYear, validateCardNumber, validateExpiry, validateSecurityCode, type TestToken } from '@store/core'
import type { RequestContext } from '../context/request-context.ts'
import { notFound, unprocessable } from '../http/errors.ts'
import type { PaymentGateway } from './gateway.ts'
import { testBehaviourOf } from './test-cards.ts'
import { issueTestToken, type TestGateway } from './test-gateway.ts'

export interface CardForm {
  number: string
  cvc: string
  exp_month: string
  exp_year: string
}

const testOnly = () => notFound('Test cards are not accepted here: the card form talks to the payment provider directly.')

/**
 * The test gateway's stand-in for the provider's tokenisation (Stripe.js):
 * the card is checked with core's rules, the browser's own, and only a token,
 * the brand, the last four digits, the expiry and the test behaviour are kept.
 */
export async function createTestToken(ctx: RequestContext, gateway: PaymentGateway, card: CardForm): Promise<TestToken> {
  if (gateway.name !== 'test') throw testOnly()
  const number = validateCardNumber(card.number)
  if (!number.valid || !number.brand) throw unprocessable(number.reason ?? 'Check your card number.', 'number')
  if (!validateSecurityCode(card.cvc, number.brand)) {
    throw unprocessable(number.brand === 'amex' ? 'Enter the 4-digit security code on the front of your card.' : 'Enter the 3-digit security code on the back of your card.', 'cvc')
  }
  const expiry = validateExpiry(card.exp_month, card.exp_year, ctx.now())
  if (!expiry.valid) throw unprocessable(expiry.reason ?? 'Check the expiry date.', expiry.month === undefined ? 'exp_month' : 'exp_year')
  const summary = {
    brand: number.brand,
    last4: number.digits.slice(-4),
    expMonth: expiry.month!,
    expYear: expiry.year ?? expandExpiryYear(card.exp_year)!,
    behaviour: testBehaviourOf(number.digits),
  }
  const token = await issueTestToken(ctx.data, summary, ctx.now())
  return { token, card_brand: summary.brand, last4: summary.last4, exp_month: summary.expMonth, exp_year: summary.expYear }
}

/** The test gateway's 3-D Secure step: the shopper completes or cancels it. */
export async function authenticateTestPayment(ctx: RequestContext, gateway: PaymentGateway, paymentId: string, outcome: 'complete' | 'cancel') {
  if (gateway.name !== 'test') throw testOnly()
  const done = await (gateway as TestGateway).authenticate(ctx.data, paymentId, outcome)
  if (!done) throw notFound('No payment is waiting for authentication with that id.')
  return { payment_id: paymentId, outcome }
}
