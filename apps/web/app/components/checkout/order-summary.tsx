/** The checkout's order summary: the lines, the discount code form, and the figures as the server quoted them. */
import { foldBundles, formatPrice, sizeCaption, type CartLine, type CheckoutQuote, type FoldedLine } from '@store/core'
import type { Cart } from '../../lib/api/types'
import { MembersOnlyNote } from '../cart/cart-line'
import { DiscountForm } from '../cart/discount-form'
import { TotalsList } from '../totals-list'

const money = (n: number) => formatPrice(n, { keepZeroCents: true })

export function OrderSummary({ cart, quote, updating, clubName }: { cart: Cart; quote: CheckoutQuote; updating: boolean; clubName: string | null }) {
  const lines = foldBundles(cart.items)
  return (
    <section className="order-summary" aria-labelledby="order-summary-title">
      <h2 id="order-summary-title">Order summary</h2>
      <ul className="summary-lines">
        {lines.map((line) => (
          <SummaryLine key={line.cartId} line={line} clubName={clubName} />
        ))}
      </ul>
      <DiscountForm cart={cart} refusal={quote.code_refusal} />
      <TotalsList figures={quote} place="checkout" discountCode={quote.code_refusal ? null : cart.discount_code_name} totalTestId="checkout-total" busy={updating} clubName={clubName} />
    </section>
  )
}

/** One line of the summary; a VIP exclusive checkout will refuse says so here too, where "Place order" is. */
export function SummaryLine({ line, clubName }: { line: FoldedLine<CartLine>; clubName: string | null }) {
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
        {line.members_only ? <MembersOnlyNote clubName={clubName} /> : null}
      </div>
      <p className="summary-price">{money(line.total)}</p>
    </li>
  )
}
