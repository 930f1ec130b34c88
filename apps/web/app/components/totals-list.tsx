/**
 * The money figures of a cart, a checkout quote or a placed order, as the
 * server worked them out: subtotal, the discount (only when there is one),
 * shipping ("Free" at zero), tax and the total, and the club's first month when the
 * order joins it (in the subtotal). One list for the cart drawer,
 * the checkout's summary, the thank-you page and the order history, so a
 * shopper reads the same figures in the same words everywhere.
 */
import { formatPrice } from '@store/core'

const money = (n: number) => formatPrice(n, { keepZeroCents: true })

/** In dollars, as the API answers them (DESIGN §4). */
export interface TotalsFigures {
  subtotal: number
  /** either sign: orders keep it negative, carts and quotes positive */
  discount: number
  shipping: number
  tax: number
  total: number
  /** joining the club with this order: its first period, in the subtotal (quotes and orders; 0 or absent otherwise) */
  club_fee?: number
}

/** Where the list stands: its look comes from the stylesheet of that place. */
export type TotalsPlace = 'cart' | 'checkout' | 'order'

const LOOK: Record<TotalsPlace, { list: string; discount?: string; total: string }> = {
  cart: { list: 'cart-totals', discount: 'cart-discount', total: 'cart-total' },
  checkout: { list: 'cart-totals checkout-totals', discount: 'cart-discount', total: 'cart-total checkout-total' },
  order: { list: 'order-totals', total: 'order-total' },
}

export function TotalsList({
  figures,
  place,
  discountCode,
  shippingMethod,
  taxWhenZero = true,
  totalTestId,
  busy,
  clubName,
}: {
  figures: TotalsFigures
  place: TotalsPlace
  /** the brand's club ("VIP"), named on the membership's row when the order joins it */
  clubName?: string | null
  /** the code's name, shown beside "Discount" */
  discountCode?: string | null
  /** 'express' or 'standard': named beside "Shipping" when given */
  shippingMethod?: string
  /** false in the cart, where tax is not known before the address */
  taxWhenZero?: boolean
  totalTestId?: string
  busy?: boolean
}) {
  const look = LOOK[place]
  const discount = Math.abs(figures.discount)
  return (
    <dl className={look.list} aria-busy={busy || undefined}>
      {figures.club_fee ? (
        <div data-testid="club-fee">
          <dt>{clubName ?? 'Club'} membership, first month</dt>
          <dd>{money(figures.club_fee)}</dd>
        </div>
      ) : null}
      <div>
        <dt>Subtotal</dt>
        <dd>{money(figures.subtotal)}</dd>
      </div>
      {discount > 0 ? (
        <div className={look.discount}>
          <dt>Discount{discountCode ? ` (${discountCode})` : ''}</dt>
          <dd>{money(-discount)}</dd>
        </div>
      ) : null}
      <div>
        <dt>Shipping{shippingMethod ? ` (${shippingMethod === 'express' ? 'Express' : 'Standard'})` : ''}</dt>
        <dd>{figures.shipping > 0 ? money(figures.shipping) : 'Free'}</dd>
      </div>
      {taxWhenZero || figures.tax > 0 ? (
        <div>
          <dt>Tax</dt>
          <dd>{money(figures.tax)}</dd>
        </div>
      ) : null}
      <div className={look.total}>
        <dt>Total</dt>
        <dd data-testid={totalTestId}>{money(figures.total)}</dd>
      </div>
    </dl>
  )
}
