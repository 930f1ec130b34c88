/**
 * The Members Area's club section (docs/members.md "The club in the Members Area"):
 * the membership's state in words, the next billing date and amount, the last day to
 * change the coming month, and the requests the state allows as links to the club's
 * own pages (skip, pause, cancel, rejoin, the card); those pages hold the forms.
 */
import { cutoffApplies, dayName, formatPrice, monthName, savedCardName, type Membership, type MemberRequest } from '@store/core'
import { StoreLink } from '../store-link'

const money = (n: number) => formatPrice(n, { keepZeroCents: true })

/** The state as a member reads it. */
function membershipStateWords(membership: Membership): string {
  const month = membership.period ? monthName(membership.period) : 'this month'
  switch (membership.status) {
    case 'active':
      return 'Active'
    case 'skipped':
      return `Active, ${month} skipped`
    case 'paused':
      return 'Paused'
    case 'overdue':
      return 'Payment overdue'
    case 'cancelled':
      return 'Cancelled'
    case 'lapsed':
      return 'Ended'
  }
}

/** What the next billing date charges, in words. */
function nextCharge(membership: Membership): string {
  switch (membership.status) {
    case 'skipped':
      // the day of the skipped month charges nothing: say when money is next taken
      return `nothing (this month is skipped); ${money(membership.amount)} a month after`
    case 'paused':
      return `${money(membership.pause_monthly_price)}, the pause price`
    default:
      return membership.prepaid_months > 0 ? 'nothing (a prepaid month)' : money(membership.amount)
  }
}

interface ActionLink {
  to: string
  label: string
  primary?: boolean
}

/** The requests the state allows (the API's `actions`), each a link to the page that makes it. */
function membershipLinks(membership: Membership, clubName: string): ActionLink[] {
  const month = membership.period ? monthName(membership.period) : 'this month'
  const can = (request: MemberRequest) => membership.actions.includes(request)
  const links: ActionLink[] = []
  if (membership.status === 'overdue') links.push({ to: '/change_payment', label: 'Update your card', primary: true })
  if (can('rejoin')) links.push({ to: '/vip-rejoin-test', label: `Rejoin ${clubName}`, primary: true })
  if (can('skip')) links.push({ to: '/skip-vip', label: `Skip ${month}` })
  if (can('unskip')) links.push({ to: '/skip-vip', label: `Undo the skip of ${month}` })
  if (can('pause')) links.push({ to: '/pause-vip', label: 'Pause your membership' })
  if (can('resume')) links.push({ to: '/pause-vip', label: 'Resume your membership', primary: true })
  if (can('cancel')) links.push({ to: '/cancel-vip', label: 'Cancel your membership' })
  return links
}

export function MembershipPanel({ membership, clubName }: { membership: Membership; clubName: string }) {
  const live = membership.status !== 'cancelled' && membership.status !== 'lapsed'
  const month = membership.period ? monthName(membership.period) : null
  const links = membershipLinks(membership, clubName)
  // the cut-off is shown only where it closes something of the member's (not to a paused or overdue one)
  const cutoff = cutoffApplies(membership.status)
  const settled = cutoff && membership.cutoff_passed && !membership.actions.includes('skip') && !membership.actions.includes('unskip')
  return (
    <section className="member-section membership-panel" aria-labelledby="membership-heading" data-testid="membership-panel">
      <h2 id="membership-heading" className="order-subtitle">
        Your {clubName} membership
      </h2>
      <dl className="membership-facts">
        <div>
          <dt>Status</dt>
          <dd data-testid="members-membership-state">{membershipStateWords(membership)}</dd>
        </div>
        {live && membership.status !== 'overdue' && membership.next_billing_date ? (
          <div>
            <dt>Next billing date</dt>
            <dd data-testid="members-next-billing">
              {dayName(membership.next_billing_date)}: {nextCharge(membership)}
            </dd>
          </div>
        ) : null}
        {membership.status === 'overdue' ? (
          <div>
            <dt>Next try</dt>
            <dd>{membership.next_retry_date ? `${dayName(membership.next_retry_date)}: ${money(membership.amount)}` : `${money(membership.amount)} is due`}</dd>
          </div>
        ) : null}
        {cutoff && membership.cutoff_date && month ? (
          <div>
            <dt>Last day to change {month}</dt>
            <dd data-testid="members-cutoff">
              {dayName(membership.cutoff_date)}
              {membership.cutoff_passed ? ' (passed)' : ''}
            </dd>
          </div>
        ) : null}
        {!live && membership.cancelled_on ? (
          <div>
            <dt>{membership.status === 'lapsed' ? 'Ended' : 'Cancelled on'}</dt>
            <dd>{dayName(membership.cancelled_on)}</dd>
          </div>
        ) : null}
        {live && membership.card ? (
          <div>
            <dt>Card charged</dt>
            <dd>{savedCardName(membership.card.card_brand, membership.card.last4)}</dd>
          </div>
        ) : null}
      </dl>
      <p className="membership-summary" data-testid="members-membership-summary">
        {membership.summary}
      </p>
      {settled && month ? (
        <p>
          {month} is settled: the last day to skip or pause it was {dayName(membership.cutoff_date ?? '')}. You can skip or pause next month after your billing date.
        </p>
      ) : null}
      {live && !membership.actions.includes('cancel') ? <p>Your box is being packed: you can cancel once it has shipped.</p> : null}
      {links.length > 0 ? (
        <ul className="membership-actions" aria-label="Manage your membership">
          {links.map((link) => (
            <li key={link.label}>
              <StoreLink to={link.to} className={link.primary ? 'button button-primary' : 'button button-secondary'}>
                {link.label}
              </StoreLink>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  )
}

/** For a customer who never joined, at a brand with a club. */
export function ClubInvitation({ clubName, monthly, discount }: { clubName: string; monthly: number | null; discount: number }) {
  return (
    <section className="member-section membership-panel" aria-labelledby="membership-heading" data-testid="club-invitation">
      <h2 id="membership-heading" className="order-subtitle">
        Join {clubName}
      </h2>
      <p>
        {clubName} members save {discount}% on everything and get a new piece every month
        {monthly !== null ? ` for ${money(monthly)} a month` : ''}. Skip, pause or cancel any time, right here.
      </p>
      <p>
        <StoreLink to="/vip" className="button button-primary">
          See what {clubName} gives you
        </StoreLink>
      </p>
    </section>
  )
}
