/** Pieces shared by the club's pages: the membership at a glance, and analytics sent once per confirmation. */
import { cutoffApplies, dayName, firstPauseFeeDate, formatPrice, monthName, periodOf, savedCardName, type Membership } from '@store/core'
import { useEffect, useRef } from 'react'
import { track } from '../../lib/analytics/analytics-client'
import { StoreLink } from '../store-link'
import './club.css'
import type { AnalyticsEventName } from '@store/core'

const STATUS_WORDS: Record<Membership['status'], string> = {
  active: 'Active',
  skipped: 'This month skipped',
  paused: 'Paused',
  overdue: 'Payment due',
  cancelled: 'Cancelled',
  lapsed: 'Ended',
}

export function MembershipFacts({ membership }: { membership: Membership }) {
  return (
    <dl className="club-facts">
      <div>
        <dt>Status</dt>
        <dd data-testid="membership-status">{STATUS_WORDS[membership.status]}</dd>
      </div>
      {membership.next_billing_date ? (
        <div>
          <dt>Next billing date</dt>
          <dd>{dayName(membership.next_billing_date)}</dd>
        </div>
      ) : null}
      {membership.status === 'paused' ? (
        <div>
          <dt>Price while paused</dt>
          <dd>{formatPrice(membership.pause_monthly_price, { keepZeroCents: true })} a month</dd>
        </div>
      ) : null}
      <div>
        <dt>{membership.status === 'paused' ? 'Monthly price once resumed' : 'Monthly price'}</dt>
        <dd>{formatPrice(membership.amount, { keepZeroCents: true })}</dd>
      </div>
      {membership.cutoff_date && cutoffFactLabel(membership) ? (
        <div>
          <dt>{cutoffFactLabel(membership)}</dt>
          <dd>{dayName(membership.cutoff_date)}</dd>
        </div>
      ) : null}
      {membership.card ? (
        <div>
          <dt>Card</dt>
          <dd>{savedCardName(membership.card.card_brand, membership.card.last4)}</dd>
        </div>
      ) : null}
    </dl>
  )
}

/** What the cut-off closes, in the member's state's words; null when it closes nothing of theirs (core cutoffApplies: paused, overdue, former). */
export function cutoffFactLabel(membership: Membership): string | null {
  if (!cutoffApplies(membership.status)) return null
  return membership.status === 'skipped' ? 'Last day to undo the skip or pause' : 'Last day to skip, pause or pick'
}

/** The sentence saying what happens to the current period (every confirmation shows it). */
export function PeriodSummary({ membership }: { membership: Membership }) {
  return (
    <>
      <p className="club-summary" data-testid="membership-summary">
        {membership.summary}
      </p>
      {membership.card === null && (membership.status === 'active' || membership.status === 'paused' || membership.status === 'overdue') ? (
        <p className="club-summary" data-testid="membership-no-card">
          <StoreLink to="/change_payment">Add a card in Payment methods</StoreLink>
        </p>
      ) : null}
    </>
  )
}

/** Sends an analytics event once when `when` becomes true (a confirmation on screen). */
export function useTrackOnce(name: AnalyticsEventName, when: boolean, properties: Record<string, unknown> = {}) {
  const sent = useRef(false)
  // biome-ignore lint/correctness/useExhaustiveDependencies: sent once when `when` turns true, with the properties it has then
  useEffect(() => {
    if (!when || sent.current) return
    sent.current = true
    track(name, properties)
  }, [when, name])
}

/**
 * What pausing now costs and from when (docs/club-membership.md): the pause price
 * instead of the monthly price, no box, member prices kept, until the member resumes.
 * A month already skipped stays free, so from a skipped month the pause price starts
 * with the next month (core pauseKeepsSkippedMonth).
 */
export function pauseTerms(membership: Membership): string {
  const pause = formatPrice(membership.pause_monthly_price, { keepZeroCents: true })
  const monthly = formatPrice(membership.amount, { keepZeroCents: true })
  const date = membership.next_billing_date
  const rest = `no box is sent, and you keep member prices. The pause lasts until you resume, whenever you like.`
  const from = date ? firstPauseFeeDate(membership.status, date) : null
  if (date && from !== date) {
    return `${monthName(periodOf(date))} stays skipped: nothing is charged on ${dayName(date)}. From your ${monthName(periodOf(from!))} billing date you pay ${pause} a month instead of ${monthly}, ${rest}`
  }
  return `While paused you pay ${pause} a month instead of ${monthly}${date ? `, the first time on ${dayName(date)}` : ''}, ${rest}`
}

/** The pause button's words: from a skipped month, when the pause price starts. */
export function pauseButtonLabel(membership: Membership): string {
  const pause = formatPrice(membership.pause_monthly_price, { keepZeroCents: true })
  const from = membership.next_billing_date ? firstPauseFeeDate(membership.status, membership.next_billing_date) : null
  if (from && from !== membership.next_billing_date) return `Pause for ${pause} a month from ${monthName(periodOf(from))}`
  return `Pause for ${pause} a month`
}

/** The text without its sentences inviting the reader to join (a member is one already). */
export function withoutJoinInvitation(text: string | null): string | null {
  if (!text) return null
  const kept = (text.match(/[^.!?]+[.!?]*\s*/g) ?? [text])
    .filter((sentence) => !/\bjoin\b/i.test(sentence))
    .join('')
    .trim()
  return kept || null
}
