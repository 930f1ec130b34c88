/**
 * Customer reviews with their photos (photo_1..photo_3) and answers. Reviews read
 * from the catalogue's cache (frozen, the same for every shopper) are kept as
 * markup on the server (lib/kept-part.ts).
 */
import { MONTH_NAMES } from '@store/core'
import { StoreLink } from '../store-link'
import type { Review } from '../../lib/api/types'
import { keptPart } from '../../lib/kept-part'
import { Stars, starsNeedNoId } from './rating-stars'

const ANSWERS: Array<[keyof Review, string]> = [
  ['about_your_product', 'About the product'],
  ['sizing_fit', 'Sizing and fit'],
  ['how_do_you_style', 'How I style it'],
  ['where_travel', 'Where I wear it'],
  ['how_was_your_first_order', 'My first order'],
]

function reviewerName(review: Pick<Review, 'first_name' | 'last_initial'>): string {
  const initial = review.last_initial?.trim().replace(/\.$/, '')
  return initial ? `${review.first_name} ${initial}.` : review.first_name
}

/**
 * 'March 5, 2024', read in UTC: what toLocaleDateString('en-US', { year:
 * 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }) writes, without
 * Intl. The first Intl.DateTimeFormat a page builds loads the browser's locale
 * data: 25-55 ms of main thread in Chromium, which the item page paid in its
 * module evaluation when one shared formatter was built at import (and
 * toLocaleDateString built one per review before that, ~3% of the server's
 * render).
 */
export function reviewDate(iso: string | null | undefined): { text: string; iso: string } | null {
  if (!iso) return null
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return null
  return { iso: date.toISOString().slice(0, 10), text: `${MONTH_NAMES[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}` }
}

export interface ReviewListProps {
  reviews: Review[]
  /** heading level of each reviewer's name */
  headingLevel?: 2 | 3 | 4
  /** link each review to its item (the all-reviews page) */
  itemLinks?: boolean
  wide?: boolean
}

export function ReviewList({ reviews, headingLevel = 3, itemLinks = false, wide = false }: ReviewListProps) {
  const className = wide ? 'review-list review-list-wide' : 'review-list'
  const content = () => <Reviews reviews={reviews} headingLevel={headingLevel} itemLinks={itemLinks} />
  // a fractional rating draws its star with a gradient whose id (useId) follows the page's tree: rendered in place
  if (!reviews.every((review) => starsNeedNoId(review.rating))) return <ul className={className}>{content()}</ul>
  return <ul className={className} {...keptPart(reviews, `reviews h${headingLevel} ${itemLinks}`, content)} />
}

function Reviews({ reviews, headingLevel, itemLinks }: Required<Pick<ReviewListProps, 'reviews' | 'headingLevel' | 'itemLinks'>>) {
  const Heading = `h${headingLevel}` as 'h2' | 'h3' | 'h4'
  return (
    <>
      {reviews.map((review) => {
        const name = reviewerName(review)
        const date = reviewDate(review.created_at)
        return (
          <li key={review.id} className="review">
            <article aria-label={`Review by ${name}`}>
              <header>
                <Heading>{name}</Heading>
                <Stars rating={review.rating} />
              </header>
              <p className="review-meta">
                {date ? <time dateTime={date.iso}>{date.text}</time> : null}
                {review.instagram ? <> · @{review.instagram.replace(/^@/, '')}</> : null}
                {review.would_you_recommend_us ? <> · Recommends us</> : null}
                {review.verified_buyer ? (
                  <>
                    {' '}
                    · <span className="review-verified">Verified buyer</span>
                  </>
                ) : null}
              </p>
              <dl>
                {ANSWERS.map(([key, label]) => {
                  const value = review[key]
                  return typeof value === 'string' && value.trim() ? (
                    <div key={key}>
                      <dt>{label}</dt>
                      <dd>{value}</dd>
                    </div>
                  ) : null
                })}
              </dl>
              {review.images.length ? (
                <ul className="review-photos" aria-label={`Photos from ${name}`}>
                  {review.images.slice(0, 3).map((src, i) => (
                    <li key={src}>
                      {/* biome-ignore lint/a11y/noRedundantAlt: the photo is what the reviewer sent; the alt says which one and from whom */}
                      <img src={src} alt={`Photo ${i + 1} from ${name}'s review`} width={96} height={128} loading="lazy" decoding="async" />
                    </li>
                  ))}
                </ul>
              ) : null}
              {itemLinks && review.item_id ? (
                <p className="review-item-link">
                  <StoreLink to={`/item/${review.item_id}`}>See the item</StoreLink>
                </p>
              ) : null}
            </article>
          </li>
        )
      })}
    </>
  )
}
