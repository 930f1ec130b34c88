/** What the operator's split-test calls take and answer (DESIGN §8: /experiments/{name}/results). */
import type { AdminSplitTest, SplitTestResults } from '@store/core'
import { z } from 'zod'
import { contract } from '../http/response-schemas.ts'

const testName = z
  .string({ message: 'Name the test' })
  .trim()
  .min(2, 'A test name is at least 2 characters')
  .max(40, 'A test name is at most 40 characters')
  .regex(/^[A-Za-z][A-Za-z0-9_-]*$/, 'A test name starts with a letter and is letters, digits, - or _ (it is the URL parameter that forces a variant)')

const variantList = z
  .union([z.string().max(400), z.array(z.string().max(40)).max(6)])
  .describe('a comma list, such as Control,4sh; the first is the control')
  .transform((value) => (Array.isArray(value) ? value : value.split(',')).map((variant) => variant.trim()).filter(Boolean))
  .refine((variants) => variants.length >= 2, 'A test has at least 2 variants, the first the control')
  .refine((variants) => variants.length <= 6, 'A test has at most 6 variants')
  .refine((variants) => new Set(variants.map((variant) => variant.toLowerCase())).size === variants.length, 'Each variant has a name of its own')
  .refine((variants) => variants.every((variant) => /^[A-Za-z0-9_-]{1,40}$/.test(variant)), 'A variant is letters, digits, - or _')

const splitList = z
  .union([z.string().max(100), z.array(z.coerce.number())])
  .describe('percent per variant in their order, such as 50,50; empty for an even split')
  .transform((value) => (Array.isArray(value) ? value : value.split(',').filter((part) => part.trim() !== '')).map((part) => Number(typeof part === 'string' ? part.trim() : part)))
  .refine((split) => split.every((share) => Number.isInteger(share) && share >= 0 && share <= 100), 'Each share is a whole percent from 0 to 100')
  .refine((split) => split.length === 0 || split.reduce((sum, share) => sum + share, 0) === 100, 'The shares add up to 100')

export const newSplitTestBody = z.object({
  name: testName,
  variants: variantList,
  split: splitList.optional(),
  brands: z
    .union([z.string().max(200), z.array(z.string().max(40)).max(10)])
    .describe('brand ids, a comma list; this brand unless told')
    .transform((value) => (Array.isArray(value) ? value : value.split(',')).map((brand) => brand.trim()).filter(Boolean))
    .optional(),
})

export const splitTestPatchBody = z.object({ variants: variantList.optional(), split: splitList.optional() })

export const splitTestParams = z.object({ name: testName })

const splitTestSchema = contract<AdminSplitTest>('AdminSplitTest')(
  z.object({
    name: z.string(),
    variants: z.array(z.string()),
    brands: z.array(z.string()),
    split: z.array(z.number()),
    status: z.enum(['draft', 'running', 'stopped']),
    started_at: z.string().nullable(),
    stopped_at: z.string().nullable(),
    visitors: z.number().int(),
  }),
)

export const splitTestsAnswer = z.object({ experiments: z.array(splitTestSchema) })
export const splitTestAnswer = z.object({ experiment: splitTestSchema })

const interval = z.object({ low: z.number(), high: z.number() })

export const splitTestResultsSchema = contract<SplitTestResults>('SplitTestResults')(
  z.object({
    name: z.string(),
    status: z.enum(['draft', 'running', 'stopped']),
    confidence: z.number(),
    variants: z.array(
      z.object({
        value: z.string(),
        visitors: z.number().int(),
        converted: z.number().int(),
        orders: z.number().int(),
        conversion: z.number(),
        interval,
        club_joins: z.number().int(),
        club_join_rate: z.number(),
        revenue: z.number(),
        revenue_per_visitor: z.number(),
        revenue_per_visitor_interval: interval,
        average_order_value: z.number(),
      }),
    ),
    comparisons: z.array(
      z.object({
        value: z.string(),
        against: z.string(),
        conversion_difference: z.number(),
        conversion_difference_interval: interval,
        conversion_p_value: z.number(),
        revenue_per_visitor_difference: z.number(),
        revenue_per_visitor_p_value: z.number(),
        significant: z.boolean(),
        statement: z.string(),
      }),
    ),
    summary: z.string(),
  }),
)
