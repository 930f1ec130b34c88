/**
 * The test gateway's card form (SPEC §5): the brand shown while typing
 * (cardBrand), the number grouped in fours (amex 4-6-5) and at most 19 digits
 * (formatCardNumber), full-width digits converted (toAsciiDigits), the
 * security code limited to 4 digits and checked for the brand, the expiry as
 * month / year. The inputs carry no `name`: the card never travels with the
 * page's own form, only to the payment provider's tokenisation.
 */
import { CARD_BRAND_NAMES, cardBrand, EXPIRY_INPUT_MAX_LENGTH, formatCardNumber, formatExpiryInput, SECURITY_CODE_MAX_LENGTH, toAsciiDigits } from '@store/core'

export interface CardValues {
  number: string
  exp: string
  cvc: string
}

/** 19 digits and the spaces between their groups. */
const CARD_INPUT_MAX_LENGTH = 23

interface CardFieldsProps {
  values: CardValues
  fieldError(name: string): string | undefined
  onChange(values: CardValues): void
  disabled?: boolean
}

export function CardFields({ values, fieldError, onChange, disabled }: CardFieldsProps) {
  const brand = cardBrand(values.number)
  const brandName = brand ? CARD_BRAND_NAMES[brand] : null
  const numberError = fieldError('card_number')
  const expError = fieldError('card_exp')
  const cvcError = fieldError('card_cvc')
  const describe = (id: string, error: string | undefined, extra?: string) => [error ? `${id}-error` : null, extra ?? null].filter(Boolean).join(' ') || undefined
  return (
    <div className="card-fields">
      <div className="field">
        <label htmlFor="card-number">Card number</label>
        <div className="card-number-row">
          <input
            id="card-number"
            data-field="card_number"
            type="text"
            inputMode="numeric"
            autoComplete="cc-number"
            maxLength={CARD_INPUT_MAX_LENGTH}
            placeholder="1234 5678 9012 3456"
            value={values.number}
            disabled={disabled}
            onChange={(e) => onChange({ ...values, number: formatCardNumber(e.target.value) })}
            aria-invalid={numberError ? true : undefined}
            aria-describedby={describe('card-number', numberError, 'card-brand')}
          />
          <span id="card-brand" className={`card-brand${brand ? ` card-brand-${brand}` : ''}`} aria-live="polite">
            {brandName ?? ''}
          </span>
        </div>
        {numberError ? (
          <p className="field-error" id="card-number-error" role="alert">
            {numberError}
          </p>
        ) : null}
      </div>
      <div className="field-row">
        <div className="field">
          <label htmlFor="card-exp">Expiry (MM / YY)</label>
          <input
            id="card-exp"
            data-field="card_exp"
            type="text"
            inputMode="numeric"
            autoComplete="cc-exp"
            maxLength={EXPIRY_INPUT_MAX_LENGTH}
            placeholder="MM / YY"
            value={values.exp}
            disabled={disabled}
            onChange={(e) => {
              const raw = e.target.value
              // deleting the separator deletes the digit before it, as the shopper means
              const shorter = raw.length < values.exp.length && values.exp.endsWith(' / ') ? raw.replace(/\s*\/?\s*$/, '').slice(0, -1) : raw
              onChange({ ...values, exp: formatExpiryInput(shorter) })
            }}
            aria-invalid={expError ? true : undefined}
            aria-describedby={describe('card-exp', expError)}
          />
          {expError ? (
            <p className="field-error" id="card-exp-error">
              {expError}
            </p>
          ) : null}
        </div>
        <div className="field">
          <label htmlFor="card-cvc">Security code</label>
          <input
            id="card-cvc"
            data-field="card_cvc"
            type="text"
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={SECURITY_CODE_MAX_LENGTH}
            placeholder={brand === 'amex' ? '4 digits' : '3 digits'}
            value={values.cvc}
            disabled={disabled}
            onChange={(e) => onChange({ ...values, cvc: toAsciiDigits(e.target.value).replace(/\D/g, '').slice(0, SECURITY_CODE_MAX_LENGTH) })}
            aria-invalid={cvcError ? true : undefined}
            aria-describedby={describe('card-cvc', cvcError)}
          />
          {cvcError ? (
            <p className="field-error" id="card-cvc-error">
              {cvcError}
            </p>
          ) : null}
        </div>
      </div>
    </div>
  )
}

/** The test gateway's cards, said under its card form (/checkout and /checkout-club alike). */
export function TestCardsHint() {
  return <p className="field-hint test-cards">Test cards: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined, 4000 0027 6000 3184 asks to authenticate.</p>
}
