/** What the operator's store settings calls take and answer (docs/admin-content.md): /api/admin/settings, camelCase as SPEC §3. */
import type { AdminStoreSettings } from '@store/core'
import { z } from 'zod'
import { dollars, text } from '../catalog-admin/catalog-admin.schemas.ts'
import { contract } from '../http/response-schemas.ts'
import { emptyIsNull, flag, optionalText } from './content-fields.ts'

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
