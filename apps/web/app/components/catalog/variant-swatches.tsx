/** The colours of an item's style: a swatch per colour, each linking to that colour's item. */
import { StoreLink } from '../store-link'
import type { ItemVariant } from '../../lib/api/types'

export function VariantSwatches({ variants, currentId, currentColor }: { variants: ItemVariant[]; currentId: string | number; currentColor?: string | null }) {
  if (variants.length === 0) return null
  return (
    <div className="swatches">
      <p className="swatches-label" id="swatches-label">
        Colour: <span style={{ fontWeight: 400 }}>{currentColor}</span>
      </p>
      {variants.length > 1 ? (
        <ul className="swatch-list" aria-labelledby="swatches-label">
          {variants.map((variant) => {
            const current = String(variant.id) === String(currentId)
            const soldOut = variant.availableSizes.length === 0
            return (
              <li key={variant.id}>
                <StoreLink
                  to={variant.link}
                  className="swatch"
                  aria-current={current ? 'page' : undefined}
                  aria-label={`${variant.color}${soldOut ? ' (sold out)' : ''}`}
                  title={variant.color}
                >
                  <span aria-hidden="true" style={{ background: variant.swatch ?? 'var(--color-surface)' }} />
                </StoreLink>
              </li>
            )
          })}
        </ul>
      ) : null}
    </div>
  )
}
