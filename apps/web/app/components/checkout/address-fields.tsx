/**
 * A shipping or billing address (field names of POST /checkout: shipping_name ...
 * shipping_phone): full name of two words, the postal code labelled 'Zip Code'
 * for the US and 'Postal Code' elsewhere (postalLabel), the phone formatted for
 * the country as it is typed (formatPhone), a state list for the US.
 */
import { countryName, formatPhone, isUnitedStates, postalLabel, US_STATE_OPTIONS, type AddressPrefix } from '@store/core'
import { FormField } from '../forms/form-field'

/** Countries offered first (any ISO code is accepted by the rules; these are where the brands ship). */
export const COUNTRIES: readonly { code: string; name: string }[] = ['US', 'CA', 'GB', 'AU', 'NZ', 'IE', 'DE', 'FR', 'NL', 'MX'].map((code) => ({ code, name: countryName(code) }))

/** The Country list for the address's country: the usual ones, and the address's own (a saved address in Japan) by its name, not its code. */
export function countryOptions(country: string): readonly { code: string; name: string }[] {
  return COUNTRIES.some((c) => c.code === country) ? COUNTRIES : [...COUNTRIES, { code: country, name: countryName(country) }]
}

export type FormValues = Record<string, string>

interface AddressFieldsProps {
  prefix: AddressPrefix
  values: FormValues
  fieldError(name: string): string | undefined
  onChange(name: string, value: string): void
}

export function AddressFields({ prefix, values, fieldError, onChange }: AddressFieldsProps) {
  const name = (part: string) => `${prefix}_${part}`
  const value = (part: string) => values[name(part)] ?? ''
  const country = value('country') || 'US'
  const us = isUnitedStates(country)
  const section = prefix === 'shipping' ? 'shipping' : 'billing'
  const id = (part: string) => `${prefix}-${part.replace('_', '-')}`
  const text = (part: string, label: string, autoComplete: string, extra: { required?: boolean; hint?: string; type?: string; inputMode?: 'tel' | 'text' } = {}) => (
    <FormField
      id={id(part)}
      name={name(part)}
      label={label}
      autoComplete={`${section} ${autoComplete}`}
      value={value(part)}
      onChange={(e) => onChange(name(part), part === 'phone' ? formatPhone(e.target.value, country) || e.target.value.replace(/[^\d+]/g, '') : e.target.value)}
      error={fieldError(name(part))}
      required={extra.required}
      hint={extra.hint}
      type={extra.type}
      inputMode={extra.inputMode}
    />
  )
  const countryError = fieldError(name('country'))
  const stateError = fieldError(name('state'))
  return (
    <div className="address-fields">
      {text('name', 'Full name', 'name', { required: true, hint: 'First and last name.' })}
      {text('company', 'Company (optional)', 'organization')}
      <div className="field">
        <label htmlFor={id('country')}>Country</label>
        <select
          id={id('country')}
          name={name('country')}
          autoComplete={`${section} country`}
          value={country}
          onChange={(e) => onChange(name('country'), e.target.value)}
          aria-invalid={countryError ? true : undefined}
          aria-describedby={countryError ? `${id('country')}-error` : undefined}
        >
          {countryOptions(country).map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </select>
        {countryError ? (
          <p className="field-error" id={`${id('country')}-error`}>
            {countryError}
          </p>
        ) : null}
      </div>
      {text('address', 'Street address', 'address-line1', { required: true })}
      {text('address_2', 'Apartment, suite, etc. (optional)', 'address-line2')}
      <div className="field-row">
        {text('city', 'City', 'address-level2', { required: true })}
        {us ? (
          <div className="field">
            <label htmlFor={id('state')}>State</label>
            <select
              id={id('state')}
              name={name('state')}
              autoComplete={`${section} address-level1`}
              value={value('state')}
              onChange={(e) => onChange(name('state'), e.target.value)}
              aria-invalid={stateError ? true : undefined}
              aria-describedby={stateError ? `${id('state')}-error` : undefined}
            >
              <option value="">Choose…</option>
              {US_STATE_OPTIONS.map(({ code, name }) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </select>
            {stateError ? (
              <p className="field-error" id={`${id('state')}-error`}>
                {stateError}
              </p>
            ) : null}
          </div>
        ) : (
          text('state', 'State / Province / Region', 'address-level1')
        )}
        {text('zip', postalLabel(country), 'postal-code', { required: us })}
      </div>
      {text('phone', prefix === 'shipping' ? 'Phone' : 'Phone (optional)', 'tel', {
        required: prefix === 'shipping',
        type: 'tel',
        inputMode: 'tel',
        hint: us ? 'Like (555) 123-4567, in case the carrier needs to reach you.' : 'With the country code, like +44 20 7946 0958.',
      })}
    </div>
  )
}
