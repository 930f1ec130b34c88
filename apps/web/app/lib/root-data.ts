import type { Cart, Settings } from './api/types'
import type { BrandContext } from './load-context'

/** What the root loader gives every page. */
export interface RootData {
  brand: Pick<BrandContext, 'id' | 'name' | 'apiBaseUrl' | 'hasOwnHome' | 'styles'>
  settings: Settings
  /** null when the cart could not be read; the page still renders */
  cart: Cart | null
  /** the hostname GETs send as `host` */
  host: string
}
