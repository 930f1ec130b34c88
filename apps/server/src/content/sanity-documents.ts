/**
 * The documents a brand keeps in its Sanity dataset, as the adapter reads them (sanity-content.ts)
 * and the export writes them (content-export.ts). The studio's schema types in /sanity/schemaTypes
 * declare the same fields (a test holds the two together). Every field may be missing in a document
 * an editor left half-filled: it reads as empty, never as an error. Images are addresses (the
 * store's media or any CDN), not Sanity assets (docs/decisions/246).
 */
import { z } from 'zod'

const text = z
  .string()
  .nullish()
  .transform((value) => value ?? null)
const requiredText = z
  .string()
  .nullish()
  .transform((value) => value ?? '')
const number = z
  .number()
  .nullish()
  .transform((value) => value ?? null)
const list = <T extends z.ZodType>(item: T) =>
  z
    .array(item)
    .nullish()
    .transform((value) => value ?? [])

/** An image by address, with its size when known and its text ('' when none). */
export const imageRefDocument = z.object({ url: requiredText, width: number, height: number, alt: requiredText })

const menuLink = z.object({ caption: requiredText, link: requiredText })

/** A page block: `kind` is text, video, button or image (other kinds are passed on and skipped by the pages). */
export const contentBlockDocument = z.object({
  kind: requiredText,
  body: text,
  wistiaVideoId: text,
  buttonText: text,
  link: text,
  desktopImage: text,
  mobileImage: text,
})

export const pageDocument = z.object({
  _updatedAt: requiredText,
  brand: requiredText,
  slug: z
    .object({ current: requiredText })
    .nullish()
    .transform((value) => value?.current ?? ''),
  name: requiredText,
  body: requiredText,
  hideHeadline: z
    .boolean()
    .nullish()
    .transform((value) => value ?? false),
  blocks: list(contentBlockDocument),
})

/** What the page list asks of each page (a projection). */
export const pageListEntry = z.object({ slug: requiredText, _updatedAt: requiredText })

/** A banner: across the top of every page (placement global: link, desktop, mobile) or in the cart drawer (placement cart). */
export const bannerDocument = z.object({
  brand: requiredText,
  placement: requiredText,
  position: number,
  link: text,
  text,
  buttonText: text,
  buttonLink: text,
  image: text,
  cssClass: text,
  desktop: imageRefDocument.nullish(),
  mobile: imageRefDocument.nullish(),
})

/** One per brand: the header and footer menus and the scrolling images. */
export const storefrontDocument = z.object({
  brand: requiredText,
  headerMenu: list(
    z.object({
      caption: requiredText,
      link: requiredText,
      dropdownImage: imageRefDocument.nullish(),
      children: list(menuLink),
    }),
  ),
  footerMenu: list(
    z.object({
      header: requiredText,
      showDuringCheckout: z
        .boolean()
        .nullish()
        .transform((value) => value ?? false),
      links: list(menuLink),
    }),
  ),
  scrollingImages: list(imageRefDocument),
})

/** One per brand with a club: the landing copy (the price and items a month are the store's, not the copy's). */
export const membershipLandingDocument = z.object({
  brand: requiredText,
  headline: requiredText,
  subheadline: requiredText,
  faqs: list(z.object({ question: requiredText, answer: requiredText })),
  founderLetterName: text,
  founderLetterBullets: list(z.string()),
})

/** The document types and the fields the adapter reads of each, for the test that holds the studio's schema to them. */
export const SANITY_DOCUMENTS = {
  page: pageDocument,
  banner: bannerDocument,
  storefront: storefrontDocument,
  membershipLanding: membershipLandingDocument,
} as const
