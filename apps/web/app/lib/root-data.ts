import type { PublicConfig } from '@store/core'
import type { BrandInfo, Cart, StoreSettings } from './api/types'

/** What the root loader gives every page. */
export interface RootData {
  /** the brand without its hostnames */
  brand: Omit<BrandInfo, 'hostnames'>
  settings: StoreSettings
  /** null when the cart could not be read; the page still renders */
  cart: Cart | null
  /** the hostname GETs send as `host` */
  host: string
  /** what the browser may see of the environment (Sentry's DSN) */
  config: PublicConfig
}
