/**
 * Checkout, payments and offers as the API answers them (docs/checkout.md).
 * Money is decimal dollars.
 */

/** data of POST /payments/test-tokens (test gateway only). */
export interface TestToken {
  token: string
  card_brand: string
  last4: string
  exp_month: number
  exp_year: number
}

/**
 * data of POST /checkout. `status` 'succeeded': the order is placed, go to `next`.
 * 'requires_action': the bank wants the shopper to authenticate; the page runs the
 * provider's step with `client_secret` (test gateway: POST /payments/authenticate),
 * then sends POST /checkout again with the same Idempotency-Key.
 */
export type CheckoutResult =
  | { status: 'succeeded'; order_number: string; next: string }
  | { status: 'requires_action'; order_number: string; next: null; payment_id: string; client_secret: string }

/** data of POST /payments/authenticate (test gateway only). */
export interface TestAuthentication {
  payment_id: string
  outcome: 'complete' | 'cancel'
}

/** data of POST /checkout/flow. */
export interface CheckoutFlowResult {
  checkout_flow: 'free_flow' | 'vip_flow' | 'checkout_club_flow'
  offer_code: string | null
  discount_code_name: string | null
  /** the offer's price (SPEC §9) for the offer code, or null */
  offer_price: number | null
}

/** An order bump (SPEC §3), data of GET /order-bumps/{id}. */
export interface OrderBump {
  id: string
  headline: string
  text_copy: string
  short_item_name: string
  price: number
  item_id: number
  image: string | null
  /** sizes in stock, in SPEC §5 order */
  sizes: string[]
  /** where the page goes when the shopper says no (the post-offer flow of SPEC §4) */
  next: string
}

/** data of GET /order-bumps. */
export interface OrderBumpList {
  ids: string[]
  /** the first bump's page, or /checkout when the brand has none */
  first: string
}

/** data of POST /order-bumps/{id}/accept and /decline, /one-time-offers/{id}/accept and /decline. */
export interface OfferStep {
  next: string
}

/**
 * data of POST /one-time-offers/{id}/accept: the next page, or the bank's step first. A card whose
 * bank refuses a charge without the shopper (off-session) is charged on-session instead; the page
 * takes the bank's step with client_secret (Stripe.js handleNextAction, or the test gateway's
 * dialog for payment_id), then sends the same Idempotency-Key again.
 */
export type OneTimeOfferStep =
  | OfferStep
  /** amount: what the payment charges (the offer's price and its tax), for the page to name at the bank's step */
  | { status: 'requires_action'; payment_id: string; client_secret: string; amount: number; next: null }

/** An item the one-time offer's picker shows. */
export interface OfferChoice {
  item_id: number
  name: string
  color: string
  image: string | null
  category: string
  sizes: string[]
}

/** A one-time offer (SPEC §3), data of GET /one-time-offers/{id}. */
export interface OneTimeOffer {
  id: string
  categories: string[]
  banner: string | null
  headline: string
  text_copy: string
  extended_copy_1: string | null
  extended_copy_2: string | null
  extended_copy_3: string | null
  image_1: string | null
  image_2: string | null
  image_3: string | null
  image_4: string | null
  no_thanks_button_copy: string
  how_many: number
  short_item_name: string
  show_product_picker: boolean
  show_full_product_picker: boolean
  show_category_picker: boolean
  show_sizepicker: boolean
  digital_product: boolean
  price: number
  choices: OfferChoice[]
  /** where the page goes when the shopper says no */
  next: string
}

/** A shipping method with its price for this order. */
export interface CheckoutShippingOption {
  method: 'standard' | 'express'
  label: string
  price: number
  free: boolean
}

/**
 * data of GET /checkout/quote: what POST /checkout would charge for this cart,
 * shipped to the country and state by the method (the same computation).
 */
export interface CheckoutQuote {
  subtotal: number
  /** everything taken off: what the bundle offers save plus what the code takes off */
  discount: number
  /** what the bundle offers save ('3 for $75'): the part of discount that is not the code's */
  bundle_discount: number
  shipping_method: 'standard' | 'express'
  shipping: number
  tax: number
  total: number
  /** joining the club with this order (checkout_club_flow, vip_flow): its first period's price, in the subtotal; else 0 */
  club_fee: number
  shipping_options: CheckoutShippingOption[]
  /**
   * the cart's code does not count for this shopper (a code for a first order, and the customer or the
   * e-mail asked about has ordered before, or another order of theirs holds it), in words; the figures
   * are without it. null when the code counts, or there is none
   */
  code_refusal: string | null
}

/**
 * How the card form tokenises the card: the built-in test gateway (POST
 * /payments/test-tokens), or Stripe.js with the brand's publishable key.
 */
export interface PaymentSetup {
  gateway: 'test' | 'stripe'
  /** Stripe's publishable key (null for the test gateway, or when none is configured) */
  publishable_key: string | null
}

/** data of POST /social-media-specials/{id}/claim: the special's item is in the cart; go on to `next`. */
export interface SocialMediaClaim {
  next: string
  checkout_flow: 'free_flow' | 'vip_flow' | 'checkout_club_flow'
  offer_code: string | null
}
