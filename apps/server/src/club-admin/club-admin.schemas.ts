/** The operator's club answers (contract types in @store/core contract/club-admin.ts) and request bodies. */
import type { ClubFigure, ClubMemberDetail, ClubMembersPage, ClubStates, ClubSummary } from '@store/core'
import { MEMBERSHIP_STATUSES } from '@store/core'
import { z } from 'zod'
import { contract } from '../http/response-schemas.ts'
import { MembershipSchema } from '../membership/membership.schemas.ts'

const rate = z.number().nullable().describe('0-1 to four decimals; null with nothing to divide by')

const figure = contract<ClubFigure>('ClubFigure')(
  z.object({ value: z.number().int(), members: z.string().describe('the filter of GET /club/members showing the members behind it (a query string)') }),
)

const states = contract<ClubStates>('ClubStates')(z.object({ active: figure, skipped: figure, paused: figure, overdue: figure, cancelled: figure, lapsed: figure }))

export const clubSummarySchema = contract<ClubSummary>('ClubSummary')(
  z.object({
    from: z.string(),
    to: z.string(),
    today: z.string(),
    mrr: z.number().describe('dollars: active and skipped members at their monthly price, paused ones at the pause price'),
    states_today: states,
    months: z.array(
      z.object({
        month: z.string(),
        counted_on: z.string(),
        states,
        members_at_start: z.number().int(),
        joins: figure,
        cancels: figure,
        lapses: figure,
        net_growth: z.number().int(),
        churn: rate,
        skips: figure,
        skip_rate: rate,
      }),
    ),
    save_offer: z.object({ shown: figure, saved_by_skip: figure, saved_by_pause: figure, cancelled_anyway: figure, no_answer: figure, save_rate: rate }),
    cancel_reasons: z.array(z.object({ reason: z.string(), count: z.number().int(), members: z.string(), answers: z.array(z.string()) })),
    recovery: z.object({
      failed: figure,
      recovered_by_retry: figure,
      recovered_by_new_card: figure,
      lapsed: figure,
      recovery_rate: rate,
      overdue_now: figure,
      by_retry_day: z.array(z.object({ day: z.number().int(), recovered_by_retry: figure, recovered_by_new_card: figure, lapsed: figure })),
    }),
    cohorts: z.array(z.object({ cohort: z.string(), size: figure, retained: z.array(z.object({ month: z.string(), members: figure, rate })) })),
  }),
)

const status = z.enum(MEMBERSHIP_STATUSES)

export const clubMembersPageSchema = contract<ClubMembersPage>('ClubMembersPage')(
  z.object({
    members: z.array(
      z.object({
        id: z.string(),
        customer_id: z.string(),
        name: z.string(),
        email: z.string(),
        status,
        joined: z.string(),
        next_billing_date: z.string().nullable(),
        amount: z.number(),
        next_retry_on: z.string().nullable(),
      }),
    ),
    next_cursor: z.string().nullable(),
    total: z.number().int(),
  }),
)

export const clubMemberDetailSchema = contract<ClubMemberDetail>('ClubMemberDetail')(
  z.object({
    id: z.string(),
    customer: z.object({ id: z.string(), name: z.string(), email: z.string() }),
    membership: MembershipSchema,
    history: z.array(
      z.object({ at: z.string(), event: z.string(), from: z.string().nullable(), to: z.string(), by: z.string().nullable(), cause: z.string().nullable(), detail: z.unknown() }),
    ),
    charges: z.array(
      z.object({
        period: z.string(),
        billing_date: z.string(),
        kind: z.string(),
        amount: z.number(),
        status: z.string(),
        next_retry_on: z.string().nullable(),
        order_number: z.string().nullable(),
        refunded: z.number(),
        refundable: z.boolean(),
      }),
    ),
    actions: z.array(z.string()),
    last_retry_on: z.string().nullable(),
  }),
)

/** What the operator writes with each action: kept in the audit log, never shown to the member. */
export const noteBody = z.object({
  note: z
    .string({ message: 'Say why, for the audit log (the member does not see it).' })
    .trim()
    .min(3, 'Say why, for the audit log (the member does not see it).')
    .max(500, 'Keep the note under 500 characters.'),
})

export const cancelForMemberBody = noteBody.extend({
  reasons: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]))
    .pipe(z.array(z.string().trim().min(1).max(200, 'A reason is at most 200 characters')).max(10, 'Choose fewer reasons')),
})

export const nextRetryBody = noteBody.extend({ day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Give a day as YYYY-MM-DD.') })

export const refundMonthBody = noteBody.extend({ period: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Give the month as YYYY-MM.') })

export const refundAnswer = z.object({
  order_number: z.string().nullable().describe('the order the charge paid; null for a paused month, which bought none'),
  refunded: z.number(),
  outcome: z.string(),
})
