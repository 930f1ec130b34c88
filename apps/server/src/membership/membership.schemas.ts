/** What the club's calls take and answer, checked alike for the API and for the pages. */
import { MEMBER_EVENTS, MEMBERSHIP_STATUSES, type CancelCheck, type Membership, type MonthlyPicks } from '@store/core'
import { z } from 'zod'
import { itemIdSchema } from '../catalog/catalog.schemas.ts'
import { contract } from '../http/response-schemas.ts'
import { CANCEL_REASONS } from './membership.service.ts'

const card = z.object({ card_brand: z.string(), last4: z.string(), exp_month: z.number(), exp_year: z.number() })

export const MembershipSchema = contract<Membership>('Membership')(
  z.object({
    status: z.enum(MEMBERSHIP_STATUSES),
    amount: z.number(),
    pause_monthly_price: z.number(),
    discount_percentage: z.number(),
    overdue: z.boolean(),
    paused: z.boolean(),
    paypal_express: z.boolean(),
    next_billing_date: z.string().nullable(),
    next_prepaid_ship_date: z.string().nullable(),
    prepaid_months: z.number(),
    free_accessory: z.boolean(),
    bonus_piece: z.boolean(),
    bonus_piece_description: z.string().nullable(),
    plan_id: z.string().nullable(),
    pause_plan_id: z.string().nullable(),
    how_many: z.number(),
    period: z.string().nullable(),
    cutoff_date: z.string().nullable(),
    cutoff_passed: z.boolean(),
    actions: z.array(z.enum(MEMBER_EVENTS)),
    joined_on: z.string().nullable(),
    cancelled_on: z.string().nullable(),
    next_retry_date: z.string().nullable(),
    paid_through: z
      .string()
      .nullable()
      .describe('a cancelled membership owes nothing until this day (its months to it paid or skipped): rejoining before it charges nothing today'),
    card: card.nullable(),
    summary: z.string().describe('what happens to the current period, in words'),
  }),
)

export const CancelCheckSchema = contract<CancelCheck>('CancelCheck')(z.object({ cant_cancel: z.boolean(), tracking_number: z.string().nullable() }))

const pick = z.object({ item_id: z.number(), name: z.string(), color: z.string(), size: z.string(), image: z.string().nullable() })
const choice = z.object({ item_id: z.number(), name: z.string(), color: z.string(), image: z.string().nullable(), sizes: z.array(z.string()) })
export const MonthlyPicksSchema = contract<MonthlyPicks>('MonthlyPicks')(
  z.object({
    period: z.string(),
    cutoff_date: z.string(),
    open: z.boolean(),
    closed_reason: z.string().nullable(),
    how_many: z.number(),
    picks: z.array(pick),
    choices: z.array(choice),
  }),
)

const reasonList = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]))
  .pipe(z.array(z.string().trim().max(200, 'A reason is at most 200 characters')).max(CANCEL_REASONS.length + 1, 'Choose fewer reasons'))

/** POST /membership/cancel: reasons (checkboxes, repeated field or list) and a free-text note, all optional: a bare POST (no body, read as null) is `{}`. */
export const cancelBody = z
  .object({ reasons: reasonList, other: z.string().trim().max(500, 'Keep your note under 500 characters').optional() })
  .nullish()
  .transform((body) => {
    const reasons = (body?.reasons ?? []).filter(Boolean)
    return body?.other ? [...reasons, `Other: ${body.other}`] : reasons
  })

const onePick = z.object({
  item_id: itemIdSchema,
  size: z.string({ message: 'Choose a size' }).trim().min(1, 'Choose a size').max(20, 'That size is not valid'),
})

/** POST /membership/picks: {picks: [{item_id, size}]} (JSON), or one item_id and size (a form); [] clears. */
export const picksBody = z.union([z.object({ picks: z.array(onePick).max(10, 'Pick at most 10 items') }), onePick]).transform((body) => {
  const list = 'picks' in body ? body.picks : [body]
  const seen = new Set<string>()
  return list.filter((p) => {
    const key = `${p.item_id}|${p.size}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
})
