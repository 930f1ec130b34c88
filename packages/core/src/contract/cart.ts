/**
 * GET /cart and every call that changes the cart (SPEC §3 cart, snake_case as
 * written there; cartId and the banner's buttonText/buttonLink as the SPEC has
 * them). Money is decimal dollars.
 */

/** The logged-in shopper, as the cart names them. */
export interface CartCustomer {
  id: string
  name: string | null
  e_mail_address: string | null
}

/** One line of the cart (before bundles are folded, see foldBundles). */
export interface CartLine {
  /** the line's id: POST /cart/items/{cartId} changes it */
  cartId: string
  item_id: number
  link: string
  /** the item's front image address */
  image: string | null
  name: string
  /** the item's description */
  detail: string
  color: string
  /** the colour split into its parts ('Black-Pink' -> ['Black', 'Pink']) */
  colors: string[]
  size: string
  qty: number
  /** most pieces this line may hold: stock, and the per-line cap */
  max_qty: number
  in_stock: boolean
  /** quantity fixed: no controls */
  skip_qty_controls: boolean
  /** cartId of the line this one is bundled with */
  bundled_with: string | null
  social_media_special: boolean
  /** unit price */
  price: number
  original_price: number | null
  total: number
  original_total: number | null
  banner: string | null
  /** comma list */
  discount_class: string
  /**
   * a VIP exclusive that checkout will refuse: the shopper is not a member and the cart does not
   * join the club (join, or remove the line, to check out); false for everyone else
   */
  members_only: boolean
  /**
   * a member's exchange (docs/decisions/223): the replacement piece, reserved and free; the cart's
   * exchange_label says for which order. Its quantity is fixed, and removing it gives the piece back
   */
  exchange: boolean
}

export interface DiscountCodeDetails {
  bullets: string[]
  included_classes: string[]
  excluded_classes: string[]
  percentage_amount: number
  custom: string | null
}

/** An item suggested in the cart drawer. */
export interface FeaturedItem {
  id: number
  link: string
  name: string
  color: string
  image: string | null
  price: number
}

/** A banner of the cart drawer. */
export interface CartBanner {
  text: string | null
  buttonText: string | null
  buttonLink: string | null
  /** image address */
  image: string | null
  css_class: string | null
}

export interface Cart {
  customer: CartCustomer | null
  items: CartLine[]
  /** pieces in the cart, counting quantities */
  item_count: number
  /** 'free_flow', 'checkout_club_flow', ... */
  checkout_flow: string
  cart_subtotal: number
  /** everything taken off: what the bundle offers save plus what the code takes off */
  cart_discount: number
  /** what the bundle offers ('3 for $75') save, the part of cart_discount that is not the code's (0 without a bundle) */
  bundle_discount: number
  cart_shipping: number
  cart_tax: number
  cart_total: number
  free_shipping_threshold: number
  free_shipping_remaining: number
  standard_shipping_cost: number
  discount_code_name: string | null
  discount_code_info: string | null
  discount_code_details: DiscountCodeDetails | null
  default_coupon_active: boolean
  club_monthly: number | null
  club_overdue: boolean
  club_paused: boolean
  club_discount_percentage: number
  has_club: boolean
  has_club_in_cart: boolean
  bought_club: boolean
  featured_items: FeaturedItem[]
  code_worse_than_club: boolean
  saw_club_upsell: boolean
  has_social_media_special: boolean
  loggedin: boolean
  banners: CartBanner[]
  proceed_to_checkout_link: string
  ineligible_for_social_media: boolean
  free_promo_eligible: boolean
  removed_free_promo: boolean
  registration_locked: boolean
  afterpay_available: boolean
  savings: number
  event_queue: unknown[]
  exchange_label: string | null
  one_click_available: boolean
  cancelled_before: boolean
  purchased: boolean
  /** order numbers placed in this session */
  session_orders: string[]
  promo_eligible: boolean
}
