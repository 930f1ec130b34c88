/** The global banner of the store settings: a desktop and a mobile image, linked. */
import type { GlobalBanner as Banner, ImageRef } from '../../lib/api/types'
import { StoreLink } from '../store-link'

const DESKTOP_QUERY = '(min-width: 768px)'

function size(image: ImageRef, fallback: { width: number; height: number }) {
  return { width: image.width ?? fallback.width, height: image.height ?? fallback.height }
}

export function GlobalBanner({ banner }: { banner: Banner | null | undefined }) {
  if (!banner || (!banner.desktop && !banner.mobile)) return null
  const mobile = banner.mobile ?? banner.desktop!
  const desktop = banner.desktop ?? banner.mobile!
  const mobileSize = size(mobile, { width: 750, height: 120 })
  const desktopSize = size(desktop, { width: 1920, height: 80 })
  const alt = desktop.alt || mobile.alt
  const picture = (
    <picture>
      <source media={DESKTOP_QUERY} srcSet={desktop.url} width={desktopSize.width} height={desktopSize.height} />
      <img src={mobile.url} alt={alt} width={mobileSize.width} height={mobileSize.height} fetchPriority="high" decoding="async" />
    </picture>
  )
  return (
    <aside className="global-banner" aria-label="Announcement">
      {banner.link ? (
        <StoreLink to={banner.link} className="global-banner-link">
          {picture}
        </StoreLink>
      ) : (
        picture
      )}
    </aside>
  )
}
