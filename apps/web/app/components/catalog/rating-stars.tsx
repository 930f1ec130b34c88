/** A star rating drawn in the brand colour, read out as 'Rated 4.5 out of 5'. */
import { useId } from 'react'

export function ratingLabel(rating: number): string {
  const rounded = Math.round(rating * 10) / 10
  return `Rated ${rounded} out of 5`
}

function Star({ fill, gradientId }: { fill: number; gradientId: string }) {
  const path = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z'
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {fill > 0 && fill < 1 ? (
        <defs>
          <linearGradient id={gradientId}>
            <stop offset={fill} stopColor="currentColor" />
            <stop offset={fill} stopColor="transparent" />
          </linearGradient>
        </defs>
      ) : null}
      <path
        d={path}
        fill={fill >= 1 ? 'currentColor' : fill <= 0 ? 'none' : `url(#${gradientId})`}
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
    </svg>
  )
}

/** Whether Stars draws this rating without a gradient, so without an id of its tree position (a whole number of stars). */
export function starsNeedNoId(rating: number): boolean {
  return Number.isInteger(Math.max(0, Math.min(5, rating)))
}

export function Stars({ rating, className }: { rating: number; className?: string }) {
  const id = useId()
  const value = Math.max(0, Math.min(5, rating))
  return (
    <span className={className ? `stars ${className}` : 'stars'} role="img" aria-label={ratingLabel(value)}>
      {[0, 1, 2, 3, 4].map((i) => (
        <Star key={i} fill={Math.max(0, Math.min(1, value - i))} gradientId={`${id}-star-${i}`} />
      ))}
    </span>
  )
}
