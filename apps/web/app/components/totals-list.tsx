/**
 * The money figures of a cart, a checkout quote or a placed order, as the
 * server worked them out: subtotal, what the bundle offers save and what the
 * code takes off, each on its own row (one discount row for an order placed before
 * bundle savings were kept), only when there is one,
 * shipping ("Free" at zero), tax and the total, and the club's first month when the
 * order joins it (in the subtotal). One list for the cart drawer,
 * the checkout's summary, the thank-you page and the order history, so a
 * shopper reads the same figures in the same words everywhere.
 */
import { formatPrice, fromCents, toCents } from '@store/core'

const money = (n: number) => formatPrice(n, { keepZeroCents: true })

/** In dollars, as the API answers them (DESIGN §4). */
export interface TotalsFigures {
  subtotal: number
  /** everything taken off, bundles and code; either sign: orders keep it negative, carts and quotes positive */
  discount: number
  /** what the bundle offers save, in `discount` (0 or absent: the whole discount on one row) */
  bundle_discount?: number
  shipping: number
  tax: number
  total: number
  /** joining the club with this order: its first period, in the subtotal (quotes and orders; 0 or absent otherwise) */
  club_fee?: number
}

/**
 * The discount told apart, in dollars taken off (positive): what the bundles save, and the rest,
 * the code's. Worked out in whole cents, so the two rows add up to the discount to the cent.
 */
export function discountRows(figures: Pick<TotalsFigures, 'discount' | 'bundle_discount'>): { bundle: number; code: number } {
  const discountCents = Math.abs(toCents(figures.discount))
  const bundleCents = Math.min(discountCents, Math.abs(toCents(figures.bundle_discount ?? 0)))
  return { bundle: fromCents(bundleCents), code: fromCents(discountCents - bundleCents) }
}

/** Where the list stands: its look comes from the stylesheet of that place. */
export type TotalsPlace = 'cart' | 'checkout' | 'order'

const LOOK: Record<TotalsPlace, { list: string; discount?: string; bundle?: string; total: string }> = {
  cart: { list: 'cart-totals', discount: 'cart-discount', bundle: 'cart-bundle-savings', total: 'cart-total' },
  checkout: { list: 'cart-totals checkout-totals', discount: 'cart-discount', bundle: 'cart-bundle-savings', total: 'cart-total checkout-total' },
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
  const { bundle, code } = discountRows(figures)
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
      {bundle > 0 ? (
        <div className={look.bundle}>
          <dt>Bundle savings</dt>
          <dd>{money(-bundle)}</dd>
        </div>
      ) : null}
      {code > 0 ? (
        <div className={look.discount}>
          <dt>Discount{discountCode ? ` (${discountCode})` : ''}</dt>
          <dd>{money(-code)}</dd>
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
