/**
 * A member's own requests (DESIGN §4): read the membership, skip or undo a
 * skip, pause, resume, cancel (with the cancel check of SPEC §3) and rejoin.
 * The membership is always the session's customer's: no id is ever taken from
 * the request. Every change is core's `transition`; a refusal is a 409 with its
 * reason. Changes are conditional updates on the state read, so two tabs racing
 * cannot both apply.
 */
import { dayName, firstPauseFeeDate, isPastCutoff, monthName, periodOf, transition, type CancelCheck, type Membership, type MembershipEvent } from '@store/core'
import type { Transaction } from 'kysely'
import type { RequestContext } from '../context/request-context.ts'
import type { Database } from '../db/schema.ts'
import { conflict, HttpError, notFound, unprocessable } from '../http/errors.ts'
import type { PaymentGateway } from '../payments/gateway.ts'
import { todayOf } from './club-join.ts'
import { chargePeriod, claimPeriod, claimRetry, type ChargeDeps } from './club-charges.ts'
import { findCharge, findMembershipOf, findOrderInProgress, type MembershipWithCard } from './membership.queries.ts'
import { clubChangedEmail, clubRejoinedFreeEmail, type ClubChange } from './club-email.ts'
import { membershipView, statusOf, summaryOf } from './membership.view.ts'
import { tellMember } from './tell-member.ts'
import { paidThrough } from './paid-interval.ts'
import { getSettingsBundle } from '../settings/settings.service.ts'
import { takeTurn } from '../db/take-turn.ts'
import { JOINING_AT_CHECKOUT, joiningOrders } from '../checkout/join-once.ts'
import { audited, type AuditActor } from '../staff/audit.ts'
import { recordMembershipEvent } from './membership-events.ts'

/** The reasons a member may give when cancelling (the form's checkboxes). */
export const CANCEL_REASONS = [
  'Too expensive',
  'I have enough clothes for now',
  'I did not like my monthly items',
  'Sizing or fit was not right',
  'I forget to skip months',
  'Shipping took too long',
  'Other',
] as const

const NO_CLUB = 'This store has no membership club.'

/**
 * A brand without a club (glow) has nothing to skip, pause, cancel or pick: its club
 * requests are a 404 saying so, as its club pages are, not an invitation to join a
 * club it does not have (the settings are cached: no statement).
 */
export async function requireClubBrand(ctx: RequestContext): Promise<void> {
  if ((await getSettingsBundle(ctx.data.db, ctx.data.brandId))?.row.brand_has_club !== 1) throw notFound(NO_CLUB)
}

async function customerOf(ctx: RequestContext): Promise<string> {
  const shopper = await ctx.shopper()
  if (!shopper.customerId) throw new HttpError(401, 'Log in to manage your membership.')
  return shopper.customerId
}

async function mine(ctx: RequestContext): Promise<MembershipWithCard> {
  const customerId = await customerOf(ctx)
  const row = await findMembershipOf(ctx.data.db, ctx.data.brandId, customerId)
  if (!row) throw new HttpError(404, 'You are not a VIP member yet. Join the club to skip, pause or cancel.')
  return row
}

/** GET /membership: the session's customer's membership, or null (a visitor or a non-member). */
export async function getMembership(ctx: RequestContext): Promise<Membership | null> {
  const shopper = await ctx.shopper()
  if (!shopper.customerId) return null
  const row = await findMembershipOf(ctx.data.db, ctx.data.brandId, shopper.customerId)
  if (!row) return null
  const inProgress = await findOrderInProgress(ctx.data.db, row.id)
  return membershipView(row, todayOf(ctx), Boolean(inProgress))
}

/** SPEC §3 cancel check: an order of the membership being packed blocks a cancel (once shipped, it no longer does). */
export async function cancelCheck(ctx: RequestContext): Promise<CancelCheck> {
  const row = await mine(ctx)
  const order = await findOrderInProgress(ctx.data.db, row.id)
  return { cant_cancel: Boolean(order), tracking_number: order?.tracking_number ?? null }
}

type Request = Extract<MembershipEvent, 'skip' | 'unskip' | 'pause' | 'resume'>

const STATE_CHANGED = 'Your membership changed in another window. Please look again and retry.'
/** A rejoin refused because the card's bank asks to confirm each payment (Stripe's authentication_required). */
export const BANK_WANTS_TO_ASK =
  'Your bank wants to confirm this payment with you, which it can only do at the VIP checkout. Rejoin there with the same card (your bank will ask), or use another card. Nothing was charged.'

/**
 * A member of staff acting on a member's behalf (admin-club/): the change is the member's own,
 * made by the same function, with its audit entry in the same transaction and an e-mail that
 * says the store made it at the member's request.
 */
export interface OnBehalf {
  actor: AuditActor
  /** the operator's note, kept in the audit entry, never shown to the member */
  note: string
}

/** Records a change in the club's history and, when staff made it, the audit log: inside the change's transaction. */
async function remember(
  ctx: RequestContext,
  trx: Transaction<Database>,
  row: MembershipWithCard,
  event: string,
  to: string,
  staff?: OnBehalf,
  detail?: Record<string, unknown>,
  after?: Record<string, unknown>,
) {
  const from = statusOf(row)
  await recordMembershipEvent(trx, { brandId: ctx.data.brandId, membershipId: row.id, event, from, to, at: ctx.now(), staffId: staff?.actor.staffId ?? null, detail })
  if (staff) {
    await audited(trx, staff.actor, {
      action: `membership.${event}`,
      entity: 'membership',
      id: row.id,
      before: { status: from, next_billing_date: row.next_billing_date },
      after: { status: to, ...after, note: staff.note },
    })
  }
}

/** skip, unskip, pause, resume: the session's member's own request. */
export async function changeMembership(ctx: RequestContext, event: Request): Promise<Membership> {
  return changeMembershipOf(ctx, await mine(ctx), event)
}

/** skip, unskip, pause, resume of a membership (the member's, or staff on their behalf): one conditional update from the state read to the state core says. */
export async function changeMembershipOf(ctx: RequestContext, row: MembershipWithCard, event: Request, staff?: OnBehalf): Promise<Membership> {
  const today = todayOf(ctx)
  const status = statusOf(row)
  const cutoffPassed = row.next_billing_date ? isPastCutoff(today, row.next_billing_date) : false
  const next = transition(status, event, { cutoffPassed, wasPaused: row.was_paused === 1 })
  if (!next.ok) throw conflict(next.reason)
  // a month already skipped stays free: a pause from it settles that month as skipped now, and the pause price starts the month after
  const due = row.next_billing_date
  const nextDate = event === 'pause' && due ? firstPauseFeeDate(status, due, row.billing_day) : due
  // the skipped month the pause keeps free, when it moves the billing date on
  const keptSkip = due !== null && nextDate !== due ? due : null
  const after = { ...row, status: next.state, next_billing_date: nextDate }
  const kept = keptSkip ? `${monthName(periodOf(keptSkip))} stays skipped: nothing is charged on ${dayName(keptSkip)} and no box is sent. ` : ''
  const changed = await ctx.data.db.transaction().execute(async (trx) => {
    if (keptSkip) {
      const settled = await claimPeriod(trx, { now: () => ctx.now() }, row, {
        period: periodOf(keptSkip),
        billingDate: keptSkip,
        kind: 'skipped',
        amountCents: 0,
        statuses: ['skipped'],
        whereBillingDate: keptSkip,
      })
      if (!settled) return false
    }
    const done = await trx
      .updateTable('memberships')
      .set({ status: next.state, next_billing_date: nextDate })
      .where('id', '=', row.id)
      .where('brand_id', '=', ctx.data.brandId)
      .where('status', '=', status)
      .executeTakeFirst()
    if (Number(done.numUpdatedRows) !== 1) return false
    await remember(ctx, trx, row, event, next.state, staff, undefined, { next_billing_date: nextDate })
    await confirmInWriting(ctx, trx, after, event, today, kept, Boolean(staff))
    return true
  })
  if (!changed) throw conflict(STATE_CHANGED)
  ctx.log.info({ membership: row.id, event, from: status, to: next.state, ...(keptSkip ? { skippedKept: keptSkip, pauseFeeFrom: nextDate } : {}) }, 'membership changed')
  const view = membershipView(after, today)
  return kept ? { ...view, summary: kept + view.summary } : view
}

/** The member's change told by e-mail (club-email.ts), in the transaction that makes it: told once, and only if it happened. */
function confirmInWriting(ctx: RequestContext, trx: Transaction<Database>, after: MembershipWithCard, event: ClubChange, today: string, before = '', byStore = false) {
  const period = after.next_billing_date ? periodOf(after.next_billing_date) : null
  return tellMember(trx, ctx.data.brandId, ctx.brand, after.customer_id, ctx.now().toISOString(), (brand, member) =>
    clubChangedEmail(brand, member, { event, period, summary: before + summaryOf(after, today), byStore }),
  )
}

/** Marks the save offer (pause or skip instead) as shown: it is offered once. */
export async function saveOfferSeen(ctx: RequestContext): Promise<boolean> {
  const row = await mine(ctx)
  if (row.save_offer_seen === 1) return false
  return ctx.data.db.transaction().execute(async (trx) => {
    const marked = await trx.updateTable('memberships').set({ save_offer_seen: 1 }).where('id', '=', row.id).where('save_offer_seen', '=', 0).executeTakeFirst()
    if (Number(marked.numUpdatedRows) !== 1) return false
    // the save rate's "shown" (admin-club): the state stays as it is
    await recordMembershipEvent(trx, { brandId: ctx.data.brandId, membershipId: row.id, event: 'save_offer_shown', from: statusOf(row), to: statusOf(row), at: ctx.now() })
    return true
  })
}

/** Cancels at once (docs/club-membership.md): no further charge, club prices end; reasons are kept. */
export async function cancelMembership(ctx: RequestContext, reasons: string[]): Promise<Membership> {
  return cancelMembershipOf(ctx, await mine(ctx), reasons)
}

/** Cancels a membership at once (the member's, or staff on their behalf), keeping the reasons given. */
export async function cancelMembershipOf(ctx: RequestContext, row: MembershipWithCard, reasons: string[], staff?: OnBehalf): Promise<Membership> {
  const today = todayOf(ctx)
  const status = statusOf(row)
  const inProgress = await findOrderInProgress(ctx.data.db, row.id)
  const next = transition(status, 'cancel', { cutoffPassed: false, orderInProgress: Boolean(inProgress) })
  if (!next.ok) throw conflict(next.reason)
  const now = ctx.now().toISOString()
  const after = { ...row, status: 'cancelled', cancelled_at: now, overdue: 0 }
  const cancelled = await ctx.data.db.transaction().execute(async (trx) => {
    const changed = await trx
      .updateTable('memberships')
      .set({ status: 'cancelled', overdue: 0, cancelled_at: now, cancel_reasons: JSON.stringify(reasons), save_offer_seen: 1 })
      .where('id', '=', row.id)
      .where('brand_id', '=', ctx.data.brandId)
      .where('status', '=', status)
      .executeTakeFirst()
    if (Number(changed.numUpdatedRows) !== 1) return false
    await trx.updateTable('customers').set({ has_club: 0, cancelled_before: 1 }).where('id', '=', row.customer_id).execute()
    // a failed charge is not retried any more
    await trx.updateTable('membership_charges').set({ next_retry_on: null }).where('membership_id', '=', row.id).where('status', '=', 'failed').execute()
    await remember(ctx, trx, row, 'cancel', 'cancelled', staff, { reasons })
    await confirmInWriting(ctx, trx, after, 'cancel', today, '', Boolean(staff))
    return true
  })
  if (!cancelled) throw conflict(STATE_CHANGED)
  ctx.log.info({ membership: row.id, from: status, reasons }, 'membership cancelled')
  return membershipView(after, today)
}

/**
 * Rejoins a cancelled or lapsed membership. Inside the paid interval (paidThrough)
 * nothing is charged and no card is needed: active again, the billing date as it was.
 * Otherwise the saved card is charged for the rejoin day's period (claimed and charged
 * at once, at most once, like billing), and the rejoin day becomes the billing day;
 * a period already charged is not charged again. Without a saved card: 422.
 */
export async function rejoinMembership(ctx: RequestContext, gateway: PaymentGateway): Promise<Membership> {
  const row = await mine(ctx)
  const today = todayOf(ctx)
  const status = statusOf(row)
  const next = transition(status, 'rejoin', { cutoffPassed: false })
  if (!next.ok) throw conflict(next.reason)
  const period = periodOf(today)
  const existing = paidThrough(row, today) ? undefined : await findCharge(ctx.data.db, row.id, period)
  if (paidThrough(row, today) || existing?.status === 'charged' || existing?.status === 'none') {
    // this interval is paid (or settled): back to active at no charge, the billing date as it was
    const changed = await ctx.data.db.transaction().execute(async (trx) => {
      const done = await trx
        .updateTable('memberships')
        .set({ status: 'active', overdue: 0, cancelled_at: null, failed_on: null, failed_period: null, retries_done: 0, save_offer_seen: 0 })
        .where('id', '=', row.id)
        .where('status', '=', status)
        .executeTakeFirst()
      if (Number(done.numUpdatedRows) !== 1) return false
      await remember(ctx, trx, row, 'rejoin', 'active')
      await trx.updateTable('customers').set({ has_club: 1 }).where('id', '=', row.customer_id).execute()
      // the free rejoin is told too: the member's last club e-mail said "cancelled"
      const nextDate = row.next_billing_date
      if (nextDate) {
        await tellMember(trx, ctx.data.brandId, ctx.brand, row.customer_id, ctx.now().toISOString(), (brand, member) =>
          clubRejoinedFreeEmail(brand, member, { nextBillingDate: nextDate, amountCents: row.amount_cents }),
        )
      }
      return true
    })
    if (!changed) throw conflict(STATE_CHANGED)
    const after = await findMembershipOf(ctx.data.db, ctx.data.brandId, row.customer_id)
    ctx.log.info({ membership: row.id, paidTo: row.next_billing_date }, 'membership rejoined within a paid interval')
    return membershipView(after!, today)
  }
  if (!row.gateway_token) {
    throw unprocessable('There is no saved card to charge. Rejoin through the VIP checkout with your card instead.', 'payment_token')
  }
  const deps: ChargeDeps = { gateway, log: ctx.log, now: () => ctx.now(), brandRegistry: [ctx.brand] }
  // the claim takes the customer's turn, as a join checkout's reservation does, and is made only while
  // no join order of theirs holds its reservation: of the two sent at once, one charges (join-once.ts)
  const unlessJoining = { customerId: row.customer_id, now: ctx.now() }
  const claim = await ctx.data.db.transaction().execute(async (trx) => {
    await takeTurn(trx, 'customer', row.customer_id)
    const claimed = !existing
      ? await claimPeriod(
          trx,
          deps,
          row,
          { period, billingDate: today, kind: 'rejoin', amountCents: row.amount_cents, statuses: ['cancelled', 'lapsed'], whereBillingDate: null },
          unlessJoining,
        )
      : existing.status === 'failed'
        ? await claimRetry(trx, deps, existing, { kind: 'rejoin', amountCents: row.amount_cents, billingDate: today }, unlessJoining)
        : null
    if (claimed) return claimed
    // refused: say why, read in the same turn (only a refusal pays for this statement)
    const { joining } = await trx.selectNoFrom((eb) => eb.exists(joiningOrders(eb, ctx.data.brandId, row.customer_id, unlessJoining.now)).as('joining')).executeTakeFirstOrThrow()
    // SQLite answers exists() as 0 or 1, PostgreSQL as a boolean
    if (Number(joining)) throw conflict(JOINING_AT_CHECKOUT)
    return null
  })
  if (!claim) throw conflict('Your rejoin is already being processed. Please wait a moment.')
  const charged = await chargePeriod(ctx.data, deps, claim, row, today)
  if (!charged) throw new HttpError(503, 'We could not reach the payment service. Try again in a moment: you will not be charged twice.')
  const { recorded: outcome, result } = charged
  if (outcome === 'failed') {
    // a bank that asks to confirm every payment cannot be asked here (the charge is made without the
    // card's page): the VIP checkout charges the same saved card with the bank's step, so say where
    if (result.status === 'declined' && result.code === 'authentication_required') throw new HttpError(402, BANK_WANTS_TO_ASK, 'payment_token')
    throw new HttpError(402, result.status === 'declined' ? result.message : 'Your card was declined.', 'payment_token')
  }
  const after = await findMembershipOf(ctx.data.db, ctx.data.brandId, row.customer_id)
  ctx.log.info({ membership: row.id, period }, 'membership rejoined')
  return membershipView(after!, today)
}
