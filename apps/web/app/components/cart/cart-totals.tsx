/**
 * Subtotal, discount, shipping, tax (once known) and total of the cart, as the server computed them;
 * and, for a cart whose checkout joins the club (has_club_in_cart: priced as a member's already),
 * what joining adds at checkout, so the member prices come with their terms.
 */
import { formatPrice } from '@store/core'
import type { Cart } from '../../lib/api/types'
import { useSettings } from '../../lib/store/store-provider'
import { TotalsList } from '../totals-list'
import { cartTotalsFigures } from './cart-math'

export function CartTotals({ cart }: { cart: Cart }) {
  const { clubName } = useSettings()
  const figures = cartTotalsFigures(cart)
  return (
    <>
      <TotalsList figures={figures} place="cart" discountCode={cart.discount_code_name} taxWhenZero={false} />
      {cart.has_club_in_cart && cart.club_monthly !== null ? (
        <p className="cart-club-join" data-testid="cart-club-join">
          {clubName ?? 'Member'} prices: you join {clubName ?? 'the club'} at checkout, {formatPrice(cart.club_monthly, { keepZeroCents: true })} a month until you cancel.
        </p>
      ) : null}
    </>
  )
}
