/**
 * The colours of an item's style: a swatch per colour, each linking to that colour's item.
 * The same markup for every shopper of the item: kept per cached item on the server (lib/kept-part.ts).
 */
import { keptPart } from '../../lib/kept-part'
import { KEEP_PLACE } from '../../lib/keep-place'
import { StoreLink } from '../store-link'
import type { ItemVariant } from '../../lib/api/types'

interface VariantSwatchesProps {
  variants: ItemVariant[]
  currentId: string | number
  currentColor?: string | null
}

export function VariantSwatches({ variants, currentId, currentColor }: VariantSwatchesProps) {
  if (variants.length === 0) return null
  return (
    <div
      className="swatches"
      {...keptPart(variants, `swatches ${currentId} ${currentColor ?? ''}`, () => <Swatches variants={variants} currentId={currentId} currentColor={currentColor} />)}
    />
  )
}

function Swatches({ variants, currentId, currentColor }: VariantSwatchesProps) {
  return (
    <>
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
                  // another colour of the same style: the page and the keyboard keep their place
                  state={KEEP_PLACE}
                  data-keep-place=""
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
    </>
  )
}
