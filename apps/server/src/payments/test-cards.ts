/**
 * The test gateway's documented cards (docs/checkout.md). Any other valid card
 * number succeeds, like Stripe's test mode.
 */
export type TestBehaviour = 'succeed' | 'decline' | 'insufficient_funds' | 'authenticate' | 'always_authenticate'

const TEST_CARDS: Record<string, TestBehaviour> = {
  '4242424242424242': 'succeed',
  '4000000000000002': 'decline',
  '4000000000009995': 'insufficient_funds',
  '4000002760003184': 'authenticate',
  // Stripe's 3220 (3-D Secure 2 required): the bank asks on every payment; off-session it refuses
  '4000000000003220': 'always_authenticate',
}

export function testBehaviourOf(digits: string): TestBehaviour {
  return TEST_CARDS[digits] ?? 'succeed'
}

/** What a shopper reads for each decline code (the gateways' codes, Stripe's names). */
export function declineMessage(code: string): string {
  switch (code) {
    case 'insufficient_funds':
      return 'Your card has insufficient funds. Try another card.'
    case 'authentication_failed':
    case 'authentication_required':
      return 'Your bank could not confirm this payment. Try again, or use another card.'
    case 'expired_card':
      return 'Your card has expired. Try another card.'
    case 'token_already_used':
      // a one-time token (card entry) sent again after a charge or setup used it
      return 'This card entry was already used. Enter your card again.'
    case 'incorrect_cvc':
      return "Your card's security code is incorrect."
    default:
      return 'Your card was declined. Try another card, or contact your bank.'
  }
}

/**
 * The same for a card being saved (a setup: nothing is paid), where the bank's step failing is not a payment
 * that could not be confirmed but a card: "Your bank could not confirm this card". Every other refusal reads
 * as for a payment.
 */
export function setupDeclineMessage(code: string): string {
  if (code === 'authentication_failed' || code === 'authentication_required') return 'Your bank could not confirm this card. Try again, or use another card.'
  return declineMessage(code)
}
