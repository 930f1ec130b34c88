/** Saved payment methods (GET /payment-methods): what the store keeps of a card, never the card itself. */

export interface PaymentMethod {
  id: string
  card_brand: string
  last4: string
  exp_month: number
  exp_year: number
  /** the one club billing charges (docs/members.md: defaultPaymentMethod) */
  default: boolean
}

/**
 * A card being added (POST /payment-methods): saved, with the customer's cards now (200); or its bank
 * wants the cardholder to confirm it first (202): the page takes that step with client_secret
 * (Stripe.js handleNextAction; the test gateway's POST /payments/authenticate with payment_id =
 * setup_id), then POST /payment-methods/setups/{setup_id}/complete keeps it.
 */
export type CardSetupStep = { status: 'saved'; methods: PaymentMethod[] } | { status: 'requires_action'; setup_id: string; client_secret: string }
