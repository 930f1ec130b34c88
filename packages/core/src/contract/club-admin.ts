/**
 * The operator's club pages (DESIGN §8 GET /api/admin/club/summary, docs/admin-club.md):
 * the club's health figures, each with the members behind it, the members list and a
 * member's page. Money in dollars; days 'YYYY-MM-DD', months 'YYYY-MM'.
 */
import type { MembershipStatus } from '../membership.ts'
import type { Membership } from './membership.ts'

/** A count and the members behind it: `members` is the members list's filter (a query string for GET /club/members). */
export interface ClubFigure {
  value: number
  members: string
}

/** Members by state. */
export interface ClubStates {
  active: ClubFigure
  skipped: ClubFigure
  paused: ClubFigure
  overdue: ClubFigure
  cancelled: ClubFigure
  lapsed: ClubFigure
}

/** One month of the range. */
export interface ClubMonth {
  month: string
  /** the day the states are counted at: the month's last day, or today in the current month */
  counted_on: string
  states: ClubStates
  /** members (active, skipped, paused, overdue) at the month's start */
  members_at_start: number
  /** joins and rejoins */
  joins: ClubFigure
  cancels: ClubFigure
  /** ended because every retry of a failed charge failed */
  lapses: ClubFigure
  /** joins less cancels and lapses */
  net_growth: number
  /** (cancels + lapses) / members at the month's start */
  churn: number | null
  skips: ClubFigure
  /** skips / members active or skipped at the month's start */
  skip_rate: number | null
}

export interface ClubSaveOffer {
  shown: ClubFigure
  saved_by_skip: ClubFigure
  saved_by_pause: ClubFigure
  cancelled_anyway: ClubFigure
  /** left the page without skipping, pausing or cancelling within the week */
  no_answer: ClubFigure
  /** saved (skip or pause) / shown */
  save_rate: number | null
}

export interface ClubCancelReason {
  reason: string
  count: number
  members: string
  /** what members wrote under Other (100 at most) */
  answers: string[]
}

export interface ClubRetryDay {
  /** days since the first failure */
  day: number
  recovered_by_retry: ClubFigure
  recovered_by_new_card: ClubFigure
  lapsed: ClubFigure
}

export interface ClubRecovery {
  /** monthly charges that failed (the membership became overdue) */
  failed: ClubFigure
  recovered_by_retry: ClubFigure
  recovered_by_new_card: ClubFigure
  lapsed: ClubFigure
  /** recovered / (recovered + lapsed) */
  recovery_rate: number | null
  overdue_now: ClubFigure
  by_retry_day: ClubRetryDay[]
}

export interface ClubCohort {
  /** the month its memberships were made */
  cohort: string
  size: ClubFigure
  /** still members at each month's end */
  retained: { month: string; members: ClubFigure; rate: number | null }[]
}

/** GET /api/admin/club/summary?from=&to= */
export interface ClubSummary {
  from: string
  to: string
  today: string
  /** monthly recurring revenue: active and skipped members at their monthly price, paused ones at the pause price */
  mrr: number
  states_today: ClubStates
  months: ClubMonth[]
  save_offer: ClubSaveOffer
  cancel_reasons: ClubCancelReason[]
  recovery: ClubRecovery
  cohorts: ClubCohort[]
}

/** One row of the members list. */
export interface ClubMemberRow {
  id: string
  customer_id: string
  name: string
  /** masked for an analyst */
  email: string
  status: MembershipStatus
  joined: string
  next_billing_date: string | null
  amount: number
  /** an overdue member's next retry of the failed charge */
  next_retry_on: string | null
}

/** GET /api/admin/club/members */
export interface ClubMembersPage {
  members: ClubMemberRow[]
  next_cursor: string | null
  total: number
}

/** One entry of a member's club history. */
export interface ClubHistoryEntry {
  at: string
  event: string
  from: string | null
  to: string
  /** the member of staff who made it (their e-mail), null for the member or billing */
  by: string | null
  cause: string | null
  detail: unknown
}

/** One period's charge, with its order and what was refunded of it. */
export interface ClubMemberCharge {
  period: string
  billing_date: string
  kind: string
  amount: number
  status: string
  next_retry_on: string | null
  order_number: string | null
  refunded: number
  /** staff may refund the month (a paid charge with money left) */
  refundable: boolean
}

/** GET /api/admin/club/members/{id}: the member's page. */
export interface ClubMemberDetail {
  id: string
  customer: { id: string; name: string; email: string }
  membership: Membership
  history: ClubHistoryEntry[]
  charges: ClubMemberCharge[]
  /** what staff may do now: skip, unskip, pause, resume, cancel, free_month, next_retry */
  actions: string[]
  /** an overdue member's failed charge: the latest day its next try may be moved to */
  last_retry_on: string | null
}
