/**
 * The club's health figures as pure arithmetic (docs/admin-club.md): months of a
 * range, members by state at each month's end from the changes of state, churn and
 * rates, the save offer's outcomes, cancel reasons ranked, and retention by cohort.
 * The server reads counts from the database; what they mean is decided here.
 */
import { MEMBERSHIP_STATUSES, type MembershipStatus } from './membership.ts'

const DAY_MS = 86_400_000

/** Whole days from one YYYY-MM-DD to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to.slice(0, 10)}T00:00:00Z`) - Date.parse(`${from.slice(0, 10)}T00:00:00Z`)) / DAY_MS)
}

/** Every month from one YYYY-MM to another, both included ([] when `to` is before `from`). */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = []
  let [y, m] = from.split('-').map(Number) as [number, number]
  const [ty, tm] = to.split('-').map(Number) as [number, number]
  while (y < ty || (y === ty && m <= tm)) {
    months.push(`${y}-${String(m).padStart(2, '0')}`)
    m += 1
    if (m > 12) {
      m = 1
      y += 1
    }
  }
  return months
}

/** The last day of a YYYY-MM. */
export function monthEnd(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number]
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10)
}

/** The month before a YYYY-MM. */
export function previousMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number]
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`
}

/** part / whole to four decimals, or null when there is no whole to divide by. */
export function rate(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : null
}

/** The states that are a member's (cancelled and lapsed are former members). */
export const MEMBER_STATES: readonly MembershipStatus[] = ['active', 'skipped', 'paused', 'overdue']
export const isMemberState = (state: string | null): boolean => state !== null && (MEMBER_STATES as readonly string[]).includes(state)

export type StateCounts = Record<MembershipStatus, number>

export const noStates = (): StateCounts => Object.fromEntries(MEMBERSHIP_STATUSES.map((state) => [state, 0])) as StateCounts

/** Members in any member state. */
export const membersIn = (counts: StateCounts): number => MEMBER_STATES.reduce((sum, state) => sum + counts[state], 0)

/** Some changes of state in a month: `count` memberships went from one state (null: none, a first join) to another. */
export interface StateChange {
  month: string
  from: string | null
  to: string
  count: number
}

/**
 * Members by state at the end of each month of `months` (in order), from every change
 * of state up to the last of them: each change takes one from its `from` state and adds
 * one to its `to`. Changes before the first month make its starting counts.
 */
export function statesByMonth(changes: readonly StateChange[], months: readonly string[]): { start: StateCounts; ends: StateCounts[] } {
  const sorted = [...changes].sort((a, b) => (a.month < b.month ? -1 : a.month > b.month ? 1 : 0))
  const counts = noStates()
  const apply = (change: StateChange) => {
    if (change.from !== null && change.from in counts) counts[change.from as MembershipStatus] -= change.count
    if (change.to in counts) counts[change.to as MembershipStatus] += change.count
  }
  let i = 0
  const first = months[0]
  while (first !== undefined && i < sorted.length && sorted[i]!.month < first) apply(sorted[i++]!)
  const start = { ...counts }
  const ends = months.map((month) => {
    while (i < sorted.length && sorted[i]!.month <= month) apply(sorted[i++]!)
    return { ...counts }
  })
  return { start, ends }
}

/** Subscriber churn of a month: the members who left (cancelled or lapsed) over the members at its start. */
export function churn(membersAtStart: number, left: number): number | null {
  return rate(left, membersAtStart)
}

/** What a member did after the cancel page's save offer. */
export type SaveOutcome = 'skip' | 'pause' | 'cancel' | 'none'

/** How long after the offer a skip, pause or cancel still counts as its answer. */
export const SAVE_OFFER_WINDOW_DAYS = 7

/**
 * Each save offer's outcome: the member's first skip, pause or cancel after it, within
 * SAVE_OFFER_WINDOW_DAYS; 'none' when they did none of these (they left the page).
 */
export function saveOutcomes(
  offers: readonly { membershipId: string; at: string }[],
  answers: readonly { membershipId: string; at: string; event: string }[],
): { membershipId: string; at: string; outcome: SaveOutcome }[] {
  const byMember = new Map<string, { at: string; event: string }[]>()
  for (const answer of [...answers].sort((a, b) => (a.at < b.at ? -1 : 1))) {
    if (answer.event !== 'skip' && answer.event !== 'pause' && answer.event !== 'cancel') continue
    const list = byMember.get(answer.membershipId) ?? []
    list.push(answer)
    byMember.set(answer.membershipId, list)
  }
  return offers.map((offer) => {
    const limit = Date.parse(offer.at) + SAVE_OFFER_WINDOW_DAYS * DAY_MS
    const first = (byMember.get(offer.membershipId) ?? []).find((answer) => answer.at > offer.at && Date.parse(answer.at) <= limit)
    return { ...offer, outcome: (first?.event as SaveOutcome | undefined) ?? 'none' }
  })
}

/** The reason's word a cancel form gives for its free text: 'Other: too many emails' is an 'Other' with an answer. */
const OTHER = 'Other'

/** One reason, how many cancels gave it, and the free-text answers under it. */
export interface RankedReason {
  reason: string
  count: number
  answers: string[]
}

/** The reasons given by cancels, most given first (ties by name), each cancel counted once per reason; free text kept readable under Other. */
export function rankCancelReasons(cancels: readonly (readonly string[])[]): RankedReason[] {
  const ranked = new Map<string, RankedReason>()
  for (const reasons of cancels) {
    const seen = new Set<string>()
    for (const given of reasons.length > 0 ? reasons : ['No reason given']) {
      const isOther = given === OTHER || given.startsWith(`${OTHER}: `)
      const reason = isOther ? OTHER : given
      const entry = ranked.get(reason) ?? { reason, count: 0, answers: [] }
      if (!seen.has(reason)) entry.count += 1
      seen.add(reason)
      if (isOther && given.length > OTHER.length + 2) entry.answers.push(given.slice(OTHER.length + 2))
      ranked.set(reason, entry)
    }
  }
  return [...ranked.values()].sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason))
}

/**
 * The same ranking from counts kept as they happen (the server's club_months): each reason
 * with the cancels that gave it ('Other' for any 'Other: ...'), and each free-text answer
 * with how often it was given; the answers go under Other, the most given first.
 */
export function rankCountedReasons(reasons: ReadonlyMap<string, number>, answers: ReadonlyMap<string, number>): RankedReason[] {
  const texts = [...answers].sort(([a, m], [b, n]) => n - m || a.localeCompare(b)).flatMap(([answer, count]) => Array.from({ length: count }, () => answer))
  return [...reasons]
    .filter(([, count]) => count > 0)
    .map(([reason, count]) => ({ reason, count, answers: reason === OTHER ? texts : [] }))
    .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason))
}

/** A cohort's joiners leaving (-) or coming back (+) in a month. */
export interface CohortChange {
  cohort: string
  month: string
  /** members who left that month minus those who came back */
  left: number
}

/**
 * Retention by join month: for each cohort (the month its memberships were made) of
 * `cohorts`, how many are still members at the end of each month from the cohort's own to
 * the last of `months`: its size less those who left (cancelled or lapsed) and did not
 * come back by then.
 */
export function cohortRetention(
  cohorts: readonly { cohort: string; size: number }[],
  changes: readonly CohortChange[],
  months: readonly string[],
): { cohort: string; size: number; retained: { month: string; members: number; rate: number | null }[] }[] {
  return [...cohorts]
    .sort((a, b) => (a.cohort < b.cohort ? -1 : 1))
    .map(({ cohort, size }) => {
      let members = size
      const own = changes.filter((change) => change.cohort === cohort)
      const retained = months
        .filter((month) => month >= cohort)
        .map((month) => {
          members -= own.filter((change) => change.month === month).reduce((sum, change) => sum + change.left, 0)
          return { month, members, rate: rate(members, size) }
        })
      return { cohort, size, retained }
    })
}
