/**
 * The checkout page's form: its fields (as POST /checkout and the page's action take them), its
 * first values, and where an error of the store's is shown on it.
 */
import { type AddressEntry, billingSameAsShipping, type DefaultAddresses } from '@store/core'
import type { FormValues } from './address-fields'
import { scrollToField } from '../forms/use-form-errors'

/** The small form beside the club's notice: this order checks out without joining. */
export const WITHOUT_CLUB = 'checkout-without-club'

const ADDRESS_PARTS = ['name', 'company', 'country', 'address', 'address_2', 'city', 'state', 'zip', 'phone'] as const
export const FIELD_NAMES = ['email', ...ADDRESS_PARTS.map((p) => `shipping_${p}`), 'billing_same', ...ADDRESS_PARTS.map((p) => `billing_${p}`), 'shipping_method']

/** The form's first values: the logged-in customer's e-mail, and their default addresses where the address book has them. */
export function initialValues(email: string, name: string, defaults: DefaultAddresses | null): FormValues {
  const values: FormValues = { email, billing_same: 'true', shipping_method: 'standard', shipping_country: 'US', billing_country: 'US' }
  if (name) values.shipping_name = name
  const fill = (prefix: 'shipping' | 'billing', address: AddressEntry) => {
    for (const part of ADDRESS_PARTS) if (address[part]) values[`${prefix}_${part}`] = String(address[part])
  }
  if (defaults?.shipping) fill('shipping', defaults.shipping)
  if (defaults?.billing && defaults.shipping && !billingSameAsShipping(defaults.shipping, defaults.billing)) {
    fill('billing', defaults.billing)
    values.billing_same = 'false'
  }
  return values
}

/** The field an error of the API belongs to on this page. */
export function pageField(field: string | undefined): string | undefined {
  if (!field) return undefined
  if (field === 'number' || field === 'payment_token') return 'card_number'
  if (field === 'cvc') return 'card_cvc'
  if (field === 'exp') return 'card_exp'
  return field
}

export function scrollToFirstError(errors: readonly { field?: string }[]) {
  const field = errors.find((error) => error.field)?.field
  // a message for the whole order (the cart, a new total), or for a part the form has no field of (the
  // discount code: "First15 is for a first order…"), is said above the form: bring it into view
  // the form's own field only: the drawer's and the summary's discount inputs are named too, and may be hidden
  const form = document.querySelector('.checkout-form')
  const input = field ? form?.querySelector<HTMLElement>(`[name="${CSS.escape(field)}"], [data-field="${CSS.escape(field)}"]`) : null
  if (!input) {
    if (errors.length > 0) document.getElementById('checkout-errors')?.scrollIntoView({ block: 'center' })
    return
  }
  scrollToField(input)
}
