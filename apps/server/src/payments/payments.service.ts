import { validateCardForm, validateCardNumber, validateExpiry, type FieldError, type TestToken } from '@store/core'
import type { RequestContext } from '../context/request-context.ts'
import { notFound } from '../http/errors.ts'
import { TEST_TOKENS, takeShopperRequest } from '../accounts/request-limits.ts'
import type { PaymentGateway } from './gateway.ts'
import { testBehaviourOf } from './test-cards.ts'
import { issueTestToken, SETUP_PREFIX, type TestGateway } from './test-gateway.ts'

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
export async function createTestToken(ctx: RequestContext, gateway: PaymentGateway, card: CardForm): Promise<{ token: TestToken } | { errors: FieldError[] }> {
  if (gateway.name !== 'test') throw testOnly()
  await takeShopperRequest(ctx, TEST_TOKENS)
  const errors = validateCardForm(card, ctx.now())
  if (errors.length > 0) return { errors }
  const number = validateCardNumber(card.number)
  const expiry = validateExpiry(card.exp_month, card.exp_year, ctx.now())
  const summary = {
    brand: number.brand!,
    last4: number.digits.slice(-4),
    expMonth: expiry.month!,
    expYear: expiry.year!,
    behaviour: testBehaviourOf(number.digits),
  }
  const token = await issueTestToken(ctx.data, summary, ctx.now())
  return { token: { token, card_brand: summary.brand, last4: summary.last4, exp_month: summary.expMonth, exp_year: summary.expYear } }
}

const NOTHING_WAITING = 'No payment is waiting for authentication with that id.'

/**
 * The test gateway's 3-D Secure step: the shopper completes or cancels it, for a payment or a card
 * being saved (a setup, seti_test_…). Only the session that made the payment's attempt, or the
 * customer saving the card, may answer, as only the cardholder can answer their bank: anyone else
 * gets the same 404 as for an unknown id.
 */
export async function authenticateTestPayment(ctx: RequestContext, gateway: PaymentGateway, paymentId: string, outcome: 'complete' | 'cancel') {
  if (gateway.name !== 'test') throw testOnly()
  const owned = paymentId.startsWith(SETUP_PREFIX) ? await isCustomersSetup(ctx, paymentId) : await isShoppersPayment(ctx, paymentId)
  if (!owned) throw notFound(NOTHING_WAITING)
  const done = await (gateway as TestGateway).authenticate(ctx.data, paymentId, outcome)
  if (!done) throw notFound(NOTHING_WAITING)
  return { payment_id: paymentId, outcome }
}

/**
 * The payment waits in an attempt (checkout's, or a one-time offer's) this session made: the attempt
 * keeps its visitor (migration 021), so the answer stays the shopper's even once the order was given
 * back (a reservation that ran out, finished late with the same key).
 */
async function isShoppersPayment(ctx: RequestContext, paymentId: string): Promise<boolean> {
  const visitorId = (await ctx.session.current())?.visitorId ?? null
  if (!visitorId) return false
  const attempt = await ctx.data.db
    .selectFrom('checkout_attempts')
    .select('visitor_id')
    .where('brand_id', '=', ctx.data.brandId)
    .where('payment_id', '=', paymentId)
    .where('visitor_id', '=', visitorId)
    .executeTakeFirst()
  return attempt !== undefined
}

/** The card setup waiting for its step is the logged-in customer's own (/change_payment; migration 022). */
async function isCustomersSetup(ctx: RequestContext, setupId: string): Promise<boolean> {
  const { customerId } = await ctx.shopper()
  if (!customerId) return false
  const setup = await ctx.data.db
    .selectFrom('card_setups')
    .select('setup_id')
    .where('brand_id', '=', ctx.data.brandId)
    .where('setup_id', '=', setupId)
    .where('customer_id', '=', customerId)
    .executeTakeFirst()
  return setup !== undefined
}
