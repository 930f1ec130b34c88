import { z } from 'zod'
import { optionalFlag } from '../staff/staff.schemas.ts'

/** '' reads as null: a field left empty clears it. */
export const emptyIsNull = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? null : value), schema)

export const optionalText = (field: string, max: number) => emptyIsNull(z.string().trim().max(max, `The ${field} is at most ${max} characters`).nullable()).optional()

/** Where a link leads: a page of this store (/category/leggings) or an https:// address. */
export const storeLink = (field: string) =>
  z
    .string({ message: `Enter where the ${field} leads` })
    .trim()
    .min(1, `Enter where the ${field} leads`)
    .max(500, `The ${field} is at most 500 characters`)
    .regex(/^(\/(?!\/)|https:\/\/)\S*$/, `The ${field} is a page of this store (/category/leggings) or an https:// address, without spaces`)

/** An image: an address on this store (/media/...) or an https:// one. */
export const imageAddress = (field: string) =>
  z
    .string({ message: `Enter the ${field}'s address` })
    .trim()
    .min(1, `Enter the ${field}'s address`)
    .max(500, `The ${field}'s address is at most 500 characters`)
    .regex(/^(\/(?!\/)|https:\/\/)\S*$/, `The ${field} is an address on this store (/media/...) or an https:// one`)

export const pixels = (field: string) =>
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
export const markup = (field: string, max: number) =>
  z
    .string()
    .max(max, `The ${field} is at most ${max} characters`)
    .refine((value) => !/<\s*(script|iframe|object|embed|style)\b/i.test(value), `The ${field} may not hold scripts, frames or styles`)
    .refine((value) => !/\son[a-z]+\s*=/i.test(value) && !/javascript:/i.test(value), `The ${field} may not hold scripts (on...= or javascript:)`)

export const flag = (field: string) => optionalFlag(field)

/**
 * A list whose refused items name their place (`blocks.1.link`), so the page marks that very
 * input: the error handler names a field by the last part of its path, which for an item would
 * be `link` alone, the same for every block. The items are checked by `item` one by one.
 */
export function listNamingPlaces<T extends z.ZodType>(name: string, item: T, max: number, tooMany: string, description: string) {
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
