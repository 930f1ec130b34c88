/**
 * The VIP club's answers (DESIGN §4: GET /membership, POST /membership/{skip,
 * pause, resume, cancel, rejoin}, GET/POST /membership/picks, GET
 * /membership/cancel-check). Money in dollars; dates 'YYYY-MM-DD'.
 */
import type { MEMBER_EVENTS, MembershipStatus } from '../membership.ts'

/** A request a member can make. */
export type MemberRequest = (typeof MEMBER_EVENTS)[number]

/** The saved card the club charges (what the store keeps of it). */
export interface MembershipCard {
  card_brand: string
  last4: string
  exp_month: number
  exp_year: number
}

/** SPEC §3 membership, with its state (docs/club-membership.md). */
export interface Membership {
  status: MembershipStatus
  amount: number
  pause_monthly_price: number
  discount_percentage: number
  overdue: boolean
  paused: boolean
  paypal_express: boolean
  next_billing_date: string | null
  next_prepaid_ship_date: string | null
  prepaid_months: number
  free_accessory: boolean
  bonus_piece: boolean
  bonus_piece_description: string | null
  plan_id: string | null
  pause_plan_id: string | null
  /** monthly items per period */
  how_many: number
  /** the coming period ('YYYY-MM') and the last day to skip, pause or pick for it */
  period: string | null
  cutoff_date: string | null
  cutoff_passed: boolean
  /** the member's requests the state allows now (skip, unskip, pause, resume, cancel, rejoin) */
  actions: MemberRequest[]
  joined_on: string | null
  cancelled_on: string | null
  /** for an overdue membership: the day of the next retry */
  next_retry_date: string | null
  /** for a cancelled (or lapsed) membership whose paid month has not run out: the day it runs to, when rejoining charges nothing today */
  paid_through: string | null
  card: MembershipCard | null
  /** what happens to the current period, in words (shown on every confirmation) */
  summary: string
}

/** SPEC §3 cancel check. */
export interface CancelCheck {
  cant_cancel: boolean
  tracking_number: string | null
}

export interface MonthlyPick {
  item_id: number
  name: string
  color: string
  size: string
  image: string | null
}

export interface MonthlyChoice {
  item_id: number
  name: string
  color: string
  image: string | null
  sizes: string[]
}

/** data of GET/POST /membership/picks: the coming period's monthly items. */
export interface MonthlyPicks {
  period: string
  cutoff_date: string
  /** true while the picks can be changed: before the cut-off, for a month that is neither skipped nor paused */
  open: boolean
  /** why the picks cannot be changed, in words for the member (null while open) */
  closed_reason: string | null
  how_many: number
  picks: MonthlyPick[]
  choices: MonthlyChoice[]
}

/** The Members Area's club section: the membership, and the coming box's picks while there is one (null once cancelled or ended). */
export interface MemberClub {
  membership: Membership
  picks: MonthlyPicks | null
}
