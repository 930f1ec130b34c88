/** Size names compared as a shopper reads them (apart from grid-query.ts, which only the category page needs whole). */
import { displaySize } from '@store/core'

/** What makes two size names one size: how they are shown ('XXL' and '2XL' alike), case aside. */
export function sizeKey(size: string, brandId?: string): string {
  return displaySize(size.trim(), brandId).toUpperCase()
}

/** Two size names are one size when they are shown alike ('XXL' and '2XL'); case does not matter. */
export function sameSize(a: string, b: string, brandId?: string): boolean {
  return sizeKey(a, brandId) === sizeKey(b, brandId)
}
