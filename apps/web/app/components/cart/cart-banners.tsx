import type { CartBanner } from '../../lib/api/types'
import { StoreLink } from '../store-link'
import { safeClassNames } from './cart-math'

/** The cart's banners: text, an optional image and button. */
export function CartBanners({ banners }: { banners: CartBanner[] }) {
  const shown = banners.filter((b) => b.text || b.image)
  if (shown.length === 0) return null
  return (
    <ul className="cart-banners">
      {shown.map((banner, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the list is drawn from the loader's data and never reordered in place; the index keeps equal entries apart
        <li key={i} className={`cart-banner ${safeClassNames(banner.css_class)}`.trim()}>
          {banner.image ? <img src={banner.image} alt="" width={48} height={48} loading="lazy" /> : null}
          {banner.text ? <p>{banner.text}</p> : null}
          {banner.buttonText && banner.buttonLink ? (
            <StoreLink to={banner.buttonLink} className="button button-small">
              {banner.buttonText}
            </StoreLink>
          ) : null}
        </li>
      ))}
    </ul>
  )
}
