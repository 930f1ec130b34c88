/**
 * The club's offer: headline, price a month and the way in. Shown on the home
 * page of a brand with a club (when settings.showClubOffer) to shoppers who
 * are not members yet; members are pointed to their Members Area instead.
 */
import { formatPrice } from '@store/core'
import { StoreLink } from '../store-link'
import type { MembershipLanding } from '../../lib/api/types'

const CLUB_CHECKOUT_PATH = '/checkout-club'
const CLUB_INFO_PATH = '/vip'

/** The perks the offer lists, at most. */
const OFFER_PERKS = 3

/** What the offer shows of the club's landing copy. */
export type ClubOfferLanding = Pick<MembershipLanding, 'headline' | 'subheadline' | 'price' | 'founder_letter_bullets'>

/** Only what the offer shows of the landing copy (its questions and the founder's letter left out), for a page's data. */
export function clubOfferLanding(landing: MembershipLanding): ClubOfferLanding {
  return {
    headline: landing.headline,
    subheadline: landing.subheadline,
    price: landing.price,
    founder_letter_bullets: landing.founder_letter_bullets.slice(0, OFFER_PERKS),
  }
}

export function ClubOffer({
  landing,
  clubName,
  headingLevel = 2,
  isMember = false,
  learnMore = true,
}: {
  landing: ClubOfferLanding
  clubName: string
  headingLevel?: 2 | 3
  isMember?: boolean
  learnMore?: boolean
}) {
  const Heading = `h${headingLevel}` as 'h2' | 'h3'
  return (
    <section className="club-offer" aria-labelledby="club-offer-title">
      <div>
        <Heading id="club-offer-title">{landing.headline}</Heading>
        <p>{landing.subheadline}</p>
        {landing.founder_letter_bullets.length ? (
          <ul className="club-perks">
            {landing.founder_letter_bullets.slice(0, OFFER_PERKS).map((perk) => (
              <li key={perk}>{perk}</li>
            ))}
          </ul>
        ) : null}
      </div>
      <div>
        <p className="club-offer-price">
          {formatPrice(landing.price, { keepZeroCents: true })} <small>a month</small>
        </p>
        <p className="club-actions">
          {isMember ? (
            <StoreLink to="/members" className="button button-primary">
              You are a {clubName} member: go to the Members Area
            </StoreLink>
          ) : (
            <StoreLink to={CLUB_CHECKOUT_PATH} className="button button-primary">
              Join {clubName}
            </StoreLink>
          )}
          {learnMore ? (
            <StoreLink to={CLUB_INFO_PATH} className="button button-secondary">
              Learn more<span className="visually-hidden"> about {clubName}</span>
            </StoreLink>
          ) : null}
        </p>
      </div>
    </section>
  )
}
