/**
 * What the checkout says of an order that joins the club: what joining costs today and every month
 * (nothing today for a former member whose month is paid), or, for a visitor, that the membership
 * needs an account.
 */
import { formatPrice } from '@store/core'
import { StoreLink } from '../store-link'

const money = (n: number) => formatPrice(n, { keepZeroCents: true })

interface ClubJoinNoticeProps {
  joining: boolean
  joinNeedsAccount: boolean
  clubName: string
  /** today's fee (0: this month is already paid) */
  fee: number
  monthly: number
}

export function ClubJoinNotice({ joining, joinNeedsAccount, clubName, fee, monthly }: ClubJoinNoticeProps) {
  return (
    <>
      {joining ? (
        <p className="notice club-join-notice" id="club-join-notice" data-testid="club-join-notice">
          {fee > 0
            ? `Placing this order makes you a ${clubName} member: ${money(fee)} today for your first month, then `
            : `Placing this order makes you a ${clubName} member again: nothing more today, this month is already paid, then `}
          {money(monthly)} every month until you cancel. Skip a month, pause or cancel any time in the Members Area.
        </p>
      ) : null}
      {joinNeedsAccount ? (
        <p className="notice club-join-notice" data-testid="club-join-account">
          Your {clubName} membership belongs to your account: <StoreLink to="/login?redirectTo=%2Fcheckout">log in</StoreLink> or{' '}
          <StoreLink to="/register?redirectTo=%2Fcheckout">create an account</StoreLink> to join with this order, or check out without joining.
        </p>
      ) : null}
    </>
  )
}
