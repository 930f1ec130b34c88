/**
 * GET /settings: the store settings of one brand (SPEC §3), in the camelCase of
 * the contract (DESIGN §4). Money is decimal dollars.
 */

/** An image whose pixel size may be unknown (menu images carry none). */
export interface ImageRef {
  url: string
  width: number | null
  height: number | null
  /** '' when the image has no text of its own */
  alt: string
}

/** A caption and where it leads. */
export interface MenuLink {
  caption: string
  link: string
}

/** A top-level entry of the header menu, with its dropdown links and picture. */
export interface HeaderMenuEntry {
  caption: string
  link: string
  dropdownImage: ImageRef | null
  children: MenuLink[]
}

/** A column of the footer menu. */
export interface FooterMenuGroup {
  /** '' for links without a group */
  header: string
  /** shown in the slim checkout footer too */
  showDuringCheckout: boolean
  links: MenuLink[]
}

/** The banner across the top of every page: a desktop and a mobile image, linked. */
export interface GlobalBanner {
  link: string | null
  desktop: ImageRef | null
  mobile: ImageRef | null
}

/** One size of the size and fit guide: measurements as stored (with their units) and three figures. */
export interface SizingGuideRow {
  size: string
  bust: string | null
  waist: string | null
  hip: string | null
  pant: string | null
  /** figure image addresses */
  front: string
  side: string
  back: string
}

export interface StoreSettings {
  storeName: string
  domain: string
  mainProduct: string
  mainProductPlural: string
  /** where 'Shop now' leads, such as '/category/leggings' */
  mainShoppingPath: string
  brandHasClub: boolean
  brandHas236Gifts: boolean
  brandHas12Gifts: boolean
  clubName: string | null
  /** the club's monthly price */
  clubMonthly: number | null
  clubDiscountPercentage: number
  clubMultiQty: boolean
  clubExchanges: boolean
  monthlyItemFlair: string | null
  showClubOffer: boolean
  afterpay: boolean
  afterpayMinimum: number
  afterpayMaximum: number
  /** Facebook page address */
  facebook: string | null
  /** Instagram page address */
  instagram: string | null
  socialMediaDiscountCode: string | null
  personaFullName: string | null
  stripeJs: boolean
  stripeJsApplePay: boolean
  /** analytics ids by service ('pixel', 'mixpanel', ...) */
  analytics: Record<string, string>
  /** every size the store sells, as stored ('XXL', 'XXXXXL') */
  sizes: string[]
  scrollingImages: ImageRef[]
  feedBio: string | null
  freeShippingThreshold: number
  standardShippingCost: number
  headerMenu: HeaderMenuEntry[]
  footerMenu: FooterMenuGroup[]
  globalBanner: GlobalBanner | null
  sizingGuide: SizingGuideRow[]
}
