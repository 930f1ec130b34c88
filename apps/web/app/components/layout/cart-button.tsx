/** The cart icon with its count; opens the cart drawer (before hydration: its #hash). */
import { CART_DRAWER_ID } from '../../lib/cart-actions'
import { useCart } from '../../lib/store/store-provider'
import { BagIcon } from './icons'

export function CartButton() {
  const { itemCount, cartOpen, openCart } = useCart()
  const label = itemCount === 1 ? 'Cart, 1 item' : `Cart, ${itemCount} items`
  return (
    <a
      href={`#${CART_DRAWER_ID}`}
      className="icon-button cart-button"
      aria-label={label}
      aria-haspopup="dialog"
      aria-expanded={cartOpen}
      aria-controls={CART_DRAWER_ID}
      onClick={(event) => {
        event.preventDefault()
        openCart()
      }}
    >
      <BagIcon />
      <span className="cart-count" aria-hidden="true" data-empty={itemCount === 0 ? 'true' : undefined}>
        {itemCount}
      </span>
    </a>
  )
}
