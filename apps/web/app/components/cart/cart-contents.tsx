/**
 * What the cart drawer shows when the cart has lines: free-shipping progress,
 * banners, the lines (bundles folded under their parent) and the discount
 * code; the totals go in the drawer's foot. Fetched on demand (cart-drawer.tsx):
 * a first visit's cart is empty.
 */
import { foldBundles } from '@store/core'
import type { Cart } from '../../lib/api/types'
import { CartBanners } from './cart-banners'
import { CartLineRow } from './cart-line'
import { DiscountForm } from './discount-form'
import { FreeShippingBar } from './free-shipping-bar'

export { CartTotals } from './cart-totals'

export function CartLines({ cart }: { cart: Cart }) {
  return (
    <>
      <FreeShippingBar cart={cart} />
      <CartBanners banners={cart.banners ?? []} />
      <ul className="cart-lines">
        {foldBundles(cart.items).map((line) => (
          <CartLineRow key={line.cartId} line={line} />
        ))}
      </ul>
      <DiscountForm cart={cart} />
    </>
  )
}
