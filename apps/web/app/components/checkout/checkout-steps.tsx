/**
 * The checkout form's address steps: contact, billing address (same as shipping by default) and
 * shipping method, each a fieldset of the page's one form (routes/checkout.tsx).
 */
import { type CheckoutShippingOption, formatPrice } from '@store/core'
import { AddressFields, type FormValues } from './address-fields'

interface StepProps {
  values: FormValues
  fieldError: (name: string) => string | undefined
  onChange: (name: string, value: string) => void
}

export function ContactStep({ values, fieldError, onChange }: StepProps) {
  const error = fieldError('email')
  return (
    <fieldset className="checkout-step">
      <legend>Contact</legend>
      <div className="field">
        <label htmlFor="checkout-email">Email</label>
        <input
          id="checkout-email"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={values.email ?? ''}
          onChange={(e) => onChange('email', e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'checkout-email-error' : undefined}
        />
        {error ? (
          <p className="field-error" id="checkout-email-error">
            {error}
          </p>
        ) : null}
      </div>
    </fieldset>
  )
}

export function BillingStep({ values, fieldError, onChange }: StepProps) {
  const billingSame = values.billing_same !== 'false'
  return (
    <fieldset className="checkout-step">
      <legend>Billing address</legend>
      <div className="checkbox-field">
        <input
          id="billing-same"
          name="billing_same"
          type="checkbox"
          value="true"
          checked={billingSame}
          onChange={(e) => onChange('billing_same', e.target.checked ? 'true' : 'false')}
        />
        <label htmlFor="billing-same">Same as shipping address</label>
      </div>
      {fieldError('billing_same') ? <p className="field-error">{fieldError('billing_same')}</p> : null}
      {billingSame ? null : <AddressFields prefix="billing" values={values} fieldError={fieldError} onChange={onChange} />}
    </fieldset>
  )
}

interface ShippingMethodProps extends Omit<StepProps, 'values'> {
  options: readonly CheckoutShippingOption[]
  method: string
  /** the cart's free-shipping threshold (0: none) */
  freeFrom: number
}

export function ShippingMethodStep({ options, method, freeFrom, fieldError, onChange }: ShippingMethodProps) {
  return (
    <fieldset className="checkout-step shipping-methods">
      <legend>Shipping method</legend>
      {options.map((option) => (
        <label key={option.method} className="shipping-option">
          <input type="radio" name="shipping_method" value={option.method} checked={method === option.method} onChange={() => onChange('shipping_method', option.method)} />
          <span className="shipping-option-label">{option.label}</span>
          <span className="shipping-option-price">{option.free ? 'Free' : formatPrice(option.price, { keepZeroCents: true })}</span>
        </label>
      ))}
      {fieldError('shipping_method') ? <p className="field-error">{fieldError('shipping_method')}</p> : null}
      {method === 'standard' && !options[0]?.free && freeFrom > 0 ? <p className="field-hint">Standard shipping is free on orders of {formatPrice(freeFrom)} or more.</p> : null}
    </fieldset>
  )
}
