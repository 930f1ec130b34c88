/**
 * The checkout's calls from the browser (docs/checkout.md): the card goes to the
 * payment provider's stand-in (the test gateway's tokens) and never to a page
 * action; the order and a one-time offer are placed with an Idempotency-Key.
 */
import type { ApiClient, FormFields } from './client'
import type { CheckoutQuote, CheckoutResult, OneTimeOfferStep, TestAuthentication, TestToken } from '@store/core'

/** POST payments/test-tokens: the card for a token (test gateway only; 422 lists number, cvc, exp). */
export function createTestToken(api: ApiClient, card: { number: string; cvc: string; exp_month: string; exp_year: string }): Promise<TestToken> {
  return api.post<TestToken>('/payments/test-tokens', card)
}

/** POST checkout with the attempt's key: the same key answers the same, and charges once. */
export function placeOrder(api: ApiClient, idempotencyKey: string, fields: FormFields): Promise<CheckoutResult> {
  return api.post<CheckoutResult>('/checkout', fields, { headers: { 'idempotency-key': idempotencyKey } })
}

/** What POST checkout/afterpay answers: Afterpay's page to send the shopper to, or (the same key again after it settled) the order paid. */
export type AfterpayStart = { status: 'redirect'; order_number: string; redirect_url: string } | { status: 'succeeded'; order_number: string; next: string }

/** POST checkout/afterpay with the attempt's key: the order reserved, and where the shopper approves it at Afterpay. */
export function startAfterpay(api: ApiClient, idempotencyKey: string, fields: FormFields): Promise<AfterpayStart> {
  return api.post<AfterpayStart>('/checkout/afterpay', fields, { headers: { 'idempotency-key': idempotencyKey } })
}

/** POST payments/authenticate: the test gateway's 3-D Secure step, completed or cancelled. */
export function authenticatePayment(api: ApiClient, paymentId: string, outcome: 'complete' | 'cancel'): Promise<TestAuthentication> {
  return api.post<TestAuthentication>('/payments/authenticate', { payment_id: paymentId, outcome })
}

/** GET checkout/quote: the order's figures for a shipping method and address. */
export function getCheckoutQuote(
  api: ApiClient,
  query: { country: string; state: string; shipping_method: string; checkout_flow?: string; email?: string },
): Promise<CheckoutQuote> {
  return api.get<CheckoutQuote>('/checkout/quote', {
    shipping_country: query.country,
    shipping_state: query.state,
    shipping_method: query.shipping_method,
    ...(query.checkout_flow ? { checkout_flow: query.checkout_flow } : {}),
    ...(query.email ? { email: query.email } : {}),
  })
}

/** POST one-time-offers/{id}/accept with its own key: the order's saved card is charged once (or its bank's step comes first). */
export function acceptOneTimeOffer(api: ApiClient, offerId: string, idempotencyKey: string, fields: FormFields): Promise<OneTimeOfferStep> {
  return api.post<OneTimeOfferStep>(`/one-time-offers/${encodeURIComponent(offerId)}/accept`, fields, { headers: { 'idempotency-key': idempotencyKey } })
}
