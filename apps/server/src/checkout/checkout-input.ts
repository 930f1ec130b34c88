/**
 * The checkout form as the service takes it, and its checks: core's rules
 * (the same the browser runs), each failure a 422 naming its field.
 */
import { isValidFullName, isValidPhone, postalLabel, type Address } from '@store/core'
import { unprocessable } from '../http/errors.ts'

export const SHIPPING_METHODS = ['standard', 'express'] as const
export type ShippingMethod = (typeof SHIPPING_METHODS)[number]

export interface CheckoutAddress extends Address {
  company: string
  address_2: string
}

export interface CheckoutInput {
  email: string
  shipping: CheckoutAddress
  /** null when billing is the shipping address */
  billing: CheckoutAddress | null
  payment_token: string
  shipping_method: ShippingMethod
}

function checkAddress(address: CheckoutAddress, prefix: 'shipping' | 'billing') {
  const who = prefix === 'shipping' ? 'shipping' : 'billing'
  if (!isValidFullName(address.name)) throw unprocessable(`Enter the first and last name for ${who}.`, `${prefix}_name`)
  if (!address.country) throw unprocessable(`Choose the ${who} country.`, `${prefix}_country`)
  if (!address.address) throw unprocessable(`Enter the ${who} street address.`, `${prefix}_address`)
  if (!address.city) throw unprocessable(`Enter the ${who} city.`, `${prefix}_city`)
  if (!address.state) throw unprocessable(`Enter the ${who} state or region.`, `${prefix}_state`)
  if (!address.zip) throw unprocessable(`Enter the ${who} ${postalLabel(address.country)}.`, `${prefix}_zip`)
  if (address.phone && !isValidPhone(address.phone, address.country)) {
    throw unprocessable(`Enter a complete ${who} phone number.`, `${prefix}_phone`)
  }
}

/** Throws the first problem, as the form lists its fields. */
export function checkCheckoutInput(input: CheckoutInput): void {
  checkAddress(input.shipping, 'shipping')
  if (input.billing) checkAddress(input.billing, 'billing')
}
