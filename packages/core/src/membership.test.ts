import { describe, expect, it } from 'vitest'
import {
  cutoffApplies,
  isClubMember,
  isMembershipEvent,
  isMembershipStatus,
  MEMBERSHIP_EVENTS,
  MEMBERSHIP_REFUSALS as R,
  MEMBERSHIP_STATUSES,
  memberActions,
  transition,
  type MembershipEvent,
  type MembershipFacts,
  type MembershipStatus,
} from './membership.ts'

const open: MembershipFacts = { cutoffPassed: false }
const closed: MembershipFacts = { cutoffPassed: true }

/** Expected answer per state and event, before the cut-off: a state, or a refusal message. */
type Expected = { state: MembershipStatus } | { reason: string }
const ok = (state: MembershipStatus): Expected => ({ state })
const no = (reason: string): Expected => ({ reason })

const BEFORE_CUTOFF: Record<MembershipStatus, Record<MembershipEvent, Expected>> = {
  active: {
    skip: ok('skipped'),
    unskip: no(R.notSkipped),
    pause: ok('paused'),
    resume: no('Your membership is already active.'),
    cancel: ok('cancelled'),
    rejoin: no('You are already a member.'),
    charge_succeeded: ok('active'),
    charge_failed: ok('overdue'),
    retries_exhausted: no(R.noFailedPayment),
    period_started: ok('active'),
  },
  skipped: {
    skip: no('You have already skipped this month.'),
    unskip: ok('active'),
    pause: ok('paused'),
    resume: no(R.notPaused),
    cancel: ok('cancelled'),
    rejoin: no(R.alreadyMember),
    charge_succeeded: no(R.nothingDueSkipped),
    charge_failed: no(R.nothingDueSkipped),
    retries_exhausted: no(R.noFailedPayment),
    period_started: ok('active'),
  },
  paused: {
    skip: no(R.skipWhilePaused),
    unskip: no(R.notSkipped),
    pause: no('Your membership is already paused.'),
    resume: ok('active'),
    cancel: ok('cancelled'),
    rejoin: no(R.alreadyMember),
    charge_succeeded: ok('paused'),
    charge_failed: ok('overdue'),
    retries_exhausted: no(R.noFailedPayment),
    period_started: ok('paused'),
  },
  overdue: {
    skip: no(R.paymentFirst),
    unskip: no(R.paymentFirst),
    pause: no(R.paymentFirst),
    resume: no(R.paymentFirst),
    cancel: ok('cancelled'),
    rejoin: no(R.overdueRejoin),
    charge_succeeded: ok('active'),
    charge_failed: ok('overdue'),
    retries_exhausted: ok('lapsed'),
    period_started: ok('overdue'),
  },
  cancelled: {
    skip: no(R.notMemberCancelled),
    unskip: no(R.notMemberCancelled),
    pause: no(R.notMemberCancelled),
    resume: no(R.notMemberCancelled),
    cancel: no('Your membership is already cancelled.'),
    rejoin: ok('active'),
    charge_succeeded: no(R.nothingDueEnded),
    charge_failed: no(R.nothingDueEnded),
    retries_exhausted: no(R.noFailedPayment),
    period_started: ok('cancelled'),
  },
  lapsed: {
    skip: no(R.notMemberLapsed),
    unskip: no(R.notMemberLapsed),
    pause: no(R.notMemberLapsed),
    resume: no(R.notMemberLapsed),
    cancel: no('Your membership has already ended.'),
    rejoin: ok('active'),
    charge_succeeded: no(R.nothingDueEnded),
    charge_failed: no(R.nothingDueEnded),
    retries_exhausted: no(R.noFailedPayment),
    period_started: ok('lapsed'),
  },
}

/** After the cut-off only these answers change. */
const AFTER_CUTOFF_CHANGES: Partial<Record<MembershipStatus, Partial<Record<MembershipEvent, Expected>>>> = {
  active: {
    skip: no('You can only skip a month before its cut-off date.'),
    pause: no(R.pauseAfterCutoff),
  },
  skipped: {
    unskip: no('You can only undo a skip before the cut-off date.'),
    pause: no(R.pauseAfterCutoff),
  },
}

const asResult = (e: Expected) => ('state' in e ? { ok: true, state: e.state } : { ok: false, reason: e.reason })

const pairs = MEMBERSHIP_STATUSES.flatMap((state) => MEMBERSHIP_EVENTS.map((event) => [state, event] as const))

describe('transition, before the cut-off', () => {
  it('covers every state and event', () => {
    expect(pairs).toHaveLength(60)
  })
  it.each(pairs)('%s + %s', (state, event) => {
    expect(transition(state, event, open)).toEqual(asResult(BEFORE_CUTOFF[state][event]))
  })
})

describe('transition, after the cut-off', () => {
  it.each(pairs)('%s + %s', (state, event) => {
    const expected = AFTER_CUTOFF_CHANGES[state]?.[event] ?? BEFORE_CUTOFF[state][event]
    expect(transition(state, event, closed)).toEqual(asResult(expected))
  })
})

describe('transition, other facts', () => {
  it('returns an overdue member who was paused to paused once the retry is paid', () => {
    expect(transition('overdue', 'charge_succeeded', { cutoffPassed: false, wasPaused: true })).toEqual({ ok: true, state: 'paused' })
    expect(transition('overdue', 'charge_succeeded', { cutoffPassed: true, wasPaused: false })).toEqual({ ok: true, state: 'active' })
  })

  it.each(['active', 'skipped', 'paused', 'overdue'] as const)('refuses to cancel a %s membership while an order ships', (state) => {
    expect(transition(state, 'cancel', { cutoffPassed: false, orderInProgress: true })).toEqual({ ok: false, reason: R.cancelWhileShipping })
  })

  it('says an already cancelled membership is cancelled, even with an order in progress', () => {
    expect(transition('cancelled', 'cancel', { cutoffPassed: false, orderInProgress: true })).toEqual({ ok: false, reason: R.alreadyCancelled })
  })

  it('words every refusal as a sentence for the member', () => {
    for (const reason of Object.values(R)) expect(reason).toMatch(/^[A-Z].*\.$/)
  })
})

describe('memberActions', () => {
  it('offers what each state allows', () => {
    expect(memberActions('active', open)).toEqual(['skip', 'pause', 'cancel'])
    expect(memberActions('active', closed)).toEqual(['cancel'])
    expect(memberActions('skipped', open)).toEqual(['unskip', 'pause', 'cancel'])
    expect(memberActions('paused', closed)).toEqual(['resume', 'cancel'])
    expect(memberActions('overdue', open)).toEqual(['cancel'])
    expect(memberActions('cancelled', open)).toEqual(['rejoin'])
    expect(memberActions('lapsed', closed)).toEqual(['rejoin'])
  })
})

describe('names', () => {
  it('tells statuses and events from other values', () => {
    expect(isMembershipStatus('paused')).toBe(true)
    expect(isMembershipStatus('on-hold')).toBe(false)
    expect(isMembershipEvent('retries_exhausted')).toBe(true)
    expect(isMembershipEvent('refund')).toBe(false)
  })
  it('keeps club prices for members until they cancel or lapse', () => {
    expect(MEMBERSHIP_STATUSES.filter(isClubMember)).toEqual(['active', 'skipped', 'paused', 'overdue'])
  })
  it('tells the cut-off only to a member whose skip, undo, pause or pick it closes (not a paused, overdue or former one)', () => {
    expect(MEMBERSHIP_STATUSES.filter(cutoffApplies)).toEqual(['active', 'skipped'])
  })
})
