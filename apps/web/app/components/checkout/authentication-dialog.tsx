/**
 * The bank's authentication step (3-D Secure) as the test gateway stands it in:
 * the shopper completes or cancels it; the page then sends the order again with
 * the same Idempotency-Key. (With Stripe, Stripe.js shows the bank's own page.)
 */
import { useEffect, useRef } from 'react'
import { formatPrice } from '@store/core'

/**
 * `amount`: the payment's, where the page knows it (checkout's total); without it the dialog names none.
 * `card`: the step is for a card being saved (/change_payment), not for a payment.
 */
export function AuthenticationDialog({ amount, card = false, busy, onAnswer }: { amount?: number; card?: boolean; busy: boolean; onAnswer(outcome: 'complete' | 'cancel'): void }) {
  const dialog = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const element = dialog.current
    if (element && !element.open) element.showModal()
    return () => element?.close()
  }, [])
  return (
    <dialog
      ref={dialog}
      className="auth-dialog"
      aria-labelledby="auth-dialog-title"
      aria-describedby="auth-dialog-text"
      onCancel={(e) => {
        e.preventDefault()
        if (!busy) onAnswer('cancel')
      }}
    >
      <h2 id="auth-dialog-title">Confirm it's you</h2>
      <p id="auth-dialog-text">
        {card
          ? 'Your bank asks you to confirm this card before we save it: nothing is charged.'
          : `Your bank asks you to confirm this payment${amount === undefined ? '' : ` of ${formatPrice(amount, { keepZeroCents: true })}`}.`}{' '}
        (Test card: choose Complete to approve it, or Cancel to refuse it.)
      </p>
      <div className="auth-dialog-actions">
        <button type="button" className="button button-primary" disabled={busy} onClick={() => onAnswer('complete')}>
          Complete
        </button>
        <button type="button" className="button button-secondary" disabled={busy} onClick={() => onAnswer('cancel')}>
          Cancel
        </button>
      </div>
    </dialog>
  )
}
