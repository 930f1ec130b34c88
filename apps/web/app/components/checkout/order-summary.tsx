/** The checkout's order summary: the lines, the discount code form, and the figures as the server quoted them. */
import { foldBundles, formatPrice, sizeCaption, type CartLine, type CheckoutQuote, type FoldedLine } from '@store/core'
import type { ReactNode } from 'react'
import type { Cart } from '../../lib/api/types'
import { ExchangeNote, MembersOnlyNote } from '../cart/cart-line'
import { DiscountForm } from '../cart/discount-form'
import { TotalsList } from '../totals-list'

const money = (n: number) => formatPrice(n, { keepZeroCents: true })

/**
 * `codes`: the discount code form (false for a club join with nothing in the cart: /checkout-club, whose only
 * charge, the first month, takes no code); `linePrices`: false where the cart's own line prices are not the
 * ones charged (/checkout-club with a cart not yet priced as the join: the figures are the join's quote, at
 * member prices); `children`: a word below the figures (what the join charges today).
 */
export function OrderSummary({
  cart,
  quote,
  updating,
  clubName,
  codes = true,
  linePrices = true,
  children,
}: {
  cart: Cart
  quote: CheckoutQuote
  updating: boolean
  clubName: string | null
  codes?: boolean
  linePrices?: boolean
  children?: ReactNode
}) {
  const lines = foldBundles(cart.items)
  return (
    <section className="order-summary" aria-labelledby="order-summary-title">
      <h2 id="order-summary-title">Order summary</h2>
      {lines.length > 0 ? (
        <ul className="summary-lines">
          {lines.map((line) => (
            <SummaryLine key={line.cartId} line={line} clubName={clubName} priced={linePrices} exchangeLabel={cart.exchange_label} />
          ))}
        </ul>
      ) : null}
      {codes ? <DiscountForm cart={cart} refusal={quote.code_refusal} /> : null}
      <TotalsList
        figures={quote}
        place="checkout"
        discountCode={quote.code_refusal ? null : cart.discount_code_name}
        totalTestId="checkout-total"
        busy={updating}
        clubName={clubName}
      />
      {children}
    </section>
  )
}

/** One line of the summary; a VIP exclusive checkout will refuse says so here too, where "Place order" is. */
export function SummaryLine({
  line,
  clubName,
  priced = true,
  exchangeLabel = null,
}: {
  line: FoldedLine<CartLine>
  clubName: string | null
  priced?: boolean
  /** the cart's exchange_label, said on the exchange's line */
  exchangeLabel?: string | null
}) {
  return (
    <li className="summary-line">
      {line.image ? <img src={line.image} alt="" width={56} height={70} loading="lazy" /> : <span className="summary-image" />}
      <div>
        <p className="summary-name">{line.name}</p>
        <p className="summary-detail">
          {sizeCaption(line.size)}
          {line.color ? ` · ${line.color}` : ''} · Qty {line.qty}
        </p>
        {line.banner ? <p className="summary-banner">{line.banner}</p> : null}
        {line.exchange ? <ExchangeNote label={exchangeLabel} /> : null}
        {line.members_only ? <MembersOnlyNote clubName={clubName} /> : null}
      </div>
      {priced ? <p className="summary-price">{money(line.total)}</p> : null}
    </li>
  )
}
