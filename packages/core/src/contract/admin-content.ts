/** The operator's content and settings (docs/admin-content.md): what /api/admin/content/... and /api/admin/settings answer. */
import type { ContentBlock, MembershipFaq } from './content.ts'
import type { ImageRef } from './settings.ts'

/** The words and blocks of a content page: what is live, a draft, or a version kept. */
export interface ContentPageCopy {
  name: string
  /** markup; '' when the page has none */
  body: string
  hide_headline: boolean
  blocks: ContentBlock[]
}

/** A page's draft: saved, not yet published. */
export interface ContentPageDraft extends ContentPageCopy {
  saved_at: string
}

/** A published version of a page, kept so it can be restored. */
export interface ContentPageVersion {
  number: number
  published_at: string
  /** who published it (null: the seed or the command line) */
  published_by: string | null
  /** the version the storefront shows */
  live: boolean
}

/** Whether the storefront shows a page (a retired page is no longer listed). */
export type AdminContentPageStatus = 'live' | 'draft'

/** A content page in the operator area: what is live, the draft (if any) and the versions kept. */
export interface AdminContentPage {
  id: string
  slug: string
  /** 'live': the storefront shows it; 'draft': made here and not published yet (the storefront answers 404) */
  status: AdminContentPageStatus
  updated_at: string
  live: ContentPageCopy
  draft: ContentPageDraft | null
  versions: ContentPageVersion[]
}

/** A line of the list of pages. */
export interface AdminContentPageSummary {
  id: string
  slug: string
  status: AdminContentPageStatus
  name: string
  updated_at: string
  has_draft: boolean
}

/** A link of the header or footer menu, as stored (a header link with a parent_id is in its parent's dropdown). */
export interface AdminMenuLink {
  id: string
  menu: 'header' | 'footer'
  parent_id: string | null
  /** the footer column it is in ('' for none) */
  group_header: string
  caption: string
  link: string
  image_url: string | null
  image_alt: string | null
  show_during_checkout: boolean
  position: number
}

export interface AdminMenus {
  header: AdminMenuLink[]
  footer: AdminMenuLink[]
}

/** The global banner over every page, shown or hidden. */
export interface AdminGlobalBanner {
  active: boolean
  link: string | null
  desktop: ImageRef | null
  mobile: ImageRef | null
}

/** The club's landing copy as the operator edits it (price in dollars; it is the club's monthly price). */
export interface AdminMembershipLanding {
  headline: string
  subheadline: string
  faqs: MembershipFaq[]
  founder_letter_name: string | null
  founder_letter_bullets: string[]
  price: number
  how_many: number
}

/** The store settings an owner edits (SPEC §3 names); the rest (domain, club on/off, payment keys) are set up with the brand. */
export interface AdminStoreSettings {
  storeName: string
  mainProduct: string
  mainProductPlural: string
  mainShoppingPath: string
  clubName: string | null
  clubDiscountPercentage: number
  monthlyItemFlair: string | null
  showClubOffer: boolean
  afterpay: boolean
  afterpayMinimum: number
  afterpayMaximum: number
  facebook: string | null
  instagram: string | null
  socialMediaDiscountCode: string | null
  personaFullName: string | null
  sizes: string[]
  feedBio: string | null
  freeShippingThreshold: number
  standardShippingCost: number
  expressShippingCost: number
  supportEmail: string | null
  orderCancelMinutes: number
  returnWindowDays: number
}
