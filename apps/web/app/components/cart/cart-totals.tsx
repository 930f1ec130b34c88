/** Subtotal, discount, shipping, tax and total, as the server computed them. */
import { formatPrice } from '@store/core'
import type { Cart } from '../../lib/api/types'

const money = (n: number) => formatPrice(n, { keepZeroCents: true })

export function CartTotals({ cart }: { cart: Cart }) {
  const discount = Math.abs(cart.cart_discount ?? 0)
  return (
    <dl className="cart-totals">
      <div>
        <dt>Subtotal</dt>
        <dd>{money(cart.cart_subtotal)}</dd>
      </div>
      {discount > 0 ? (
        <div className="cart-discount">
          <dt>Discount{cart.discount_code_name ? ` (${cart.discount_code_name})` : ''}</dt>
          <dd>{money(-discount)}</dd>
        </div>
      ) : null}
      <div>
        <dt>Shipping</dt>
        <dd>{cart.cart_shipping > 0 ? money(cart.cart_shipping) : 'Free'}</dd>
      </div>
      {cart.cart_tax > 0 ? (
        <div>
          <dt>Tax</dt>
          <dd>{money(cart.cart_tax)}</dd>
        </div>
      ) : null}
      <div className="cart-total">
        <dt>Total</dt>
        <dd>{money(cart.cart_total)}</dd>
      </div>
    </dl>
  )
}
