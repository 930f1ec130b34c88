/**
 * A star rating drawn in the brand colour, read out as 'Rated 4.5 out of 5'.
 *
 * One <svg> per rating, its five stars drawn as one path (an item page shows
 * eight ratings: one <svg> per star made 40 of its 51 <svg>s to lay out).
 * The stars are outlined; the fill covers them up to the rating, a partly
 * filled star cut at the same fraction of its width as before.
 */
import { useId } from 'react'

function ratingLabel(rating: number): string {
  const rounded = Math.round(rating * 10) / 10
  return `Rated ${rounded} out of 5`
}

/** Drawn 18 px a star with 1 px between them: 24 units a star, so 4/3 of a unit between. */
const STAR = 24
const STEP = STAR + 4 / 3
/** The star's own left edge and width inside its 24 units (the path's extent). */
const STAR_LEFT = 2.5
const STAR_WIDTH = 19
const WIDTH = 4 * STEP + STAR

const round = (value: number) => Math.round(value * 1000) / 1000

/** The star of the old single-star drawing, moved right by `dx` units. */
function starPath(dx: number): string {
  const x = round(12 + dx)
  return `M${x} 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L${x} 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z`
}

const STAR_PATHS = [0, 1, 2, 3, 4].map((i) => starPath(i * STEP))
const FIVE_STARS = STAR_PATHS.join('')

/** Where the fill ends, in the drawing's units: whole stars, then the part of the next one. */
export function fillEnd(rating: number): number {
  const value = Math.max(0, Math.min(5, rating))
  const whole = Math.floor(value)
  if (whole === 5) return WIDTH
  const part = value - whole
  return round(whole * STEP + (part > 0 ? STAR_LEFT + part * STAR_WIDTH : 0))
}

/** Whether Stars draws this rating without a gradient, so without an id of its tree position (a whole number of stars). */
export function starsNeedNoId(rating: number): boolean {
  return Number.isInteger(Math.max(0, Math.min(5, rating)))
}

export function Stars({ rating, className }: { rating: number; className?: string }) {
  const id = useId()
  const value = Math.max(0, Math.min(5, rating))
  const whole = starsNeedNoId(value)
  const gradientId = `${id}-stars`
  const cut = whole ? 1 : fillEnd(value) / WIDTH
  return (
    <span className={className ? `stars ${className}` : 'stars'} role="img" aria-label={ratingLabel(value)}>
      <svg viewBox={`0 0 ${round(WIDTH)} ${STAR}`} aria-hidden="true" focusable="false">
        {whole ? null : (
          <defs>
            {/* one cut, where the fill ends: the colour to its left, nothing to its right */}
            <linearGradient id={gradientId} gradientUnits="userSpaceOnUse" x1="0" x2={round(WIDTH)} y1="0" y2="0">
              <stop offset={cut} stopColor="currentColor" />
              <stop offset={cut} stopColor="currentColor" stopOpacity="0" />
            </linearGradient>
          </defs>
        )}
        {/* the stars up to the rating filled (the last one cut by the gradient), then all five outlined */}
        {value > 0 ? <path d={STAR_PATHS.slice(0, Math.ceil(value)).join('')} fill={whole ? 'currentColor' : `url(#${gradientId})`} /> : null}
        <path d={FIVE_STARS} fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
      </svg>
    </span>
  )
}
