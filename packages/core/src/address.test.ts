import { describe, it, expect } from 'vitest'
import {
  ADDRESS_PARTS,
  billingSameAsShipping,
  formatPhone,
  isUnitedStates,
  isValidFullName,
  isValidPhone,
  normalizePhone,
  postalLabel,
  type Address,
  unusableCharacterIn,
  unusableCharacterMessage,
} from './address.ts'

describe('isValidFullName', () => {
  it('needs two words', () => {
    expect(isValidFullName('Jane Doe')).toBe(true)
    expect(isValidFullName('  Mary  Ann   Smith ')).toBe(true)
    expect(isValidFullName('Jane')).toBe(false)
    expect(isValidFullName('  Jane  ')).toBe(false)
    expect(isValidFullName('')).toBe(false)
  })
})

describe('postalLabel', () => {
  it('says Zip Code for the US', () => {
    for (const c of ['US', 'us', 'USA', 'United States', 'united states']) expect(postalLabel(c)).toBe('Zip Code')
  })
  it('says Postal Code elsewhere', () => {
    for (const c of ['CA', 'GB', 'Canada', '', 'USSR']) expect(postalLabel(c)).toBe('Postal Code')
  })
  it('isUnitedStates handles missing values', () => {
    expect(isUnitedStates(undefined)).toBe(false)
    expect(isUnitedStates(' US ')).toBe(true)
  })
})

describe('formatPhone', () => {
  it('formats US numbers as (###) ###-####', () => {
    expect(formatPhone('5551234567', 'US')).toBe('(555) 123-4567')
    expect(formatPhone('555.123.4567', 'United States')).toBe('(555) 123-4567')
    expect(formatPhone('(555) 123-4567', 'US')).toBe('(555) 123-4567')
  })
  it('drops a leading country code 1 from 11 digits', () => {
    expect(formatPhone('15551234567', 'US')).toBe('(555) 123-4567')
    expect(formatPhone('+1 555 123 4567', 'US')).toBe('(555) 123-4567')
  })
  it('formats partial US input progressively and stops at 10 digits', () => {
    expect(formatPhone('', 'US')).toBe('')
    expect(formatPhone('5', 'US')).toBe('(5')
    expect(formatPhone('555', 'US')).toBe('(555')
    expect(formatPhone('5551', 'US')).toBe('(555) 1')
    expect(formatPhone('555123', 'US')).toBe('(555) 123')
    expect(formatPhone('5551234', 'US')).toBe('(555) 123-4')
    expect(formatPhone('555123456789', 'US')).toBe('(555) 123-4567')
  })
  it('accepts full-width digits', () => {
    expect(formatPhone('５５５１２３４５６７', 'US')).toBe('(555) 123-4567')
  })
  it('writes other countries as + and up to 20 digits', () => {
    expect(formatPhone('+44 20 7946 0958', 'GB')).toBe('+442079460958')
    expect(formatPhone('0049 (30) 123-456', 'DE')).toBe('+004930123456')
    expect(formatPhone('123456789012345678901234', 'FR')).toBe('+12345678901234567890')
    expect(formatPhone('abc', 'FR')).toBe('')
  })
})

describe('isValidPhone', () => {
  it('needs 10 digits in the US (11 with a leading 1)', () => {
    expect(isValidPhone('(555) 123-4567', 'US')).toBe(true)
    expect(isValidPhone('1-555-123-4567', 'US')).toBe(true)
    expect(isValidPhone('555-1234', 'US')).toBe(false)
    expect(isValidPhone('25551234567', 'US')).toBe(false)
  })
  it('needs 7 to 20 digits abroad', () => {
    expect(isValidPhone('+44 20 7946 0958', 'GB')).toBe(true)
    expect(isValidPhone('+123456', 'GB')).toBe(false)
    expect(isValidPhone('+123456789012345678901', 'GB')).toBe(false)
  })
  it('rejects letters', () => {
    expect(isValidPhone('555-CALL-NOW', 'US')).toBe(false)
  })
})

describe('normalizePhone', () => {
  it('gives +1 and ten digits for US, + and digits elsewhere', () => {
    expect(normalizePhone('(555) 123-4567', 'US')).toBe('+15551234567')
    expect(normalizePhone('+1 555 123 4567', 'USA')).toBe('+15551234567')
    expect(normalizePhone('+44 20 7946 0958', 'GB')).toBe('+442079460958')
    expect(normalizePhone('', 'US')).toBe('')
  })
})

describe('billingSameAsShipping', () => {
  const shipping: Address = {
    name: 'Jane Doe',
    company: '',
    country: 'US',
    address: '1 Main St',
    address_2: 'Apt 2',
    city: 'Austin',
    state: 'TX',
    zip: '73301',
    phone: '(555) 123-4567',
  }

  it('compares nine parts', () => {
    expect(ADDRESS_PARTS).toHaveLength(9)
    expect(billingSameAsShipping(shipping, { ...shipping })).toBe(true)
  })

  it('ignores case and surrounding spaces', () => {
    const billing = {
      ...shipping,
      name: 'JANE DOE',
      country: 'us',
      address: ' 1 main st ',
      address_2: 'APT 2',
      city: 'austin',
      state: 'tx',
    }
    expect(billingSameAsShipping(shipping, billing)).toBe(true)
  })

  it('treats missing, null and empty parts alike', () => {
    const { company: _c, ...noCompany } = shipping
    expect(billingSameAsShipping(noCompany, { ...shipping, company: null })).toBe(true)
  })

  it('is false when any one part differs', () => {
    const other: Record<(typeof ADDRESS_PARTS)[number], string> = {
      name: 'John Doe',
      company: 'Acme',
      country: 'CA',
      address: '2 Main St',
      address_2: 'Apt 3',
      city: 'Dallas',
      state: 'OK',
      zip: '73302',
      phone: '(555) 123-4568',
    }
    for (const key of ADDRESS_PARTS) {
      expect(billingSameAsShipping(shipping, { ...shipping, [key]: other[key] })).toBe(false)
    }
  })

  it('handles a missing address', () => {
    expect(billingSameAsShipping(shipping, null)).toBe(false)
    expect(billingSameAsShipping(undefined, {})).toBe(true)
  })
})

describe('unusableCharacterIn and its message', () => {
  it('names what a name or an address part must not hold', () => {
    expect(unusableCharacterIn('\ud800 Adams')).toBe('unreadable character')
    expect(unusableCharacterIn('Ann\udfff Adams')).toBe('unreadable character')
    expect(unusableCharacterIn('\uFFFD Adams')).toBe('unreadable character')
    expect(unusableCharacterIn('Ann\nAdams')).toBe('line break')
    expect(unusableCharacterIn('Ann \u202eAdams')).toBe('text-direction mark')
    expect(unusableCharacterIn('Ann \u200B Adams')).toBe('invisible character')
    expect(unusableCharacterIn('Ann\uFEFF Adams')).toBe('invisible character')
    expect(unusableCharacterIn('Ann\t Adams')).toBe('invisible character')
  })
  it('takes any script, accents, emoji and their joiners', () => {
    for (const text of ['Zoë Ünïcode', 'Ann 😀 Adams', 'Ann 👩\u200D💻 Adams', 'محمد علی', 'میخواهم\u200Cها']) expect(unusableCharacterIn(text), text).toBeNull()
  })
  it('says which character it is, in words a shopper knows', () => {
    expect(unusableCharacterMessage('invisible character', 'your name')).toBe(
      'Type your name again without pasting it: it holds an invisible character (such as a zero-width space).',
    )
    expect(unusableCharacterMessage('unreadable character', 'your name')).toBe('Type your name again: it holds a character that could not be read (it may show as \uFFFD).')
    expect(unusableCharacterMessage('line break', 'this field')).toBe('Remove the line break from this field: it must fit on one line.')
    expect(unusableCharacterMessage('text-direction mark', 'this field')).toMatch(/invisible text-direction mark/)
  })
})
