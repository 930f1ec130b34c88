/**
 * The members list's filters (GET /api/admin/club/members): each figure of the club's
 * health links here with the filter that finds the members behind it, so both are
 * written from the same definitions (club-health.queries.ts's EVENT_FIGURES, core's
 * saveOutcomes). A filter is a where clause on the brand's memberships.
 */
import { isMembershipStatus, MEMBER_STATES, monthsBetween, saveOutcomes } from '@store/core'
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely'
import { z } from 'zod'
import type { Database } from '../db/schema.ts'
import { badRequest } from '../http/errors.ts'
import { eventMatches, monthStart, nextMonthStart, saveOfferEvents } from './club-health.queries.ts'

type Db = Kysely<Database>
type Members = ExpressionBuilder<Database & { m: Database['memberships'] }, 'm' | 'customers'>

const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Give a month as YYYY-MM, for instance 2026-11.')
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Give a day as YYYY-MM-DD.')

export const membersFilterSchema = z.object({
  query: z.string().trim().max(200).optional().describe('part of a name or e-mail'),
  state: z
    .string()
    .refine(isMembershipStatus, 'Pick a state: active, skipped, paused, overdue, cancelled or lapsed.')
    .optional()
    .describe("today's state, or the state at the end of `on`"),
  on: day.optional(),
  event: z
    .string()
    .max(200)
    .regex(/^[a-z_]+(,[a-z_]+)*$/, 'Name events separated by commas, for instance join,rejoin.')
    .optional()
    .describe('had one of these events (comma list) in `month`, or from `from` to `to`'),
  month: month.optional(),
  from: month.optional(),
  to: month.optional(),
  from_state: z.string().max(20).optional(),
  cause: z.string().max(20).optional(),
  retry_day: z.coerce.number().int().min(0).max(60).optional(),
  offer: z
    .enum(['shown', 'skip', 'pause', 'cancel', 'none'], { message: 'Pick shown, skip, pause, cancel or none.' })
    .optional()
    .describe('the save offer shown from `from` to `to`, and its answer'),
  reason: z.string().max(600).optional().describe('cancelled from `from` to `to` giving this reason'),
  cohort: month.optional().describe('memberships made in this month'),
  member_on: day.optional().describe('still a member at the end of this day'),
})
export type MembersFilter = z.infer<typeof membersFilterSchema>

/** The state of a membership at the end of a day: its latest change of state by then. */
function stateOn(eb: Members, on: string) {
  return eb
    .selectFrom('membership_events as s')
    .select('s.to_status')
    .whereRef('s.membership_id', '=', 'm.id')
    .where('s.day', '<=', on)
    .orderBy('s.day', 'desc')
    .orderBy('s.at', 'desc')
    .limit(1)
}

function months(filter: MembersFilter): { from: string; to: string } | null {
  if (filter.month) return { from: filter.month, to: filter.month }
  if (filter.from || filter.to) {
    const range = { from: filter.from ?? filter.to!, to: filter.to ?? filter.from! }
    if (range.from > range.to) throw badRequest('The range starts after it ends.', 'from')
    if (monthsBetween(range.from, range.to).length > 36) throw badRequest('Pick at most 36 months at a time.', 'from')
    return range
  }
  return null
}

/** A LIKE pattern matching `text` literally inside a longer text. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** The where clause of a filter (the save offer's outcomes are found first: core's saveOutcomes decides them). */
export async function membersWhere(db: Db, brandId: string, filter: MembersFilter): Promise<(eb: Members) => Expression<SqlBool>> {
  const range = months(filter)
  let offerIds: string[] | null = null
  if (filter.offer) {
    if (!range) throw badRequest('Give the months of the save offer (from and to).', 'from')
    const { offers, answers } = await saveOfferEvents(db, brandId, range.from, range.to)
    const outcomes = saveOutcomes(offers, answers)
    offerIds = [...new Set(outcomes.filter((o) => filter.offer === 'shown' || o.outcome === filter.offer).map((o) => o.membershipId))]
  }
  return (eb) => {
    const conditions: Expression<SqlBool>[] = [eb('m.brand_id', '=', brandId)]
    if (filter.query) {
      const like = contains(filter.query.toLowerCase())
      conditions.push(eb.or([sql<boolean>`lower(customers.email) like ${like} escape '\\'`, sql<boolean>`lower(customers.name) like ${like} escape '\\'`]))
    }
    if (filter.state && filter.on) conditions.push(eb(stateOn(eb, filter.on), '=', filter.state))
    else if (filter.state) conditions.push(eb('m.status', '=', filter.state))
    if (filter.event) {
      const events = filter.event.split(',')
      conditions.push(
        eb.exists(
          eb
            .selectFrom('membership_events')
            .select('membership_events.id')
            .whereRef('membership_events.membership_id', '=', 'm.id')
            .where((e) => eventMatches(e, { event: events, from_state: filter.from_state, cause: filter.cause, retry_day: filter.retry_day }))
            .$if(range !== null, (q) => q.where('membership_events.month', '>=', range!.from).where('membership_events.month', '<=', range!.to)),
        ),
      )
    }
    if (offerIds !== null) conditions.push(offerIds.length > 0 ? eb('m.id', 'in', offerIds) : sql<boolean>`1 = 0`)
    if (filter.reason) {
      // the reasons are kept as a JSON list: a reason given is its JSON string in it; Other is followed by the member's words
      const pattern = filter.reason === 'Other' ? contains('"Other') : contains(JSON.stringify(filter.reason))
      conditions.push(
        eb.exists(
          eb
            .selectFrom('membership_events as c')
            .select('c.id')
            .whereRef('c.membership_id', '=', 'm.id')
            .where('c.event', '=', 'cancel')
            .$if(range !== null, (q) => q.where('c.month', '>=', range!.from).where('c.month', '<=', range!.to))
            .where(filter.reason === 'No reason given' ? sql<boolean>`c.detail_json like ${'%"reasons":[]%'}` : sql<boolean>`c.detail_json like ${pattern} escape '\\'`),
        ),
      )
    }
    if (filter.cohort) conditions.push(eb.and([eb('m.created_at', '>=', monthStart(filter.cohort)), eb('m.created_at', '<', nextMonthStart(filter.cohort))]))
    if (filter.member_on) conditions.push(eb(stateOn(eb, filter.member_on), 'in', [...MEMBER_STATES]))
    return eb.and(conditions)
  }
}
