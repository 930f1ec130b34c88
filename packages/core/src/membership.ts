/**
 * The VIP club membership as a state machine (docs/club-membership.md has the
 * diagram). A member's request (skip, pause, resume, cancel, rejoin) and the billing
 * job's outcomes (charge succeeded or failed, retries exhausted, a new period) are
 * events; `transition` says the next state or, for a refused event, why in words a
 * member understands. Billing amounts and dates are in club-billing.ts.
 */

export const MEMBERSHIP_STATUSES = ['active', 'skipped', 'paused', 'overdue', 'cancelled', 'lapsed'] as const
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number]

/** What a member asks for. */
export const MEMBER_EVENTS = ['skip', 'unskip', 'pause', 'resume', 'cancel', 'rejoin'] as const
/** What billing reports. */
export const BILLING_EVENTS = ['charge_succeeded', 'charge_failed', 'retries_exhausted', 'period_started'] as const
export const MEMBERSHIP_EVENTS = [...MEMBER_EVENTS, ...BILLING_EVENTS] as const
export type MembershipEvent = (typeof MEMBERSHIP_EVENTS)[number]

export function isMembershipStatus(v: unknown): v is MembershipStatus {
  return (MEMBERSHIP_STATUSES as readonly unknown[]).includes(v)
}

export function isMembershipEvent(v: unknown): v is MembershipEvent {
  return (MEMBERSHIP_EVENTS as readonly unknown[]).includes(v)
}

/** What the rules need to know besides the state. */
export interface MembershipFacts {
  /** The coming period's cut-off date has passed (club-billing.ts: isPastCutoff). */
  cutoffPassed: boolean
  /** For an overdue membership: it was paused when the charge failed, so a paid retry returns it to paused. */
  wasPaused?: boolean
  /** An order of this membership is being packed (SPEC §3 cancel check, cant_cancel); a shipped one does not block. */
  orderInProgress?: boolean
}

export type MembershipTransition = { ok: true; state: MembershipStatus } | { ok: false; reason: string }

/** The messages a refused event answers with (the API sends them with a 409). */
export const MEMBERSHIP_REFUSALS = {
  skipAfterCutoff: 'You can only skip a month before its cut-off date.',
  alreadySkipped: 'You have already skipped this month.',
  notSkipped: 'This month is not skipped, so there is nothing to undo.',
  unskipAfterCutoff: 'You can only undo a skip before the cut-off date.',
  skipWhilePaused: 'Your membership is paused, so there is no month to skip.',
  pauseAfterCutoff: 'You can only pause before this month’s cut-off date. You can pause after your next billing date.',
  alreadyPaused: 'Your membership is already paused.',
  notPaused: 'Your membership is not paused.',
  alreadyActive: 'Your membership is already active.',
  alreadyMember: 'You are already a member.',
  alreadyCancelled: 'Your membership is already cancelled.',
  alreadyEnded: 'Your membership has already ended.',
  cancelWhileShipping: 'Your membership can’t be cancelled while an order is being packed. Please try again once it has shipped, or contact us.',
  paymentFirst: 'Your last payment didn’t go through. Please update your payment method first.',
  overdueRejoin: 'You are already a member. Please update your payment method to settle your last payment.',
  notMemberCancelled: 'Your membership is cancelled. Rejoin the club to make changes.',
  notMemberLapsed: 'Your membership has ended. Rejoin the club to make changes.',
  nothingDueSkipped: 'Nothing is charged for a skipped month.',
  nothingDueEnded: 'Nothing is charged once a membership has ended.',
  noFailedPayment: 'There is no failed payment to retry.',
} as const

type Rule = (facts: MembershipFacts) => MembershipTransition

const to =
  (state: MembershipStatus): Rule =>
  () => ({ ok: true, state })
const refuse =
  (reason: string): Rule =>
  () => ({ ok: false, reason })
const beforeCutoff =
  (state: MembershipStatus, reason: string): Rule =>
  (facts) =>
    facts.cutoffPassed ? { ok: false, reason } : { ok: true, state }
const cancel: Rule = (facts) => (facts.orderInProgress ? { ok: false, reason: MEMBERSHIP_REFUSALS.cancelWhileShipping } : { ok: true, state: 'cancelled' })

const R = MEMBERSHIP_REFUSALS

/** Every state answers every event: the type makes a missing pair a compile error. */
const RULES: Record<MembershipStatus, Record<MembershipEvent, Rule>> = {
  active: {
    skip: beforeCutoff('skipped', R.skipAfterCutoff),
    unskip: refuse(R.notSkipped),
    pause: beforeCutoff('paused', R.pauseAfterCutoff),
    resume: refuse(R.alreadyActive),
    cancel,
    rejoin: refuse(R.alreadyMember),
    charge_succeeded: to('active'),
    charge_failed: to('overdue'),
    retries_exhausted: refuse(R.noFailedPayment),
    period_started: to('active'),
  },
  skipped: {
    skip: refuse(R.alreadySkipped),
    unskip: beforeCutoff('active', R.unskipAfterCutoff),
    pause: beforeCutoff('paused', R.pauseAfterCutoff),
    resume: refuse(R.notPaused),
    cancel,
    rejoin: refuse(R.alreadyMember),
    charge_succeeded: refuse(R.nothingDueSkipped),
    charge_failed: refuse(R.nothingDueSkipped),
    retries_exhausted: refuse(R.noFailedPayment),
    // a skip lasts one period
    period_started: to('active'),
  },
  paused: {
    skip: refuse(R.skipWhilePaused),
    unskip: refuse(R.notSkipped),
    pause: refuse(R.alreadyPaused),
    resume: to('active'),
    cancel,
    rejoin: refuse(R.alreadyMember),
    // the pause fee
    charge_succeeded: to('paused'),
    charge_failed: to('overdue'),
    retries_exhausted: refuse(R.noFailedPayment),
    period_started: to('paused'),
  },
  overdue: {
    skip: refuse(R.paymentFirst),
    unskip: refuse(R.paymentFirst),
    pause: refuse(R.paymentFirst),
    resume: refuse(R.paymentFirst),
    cancel,
    rejoin: refuse(R.overdueRejoin),
    charge_succeeded: (facts) => ({ ok: true, state: facts.wasPaused ? 'paused' : 'active' }),
    // another failed retry: still overdue, the retry schedule goes on
    charge_failed: to('overdue'),
    retries_exhausted: to('lapsed'),
    // no new period is billed while one is unpaid
    period_started: to('overdue'),
  },
  cancelled: {
    skip: refuse(R.notMemberCancelled),
    unskip: refuse(R.notMemberCancelled),
    pause: refuse(R.notMemberCancelled),
    resume: refuse(R.notMemberCancelled),
    cancel: refuse(R.alreadyCancelled),
    rejoin: to('active'),
    charge_succeeded: refuse(R.nothingDueEnded),
    charge_failed: refuse(R.nothingDueEnded),
    retries_exhausted: refuse(R.noFailedPayment),
    period_started: to('cancelled'),
  },
  lapsed: {
    skip: refuse(R.notMemberLapsed),
    unskip: refuse(R.notMemberLapsed),
    pause: refuse(R.notMemberLapsed),
    resume: refuse(R.notMemberLapsed),
    cancel: refuse(R.alreadyEnded),
    rejoin: to('active'),
    charge_succeeded: refuse(R.nothingDueEnded),
    charge_failed: refuse(R.nothingDueEnded),
    retries_exhausted: refuse(R.noFailedPayment),
    period_started: to('lapsed'),
  },
}

/** The membership's next state after an event, or why the event is refused. */
export function transition(state: MembershipStatus, event: MembershipEvent, facts: MembershipFacts): MembershipTransition {
  return RULES[state][event](facts)
}

/** The member requests that a state allows whatever the facts (for showing buttons). */
export function memberActions(state: MembershipStatus, facts: MembershipFacts): MembershipEvent[] {
  return MEMBER_EVENTS.filter((event) => transition(state, event, facts).ok)
}

/**
 * True when the coming period's cut-off closes something for the member: an active
 * member's skip, pause and pick, a skipped one's undo and pause. A paused member
 * resumes and cancels whenever they like, an overdue one must pay first, and a
 * former one has no period: the cut-off is not theirs to be told.
 */
export function cutoffApplies(state: MembershipStatus): boolean {
  return state === 'active' || state === 'skipped'
}

/** True while the member has the club's prices and perks (everything but cancelled and lapsed). */
export function isClubMember(state: MembershipStatus): boolean {
  return state !== 'cancelled' && state !== 'lapsed'
}
