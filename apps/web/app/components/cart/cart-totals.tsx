/** Subtotal, discount, shipping, tax (once known) and total of the cart, as the server computed them. */
import type { Cart } from '../../lib/api/types'
import { TotalsList } from '../totals-list'

export function CartTotals({ cart }: { cart: Cart }) {
  const figures = { subtotal: cart.cart_subtotal, discount: cart.cart_discount ?? 0, shipping: cart.cart_shipping, tax: cart.cart_tax, total: cart.cart_total }
  return <TotalsList figures={figures} place="cart" discountCode={cart.discount_code_name} taxWhenZero={false} />
}
