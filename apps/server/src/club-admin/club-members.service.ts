/**
 * The operator's club members (GET /api/admin/club/members and /club/members/{id}):
 * a page of the brand's memberships filtered as a health figure says (club-members.filters.ts),
 * newest first by cursor, and one member's page: the membership as the member sees it,
 * its history, its charges with their orders, and what staff may do now.
 */
import { fromCents, isMemberState, maskEmail, memberActions, retryDates, staffSeesEmails, type ClubMemberDetail, type ClubMembersPage, type StaffRole } from '@store/core'
import type { RequestContext } from '../context/request-context.ts'
import { badRequest, notFound } from '../http/errors.ts'
import { findMembershipById, findOrderInProgress, type MembershipWithCard } from '../membership/membership.queries.ts'
import { membershipView, statusOf } from '../membership/membership.view.ts'
import { todayOf } from '../membership/club-join.ts'
import { membersWhere, type MembersFilter } from './club-members.filters.ts'

const encodeCursor = (row: { created_at: string; id: string }) => Buffer.from(`${row.created_at}|${row.id}`).toString('base64url')
function decodeCursor(cursor: string): { created_at: string; id: string } {
  const [createdAt, id] = Buffer.from(cursor, 'base64url').toString().split('|')
  if (!createdAt || !id || Number.isNaN(Date.parse(createdAt))) throw badRequest('This page of members is not one we gave out. Start from the first page.', 'cursor')
  return { created_at: createdAt, id }
}

export type MembersSort = 'newest' | 'oldest'

export async function listClubMembers(
  ctx: RequestContext,
  role: StaffRole,
  filter: MembersFilter,
  page: { cursor?: string; limit?: number; sort?: MembersSort },
): Promise<ClubMembersPage> {
  const { db, brandId } = ctx.data
  const limit = page.limit ?? 50
  const where = await membersWhere(db, brandId, filter)
  const base = db.selectFrom('memberships as m').innerJoin('customers', 'customers.id', 'm.customer_id').where(where)
  const oldest = page.sort === 'oldest'
  const after = page.cursor ? decodeCursor(page.cursor) : null
  const [rows, total] = await Promise.all([
    base
      .select(['m.id', 'm.customer_id', 'm.status', 'm.created_at', 'm.next_billing_date', 'm.amount_cents', 'customers.name', 'customers.email'])
      .select((eb) =>
        eb
          .selectFrom('membership_charges as f')
          .select((f) => f.fn.min('f.next_retry_on').as('retry'))
          .whereRef('f.membership_id', '=', 'm.id')
          .where('f.status', '=', 'failed')
          .as('next_retry_on'),
      )
      .$if(after !== null, (q) =>
        q.where((eb) =>
          eb.or([eb('m.created_at', oldest ? '>' : '<', after!.created_at), eb.and([eb('m.created_at', '=', after!.created_at), eb('m.id', oldest ? '>' : '<', after!.id)])]),
        ),
      )
      .orderBy('m.created_at', oldest ? 'asc' : 'desc')
      .orderBy('m.id', oldest ? 'asc' : 'desc')
      .limit(limit + 1)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ])
  const shown = rows.slice(0, limit)
  const seesEmails = staffSeesEmails(role)
  const last = shown.at(-1)
  return {
    members: shown.map((row) => ({
      id: row.id,
      customer_id: row.customer_id,
      name: row.name,
      email: seesEmails ? row.email : maskEmail(row.email),
      status: statusOf(row),
      joined: row.created_at.slice(0, 10),
      next_billing_date: row.next_billing_date,
      amount: fromCents(row.amount_cents),
      next_retry_on: row.status === 'overdue' ? ((row.next_retry_on as string | null) ?? null) : null,
    })),
    next_cursor: rows.length > limit && last ? encodeCursor(last) : null,
    total: Number(total.n),
  }
}

/** A membership of this brand by id, or a 404 in words. */
export async function membershipOrNotFound(ctx: RequestContext, id: string): Promise<MembershipWithCard> {
  const row = await findMembershipById(ctx.data.db, ctx.data.brandId, id)
  if (!row) throw notFound('There is no such member at this brand.')
  return row
}

/** The last day a failed charge of an overdue membership may be tried (its last scheduled retry). */
export function lastRetryOn(row: MembershipWithCard): string | null {
  return statusOf(row) === 'overdue' && row.failed_on ? (retryDates(row.failed_on).at(-1) ?? null) : null
}

export async function clubMemberDetail(ctx: RequestContext, role: StaffRole, id: string): Promise<ClubMemberDetail> {
  const { db, brandId } = ctx.data
  const row = await membershipOrNotFound(ctx, id)
  const today = todayOf(ctx)
  const [customer, history, charges, inProgress] = await Promise.all([
    db.selectFrom('customers').select(['id', 'name', 'email']).where('id', '=', row.customer_id).where('brand_id', '=', brandId).executeTakeFirstOrThrow(),
    db
      .selectFrom('membership_events')
      .leftJoin('staff', 'staff.id', 'membership_events.staff_id')
      .select([
        'membership_events.at',
        'membership_events.event',
        'membership_events.from_status',
        'membership_events.to_status',
        'membership_events.cause',
        'membership_events.detail_json',
        'staff.email as by',
      ])
      .where('membership_events.membership_id', '=', row.id)
      .orderBy('membership_events.at', 'desc')
      .limit(200)
      .execute(),
    db
      .selectFrom('membership_charges as c')
      .leftJoin('payments as p', (join) => join.onRef('p.gateway_payment_id', '=', 'c.gateway_payment_id').on('p.kind', '=', 'charge').on('p.brand_id', '=', brandId))
      .select(['c.period', 'c.billing_date', 'c.kind', 'c.amount_cents', 'c.status', 'c.next_retry_on', 'p.order_number', 'p.id as payment_id'])
      .select((eb) =>
        eb
          .selectFrom('payments as r')
          .select((r) => r.fn.coalesce(r.fn.sum<number | string>('r.amount_cents'), r.lit(0)).as('refunded'))
          .whereRef('r.refund_of', '=', 'p.id')
          .where('r.kind', '=', 'refund')
          .where('r.status', 'in', ['succeeded', 'pending'])
          .as('refunded'),
      )
      .where('c.membership_id', '=', row.id)
      .where('c.brand_id', '=', brandId)
      .orderBy('c.period', 'desc')
      .execute(),
    findOrderInProgress(db, row.id),
  ])
  const status = statusOf(row)
  const membership = membershipView(row, today, Boolean(inProgress))
  const actions: string[] = memberActions(status, { cutoffPassed: membership.cutoff_passed, wasPaused: row.was_paused === 1, orderInProgress: Boolean(inProgress) }).filter(
    (action) => action !== 'rejoin',
  )
  if (isMemberState(status)) actions.push('free_month')
  const lastRetry = lastRetryOn(row)
  if (lastRetry && lastRetry >= today && charges.some((charge) => charge.status === 'failed' && charge.next_retry_on)) actions.push('next_retry')
  return {
    id: row.id,
    customer: { id: customer.id, name: customer.name, email: staffSeesEmails(role) ? customer.email : maskEmail(customer.email) },
    membership,
    history: history.map((entry) => ({
      at: entry.at,
      event: entry.event,
      from: entry.from_status,
      to: entry.to_status,
      by: entry.by ?? null,
      cause: entry.cause,
      detail: entry.detail_json ? (JSON.parse(entry.detail_json) as unknown) : null,
    })),
    charges: charges.map((charge) => {
      const refunded = Number(charge.refunded ?? 0)
      return {
        period: charge.period,
        billing_date: charge.billing_date,
        kind: charge.kind,
        amount: fromCents(charge.amount_cents),
        status: charge.status,
        next_retry_on: charge.next_retry_on,
        order_number: charge.order_number ?? null,
        refunded: fromCents(refunded),
        // a paused month's price (no order) is refundable too, from its ledger row (decision 252)
        refundable: charge.status === 'charged' && charge.amount_cents > 0 && charge.payment_id !== null && refunded < charge.amount_cents,
      }
    }),
    actions,
    last_retry_on: lastRetry,
  }
}
