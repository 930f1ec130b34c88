/** GET /settings answers StoreSettings (packages/core/src/contract/settings.ts); tsc checks the two match. */
import type { FooterMenuGroup, GlobalBanner, HeaderMenuEntry, ImageRef, MenuLink, SizingGuideRow, StoreSettings } from '@store/core'
import { z } from 'zod'
import { contract } from '../http/response-schemas.ts'

export const imageRefSchema = contract<ImageRef>('ImageRef')(
  z.object({
    url: z.string(),
    width: z.number().nullable(),
    height: z.number().nullable(),
    alt: z.string().describe("'' when the image has no text of its own"),
  }),
)

const menuLinkSchema = contract<MenuLink>('MenuLink')(z.object({ caption: z.string(), link: z.string() }))

const headerMenuEntrySchema = contract<HeaderMenuEntry>('HeaderMenuEntry')(
  z.object({
    caption: z.string(),
    link: z.string(),
    dropdownImage: imageRefSchema.nullable(),
    children: z.array(menuLinkSchema),
  }),
)

const footerMenuGroupSchema = contract<FooterMenuGroup>('FooterMenuGroup')(
  z.object({
    header: z.string().describe("'' for links without a group"),
    showDuringCheckout: z.boolean(),
    links: z.array(menuLinkSchema),
  }),
)

const globalBannerSchema = contract<GlobalBanner>('GlobalBanner')(z.object({ link: z.string().nullable(), desktop: imageRefSchema.nullable(), mobile: imageRefSchema.nullable() }))

export const sizingGuideRowSchema = contract<SizingGuideRow>('SizingGuideRow')(
  z.object({
    size: z.string(),
    bust: z.string().nullable(),
    waist: z.string().nullable(),
    hip: z.string().nullable(),
    pant: z.string().nullable(),
    front: z.string(),
    side: z.string(),
    back: z.string(),
  }),
)

export const storeSettingsSchema = contract<StoreSettings>('StoreSettings')(
  z
    .object({
      storeName: z.string(),
      domain: z.string(),
      mainProduct: z.string(),
      mainProductPlural: z.string(),
      mainShoppingPath: z.string().describe("where 'Shop now' leads, such as '/category/leggings'"),
      brandHasClub: z.boolean(),
      brandHas236Gifts: z.boolean(),
      brandHas12Gifts: z.boolean(),
      clubName: z.string().nullable(),
      clubMonthly: z.number().nullable().describe("the club's monthly price, in dollars"),
      clubDiscountPercentage: z.number(),
      clubMultiQty: z.boolean(),
      clubExchanges: z.boolean(),
      monthlyItemFlair: z.string().nullable(),
      showClubOffer: z.boolean(),
      afterpay: z.boolean(),
      afterpayMinimum: z.number(),
      afterpayMaximum: z.number(),
      facebook: z.string().nullable(),
      instagram: z.string().nullable(),
      socialMediaDiscountCode: z.string().nullable(),
      personaFullName: z.string().nullable(),
      stripeJs: z.boolean(),
      stripeJsApplePay: z.boolean(),
      analytics: z.record(z.string(), z.string()).describe("analytics ids by service ('pixel', 'mixpanel', ...)"),
      sizes: z.array(z.string()),
      scrollingImages: z.array(imageRefSchema),
      feedBio: z.string().nullable(),
      freeShippingThreshold: z.number(),
      standardShippingCost: z.number(),
      headerMenu: z.array(headerMenuEntrySchema),
      footerMenu: z.array(footerMenuGroupSchema),
      globalBanner: globalBannerSchema.nullable(),
      sizingGuide: z.array(sizingGuideRowSchema),
    })
    .meta({ description: 'The store settings of the brand (SPEC §3), money in dollars' }),
)
