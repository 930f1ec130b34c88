/** What the operator's content and settings calls take and answer (docs/admin-content.md): /api/admin/content/... and /api/admin/settings. */
import type {
  AdminContentPage,
  AdminContentPageSummary,
  AdminGlobalBanner,
  AdminMembershipLanding,
  AdminMenuLink,
  AdminMenus,
  AdminStoreSettings,
  ContentPageCopy,
} from '@store/core'
import { contentSlugProblem } from '@store/core'
import { z } from 'zod'
import { dollars, text } from '../catalog-admin/catalog-admin.schemas.ts'
import { contentBlockSchema, contentPageSchema } from '../content/content.responses.ts'
import { contract } from '../http/response-schemas.ts'
import { imageRefSchema, sizingGuideRowSchema } from '../settings/settings.responses.ts'
import { optionalFlag } from '../staff/staff.schemas.ts'

/** '' reads as null: a field left empty clears it. */
const emptyIsNull = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? null : value), schema)

const optionalText = (field: string, max: number) => emptyIsNull(z.string().trim().max(max, `The ${field} is at most ${max} characters`).nullable()).optional()

/** Where a link leads: a page of this store (/category/leggings) or an https:// address. */
const storeLink = (field: string) =>
  z
    .string({ message: `Enter where the ${field} leads` })
    .trim()
    .min(1, `Enter where the ${field} leads`)
    .max(500, `The ${field} is at most 500 characters`)
    .regex(/^(\/(?!\/)|https:\/\/)\S*$/, `The ${field} is a page of this store (/category/leggings) or an https:// address, without spaces`)

/** An image: an address on this store (/media/...) or an https:// one. */
const imageAddress = (field: string) =>
  z
    .string({ message: `Enter the ${field}'s address` })
    .trim()
    .min(1, `Enter the ${field}'s address`)
    .max(500, `The ${field}'s address is at most 500 characters`)
    .regex(/^(\/(?!\/)|https:\/\/)\S*$/, `The ${field} is an address on this store (/media/...) or an https:// one`)

const pixels = (field: string) =>
  emptyIsNull(
    z.coerce
      .number({ message: `The ${field} is a whole number of pixels` })
      .int(`The ${field} is a whole number of pixels`)
      .min(1, `The ${field} is at least 1 pixel`)
      .max(10_000, `The ${field} is at most 10000 pixels`)
      .nullable(),
  ).optional()

/**
 * Markup of a page or a block, as the storefront renders it (its own safe subset of HTML):
 * scripts, event handlers and javascript: addresses are refused at the field.
 */
const markup = (field: string, max: number) =>
  z
    .string()
    .max(max, `The ${field} is at most ${max} characters`)
    .refine((value) => !/<\s*(script|iframe|object|embed|style)\b/i.test(value), `The ${field} may not hold scripts, frames or styles`)
    .refine((value) => !/\son[a-z]+\s*=/i.test(value) && !/javascript:/i.test(value), `The ${field} may not hold scripts (on...= or javascript:)`)

const flag = (field: string) => optionalFlag(field)

/**
 * A list whose refused items name their place (`blocks.1.link`), so the page marks that very
 * input: the error handler names a field by the last part of its path, which for an item would
 * be `link` alone, the same for every block. The items are checked by `item` one by one.
 */
function listNamingPlaces<T extends z.ZodType>(name: string, item: T, max: number, tooMany: string, description: string) {
  return z
    .array(z.unknown())
    .max(max, tooMany)
    .describe(description)
    .transform((items, ctx) => {
      const parsed: z.output<T>[] = []
      for (const [index, value] of items.entries()) {
        const result = item.safeParse(value)
        if (result.success) parsed.push(result.data)
        else for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: [[name, index, ...issue.path].join('.')] })
      }
      return parsed
    })
}

// ---------------------------------------------------------------- content pages

const blockBody = z
  .object({
    type: z.enum(['text', 'video', 'button', 'image'], { message: 'A block is text, a video, a button or an image' }),
    body: emptyIsNull(markup('block text', 20_000).nullable()).optional(),
    wistia_video_id: emptyIsNull(
      z
        .string()
        .trim()
        .regex(/^[a-z0-9]{6,20}$/i, 'A Wistia video id is 6 to 20 letters or digits, as in its address')
        .nullable(),
    ).optional(),
    button_text: optionalText('button text', 80),
    link: emptyIsNull(storeLink('block').nullable()).optional(),
    desktop_image: emptyIsNull(imageAddress('desktop image').nullable()).optional(),
    mobile_image: emptyIsNull(imageAddress('mobile image').nullable()).optional(),
  })
  .superRefine((block, issue) => {
    const need = (field: keyof typeof block, message: string) => {
      if (!block[field]) issue.addIssue({ code: 'custom', path: [field], message })
    }
    if (block.type === 'video') need('wistia_video_id', 'A video block needs its Wistia video id')
    if (block.type === 'button') {
      need('button_text', 'A button needs its words')
      need('link', 'A button needs where it leads')
    }
    if (block.type === 'image') need('desktop_image', 'An image block needs its image')
    if (block.type === 'text') need('body', 'A text block needs its text')
  })

export const pageDraftBody = z.object({
  name: text('page name', 120),
  body: markup('page text', 50_000).default(''),
  hide_headline: flag('hide_headline').transform((value) => value ?? false),
  blocks: listNamingPlaces(
    'blocks',
    blockBody,
    50,
    'A page holds at most 50 blocks',
    'the blocks in their order: {type: text|image|button|video, body, wistia_video_id, button_text, link, desktop_image, mobile_image}',
  ).default([]),
})
export type PageDraftInput = z.output<typeof pageDraftBody>

/** A new page: its address (core's contentSlugProblem: not one of the storefront's own routes) and its first draft. */
export const newPageBody = pageDraftBody.extend({
  slug: z
    .string({ message: 'Give the page an address, such as summer-sale.' })
    .trim()
    .superRefine((slug, issue) => {
      const problem = contentSlugProblem(slug)
      if (problem) issue.addIssue({ code: 'custom', message: problem })
    }),
})
export type NewPageInput = z.output<typeof newPageBody>

export const pageIdParams = z.object({ id: z.string().trim().min(1).max(200) })
export const versionParams = pageIdParams.extend({
  number: z.coerce.number({ message: 'A version is a number' }).int('A version is a whole number').min(1, 'Versions start at 1').max(1_000_000),
})

const copyShape = { name: z.string(), body: z.string(), hide_headline: z.boolean(), blocks: z.array(contentBlockSchema) }
const copySchema = contract<ContentPageCopy>('ContentPageCopy')(z.object(copyShape))

const pageStatus = z.enum(['live', 'draft'])
const adminPageSchema = contract<AdminContentPage>('AdminContentPage')(
  z.object({
    id: z.string(),
    slug: z.string(),
    status: pageStatus,
    updated_at: z.string(),
    live: copySchema,
    draft: z.object({ ...copyShape, saved_at: z.string() }).nullable(),
    versions: z.array(z.object({ number: z.number().int(), published_at: z.string(), published_by: z.string().nullable(), live: z.boolean() })),
  }),
)
export const adminPageAnswer = z.object({ page: adminPageSchema })
export const pagesAnswer = z.object({
  pages: z.array(
    contract<AdminContentPageSummary>('AdminContentPageSummary')(
      z.object({ id: z.string(), slug: z.string(), status: pageStatus, name: z.string(), updated_at: z.string(), has_draft: z.boolean() }),
    ),
  ),
})
export const previewAnswer = z.object({ page: contentPageSchema })

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

// ---------------------------------------------------------------- store settings (camelCase, SPEC §3)

const https = (field: string) =>
  emptyIsNull(
    z
      .string()
      .trim()
      .max(300, `The ${field} address is at most 300 characters`)
      .regex(/^https:\/\/\S+$/, `The ${field} address starts with https://`)
      .nullable(),
  ).optional()

const wholeNumber = (field: string, min: number, max: number) =>
  z.coerce
    .number({ message: `${field} is a whole number` })
    .int(`${field} is a whole number`)
    .min(min, `${field} is at least ${min}`)
    .max(max, `${field} is at most ${max}`)

export const settingsPatchBody = z
  .object({
    storeName: text('store name', 60),
    mainProduct: text('main product', 40),
    mainProductPlural: text('main product in the plural', 40),
    mainShoppingPath: z
      .string({ message: 'Enter where "Shop now" leads' })
      .trim()
      .regex(/^\/(?!\/)\S*$/, 'Where "Shop now" leads is a page of this store, such as /category/leggings'),
    clubName: optionalText('club name', 40),
    clubDiscountPercentage: wholeNumber("The club's discount", 0, 90),
    monthlyItemFlair: optionalText('monthly item flair', 60),
    showClubOffer: flag('showClubOffer'),
    afterpay: flag('afterpay'),
    afterpayMinimum: dollars('The Afterpay minimum'),
    afterpayMaximum: dollars('The Afterpay maximum'),
    facebook: https('Facebook'),
    instagram: https('Instagram'),
    socialMediaDiscountCode: emptyIsNull(
      z
        .string()
        .trim()
        .max(30, 'A code is at most 30 characters')
        .regex(/^[A-Za-z0-9_-]+$/, 'A code is letters, digits, - or _ (no spaces)')
        .nullable(),
    ).optional(),
    personaFullName: optionalText('persona name', 80),
    sizes: z
      .union([z.string().max(300, 'The sizes are too long'), z.array(z.string().max(10)).max(20, 'At most 20 sizes')])
      .transform((value) => (Array.isArray(value) ? value : value.split(',')).map((size) => size.trim().toUpperCase()).filter(Boolean))
      .refine((sizes) => sizes.length > 0, 'List at least one size')
      .refine((sizes) => sizes.every((size) => /^[A-Z0-9]{1,10}$/.test(size)), 'Sizes are letters or digits, separated by commas (XS, S, M)')
      .refine((sizes) => new Set(sizes).size === sizes.length, 'Each size is listed once'),
    feedBio: optionalText('feed bio', 500),
    freeShippingThreshold: dollars('The free shipping threshold'),
    standardShippingCost: dollars('The standard shipping cost'),
    expressShippingCost: dollars('The express shipping cost'),
    supportEmail: emptyIsNull(z.email({ message: 'The support address is an e-mail address, like help@example.com' }).max(200).nullable()).optional(),
    orderCancelMinutes: wholeNumber('The minutes to cancel an order', 0, 1440),
    returnWindowDays: wholeNumber('The days to return', 0, 365),
  })
  .partial()
  .strict()
export type SettingsInput = z.output<typeof settingsPatchBody>
export const settingsAnswer = z.object({
  settings: contract<AdminStoreSettings>('AdminStoreSettings')(
    z.object({
      storeName: z.string(),
      mainProduct: z.string(),
      mainProductPlural: z.string(),
      mainShoppingPath: z.string(),
      clubName: z.string().nullable(),
      clubDiscountPercentage: z.number().int(),
      monthlyItemFlair: z.string().nullable(),
      showClubOffer: z.boolean(),
      afterpay: z.boolean(),
      afterpayMinimum: z.number(),
      afterpayMaximum: z.number(),
      facebook: z.string().nullable(),
      instagram: z.string().nullable(),
      socialMediaDiscountCode: z.string().nullable(),
      personaFullName: z.string().nullable(),
      sizes: z.array(z.string()),
      feedBio: z.string().nullable(),
      freeShippingThreshold: z.number(),
      standardShippingCost: z.number(),
      expressShippingCost: z.number(),
      supportEmail: z.string().nullable(),
      orderCancelMinutes: z.number().int(),
      returnWindowDays: z.number().int(),
    }),
  ),
})
