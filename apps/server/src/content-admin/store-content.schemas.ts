/** What the operator's calls for the store's content take and answer (docs/admin-content.md): menus, banner, scrolling images, the club's landing, the sizing guide. */
import type { AdminGlobalBanner, AdminMembershipLanding, AdminMenuLink, AdminMenus } from '@store/core'
import { z } from 'zod'
import { dollars, text } from '../catalog-admin/catalog-admin.schemas.ts'
import { contract } from '../http/response-schemas.ts'
import { imageRefSchema, sizingGuideRowSchema } from '../settings/settings.responses.ts'
import { emptyIsNull, flag, imageAddress, listNamingPlaces, markup, optionalText, pixels, storeLink } from './content-fields.ts'

// ---------------------------------------------------------------- menus

const menuLinkFields = {
  caption: text('caption', 60),
  link: storeLink('link'),
  parent_id: emptyIsNull(z.string().trim().max(200).nullable()).optional(),
  group_header: z.string().trim().max(60, 'The column heading is at most 60 characters').optional(),
  image_url: emptyIsNull(imageAddress('dropdown image').nullable()).optional(),
  image_alt: optionalText('dropdown image text', 200),
  show_during_checkout: flag('show_during_checkout'),
}
export const newMenuLinkBody = z.object({ menu: z.enum(['header', 'footer'], { message: 'A link is in the header or the footer menu' }), ...menuLinkFields })
export const menuLinkPatchBody = z.object(menuLinkFields).partial()
export type MenuLinkInput = z.output<typeof menuLinkPatchBody>
export const menuOrderBody = z.object({
  menu: z.enum(['header', 'footer'], { message: 'A link is in the header or the footer menu' }),
  ids: z.array(z.string().trim().min(1).max(200)).min(1, 'List the links in their new order').max(200),
})

const menuLinkSchema = contract<AdminMenuLink>('AdminMenuLink')(
  z.object({
    id: z.string(),
    menu: z.enum(['header', 'footer']),
    parent_id: z.string().nullable(),
    group_header: z.string(),
    caption: z.string(),
    link: z.string(),
    image_url: z.string().nullable(),
    image_alt: z.string().nullable(),
    show_during_checkout: z.boolean(),
    position: z.number().int(),
  }),
)
export const menusAnswer = z.object({ menus: contract<AdminMenus>('AdminMenus')(z.object({ header: z.array(menuLinkSchema), footer: z.array(menuLinkSchema) })) })

// ---------------------------------------------------------------- banner and scrolling images

export const globalBannerBody = z.object({
  active: flag('active').transform((value) => value ?? true),
  link: emptyIsNull(storeLink('banner').nullable()).optional(),
  desktop_url: imageAddress('desktop banner'),
  desktop_width: pixels('desktop width'),
  desktop_height: pixels('desktop height'),
  mobile_url: emptyIsNull(imageAddress('mobile banner').nullable()).optional(),
  mobile_width: pixels('mobile width'),
  mobile_height: pixels('mobile height'),
  alt: z.string().trim().max(200, 'The banner text is at most 200 characters').default(''),
})
export type GlobalBannerInput = z.output<typeof globalBannerBody>
export const globalBannerAnswer = z.object({
  banner: contract<AdminGlobalBanner>('AdminGlobalBanner')(
    z.object({ active: z.boolean(), link: z.string().nullable(), desktop: imageRefSchema.nullable(), mobile: imageRefSchema.nullable() }),
  ).nullable(),
})

export const scrollingImagesBody = z.object({
  images: listNamingPlaces(
    'images',
    z.object({
      url: imageAddress('image'),
      width: pixels('width'),
      height: pixels('height'),
      alt: z.string().trim().max(200, 'The text of an image is at most 200 characters').default(''),
    }),
    30,
    'At most 30 scrolling images',
    'the images in their order: {url, width, height, alt}',
  ),
})
export const scrollingImagesAnswer = z.object({ images: z.array(imageRefSchema) })

// ---------------------------------------------------------------- membership landing

export const membershipLandingBody = z
  .object({
    headline: text('headline', 160),
    subheadline: text('subheadline', 300),
    faqs: listNamingPlaces(
      'faqs',
      z.object({ question: text('question', 300), answer: markup('answer', 5000).pipe(z.string().trim().min(1, 'Enter the answer')) }),
      40,
      'At most 40 questions',
      'the questions in their order: {question, answer (markup)}',
    ),
    founder_letter_name: optionalText("founder's name", 80),
    founder_letter_bullets: z
      .array(z.string().trim().min(1, 'A line of the letter cannot be empty').max(300, 'A line of the letter is at most 300 characters'))
      .max(20, 'At most 20 lines'),
    price: dollars('The monthly price').refine((value) => value >= 1, 'The monthly price is at least $1.00'),
    how_many: z.coerce
      .number({ message: 'Items a month is a whole number' })
      .int('Items a month is a whole number')
      .min(1, 'At least 1 item a month')
      .max(12, 'At most 12 items a month'),
  })
  .partial()
export type MembershipLandingInput = z.output<typeof membershipLandingBody>
export const membershipLandingAnswer = z.object({
  landing: contract<AdminMembershipLanding>('AdminMembershipLanding')(
    z.object({
      headline: z.string(),
      subheadline: z.string(),
      faqs: z.array(z.object({ question: z.string(), answer: z.string() })),
      founder_letter_name: z.string().nullable(),
      founder_letter_bullets: z.array(z.string()),
      price: z.number(),
      how_many: z.number().int(),
    }),
  ),
})

// ---------------------------------------------------------------- sizing guide

const measure = (field: string) => optionalText(field, 40)
export const sizingGuideBody = z.object({
  rows: listNamingPlaces(
    'rows',
    z.object({
      size: z
        .string({ message: 'Enter the size' })
        .trim()
        .min(1, 'Enter the size')
        .max(10, 'A size is at most 10 characters')
        .transform((value) => value.toUpperCase()),
      bust: measure('bust'),
      waist: measure('waist'),
      hip: measure('hip'),
      pant: measure('pant'),
      front: imageAddress('front figure'),
      side: imageAddress('side figure'),
      back: imageAddress('back figure'),
    }),
    20,
    'At most 20 sizes',
    'the sizes in their order: {size, bust, waist, hip, pant, front, side, back}',
  ).refine((rows) => new Set(rows.map((row) => row.size)).size === rows.length, 'Each size appears once in the guide'),
})
export type SizingGuideInput = z.output<typeof sizingGuideBody>
export const sizingGuideAnswer = z.object({ rows: z.array(sizingGuideRowSchema) })
