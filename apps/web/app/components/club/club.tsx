/** Pieces shared by the club's pages: the membership at a glance, and analytics sent once per confirmation. */
import { dayName, formatPrice, savedCardName, type Membership } from '@store/core'
import { useEffect, useRef } from 'react'
import { track } from '../../lib/analytics/analytics-client'
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
      <div>
        <dt>Monthly price</dt>
        <dd>{formatPrice(membership.amount, { keepZeroCents: true })}</dd>
      </div>
      {membership.cutoff_date ? (
        <div>
          <dt>Last day to skip, pause or pick</dt>
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

/** The sentence saying what happens to the current period (every confirmation shows it). */
export function PeriodSummary({ membership }: { membership: Membership }) {
  return (
    <p className="club-summary" data-testid="membership-summary">
      {membership.summary}
    </p>
  )
}

/** Sends an analytics event once when `when` becomes true (a confirmation on screen). */
export function useTrackOnce(name: AnalyticsEventName, when: boolean, properties: Record<string, unknown> = {}) {
  const sent = useRef(false)
  useEffect(() => {
    if (!when || sent.current) return
    sent.current = true
    track(name, properties)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [when, name])
}
