/** Discount code entry: the applied code's name and info, or a field; the API's errors in an alert. */
import { useId, useState } from 'react'
import type { Cart } from '../../lib/api/types'
import { useCart } from '../../lib/store/store-provider'
import { CartForm } from './cart-form'

/** refusal: the checkout's word that the cart's code does not count for this shopper (the quote's code_refusal) */
export function DiscountForm({ cart, refusal = null }: { cart: Cart; refusal?: string | null }) {
  const { applyDiscount, removeDiscount, discountErrors, cartUpdating } = useCart()
  const [code, setCode] = useState('')
  const inputId = useId()
  const errorId = useId()

  if (cart.discount_code_name) {
    const bullets = cart.discount_code_details?.bullets ?? []
    return (
      // what focus goes to once the code went in by its field (lib/action-focus.ts), which it replaces
      <div className="discount-applied" data-action-outcome>
        <p>
          <span className="discount-label">Discount code</span> <strong>{cart.discount_code_name}</strong>
        </p>
        {refusal ? (
          <p className="form-error discount-refusal" role="status">
            {refusal}
          </p>
        ) : cart.discount_code_info ? (
          <p className="discount-info">{cart.discount_code_info}</p>
        ) : null}
        {bullets.length ? (
          <ul className="discount-bullets">
            {bullets.map((b) => (
              <li key={b}>{b}</li>
            ))}
          </ul>
        ) : null}
        <CartForm intent="removeDiscount">
          <button
            type="submit"
            className="link-button"
            aria-disabled={cartUpdating || undefined}
            onClick={(e) => {
              e.preventDefault()
              if (!cartUpdating) void removeDiscount()
            }}
          >
            Remove code
          </button>
        </CartForm>
      </div>
    )
  }

  const hasErrors = discountErrors.length > 0
  return (
    <CartForm
      intent="discount"
      className="discount-form"
      onSubmit={(e) => {
        e.preventDefault()
        const value = code.trim()
        if (value && !cartUpdating) void applyDiscount(value)
      }}
    >
      <label htmlFor={inputId}>Discount code</label>
      <div className="discount-row">
        <input
          id={inputId}
          name="code"
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          aria-invalid={hasErrors || undefined}
          aria-describedby={hasErrors ? errorId : undefined}
          required
          // where focus goes once "Remove code", which this replaces, did its work
          data-action-outcome
        />
        <button type="submit" className="button button-secondary" aria-disabled={cartUpdating || undefined}>
          Apply
        </button>
      </div>
      <div id={errorId} role="alert" className="form-error">
        {discountErrors.map((message) => (
          <p key={message}>{message}</p>
        ))}
      </div>
    </CartForm>
  )
}
