/**
 * Shapes of the API's answers (DESIGN §4), field names as SPEC §3 writes them:
 * settings in camelCase, the cart and the other entities in snake_case.
 * Fields the storefront does not read yet are typed loosely but kept so that a
 * change on the server shows up here first.
 */

/** One entry of `errors` in a failure body. */
export interface ApiErrorItem {
  message: string
  field?: string
}

// ---------------------------------------------------------------- settings

export interface ImageRef {
  url: string
  width: number | null
  height: number | null
  alt: string
}

export interface GlobalBanner {
  link: string | null
  desktop: ImageRef | null
  mobile: ImageRef | null
}

export interface MenuLink {
  caption: string
  link: string
}

export interface HeaderMenuItem {
  caption: string
  link: string
  dropdownImage: ImageRef | null
  children: MenuLink[]
}

export interface FooterMenuGroup {
  header: string
  showDuringCheckout: boolean
  links: MenuLink[]
}

export interface SizingGuideEntry {
  size: string
  bust: string | null
  waist: string | null
  hip: string | null
  pant: string | null
  front: string
  side: string
  back: string
}

/** GET /settings (camelCase, SPEC §3 store settings). */
export interface Settings {
  storeName: string
  domain: string
  mainProduct: string
  mainProductPlural: string
  mainShoppingPath: string
  brandHasClub: boolean
  brandHas236Gifts: boolean
  brandHas12Gifts: boolean
  clubName: string | null
  clubMonthly: number | null
  clubDiscountPercentage?: number
  clubMultiQty: boolean
  clubExchanges: boolean
  monthlyItemFlair: string | null
  showClubOffer: boolean
  afterpay: boolean
  afterpayMinimum: number
  afterpayMaximum: number
  facebook: string | null
  instagram: string | null
  socialMediaDiscountCode: string | null
  personaFullName: string | null
  stripeJs: boolean
  stripeJsApplePay: boolean
  analytics: Record<string, string>
  sizes: string[]
  scrollingImages: ImageRef[]
  feedBio?: string | null
  freeShippingThreshold?: number
  standardShippingCost?: number
  headerMenu: HeaderMenuItem[]
  footerMenu: FooterMenuGroup[]
  globalBanner: GlobalBanner | null
  sizingGuide: SizingGuideEntry[]
}

// ---------------------------------------------------------------- customer

export interface Customer {
  id: string | number
  name: string
  e_mail_address: string
  [key: string]: unknown
}

// ---------------------------------------------------------------- cart

export interface CartBanner {
  text: string | null
  buttonText: string | null
  buttonLink: string | null
  image: string | null
  css_class: string | null
}

export interface CartLine {
  cartId: string
  item_id?: string | number
  link?: string | null
  image: string | null
  name: string
  /** the detail description */
  detail?: string | null
  color: string | null
  colors: string[]
  size: string | null
  qty: number
  /** most pieces this line may hold (stock, and the per-line cap) */
  max_qty?: number
  in_stock?: boolean
  /** quantity fixed: no controls */
  skip_qty_controls: boolean
  bundled_with: string | null
  social_media_special?: boolean
  price: number
  original_price: number | null
  total: number
  original_total: number | null
  banner: string | null
  /** comma list */
  discount_class: string | null
}

export interface DiscountCodeDetails {
  bullets: string[]
  included_classes: string[]
  excluded_classes: string[]
  percentage_amount: number | null
  custom: unknown
}

export interface FeaturedItem {
  id: string | number
  link: string
  name: string
  color?: string | null
  image?: string | null
  price: number
}

/** GET /cart (snake_case, SPEC §3 cart). */
export interface Cart {
  customer: Customer | null
  items: CartLine[]
  item_count?: number
  checkout_flow: string | null
  cart_subtotal: number
  cart_discount: number
  cart_shipping: number
  cart_tax: number
  cart_total: number
  free_shipping_threshold: number | null
  free_shipping_remaining?: number | null
  standard_shipping_cost: number | null
  discount_code_name: string | null
  discount_code_info: string | null
  discount_code_details: DiscountCodeDetails | null
  default_coupon_active: boolean
  club_monthly?: number | null
  club_overdue?: boolean
  club_paused?: boolean
  club_discount_percentage?: number
  has_club: boolean
  has_club_in_cart: boolean
  bought_club?: boolean
  featured_items?: FeaturedItem[]
  code_worse_than_club?: boolean
  saw_club_upsell?: boolean
  has_social_media_special?: boolean
  loggedin: boolean
  banners: CartBanner[]
  proceed_to_checkout_link: string | null
  ineligible_for_social_media: boolean
  free_promo_eligible: boolean
  removed_free_promo: boolean
  registration_locked: boolean
  afterpay_available?: boolean
  savings: number | null
  event_queue?: unknown[]
  exchange_label?: string | null
  one_click_available?: boolean
  cancelled_before?: boolean
  purchased?: boolean
  session_orders?: string[]
  promo_eligible?: boolean
}

// ---------------------------------------------------------------- catalogue

export interface Item {
  id: string | number
  link: string
  name: string
  itemTypeName?: string
  /** image1..image4, model crops ... keyed by kind */
  images: Record<string, ImageRef | null | undefined>
  sizes?: string[]
  aspectClass?: string
  color?: string
  baseColors?: string[]
  availableSizes: string[]
  categoryPageAttributes?: unknown
  itemGroupIds?: Array<string | number>
  price: number
  description?: string
  imageMaxHeight?: number | null
  [key: string]: unknown
}

export interface BulletSection {
  header: string
  icon?: string | null
  bullets: Array<{ value: string; value_for_category_page?: string; description?: string; icon?: string }>
}

export interface ItemVariant {
  id: string | number
  link: string
  availableSizes: string[]
  color: string
  swatch?: string | null
  itemGroupIds?: Array<string | number>
}

export interface ItemDetail extends Item {
  bulletSections?: BulletSection[]
  variants?: ItemVariant[]
  matchingItems?: Item[]
}

export interface Category {
  id: string | number
  name: string
  title?: string
  layout?: string
  link: string
  items: Item[]
  icon?: string | null
  icon_2?: string | null
  images?: unknown
  short_description?: string | null
  long_description?: string | null
  bullets?: string[]
  base_category_name?: string | null
  banner?: unknown
  [key: string]: unknown
}

export interface CategoryGroup {
  id?: string | number
  name: string
  title?: string
  description?: string | null
  link?: string
  categories: Array<Omit<Category, 'items'> & { item_count?: number }>
  [key: string]: unknown
}

// ---------------------------------------------------------------- content

export interface ContentBlock {
  type: string
  body?: string | null
  wistia_video_id?: string | null
  button_text?: string | null
  link?: string | null
  desktop_image?: ImageRef | null
  mobile_image?: ImageRef | null
  [key: string]: unknown
}

export interface ContentPage {
  name: string
  body?: string | null
  hide_headline?: boolean
  blocks?: ContentBlock[]
  [key: string]: unknown
}

// ---------------------------------------------------------------- misc

export interface StyleProfileOption {
  value: string
  caption: string
}

export interface StyleProfileField {
  name: string
  caption?: string
  options?: StyleProfileOption[]
  value?: string | null
  [key: string]: unknown
}

export interface PixelEventParams {
  uuid: string
  event_name: string
  event_json_data?: string | Record<string, unknown> | null
  event_source_url?: string | null
  fbclid?: string | null
}

export type UtmParams = Record<string, string | null | undefined> & {
  utm_source?: string | null
  utm_medium?: string | null
  utm_campaign?: string | null
  utm_term?: string | null
  utm_content?: string | null
}
