/** Size names compared as a shopper reads them (apart from grid-query.ts, which only the category page needs whole). */
import { displaySize } from '@store/core'

/** Two size names are one size when they are shown alike ('XXL' and '2XL'); case does not matter. */
export function sameSize(a: string, b: string, brandId?: string): boolean {
  return displaySize(a.trim(), brandId).toUpperCase() === displaySize(b.trim(), brandId).toUpperCase()
}
