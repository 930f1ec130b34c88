/**
 * How the order pays on /checkout with the Stripe gateway: by card (Stripe.js's field, a saved card,
 * Apple Pay) or by Afterpay, offered only while the brand has Afterpay on and the total lies within
 * its minimum and maximum (SPEC §3, @store/core afterpayCovers). Choosing Afterpay, the order is
 * placed with POST /checkout/afterpay and the shopper goes to Afterpay's page to approve the
 * instalments, then comes back to the order's next page, or to /checkout?afterpay=… with the cart as
 * it was (docs/checkout-money.md "Afterpay").
 */
import { formatPrice } from '@store/core'

export type PayBy = 'card' | 'afterpay'

interface PaymentChoiceProps {
  payBy: PayBy
  total: number
  disabled: boolean
  onChoose(payBy: PayBy): void
}

/** A quarter of the total, as Afterpay takes it in 4 instalments (the first one carries the odd cents). */
export const instalment = (total: number) => formatPrice(Math.floor((total * 100) / 4) / 100, { keepZeroCents: true })

export function PaymentChoice({ payBy, total, disabled, onChoose }: PaymentChoiceProps) {
  return (
    <div className="payment-choice" role="radiogroup" aria-label="Pay with" data-field="payment_method">
      <label className="shipping-option">
        <input type="radio" name="pay_by" value="card" checked={payBy === 'card'} disabled={disabled} onChange={() => onChoose('card')} />
        <span className="shipping-option-label">Card</span>
      </label>
      <label className="shipping-option">
        <input type="radio" name="pay_by" value="afterpay" checked={payBy === 'afterpay'} disabled={disabled} onChange={() => onChoose('afterpay')} />
        <span className="shipping-option-label">Afterpay</span>
        <span className="shipping-option-price">4 × {instalment(total)}</span>
      </label>
      {payBy === 'afterpay' ? (
        <p className="field-hint afterpay-note">
          Pay in 4 interest-free instalments of {instalment(total)}. You will approve them on Afterpay's page, then come back here to your order.
        </p>
      ) : null}
    </div>
  )
}
