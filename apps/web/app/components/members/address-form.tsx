/** The address book's form: type, the nine parts of SPEC §3 (as at checkout), and "make default". */
import { COUNTRY_NAMES, countryName, postalLabel, US_STATE_OPTIONS, type AddressEntry } from '@store/core'
import { useState } from 'react'
import { Form } from 'react-router'
import { FormErrors, FormField } from '../forms/form-field'
import { SelectField } from '../forms/select-field'
import type { ApiErrorItem } from '../../lib/api/types'

/** United States first, then every other country by name (COUNTRY_NAMES is in that order). */
const COUNTRY_OPTIONS = [
  { value: 'US', caption: countryName('US') },
  ...Object.entries(COUNTRY_NAMES)
    .filter(([code]) => code !== 'US')
    .map(([value, caption]) => ({ value, caption })),
]
const STATE_OPTIONS = US_STATE_OPTIONS.map(({ code, name }) => ({ value: code, caption: name }))

export interface AddressFormProps {
  /** the address being changed, or none for a new one */
  address?: AddressEntry
  /** what was posted, shown again after an error */
  values?: Record<string, string>
  errors: ApiErrorItem[]
  errorId: string
  busy: boolean
  fieldError: (name: string) => string | undefined
}

export function AddressForm({ address, values, errors, errorId, busy, fieldError }: AddressFormProps) {
  const initial = (name: keyof AddressEntry) => values?.[name] ?? (address ? String(address[name] ?? '') : '')
  const [country, setCountry] = useState(initial('country') || 'US')
  const us = country === 'US'
  const prefix = address ? `address-${address.id}` : 'address-new'
  return (
    <Form method="post" className="stack-form" aria-describedby={errors.length ? errorId : undefined} noValidate>
      <input type="hidden" name="intent" value="save" />
      {address ? <input type="hidden" name="id" value={address.id} /> : null}
      <FormErrors id={errorId} errors={errors} />
      <SelectField
        id={`${prefix}-type`}
        name="address_type"
        label="Address type"
        defaultValue={initial('address_type') || 'shipping'}
        options={[
          { value: 'shipping', caption: 'Shipping' },
          { value: 'billing', caption: 'Billing' },
        ]}
        error={fieldError('address_type')}
      />
      <FormField id={`${prefix}-name`} name="name" label="Full name" autoComplete="name" required defaultValue={initial('name')} error={fieldError('name')} />
      <FormField id={`${prefix}-company`} name="company" label="Company (optional)" autoComplete="organization" defaultValue={initial('company')} error={fieldError('company')} />
      <SelectField
        id={`${prefix}-country`}
        name="country"
        label="Country"
        autoComplete="country"
        value={country}
        onChange={(event) => setCountry(event.target.value)}
        options={COUNTRY_OPTIONS}
        error={fieldError('country')}
      />
      <FormField
        id={`${prefix}-address`}
        name="address"
        label="Street address"
        autoComplete="address-line1"
        required
        defaultValue={initial('address')}
        error={fieldError('address')}
      />
      <FormField
        id={`${prefix}-address-2`}
        name="address_2"
        label="Apartment, suite (optional)"
        autoComplete="address-line2"
        defaultValue={initial('address_2')}
        error={fieldError('address_2')}
      />
      <FormField id={`${prefix}-city`} name="city" label="City" autoComplete="address-level2" required defaultValue={initial('city')} error={fieldError('city')} />
      {us ? (
        <SelectField
          id={`${prefix}-state`}
          name="state"
          label="State"
          autoComplete="address-level1"
          defaultValue={initial('state')}
          placeholder="Choose a state"
          options={STATE_OPTIONS}
          error={fieldError('state')}
        />
      ) : (
        <FormField
          id={`${prefix}-state`}
          name="state"
          label="State, province or region (optional)"
          autoComplete="address-level1"
          defaultValue={initial('state')}
          error={fieldError('state')}
        />
      )}
      <FormField id={`${prefix}-zip`} name="zip" label={postalLabel(country)} autoComplete="postal-code" required={us} defaultValue={initial('zip')} error={fieldError('zip')} />
      <FormField
        id={`${prefix}-phone`}
        name="phone"
        label="Phone"
        type="tel"
        autoComplete="tel"
        defaultValue={initial('phone')}
        error={fieldError('phone')}
        hint="Needed for shipping addresses, in case the carrier has to reach you."
      />
      <div className="field">
        <label>
          <input type="checkbox" name="default" value="1" defaultChecked={address?.default ?? false} /> Make this my default address of its type
        </label>
      </div>
      <button type="submit" className="button button-primary" disabled={busy}>
        {busy ? 'Saving…' : address ? 'Save changes' : 'Save address'}
      </button>
    </Form>
  )
}
