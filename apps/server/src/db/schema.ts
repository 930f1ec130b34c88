/**
 * Row types of every table, as migrations/ creates them: written by hand with each
 * migration, and held against the migrated tables of both databases by
 * schema-drift.test.ts (columns, types, null, Generated for what the database fills).
 * Flags are 0/1 integers, money integer cents, times ISO-8601 text, lists JSON text.
 * A `XRow` alias (Selectable<XTable>) is exported only where code uses it.
 */
import type { Generated, Selectable } from 'kysely'

export interface BrandsTable {
  id: string
  name: string
  created_at: string
}

export interface StoreSettingsTable {
  brand_id: string
  store_name: string
  domain: string
  main_product: string
  main_product_plural: string
  main_shopping_path: string
  brand_has_club: Generated<number>
  brand_has_236_gifts: Generated<number>
  brand_has_12_gifts: Generated<number>
  club_name: string | null
  club_monthly_cents: number | null
  club_discount_percentage: Generated<number>
  club_multi_qty: Generated<number>
  club_exchanges: Generated<number>
  monthly_item_flair: string | null
  show_club_offer: Generated<number>
  afterpay: Generated<number>
  afterpay_min_cents: Generated<number>
  afterpay_max_cents: Generated<number>
  facebook_url: string | null
  instagram_url: string | null
  social_media_discount_code: string | null
  persona_full_name: string | null
  stripe_js: Generated<number>
  stripe_js_apple_pay: Generated<number>
  analytics_ids: Generated<string>
  sizes: Generated<string>
  scrolling_images: Generated<string>
  feed_bio: string | null
  free_shipping_threshold_cents: number
  standard_shipping_cost_cents: number
  tax_rate_basis_points: Generated<number>
  /** where contact and feedback messages are e-mailed (migration 005) */
  support_email: string | null
  /** express shipping, whatever the order (003) */
  express_shipping_cost_cents: Generated<number>
  /** 024: a shopper may cancel an order within this many minutes of placing it */
  order_cancel_minutes: Generated<number>
  /** 024: a delivered order's pieces may be returned or exchanged for this many days */
  return_window_days: Generated<number>
  /** 027: the most support may refund at once, set by the owner */
  support_refund_limit_cents: Generated<number>
}
export type StoreSettingsRow = Selectable<StoreSettingsTable>

export interface MenuItemsTable {
  id: string
  brand_id: string
  menu: string
  parent_id: string | null
  group_header: string | null
  caption: string
  link: string
  image_url: string | null
  image_alt: string | null
  show_during_checkout: Generated<number>
  position: Generated<number>
}
export type MenuItemsRow = Selectable<MenuItemsTable>

export interface BannersTable {
  id: string
  brand_id: string
  placement: string
  link: string | null
  text: string | null
  button_text: string | null
  button_link: string | null
  css_class: string | null
  image: string | null
  desktop_url: string | null
  desktop_width: number | null
  desktop_height: number | null
  mobile_url: string | null
  mobile_width: number | null
  mobile_height: number | null
  alt: string | null
  position: Generated<number>
  active: Generated<number>
}
export type BannersRow = Selectable<BannersTable>

export interface SizingGuideEntriesTable {
  id: string
  brand_id: string
  size: string
  bust: string | null
  waist: string | null
  hip: string | null
  pant: string | null
  front_image: string
  side_image: string
  back_image: string
  position: Generated<number>
}
export type SizingGuideEntriesRow = Selectable<SizingGuideEntriesTable>

export interface CategoriesTable {
  id: number
  brand_id: string
  name: string
  title: string
  layout: Generated<string>
  icon: string | null
  icon_2: string | null
  images: Generated<string>
  short_description: string | null
  long_description: string | null
  bullets: Generated<string>
  base_category_name: string | null
  banner: string | null
  position: Generated<number>
}

export interface CategoryGroupsTable {
  id: number
  brand_id: string
  name: string
  title: string
  description: string | null
  position: Generated<number>
}

export interface CategoryGroupMembersTable {
  /** the owner's brand, filled by the database when omitted; a mismatch is refused (migration 007) */
  brand_id: Generated<string>
  group_id: number
  category_id: number
  position: Generated<number>
}

export interface ItemsTable {
  id: number
  brand_id: string
  style_id: string
  name: string
  item_type_name: string
  description: Generated<string>
  color: string
  base_colors: Generated<string>
  swatch: string
  aspect_class: Generated<string>
  price_cents: number
  original_price_cents: number | null
  member_price_cents: number | null
  discount_class: Generated<string>
  image_max_height: number | null
  item_group_ids: Generated<string>
  category_page_attributes: Generated<string>
  vip_exclusive: Generated<number>
  active: Generated<number>
  created_at: string
}

export interface ItemCategoriesTable {
  /** the owner's brand, filled by the database when omitted; a mismatch is refused (migration 007) */
  brand_id: Generated<string>
  item_id: number
  category_id: number
  position: Generated<number>
}

export interface ItemSizesTable {
  /** the owner's brand, filled by the database when omitted; a mismatch is refused (migration 007) */
  brand_id: Generated<string>
  item_id: number
  size: string
  stock: Generated<number>
  position: Generated<number>
}

export interface ItemImagesTable {
  /** the owner's brand, filled by the database when omitted; a mismatch is refused (migration 007) */
  brand_id: Generated<string>
  id: string
  item_id: number
  kind: string
  url: string
  width: number
  height: number
  alt: Generated<string>
  position: Generated<number>
  /** an uploaded photo's responsive files, JSON [{format, width, url}] (migration 031); null for a drawn image */
  variants: string | null
  /** an uploaded photo's focal point, percent from the left and from the top; null for a drawn image */
  focal_x: number | null
  focal_y: number | null
}

export interface ItemBulletSectionsTable {
  /** the owner's brand, filled by the database when omitted; a mismatch is refused (migration 007) */
  brand_id: Generated<string>
  id: string
  item_id: number
  header: string
  icon: string | null
  bullets: Generated<string>
  position: Generated<number>
}

export interface ItemMatchesTable {
  /** the owner's brand, filled by the database when omitted; a mismatch is refused (migration 007) */
  brand_id: Generated<string>
  item_id: number
  match_item_id: number
  position: Generated<number>
}

export interface ReviewsTable {
  id: string
  brand_id: string
  item_id: number | null
  first_name: string
  last_initial: string
  instagram: string | null
  rating: number
  would_you_recommend_us: Generated<number>
  about_your_product: string | null
  sizing_fit: string | null
  how_do_you_style: string | null
  where_travel: string | null
  how_was_your_first_order: string | null
  photo_1: string | null
  photo_2: string | null
  photo_3: string | null
  created_at: string
  /** the customer who wrote it (null for imported and demo reviews; migration 008) */
  customer_id: string | null
  order_number: string | null
  /** 1: written by a customer whose order of the item the store saw */
  verified_buyer: Generated<number>
  /** 1: hidden by the operator (npm run review:hide) */
  hidden: Generated<number>
}

export interface DiscountCodesTable {
  id: string
  brand_id: string
  code: string
  name: string
  info: string | null
  bullets: Generated<string>
  included_classes: Generated<string>
  excluded_classes: Generated<string>
  percentage_amount: Generated<number>
  custom: string | null
  club_only: Generated<number>
  minimum_subtotal_cents: Generated<number>
  active: Generated<number>
  /** 017: for a shopper's first order at the brand only (checkout/first-order-codes.ts) */
  first_order_only: Generated<number>
  /** 033: an amount off in cents (0: the code is a percentage) */
  amount_off_cents: Generated<number>
  /** 033: one use per customer (held by a claim of its own, checkout/code-claims.ts) */
  one_per_customer: Generated<number>
  /** 033: when the code starts and ends (ISO date-times; null: no bound) */
  starts_at: string | null
  ends_at: string | null
  /** 033: how many orders may use it in all (null: no cap) */
  max_uses: number | null
}
export type DiscountCodesRow = Selectable<DiscountCodesTable>

/** 023: a one-use-per-customer code taken by an order, per claimant (checkout/code-claims.ts) */
export interface DiscountCodeClaimsTable {
  brand_id: string
  /** what is used once: 'first-order' for the codes of a first order */
  claim: string
  /** 'customer:<id>' or 'email:<address, trimmed and lower-case>' */
  claimant: string
  discount_code_id: string
  order_number: string
  created_at: string
}

export interface CustomersTable {
  id: string
  brand_id: string
  name: string
  email: string
  password_hash: string | null
  has_club: Generated<number>
  cancelled_before: Generated<number>
  birthday_day: number | null
  birthday_month: number | null
  created_at: string
  /** 030: when the customer's personal data was erased on request (they cannot log in); null for an account in use */
  erased_at: string | null
}

export interface AddressesTable {
  id: string
  brand_id: string
  customer_id: string
  address_type: string
  name: string
  company: Generated<string>
  country: string
  address: string
  address_2: Generated<string>
  city: string
  state: string
  zip: string
  phone: Generated<string>
  is_default: Generated<number>
}
export type AddressesRow = Selectable<AddressesTable>

export interface CartsTable {
  id: string
  brand_id: string
  customer_id: string | null
  discount_code_id: string | null
  checkout_flow: Generated<string>
  status: Generated<string>
  saw_club_upsell: Generated<number>
  removed_free_promo: Generated<number>
  created_at: string
  updated_at: string
  /** the session that made the cart: one open cart per session */
  session_key: string | null
  /** the offer code the shopper came in with: csr, ms, cb, cbv2 (003) */
  offer_code: string | null
}
export type CartsRow = Selectable<CartsTable>

export interface SessionsTable {
  id: string
  brand_id: string
  customer_id: string | null
  cart_id: string | null
  visitor_id: string
  /** the orders the session placed, their numbers joined by commas; null when none (migration 012) */
  order_numbers: string | null
  created_at: string
  expires_at: string
}

export interface CartLinesTable {
  /** the owner's brand, filled by the database when omitted; a mismatch is refused (migration 007) */
  brand_id: Generated<string>
  id: string
  cart_id: string
  item_id: number
  size: string
  qty: number
  bundled_with: string | null
  social_media_special: Generated<number>
  skip_qty_controls: Generated<number>
  price_override_cents: number | null
  banner: string | null
  created_at: string
  /** 040: an exchange's line (docs/decisions/223): the replacement's order, reserved at once ('pending_payment'); null on every other line */
  exchange_order: Generated<string | null>
  /** 040: the order a piece of which the exchange replaces */
  exchange_of: Generated<string | null>
  /** 040: that piece's order line */
  exchange_line_id: Generated<string | null>
  /** 040: the reason the member gave */
  exchange_reason: Generated<string | null>
}

export interface OrdersTable {
  order_number: string
  brand_id: string
  customer_id: string | null
  cart_id: string | null
  email: string
  status: string
  subtotal_cents: number
  discount_cents: number
  shipping_cents: number
  tax_cents: number
  total_cents: number
  shipping_method: string
  shipping_name: string
  shipping_company: Generated<string>
  shipping_country: string
  shipping_address: string
  shipping_address_2: Generated<string>
  shipping_city: string
  shipping_state: string
  shipping_zip: string
  shipping_phone: Generated<string>
  billing_name: string
  billing_company: Generated<string>
  billing_country: string
  billing_address: string
  billing_address_2: Generated<string>
  billing_city: string
  billing_state: string
  billing_zip: string
  billing_phone: Generated<string>
  payment_method_id: string | null
  idempotency_key: string | null
  created_at: string
  /** the visitor id of the session that placed it (003): that session may read it */
  placed_by_visitor_id: string | null
  /** while 'pending_payment': when the held stock goes back (003) */
  reserved_until: string | null
  checkout_flow: Generated<string>
  /** 007: a club monthly order: its membership and period (one per period) */
  membership_id: string | null
  club_period: string | null
  /** 016: what joining the club with this order charged for its first period (in the subtotal); 0 otherwise */
  club_fee_cents: Generated<number>
  /** 020: what the bundle offers saved, the part of discount_cents that is not the code's; 0 for orders placed before it */
  bundle_discount_cents: Generated<number>
  /** 024: the order's latest history entry, copied into order_history by a trigger (orders/order-states.ts writes it) */
  history_id: Generated<string | null>
  history_event: Generated<string | null>
  history_actor: Generated<string | null>
  history_detail: Generated<string | null>
  history_visible: Generated<number>
  history_at: Generated<string | null>
  /** 033: the discount code the order was placed with (its uses and revenue are counted from here) */
  discount_code_id: Generated<string | null>
}
export type OrdersRow = Selectable<OrdersTable>

export interface OrderLinesTable {
  /** the owner's brand, filled by the database when omitted; a mismatch is refused (migration 007) */
  brand_id: Generated<string>
  id: string
  order_number: string
  item_id: number
  name: string
  color: string
  size: string
  qty: number
  price_cents: number
  discount_cents: Generated<number>
  total_cents: number
  discount_class: Generated<string>
  image1: string | null
  cancelled: Generated<number>
  /** the one-time offer this line was bought with (003) */
  offer_id: string | null
}
export type OrderLinesRow = Selectable<OrderLinesTable>

export interface ShipmentsTable {
  /** the owner's brand, filled by the database when omitted; a mismatch is refused (migration 007) */
  brand_id: Generated<string>
  id: string
  order_number: string
  carrier: string
  tracking_number: string
  shipped_at: string | null
}

export interface TrackingEventsTable {
  id: string
  /** the order's brand; a mismatch with the order or the shipment is refused (migration 009) */
  brand_id: string
  order_number: string
  shipment_id: string | null
  /** unique per brand: the carrier's event id, or store:placed:{order} (migration 008) */
  event_key: string
  source: string
  status: string | null
  description: string
  occurred_at: string
  created_at: string
}

export interface PaymentMethodsTable {
  id: string
  brand_id: string
  customer_id: string
  gateway: string
  gateway_token: string
  card_brand: string
  last4: string
  exp_month: number
  exp_year: number
  is_default: Generated<number>
  created_at: string
}
export type PaymentMethodsRow = Selectable<PaymentMethodsTable>

/** A card being saved while its bank asks the cardholder to confirm it (migration 022). */
export interface CardSetupsTable {
  brand_id: string
  setup_id: string
  customer_id: string
  gateway: string
  make_default: Generated<number>
  created_at: string
}

export interface MembershipsTable {
  id: string
  brand_id: string
  customer_id: string
  status: string
  amount_cents: number
  pause_monthly_price_cents: Generated<number>
  discount_percentage: Generated<number>
  overdue: Generated<number>
  paypal_express: Generated<number>
  next_billing_date: string | null
  next_prepaid_ship_date: string | null
  prepaid_months: Generated<number>
  free_accessory: Generated<number>
  bonus_piece: Generated<number>
  bonus_piece_description: string | null
  plan_id: string | null
  pause_plan_id: string | null
  created_at: string
  cancelled_at: string | null
  /** 007: the day of the month the member is billed (the day they joined) */
  billing_day: Generated<number>
  /** 007: the saved card charged off-session (payment_methods.id) */
  payment_method_id: string | null
  /** 007: where monthly boxes go (JSON of the join order's shipping address) */
  ship_to: string | null
  /** 007: the day the charge being retried first failed, and its period */
  failed_on: string | null
  failed_period: string | null
  joined_on: string | null
  /** 007: JSON list of the reasons given when cancelling */
  cancel_reasons: string | null
  retries_done: Generated<number>
  /** 007: the failed charge was the pause fee (a paid retry returns to paused) */
  was_paused: Generated<number>
  save_offer_seen: Generated<number>
  how_many: Generated<number>
}
export type MembershipsRow = Selectable<MembershipsTable>

export interface WishlistEntriesTable {
  id: string
  brand_id: string
  customer_id: string
  item_id: number
  reserved: Generated<number>
  created_at: string
}

export interface StyleProfileFieldsTable {
  id: string
  brand_id: string
  name: string
  caption: string
  options: Generated<string>
  position: Generated<number>
}

export interface StyleProfileAnswersTable {
  brand_id: string
  owner_id: string
  field_name: string
  value: string
  updated_at: string
}

export interface OrderBumpsTable {
  id: string
  brand_id: string
  item_id: number
  headline: string
  text_copy: string
  short_item_name: string
  price_cents: number
  position: Generated<number>
}

export interface OneTimeOffersTable {
  id: string
  brand_id: string
  categories: Generated<string>
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
  how_many: Generated<number>
  short_item_name: string
  show_product_picker: Generated<number>
  show_full_product_picker: Generated<number>
  show_category_picker: Generated<number>
  show_sizepicker: Generated<number>
  digital_product: Generated<number>
  price_cents: number
  position: Generated<number>
}
export type OneTimeOffersRow = Selectable<OneTimeOffersTable>

export interface BundleOffersTable {
  id: string
  brand_id: string
  offer_id: string
  categories: Generated<string>
  how_many: number
  price_cents: number
}

export interface SocialMediaSpecialsTable {
  id: string
  brand_id: string
  permalink: string
  landing_page_headline: string
  free_shipping: Generated<number>
  main_item_description: string
  item_id: number | null
  price_cents: number
  split_test_no_lander: Generated<number>
  split_test_landers: Generated<string>
  landers: Generated<string>
}

/** An operator's draft of a content page, one per page (migration 041; content-admin/). */
export interface ContentPageDraftsTable {
  page_id: string
  brand_id: string
  name: string
  body: Generated<string>
  hide_headline: Generated<number>
  /** the blocks (ContentBlock[]) as JSON */
  blocks_json: Generated<string>
  saved_at: string
  staff_id: string | null
}
/** A published version of a content page, kept to be restored (migration 041). */
export interface ContentPageVersionsTable {
  id: string
  brand_id: string
  page_id: string
  number: number
  name: string
  body: Generated<string>
  hide_headline: Generated<number>
  blocks_json: Generated<string>
  published_at: string
  staff_id: string | null
}
export interface MembershipLandingsTable {
  brand_id: string
  headline: string
  subheadline: string
  faqs: Generated<string>
  founder_letter_name: string | null
  founder_letter_bullets: Generated<string>
  price_cents: number
  how_many: Generated<number>
}

export interface ContentPagesTable {
  id: string
  brand_id: string
  slug: string
  name: string
  body: Generated<string>
  hide_headline: Generated<number>
  updated_at: string
  /** 'live' (shown), 'draft' (made by the operator, not published yet), 'retired' (deleted: 404; migration 050) */
  status: Generated<ContentPageStatus>
}

export type ContentPageStatus = 'live' | 'draft' | 'retired'

export interface ContentBlocksTable {
  /** the owner's brand, filled by the database when omitted; a mismatch is refused (migration 007) */
  brand_id: Generated<string>
  id: string
  page_id: string
  type: string
  body: string | null
  wistia_video_id: string | null
  button_text: string | null
  link: string | null
  desktop_image: string | null
  mobile_image: string | null
  position: Generated<number>
}
export type ContentBlocksRow = Selectable<ContentBlocksTable>

export interface FeedPostsTable {
  id: string
  brand_id: string
  image: string
  caption: string
  item_id: number | null
  position: Generated<number>
}

export interface SplitTestsTable {
  name: string
  brand_id: string
  variants: string
  active: Generated<number>
  /** 033: the traffic split, a JSON list of weights in the variants' order ([]: even) */
  weights: Generated<string>
  /** 033: when the operator started and stopped it (null: seeded running) */
  started_at: string | null
  stopped_at: string | null
}

export interface SplitTestAssignmentsTable {
  brand_id: string
  test_name: string
  visitor_id: string
  value: string
  created_at: string
}

export interface AnalyticsEventsTable {
  id: string
  brand_id: string
  visitor_id: string
  customer_id: string | null
  name: string
  properties: Generated<string>
  created_at: string
}

export interface PixelEventsTable {
  id: string
  brand_id: string
  visitor_id: string
  uuid: string
  event_name: string
  event_json_data: Generated<string>
  event_source_url: string | null
  fbclid: string | null
  limited_data_use: Generated<number>
  created_at: string
}

/** The Conversions API's outbox (migration 034, analytics/conversions.ts). */
export interface ConversionEventsTable {
  id: string
  brand_id: string
  /** shared with the page's pixel event: Meta counts the pair once */
  event_id: string
  event_name: string
  /** unix seconds */
  event_time: number
  /** the event as the Graph API takes it (user data already hashed), JSON */
  payload: string
  created_at: string
  sent_at: string | null
  attempts: Generated<number>
  next_attempt_at: string | null
  claimed_by: string | null
  claimed_until: string | null
  failed_at: string | null
  last_error: string | null
}

export interface UtmVisitsTable {
  id: string
  brand_id: string
  visitor_id: string
  utm_source: string | null
  utm_medium: string | null
  utm_campaign: string | null
  utm_term: string | null
  utm_content: string | null
  extras: Generated<string>
  newsletter_click: Generated<number>
  created_at: string
}

export interface LoginAttemptsTable {
  id: string
  brand_id: string
  key: string
  created_at: string
}

/** A counted request (/forgot, /register) for the request limits of accounts/request-limits.ts. */
export interface ThrottleEventsTable {
  id: string
  brand_id: string
  key: string
  created_at: string
}

/** A device (the hash of its `did` cookie) a customer has logged in from. */
export interface KnownDevicesTable {
  id: string
  brand_id: string
  customer_id: string
  token_hash: string
  created_at: string
  expires_at: string
}

export interface PasswordResetsTable {
  token_hash: string
  brand_id: string
  customer_id: string
  expires_at: string
  used_at: string | null
  created_at: string
}

export interface OutboxEmailsTable {
  id: string
  brand_id: string
  to_email: string
  subject: string
  body: string
  created_at: string
  sent_at: string | null
  /** delivery bookkeeping (003) */
  attempts: Generated<number>
  next_attempt_at: string | null
  claimed_by: string | null
  claimed_until: string | null
  last_error: string | null
  message_id: string | null
  /** 'smtp' or 'log' (development without SMTP) */
  delivered_via: string | null
  /** set when the worker gave up */
  failed_at: string | null
  /** 024: the order the e-mail is about: an entry of its history (by a trigger) */
  order_number: Generated<string | null>
}

/** An e-mail change waiting for its link to be opened (migration 005). */
export interface EmailChangesTable {
  token_hash: string
  brand_id: string
  customer_id: string
  new_email: string
  expires_at: string
  used_at: string | null
  created_at: string
}

/** A contact-us message (migration 005). */
export interface ContactMessagesTable {
  id: string
  reference: string
  brand_id: string
  customer_id: string | null
  name: string
  email: string
  order_number: string | null
  topic: string
  message: string
  client_ip: string
  created_at: string
  /** 030: new, answered or closed (the operator's inbox) */
  status: Generated<string>
}

/** A customer-feedback message (migration 005). */
export interface FeedbackMessagesTable {
  id: string
  reference: string
  brand_id: string
  customer_id: string | null
  name: string
  email: string
  order_number: string | null
  rating: number | null
  message: string
  client_ip: string
  created_at: string
  /** 030: new, answered or closed (the operator's inbox) */
  status: Generated<string>
}

/** A reply to a contact or feedback message, sent by e-mail from the operator's inbox (migration 030). */
export interface MessageRepliesTable {
  id: string
  brand_id: string
  /** contact_messages.id or feedback_messages.id */
  message_id: string
  staff_id: string | null
  body: string
  created_at: string
}

export interface CheckoutAttemptsTable {
  brand_id: string
  idempotency_key: string
  scope: string
  fingerprint: string
  state: string
  order_number: string | null
  payment_id: string | null
  response_status: number | null
  response_body: string | null
  created_at: string
  updated_at: string
  /** 021: the session's visitor that made the attempt: only they answer the bank's step for its payment */
  visitor_id: string | null
}
export type CheckoutAttemptsRow = Selectable<CheckoutAttemptsTable>

/** A one-time offer the shopper said "No thanks" to, for one order: closed to a later accept. */
export interface DeclinedOffersTable {
  brand_id: string
  order_number: string
  offer_id: string
  declined_at: string
}

export interface PaymentsTable {
  id: string
  brand_id: string
  /** 038: null for a club fee that bought no order (a paused month's fee) */
  order_number: string | null
  offer_id: string | null
  gateway: string
  gateway_payment_id: string | null
  idempotency_key: string
  amount_cents: number
  status: string
  decline_reason: string | null
  card_brand: string | null
  last4: string | null
  exp_month: number | null
  exp_year: number | null
  saved_method: string | null
  /** an offer's pending payment: what it adds to the order once paid (JSON, offers/one-time-offers.service OfferLine) */
  offer_line: string | null
  created_at: string
  updated_at: string
  /** 025: 'charge' | 'refund' | 'void' (charge for the rows before the ledger) */
  kind: Generated<string>
  /** 025: a refund of exactly one order line: that line */
  order_line_id: Generated<string | null>
  /** 025: a refund's or void's charge (payments.id) */
  refund_of: Generated<string | null>
  /** 025: why a refund was made (the operator's words; never shown to the shopper) */
  reason: Generated<string | null>
  /** 025: the refund request (its Idempotency-Key) this row is part of */
  refund_group: Generated<string | null>
  /** 025: what the refund request asked (JSON: orders/refunds.ts RefundDetail) */
  refund_detail: Generated<string | null>
}
export type PaymentsRow = Selectable<PaymentsTable>

export interface TestGatewayTokensTable {
  token: string
  brand_id: string
  card_brand: string
  last4: string
  exp_month: number
  exp_year: number
  behaviour: string
  created_at: string
  /** 018: a one-time token is used once (the first charge or setup naming it), as Stripe's are */
  used_at: string | null
  /** 018: the idempotency key of that charge or setup: the same key again is no second use */
  used_by: string | null
}

export interface TestGatewayChargesTable {
  id: string
  brand_id: string
  idempotency_key: string
  token: string
  amount_cents: number
  status: string
  decline_code: string | null
  created_at: string
}

export interface TaxRatesTable {
  brand_id: string
  country: string
  state: Generated<string>
  basis_points: number
  tax_shipping: Generated<number>
}

export interface MembershipChargesTable {
  id: string
  brand_id: string
  membership_id: string
  period: string
  billing_date: string
  kind: string
  amount_cents: number
  status: string
  attempt: Generated<number>
  gateway_key: string | null
  gateway_payment_id: string | null
  decline_code: string | null
  claimed_until: string | null
  next_retry_on: string | null
  created_at: string
  updated_at: string
}
export type MembershipChargesRow = Selectable<MembershipChargesTable>

export interface MembershipPicksTable {
  id: string
  brand_id: string
  membership_id: string
  period: string
  item_id: number
  size: string
  position: Generated<number>
  created_at: string
}

/** A member of staff (migration 028): one person across brands, apart from customers. */
export interface StaffTable {
  id: string
  email: string
  name: string
  /** null until they set it with their one-time link */
  password_hash: string | null
  /** base32; set on enrolment, in use once totp_enabled */
  totp_secret: string | null
  totp_enabled: Generated<number>
  /** an owner asks this person to log in with a second factor */
  totp_required: Generated<number>
  /** the last time step a code was accepted at: a code is good once */
  totp_last_step: number | null
  created_at: string
}

/** A role held at a brand (owner, manager, fulfilment, support, analyst). */
export interface StaffBrandRolesTable {
  staff_id: string
  brand_id: string
  role: string
  suspended: Generated<number>
  created_at: string
}

/** A staff_sid session: the id is the SHA-256 of the cookie's token. */
export interface StaffSessionsTable {
  id: string
  staff_id: string
  brand_id: string
  ip: string
  user_agent: Generated<string>
  created_at: string
  last_seen_at: string
  expires_at: string
}

export interface StaffPasswordLinksTable {
  token_hash: string
  staff_id: string
  brand_id: string
  expires_at: string
  used_at: string | null
  created_at: string
}

/** A count an operator set (POST /api/admin/stock), from what to what, and why. */
export interface StockAdjustmentsTable {
  id: string
  brand_id: string
  item_id: number
  size: string
  quantity_before: number
  quantity_after: number
  reason: string
  staff_id: string | null
  created_at: string
}

/** The audit log (migration 029): append-only, the database refuses UPDATE and DELETE. */
export interface AuditLogTable {
  id: string
  at: string
  brand_id: string
  /** null for the command line */
  staff_id: string | null
  ip: string
  action: string
  entity: string
  entity_id: string
  before_json: string | null
  after_json: string | null
}

/** One change of a membership's state, or its save offer shown (migration 032; membership/membership-events.ts). */
export interface MembershipEventsTable {
  id: string
  brand_id: string
  membership_id: string
  /** ISO date-time, and its day and month (YYYY-MM-DD, YYYY-MM) the figures group by */
  at: string
  day: string
  month: string
  /** core's MembershipEvent, 'join', or 'save_offer_shown' */
  event: string
  /** null for a first join */
  from_status: string | null
  to_status: string
  /** who or what: 'staff' for a change made on a member's behalf; a recovery's 'retry' or 'new_card'; a cancel's 'saved_*' never */
  cause: string | null
  /** a failed charge's retries: the days since the first failure */
  retry_day: number | null
  /** a member of staff acting on the member's behalf */
  staff_id: string | null
  /** JSON: a cancel's reasons, the card a charge was tried on */
  detail_json: string | null
  /** a save offer's answer: the member's first skip, pause or cancel within the week after it, and when (kept by migration 043's trigger) */
  save_answer: Generated<string | null>
  save_answer_at: Generated<string | null>
}

/** The club's figures month by month, kept by a trigger on membership_events (migration 043, decision 230). */
export interface ClubMonthsTable {
  brand_id: string
  month: string
  /** 'state' (detail 'from>to'), 'joins', 'cancels', 'lapses', 'skips', 'cohort' (detail: the month made), 'reason', 'answer' */
  figure: string
  detail: string
  members: number
}

/** An append-only entry of an order's history (migration 024). */
export interface OrderHistoryTable {
  id: string
  brand_id: string
  order_number: string
  event: string
  before_status: string | null
  after_status: string | null
  actor: string
  detail: Generated<string>
  visible_to_shopper: Generated<number>
  at: string
}
export type OrderHistoryRow = Selectable<OrderHistoryTable>

/** Which lines and how many pieces a refund covered (migration 025). */
export interface RefundLinesTable {
  id: string
  brand_id: string
  payment_id: string
  order_number: string
  order_line_id: string
  qty: number
  amount_cents: number
  restocked: Generated<number>
}
export type RefundLinesRow = Selectable<RefundLinesTable>

/** A shopper's return or exchange of pieces of a delivered order (migration 026). */
export interface OrderReturnsTable {
  id: string
  brand_id: string
  order_number: string
  /** 'return' | 'exchange' */
  kind: string
  /** 'requested' | 'received' (a return) | 'sent' (an exchange) */
  status: string
  /** JSON: [{line_id, qty, reason, exchange_size?}] */
  lines: string
  /** an exchange: the replacement's order */
  exchange_order_number: string | null
  created_at: string
  updated_at: string
}
export type OrderReturnsRow = Selectable<OrderReturnsTable>

/** The test gateway's refunds (migration 026), once per idempotency key. */
export interface TestGatewayRefundsTable {
  id: string
  brand_id: string
  charge_id: string
  idempotency_key: string
  amount_cents: number
  created_at: string
}

export interface Database {
  brands: BrandsTable
  store_settings: StoreSettingsTable
  menu_items: MenuItemsTable
  banners: BannersTable
  sizing_guide_entries: SizingGuideEntriesTable
  categories: CategoriesTable
  category_groups: CategoryGroupsTable
  category_group_members: CategoryGroupMembersTable
  items: ItemsTable
  item_categories: ItemCategoriesTable
  item_sizes: ItemSizesTable
  item_images: ItemImagesTable
  item_bullet_sections: ItemBulletSectionsTable
  item_matches: ItemMatchesTable
  reviews: ReviewsTable
  discount_codes: DiscountCodesTable
  discount_code_claims: DiscountCodeClaimsTable
  customers: CustomersTable
  addresses: AddressesTable
  carts: CartsTable
  sessions: SessionsTable
  cart_lines: CartLinesTable
  orders: OrdersTable
  order_lines: OrderLinesTable
  shipments: ShipmentsTable
  tracking_events: TrackingEventsTable
  payment_methods: PaymentMethodsTable
  card_setups: CardSetupsTable
  memberships: MembershipsTable
  wishlist_entries: WishlistEntriesTable
  style_profile_fields: StyleProfileFieldsTable
  style_profile_answers: StyleProfileAnswersTable
  order_bumps: OrderBumpsTable
  one_time_offers: OneTimeOffersTable
  bundle_offers: BundleOffersTable
  social_media_specials: SocialMediaSpecialsTable
  membership_landings: MembershipLandingsTable
  content_pages: ContentPagesTable
  content_blocks: ContentBlocksTable
  content_page_drafts: ContentPageDraftsTable
  content_page_versions: ContentPageVersionsTable
  feed_posts: FeedPostsTable
  split_tests: SplitTestsTable
  split_test_assignments: SplitTestAssignmentsTable
  analytics_events: AnalyticsEventsTable
  pixel_events: PixelEventsTable
  utm_visits: UtmVisitsTable
  login_attempts: LoginAttemptsTable
  throttle_events: ThrottleEventsTable
  known_devices: KnownDevicesTable
  password_resets: PasswordResetsTable
  outbox_emails: OutboxEmailsTable
  email_changes: EmailChangesTable
  contact_messages: ContactMessagesTable
  feedback_messages: FeedbackMessagesTable
  message_replies: MessageRepliesTable
  checkout_attempts: CheckoutAttemptsTable
  declined_offers: DeclinedOffersTable
  payments: PaymentsTable
  test_gateway_tokens: TestGatewayTokensTable
  test_gateway_charges: TestGatewayChargesTable
  tax_rates: TaxRatesTable
  membership_charges: MembershipChargesTable
  membership_picks: MembershipPicksTable
  staff: StaffTable
  staff_brand_roles: StaffBrandRolesTable
  staff_sessions: StaffSessionsTable
  staff_password_links: StaffPasswordLinksTable
  stock_adjustments: StockAdjustmentsTable
  audit_log: AuditLogTable
  conversion_events: ConversionEventsTable
  membership_events: MembershipEventsTable
  club_months: ClubMonthsTable
  order_history: OrderHistoryTable
  refund_lines: RefundLinesTable
  order_returns: OrderReturnsTable
  test_gateway_refunds: TestGatewayRefundsTable
}
