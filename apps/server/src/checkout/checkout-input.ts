/**
 * The checkout form read with core's rules (validateCheckoutForm, the same the
 * browser runs): every problem a 422 naming its field, in form order.
 */
import {
  addressFromForm,
  billingAddressOf,
  formatPhone,
  formText,
  isShippingMethod,
  parsePrice,
  toCents,
  validateCheckoutForm,
  type AddressInput,
  type FieldError,
  type PostalAddress,
  type ShippingMethod,
} from '@store/core'

/** A shipping or billing address of the form, every part read (empty where none). */
export type CheckoutAddress = PostalAddress

export interface CheckoutInput {
  email: string
  shipping: CheckoutAddress
  /** null when billing is the shipping address */
  billing: CheckoutAddress | null
  /** a new card's one-time token; empty when a saved card pays */
  payment_token: string
  /** one of the customer's saved cards (payment_methods.id), instead of a new card */
  payment_method_id?: string
  shipping_method: ShippingMethod
  /** checkout_club_flow or vip_flow: this order joins the club (membership/club-join.ts) */
  checkout_flow?: string
  /** the total the shopper saw on the button, in cents: the order is refused (409) if it would charge another */
  expected_total_cents?: number
}

const complete = (address: AddressInput): CheckoutAddress => {
  const country = address.country?.trim().toUpperCase() ?? ''
  const phone = address.phone?.trim() ?? ''
  return {
    name: address.name?.trim() ?? '',
    company: address.company?.trim() ?? '',
    country,
    address: address.address?.trim() ?? '',
    address_2: address.address_2?.trim() ?? '',
    city: address.city?.trim() ?? '',
    state: address.state?.trim() ?? '',
    zip: address.zip?.trim() ?? '',
    // as the checkout page and the address book write it ('(512) 555-0100'), whoever sent the order
    phone: phone ? formatPhone(phone, country) : '',
  }
}

/** The form as the service takes it, or every problem with it. */
export function readCheckoutForm(
  form: Record<string, unknown>,
  /** afterpay: no card at all (checkout/afterpay.ts): a card's token or saved card sent with it is refused */
  paidBy: 'card' | 'afterpay' = 'card',
): { input: CheckoutInput } | { errors: FieldError[] } {
  const errors = validateCheckoutForm(form)
  const token = formText(form, 'payment_token')
  const savedCard = formText(form, 'payment_method_id')
  if (paidBy === 'afterpay') {
    if (token !== '' || savedCard !== '') errors.push({ field: 'payment_method', message: 'Afterpay takes no card: choose Afterpay or a card, not both.' })
  }
  // a new card's token or a saved card (checkout.service.ts checks the card is the customer's), one of them
  else if (savedCard !== '' && token !== '') errors.push({ field: 'payment_method_id', message: 'Choose your saved card or a new card, not both.' })
  // a member's exchange charges nothing: no card (checkout/exchange-door.ts)
  else if (savedCard === '' && token === '' && formText(form, 'checkout_flow') !== 'exchange') errors.push({ field: 'payment_token', message: 'Enter your card details.' })
  // a card number where the token belongs goes no further (nor into a log)
  else if (/^[\d\s-]{12,23}$/.test(token)) errors.push({ field: 'payment_token', message: 'Send the payment token from the card form, never the card number itself.' })
  const expected = readExpectedTotal(formText(form, 'expected_total'))
  if (expected === 'invalid') errors.push({ field: 'expected_total', message: 'The total sent with the order is not an amount.' })
  const method = formText(form, 'shipping_method') || 'standard'
  if (!isShippingMethod(method)) errors.push({ field: 'shipping_method', message: 'Choose standard or express shipping.' })
  if (errors.length > 0 || !isShippingMethod(method) || expected === 'invalid') return { errors }
  const billing = billingAddressOf(form)
  return {
    input: {
      email: formText(form, 'email').toLowerCase(),
      shipping: complete(addressFromForm(form, 'shipping')),
      billing: billing.same ? null : complete(billing.address),
      payment_token: token,
      ...(savedCard !== '' ? { payment_method_id: savedCard } : {}),
      shipping_method: method,
      ...(formText(form, 'checkout_flow') ? { checkout_flow: formText(form, 'checkout_flow') } : {}),
      ...(expected !== null ? { expected_total_cents: expected } : {}),
    },
  }
}

/** The total the page showed ('45.94', '$1,045.94'), in cents; null when none was sent. */
function readExpectedTotal(text: string): number | null | 'invalid' {
  if (text === '') return null
  try {
    const dollars = parsePrice(text)
    return dollars >= 0 ? toCents(dollars) : 'invalid'
  } catch {
    return 'invalid'
  }
}
