/**
 * The logged-in customer's saved cards at checkout (docs/checkout.md "Paying with a saved card"):
 * one radio per card that has not expired, the default first and chosen, then "A new card".
 * Choosing a saved card sends its id (payment_method_id) instead of a new card's token.
 */
import { savedCardName, validateExpiry, type PaymentMethod } from '@store/core'

/** The value of the "A new card" choice. */
export const NEW_CARD = 'new'

/** A card's expiry as printed on it: 12/29. */
export const cardExpiry = (method: Pick<PaymentMethod, 'exp_month' | 'exp_year'>) => `${String(method.exp_month).padStart(2, '0')}/${String(method.exp_year).slice(-2)}`

/** The saved cards that can pay today, in the order the store lists them (the default first). */
export function payableCards(methods: readonly PaymentMethod[], now: Date = new Date()): PaymentMethod[] {
  return methods.filter((method) => validateExpiry(method.exp_month, method.exp_year, now).valid)
}

interface SavedCardsProps {
  cards: readonly PaymentMethod[]
  chosen: string
  onChoose(choice: string): void
  error?: string
  disabled?: boolean
}

export function SavedCards({ cards, chosen, onChoose, error, disabled }: SavedCardsProps) {
  return (
    <div className="saved-cards" role="radiogroup" aria-label="Pay with" data-field="payment_method_id" aria-describedby={error ? 'saved-cards-error' : undefined}>
      {cards.map((card) => (
        <label key={card.id} className="shipping-option saved-card">
          <input type="radio" name="pay_with" value={card.id} checked={chosen === card.id} disabled={disabled} onChange={() => onChoose(card.id)} />
          <span className="shipping-option-label">
            {savedCardName(card.card_brand, card.last4)}
            <span className="saved-card-detail">
              {card.default ? 'Default · ' : ''}Expires {cardExpiry(card)}
            </span>
          </span>
        </label>
      ))}
      <label className="shipping-option saved-card">
        <input type="radio" name="pay_with" value={NEW_CARD} checked={chosen === NEW_CARD} disabled={disabled} onChange={() => onChoose(NEW_CARD)} />
        <span className="shipping-option-label">A new card</span>
      </label>
      {error ? (
        <p className="field-error" id="saved-cards-error">
          {error}
        </p>
      ) : null}
    </div>
  )
}
