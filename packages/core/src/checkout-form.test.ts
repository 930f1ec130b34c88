import { describe, expect, it } from 'vitest'
import { addressFromForm, billingAddressOf, readBillingSame, validateCardForm, validateCheckoutAddress, validateCheckoutForm, type FormValues } from './checkout-form.ts'

const shipping = {
  shipping_name: 'Ann Smith',
  shipping_company: '',
  shipping_country: 'US',
  shipping_address: '1 Main St',
  shipping_address_2: 'Apt 2',
  shipping_city: 'Springfield',
  shipping_state: 'IL',
  shipping_zip: '62701',
  shipping_phone: '(555) 123-4567',
}
const billing = {
  billing_name: 'Bob Jones',
  billing_company: 'Acme',
  billing_country: 'GB',
  billing_address: '10 Downing Street',
  billing_address_2: '',
  billing_city: 'London',
  billing_state: '',
  billing_zip: 'SW1A 2AA',
  billing_phone: '+44 20 7946 0000',
}
const form = { email: 'ann@example.com', ...shipping, billing_same: 'true' }

const fields = (errors: { field: string }[]) => errors.map((e) => e.field)

describe('validateCheckoutAddress', () => {
  it('accepts a complete US address, ZIP+4 included', () => {
    expect(validateCheckoutAddress(shipping, 'shipping')).toEqual([])
    expect(validateCheckoutAddress({ ...shipping, shipping_zip: '62701-1234' }, 'shipping')).toEqual([])
  })

  it('refuses hidden characters (a line break, a text-direction mark) in any part, and takes any script', () => {
    expect(validateCheckoutAddress({ ...shipping, shipping_name: 'Ada \u202eLovelace' }, 'shipping')).toEqual([
      { field: 'shipping_name', message: 'Type this field again without pasting it: it holds an invisible text-direction mark, which can make it read backwards.' },
    ])
    expect(validateCheckoutAddress({ ...shipping, shipping_name: 'Ann \u200B Zero' }, 'shipping')).toEqual([
      { field: 'shipping_name', message: 'Type this field again without pasting it: it holds an invisible character (such as a zero-width space).' },
    ])
    expect(validateCheckoutAddress({ ...shipping, shipping_address: '12 Main St\r\nApt 4' }, 'shipping')).toEqual([
      { field: 'shipping_address', message: 'Remove the line break from this field: it must fit on one line.' },
    ])
    expect(validateCheckoutAddress({ ...shipping, shipping_address: '12 Main St\r\nApt 4' }, 'shipping').map((e) => e.field)).toEqual(['shipping_address'])
    expect(validateCheckoutAddress({ ...shipping, shipping_name: 'Zoë Ünïcode' }, 'shipping')).toEqual([])
  })

  it.each([
    ['a zero width space', 'Ann \u200B\u200B Zero'],
    ['a right-to-left mark', 'Ann \u200FZero'],
    ['a word joiner', 'Ann\u2060 Zero'],
    ['a byte order mark', 'Ann\uFEFF Zero'],
    ['a lone half of a UTF-16 pair', '\ud800 Zero'],
    ['the replacement sign a broken character became', '\uFFFD Zero'],
  ])('refuses %s, which makes two names look alike and differ', (_, name) => {
    expect(validateCheckoutAddress({ ...shipping, shipping_name: name }, 'shipping').map((e) => e.field)).toEqual(['shipping_name'])
  })

  it('keeps the joiners emoji and several scripts write with (U+200C, U+200D)', () => {
    expect(validateCheckoutAddress({ ...shipping, shipping_name: 'Mehr\u200Cdad Karimi' }, 'shipping')).toEqual([])
    expect(validateCheckoutAddress({ ...shipping, shipping_address: '12 Main St \u{1F468}\u200D\u{1F469}\u200D\u{1F467}' }, 'shipping')).toEqual([])
  })

  it('accepts a complete address abroad, without a state', () => {
    expect(validateCheckoutAddress(billing, 'billing')).toEqual([])
  })

  it('names every missing required part, in form order, with the API field names', () => {
    expect(validateCheckoutAddress({}, 'shipping')).toEqual([
      { field: 'shipping_name', message: 'Enter the shipping name.' },
      { field: 'shipping_country', message: 'Choose a country.' },
      { field: 'shipping_address', message: 'Enter the shipping street address.' },
      { field: 'shipping_city', message: 'Enter the city.' },
      { field: 'shipping_phone', message: 'Enter a phone number, in case the carrier needs to reach you.' },
    ])
    expect(fields(validateCheckoutAddress({}, 'billing'))).toEqual(['billing_name', 'billing_country', 'billing_address', 'billing_city'])
  })

  it('asks a US address for a state and a Zip Code', () => {
    expect(validateCheckoutAddress({ ...shipping, shipping_state: '', shipping_zip: '' }, 'shipping')).toEqual([
      { field: 'shipping_state', message: 'Choose a state.' },
      { field: 'shipping_zip', message: 'Enter the Zip Code.' },
    ])
  })

  it.each(['6270', '627011', '62701-12', '62701 1234', 'ABCDE'])('refuses the US zip %j', (zip) => {
    expect(validateCheckoutAddress({ ...shipping, shipping_zip: zip }, 'shipping')).toEqual([
      { field: 'shipping_zip', message: 'Enter a 5-digit Zip Code, like 10001 or 10001-1234.' },
    ])
  })

  it('says Postal Code outside the US', () => {
    expect(validateCheckoutAddress({ ...billing, billing_zip: 'SW1A#2AA' }, 'billing')).toEqual([{ field: 'billing_zip', message: 'Enter a valid Postal Code.' }])
  })

  it('refuses a one-word name', () => {
    expect(validateCheckoutAddress({ ...shipping, shipping_name: 'Ann' }, 'shipping')).toEqual([{ field: 'shipping_name', message: 'Enter a first and last name.' }])
  })

  it.each(['USA', 'United States', 'UK', 'XX', 'U'])('refuses the country %j: two-letter ISO codes only', (country) => {
    expect(fields(validateCheckoutAddress({ ...shipping, shipping_country: country }, 'shipping'))).toContain('shipping_country')
  })

  it('reads country and state codes in any case', () => {
    expect(validateCheckoutAddress({ ...shipping, shipping_country: 'us', shipping_state: 'il' }, 'shipping')).toEqual([])
    expect(validateCheckoutAddress({ ...shipping, shipping_state: 'PR' }, 'shipping')).toEqual([])
  })

  it('refuses a US state that is not one', () => {
    expect(validateCheckoutAddress({ ...shipping, shipping_state: 'Illinois' }, 'shipping')).toEqual([{ field: 'shipping_state', message: 'Choose a state from the list.' }])
  })

  it('checks the phone for the country', () => {
    expect(validateCheckoutAddress({ ...shipping, shipping_phone: '555-1234' }, 'shipping')).toEqual([
      { field: 'shipping_phone', message: 'Enter a 10-digit phone number, like (555) 123-4567.' },
    ])
    expect(validateCheckoutAddress({ ...shipping, shipping_phone: '1 555 123 4567' }, 'shipping')).toEqual([])
    expect(validateCheckoutAddress({ ...billing, billing_phone: '+44 12' }, 'billing')).toEqual([
      { field: 'billing_phone', message: 'Enter a phone number of 7 to 20 digits, with the country code.' },
    ])
    expect(validateCheckoutAddress({ ...billing, billing_phone: '' }, 'billing')).toEqual([])
  })

  it('refuses parts that are too long', () => {
    expect(validateCheckoutAddress({ ...shipping, shipping_address_2: 'x'.repeat(101) }, 'shipping')).toEqual([
      { field: 'shipping_address_2', message: 'Keep this to 100 characters or fewer.' },
    ])
  })

  it('reads numbers and ignores surrounding spaces; other values count as empty', () => {
    expect(validateCheckoutAddress({ ...shipping, shipping_zip: 62701, shipping_city: '  Springfield ' }, 'shipping')).toEqual([])
    expect(fields(validateCheckoutAddress({ ...shipping, shipping_city: ['Springfield'] }, 'shipping'))).toEqual(['shipping_city'])
    expect(addressFromForm({ shipping_city: ' Springfield ' }, 'shipping').city).toBe('Springfield')
  })
})

describe('validateCheckoutForm', () => {
  it('accepts a complete form with billing the same as shipping', () => {
    expect(validateCheckoutForm(form)).toEqual([])
  })

  it('asks for a valid e-mail address first', () => {
    expect(validateCheckoutForm({ ...form, email: '' })).toEqual([{ field: 'email', message: 'Enter your e-mail address.' }])
    for (const email of ['ann', 'ann@example', 'ann@@example.com', 'ann smith@example.com', 'ann@exa_mple.com', '.ann@example.com']) {
      expect(validateCheckoutForm({ ...form, email }), email).toEqual([{ field: 'email', message: 'Enter a valid e-mail address, like name@example.com.' }])
    }
    expect(validateCheckoutForm({ ...form, email: '  Ann.Smith+vip@Mail.Example.co.uk ' })).toEqual([])
  })

  it('checks the billing address when billing is not the same', () => {
    expect(validateCheckoutForm({ ...form, billing_same: 'false', ...billing })).toEqual([])
    expect(fields(validateCheckoutForm({ ...form, billing_same: '0' }))).toEqual(['billing_name', 'billing_country', 'billing_address', 'billing_city'])
  })

  it('ignores billing parts when billing_same is set', () => {
    expect(validateCheckoutForm({ ...form, billing_same: 'on', billing_name: 'X', billing_zip: '!!' })).toEqual([])
  })

  it('needs no billing address when the billing parts match shipping, whatever billing_same says', () => {
    const copy = Object.fromEntries(Object.entries(shipping).map(([k, v]) => [k.replace('shipping_', 'billing_'), v.toUpperCase()]))
    expect(validateCheckoutForm({ ...form, billing_same: false, ...copy })).toEqual([])
  })

  it('refuses a billing_same that is no yes or no', () => {
    expect(validateCheckoutForm({ ...form, billing_same: 'maybe' })).toEqual([{ field: 'billing_same', message: 'Choose whether the billing address is the same as shipping.' }])
  })

  it('lists errors in form order: email, shipping, billing', () => {
    const errors = validateCheckoutForm({ email: 'x', shipping_name: 'Ann', billing_same: '0' })
    expect(fields(errors)).toEqual([
      'email',
      'shipping_name',
      'shipping_country',
      'shipping_address',
      'shipping_city',
      'shipping_phone',
      'billing_name',
      'billing_country',
      'billing_address',
      'billing_city',
    ])
  })
})

describe('readBillingSame and billingAddressOf', () => {
  it.each<[unknown, boolean | null]>([
    [true, true],
    ['true', true],
    ['1', true],
    [1, true],
    ['on', true],
    ['Yes', true],
    [false, false],
    ['false', false],
    ['0', false],
    [0, false],
    ['off', false],
    ['', false],
    ['maybe', null],
    [2, null],
    [{}, null],
  ])('billing_same %j -> %j', (value, expected) => {
    expect(readBillingSame({ billing_same: value })).toBe(expected)
  })

  it('reads a missing billing_same as same when no billing part is filled in', () => {
    expect(readBillingSame({})).toBe(true)
    expect(readBillingSame({ billing_city: 'London' })).toBe(false)
  })

  it('keeps the shipping address as billing when the same, else the billing parts', () => {
    const same: FormValues = { ...shipping, billing_same: '1', ...billing }
    expect(billingAddressOf(same)).toEqual({ same: true, address: addressFromForm(shipping, 'shipping') })
    const other: FormValues = { ...shipping, billing_same: '0', ...billing }
    expect(billingAddressOf(other)).toEqual({ same: false, address: addressFromForm(billing, 'billing') })
  })
})

describe('validateCardForm', () => {
  const now = new Date(2026, 10, 23)
  const visa = { number: '4242 4242 4242 4242', cvc: '123', exp_month: '12', exp_year: '2029' }

  it('accepts a valid card', () => {
    expect(validateCardForm(visa, now)).toEqual([])
    expect(validateCardForm({ number: '3782 822463 10005', cvc: '1234', exp_month: 11, exp_year: 26 }, now)).toEqual([])
  })

  it('names each field in error: number, cvc, exp', () => {
    expect(validateCardForm({}, now)).toEqual([
      { field: 'number', message: 'Card number is required.' },
      { field: 'cvc', message: 'Enter the security code.' },
      { field: 'exp', message: 'Enter the expiry date.' },
    ])
  })

  it('refuses a number that fails the card rules', () => {
    expect(validateCardForm({ ...visa, number: '4242 4242 4242 4241' }, now)).toEqual([{ field: 'number', message: 'Card number is not valid.' }])
    expect(validateCardForm({ ...visa, number: '9999 9999 9999 9999' }, now)).toEqual([{ field: 'number', message: 'Card type is not recognised.' }])
  })

  it('asks for the security code the brand uses', () => {
    expect(validateCardForm({ ...visa, cvc: '1234' }, now)).toEqual([{ field: 'cvc', message: 'Enter the 3-digit security code on the back of your card.' }])
    expect(validateCardForm({ ...visa, number: '378282246310005', cvc: '123' }, now)).toEqual([
      { field: 'cvc', message: 'Enter the 4-digit security code on the front of your card.' },
    ])
    expect(validateCardForm({ ...visa, number: '9999', cvc: '12' }, now)).toEqual([
      { field: 'number', message: 'Card type is not recognised.' },
      { field: 'cvc', message: 'Enter the 3- or 4-digit security code.' },
    ])
  })

  it('refuses an expiry in the past or out of range, valid through the expiry month', () => {
    expect(validateCardForm({ ...visa, exp_month: '10', exp_year: '2026' }, now)).toEqual([{ field: 'exp', message: 'Card has expired.' }])
    expect(validateCardForm({ ...visa, exp_month: '11', exp_year: '2026' }, now)).toEqual([])
    expect(validateCardForm({ ...visa, exp_month: '13', exp_year: '2029' }, now)).toEqual([{ field: 'exp', message: 'Expiry month must be between 1 and 12.' }])
    expect(validateCardForm({ ...visa, exp_month: '12', exp_year: '' }, now)).toEqual([{ field: 'exp', message: 'Enter the expiry date.' }])
  })
})
