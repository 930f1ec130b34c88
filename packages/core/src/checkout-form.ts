/**
 * The checkout form's rules, shared by the browser (errors shown as the shopper
 * types) and the API (POST /checkout answers them as 422 errors with `field`).
 * Field names are the API's (DESIGN §4): email, shipping_name ... shipping_phone,
 * billing_same, billing_name ... billing_phone. Errors come in form order, so the
 * page scrolls to the first one (SPEC §5).
 */
import {
  ADDRESS_PARTS,
  billingSameAsShipping,
  isUnitedStates,
  isValidFullName,
  isValidPhone,
  postalLabel,
  unusableCharacterIn,
  unusableCharacterMessage,
  type AddressInput,
  type AddressPart,
} from './address.ts'
import { validateExpiry } from './card-expiry.ts'
import { validateCardNumber, validateSecurityCode } from './cards.ts'
import { isValidEmail } from './email-address.ts'
import { isCountryCode, isUsStateCode } from './regions.ts'

export type AddressPrefix = 'shipping' | 'billing'

/** One error of a form, as the API sends it: the field's name and a message for the shopper. */
export interface FieldError {
  field: string
  message: string
}

/** Form values as they arrive: any field missing, null, a string or a number. */
export type FormValues = Readonly<Record<string, unknown>>

/** Longest text accepted per address part. */
export const ADDRESS_MAX_LENGTHS: Record<AddressPart, number> = {
  name: 100,
  company: 100,
  country: 2,
  address: 100,
  address_2: 100,
  city: 60,
  state: 60,
  zip: 12,
  phone: 30,
}

/** US zip: 5 digits, or ZIP+4. */
const US_ZIP = /^\d{5}(?:-\d{4})?$/
/** A postal code elsewhere: letters, digits, spaces and hyphens. */
const POSTAL_CODE = /^[A-Za-z0-9][A-Za-z0-9 -]*$/

/** A form value as trimmed text ('' for missing, null or anything not text or a number). */
export function formText(values: FormValues, field: string): string {
  const v = values[field]
  if (typeof v === 'string') return v.trim()
  if (typeof v === 'number' && Number.isFinite(v)) return String(v)
  return ''
}

/** The nine parts of the address under a prefix ('shipping_name' -> name ...). */
export function addressFromForm(values: FormValues, prefix: AddressPrefix): AddressInput {
  const address: AddressInput = {}
  for (const part of ADDRESS_PARTS) address[part] = formText(values, `${prefix}_${part}`)
  return address
}

/**
 * The errors of the shipping or billing address of a checkout form:
 * - name: required, a first and last name (isValidFullName);
 * - company, address_2: optional;
 * - country: required, an ISO 3166-1 alpha-2 code;
 * - address, city: required;
 * - state: required for the US, a US state code;
 * - zip: for the US required, 5 digits or ZIP+4; elsewhere optional, letters,
 *   digits, spaces, hyphens; messages name it by postalLabel;
 * - phone: required for shipping (the carrier's contact), optional for billing;
 *   a US number of 10 digits, elsewhere 7-20 digits (isValidPhone);
 * - every part within ADDRESS_MAX_LENGTHS.
 */
export function validateCheckoutAddress(fields: FormValues, prefix: AddressPrefix): FieldError[] {
  const errors: FieldError[] = []
  const a = addressFromForm(fields, prefix)
  const text = (part: AddressPart) => a[part] ?? ''
  const add = (part: AddressPart, message: string) => errors.push({ field: `${prefix}_${part}`, message })
  const whose = prefix === 'shipping' ? 'shipping' : 'billing'
  const country = text('country')
  const us = isUnitedStates(country)
  const label = postalLabel(country)

  for (const part of ADDRESS_PARTS) {
    const value = text(part)
    const max = ADDRESS_MAX_LENGTHS[part]
    if (part !== 'country' && value.length > max) {
      add(part, `Keep this to ${max} characters or fewer.`)
      continue
    }
    const unusable = unusableCharacterIn(value)
    if (unusable) {
      add(part, unusableCharacterMessage(unusable, 'this field'))
      continue
    }
    switch (part) {
      case 'name':
        if (value === '') add(part, `Enter the ${whose} name.`)
        else if (!isValidFullName(value)) add(part, 'Enter a first and last name.')
        break
      case 'country':
        if (value === '') add(part, 'Choose a country.')
        else if (!isCountryCode(value)) add(part, 'Choose a country from the list.')
        break
      case 'address':
        if (value === '') add(part, `Enter the ${whose} street address.`)
        break
      case 'city':
        if (value === '') add(part, 'Enter the city.')
        break
      case 'state':
        if (us && value === '') add(part, 'Choose a state.')
        else if (us && !isUsStateCode(value)) add(part, 'Choose a state from the list.')
        break
      case 'zip':
        if (us && value === '') add(part, `Enter the ${label}.`)
        else if (us && !US_ZIP.test(value)) add(part, `Enter a 5-digit ${label}, like 10001 or 10001-1234.`)
        else if (!us && value !== '' && !POSTAL_CODE.test(value)) add(part, `Enter a valid ${label}.`)
        break
      case 'phone':
        if (value === '') {
          if (prefix === 'shipping') add(part, 'Enter a phone number, in case the carrier needs to reach you.')
        } else if (!isValidPhone(value, country)) {
          add(part, us ? 'Enter a 10-digit phone number, like (555) 123-4567.' : 'Enter a phone number of 7 to 20 digits, with the country code.')
        }
        break
      case 'company':
      case 'address_2':
        break
    }
  }
  return errors
}

const TRUE_VALUES = new Set(['true', '1', 'on', 'yes'])
const FALSE_VALUES = new Set(['false', '0', 'off', 'no', ''])

/**
 * Whether billing is the same as shipping: billing_same as a checkbox or boolean
 * sends it (true/false, 1/0, on/off, yes/no); when it is missing, billing is the
 * same when no billing part was filled in. Null for a value that is none of these.
 */
export function readBillingSame(form: FormValues): boolean | null {
  const v = form.billing_same
  if (v === undefined || v === null) return ADDRESS_PARTS.every((part) => formText(form, `billing_${part}`) === '')
  if (typeof v === 'boolean') return v
  if (typeof v === 'number') return v === 1 ? true : v === 0 ? false : null
  if (typeof v !== 'string') return null
  const s = v.trim().toLowerCase()
  if (TRUE_VALUES.has(s)) return true
  if (FALSE_VALUES.has(s)) return false
  return null
}

/**
 * The billing address an order keeps: the shipping address when billing_same is
 * set (billing parts sent anyway are ignored) or when the billing parts match the
 * shipping ones (billingSameAsShipping), else the billing parts.
 */
export function billingAddressOf(form: FormValues): { same: boolean; address: AddressInput } {
  const shipping = addressFromForm(form, 'shipping')
  const billing = addressFromForm(form, 'billing')
  const same = readBillingSame(form) === true || billingSameAsShipping(shipping, billing)
  return { same, address: same ? shipping : billing }
}

/**
 * The errors of the whole checkout form, in form order: email (required, a valid
 * address), the shipping address, billing_same (a yes or no), and the billing
 * address when billing is not the same as shipping.
 */
export function validateCheckoutForm(form: FormValues): FieldError[] {
  const errors: FieldError[] = []
  const email = formText(form, 'email')
  if (email === '') errors.push({ field: 'email', message: 'Enter your e-mail address.' })
  else if (!isValidEmail(email)) errors.push({ field: 'email', message: 'Enter a valid e-mail address, like name@example.com.' })
  errors.push(...validateCheckoutAddress(form, 'shipping'))
  const same = readBillingSame(form)
  if (same === null) {
    errors.push({ field: 'billing_same', message: 'Choose whether the billing address is the same as shipping.' })
  } else if (!billingAddressOf(form).same) {
    errors.push(...validateCheckoutAddress(form, 'billing'))
  }
  return errors
}

/** The card form's values (the test gateway's POST /payments/test-tokens; the browser's card fields). */
export interface CardFormValues {
  number?: string | null
  cvc?: string | null
  exp_month?: string | number | null
  exp_year?: string | number | null
}

const sentence = (s: string) => (s.endsWith('.') ? s : `${s}.`)

/**
 * The errors of a card form, fields `number`, `cvc` and `exp`: the card number rules
 * (validateCardNumber), the security code for the card's brand
 * (validateSecurityCode), and an expiry that has not passed at `now` (validateExpiry).
 */
export function validateCardForm(card: CardFormValues, now: Date = new Date()): FieldError[] {
  const errors: FieldError[] = []
  const number = validateCardNumber(card.number ?? '')
  if (!number.valid) errors.push({ field: 'number', message: sentence(number.reason ?? 'Card number is not valid') })

  const cvc = (card.cvc ?? '').trim()
  if (cvc === '') errors.push({ field: 'cvc', message: 'Enter the security code.' })
  else if (!validateSecurityCode(cvc, number.brand)) {
    const message =
      number.brand === 'amex'
        ? 'Enter the 4-digit security code on the front of your card.'
        : number.brand === null
          ? 'Enter the 3- or 4-digit security code.'
          : 'Enter the 3-digit security code on the back of your card.'
    errors.push({ field: 'cvc', message })
  }

  const month = card.exp_month ?? ''
  const year = card.exp_year ?? ''
  if (String(month).trim() === '' || String(year).trim() === '') {
    errors.push({ field: 'exp', message: 'Enter the expiry date.' })
  } else {
    const expiry = validateExpiry(month, year, now)
    if (!expiry.valid) errors.push({ field: 'exp', message: sentence(expiry.reason ?? 'Expiry date is not valid') })
  }
  return errors
}
