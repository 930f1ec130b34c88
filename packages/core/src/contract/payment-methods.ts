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
