/**
 * Shapes of the API's answers (DESIGN §4). The contract is declared once, in
 * @store/core (packages/core/src/contract), and the server is typed against it;
 * this module re-exports it for the storefront and adds the shapes that only the
 * storefront sends (pixel and UTM parameters) or reads (failure bodies).
 */

export type {
  AspectClass,
  BrandInfo,
  BrandStyles,
  BulletSection,
  Cart,
  CartBanner,
  CartLine,
  CatalogImage,
  Category,
  CategoryInfo,
  ContentBlock,
  ContentPage,
  FooterMenuGroup,
  GlobalBanner,
  HeaderMenuEntry,
  ImageRef,
  ItemDetail,
  ItemSummary,
  ItemVariant,
  MembershipFaq,
  MembershipLanding,
  Review,
  StoreSettings,
  StyleProfile,
  StyleProfileField,
  TestGroupResult,
} from '@store/core'

/** One entry of `errors` in a failure body. */
export interface ApiErrorItem {
  message: string
  field?: string
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
