import { describe, it, expect } from 'vitest'
import { cardBrand, formatCardNumber, luhn, SECURITY_CODE_MAX_LENGTH, savedCardName, validateCardNumber, validateSecurityCode, type CardBrand } from './cards.ts'

describe('cardBrand', () => {
  it.each<[string, CardBrand | null]>([
    ['4242424242424242', 'visa'],
    ['5105105105105100', 'mastercard'],
    ['5555555555554444', 'mastercard'],
    ['2221000000000009', 'mastercard'],
    ['2720990000000007', 'mastercard'],
    ['2220990000000000', null],
    ['2721000000000000', null],
    ['340000000000009', 'amex'],
    ['378282246310005', 'amex'],
    ['30569309025904', 'diners'],
    ['30000000000004', 'diners'],
    ['30600000000000', null],
    ['36227206271667', 'diners'],
    ['38520000023237', 'diners'],
    ['39000000000000', 'diners'],
    ['6011111111111117', 'discover'],
    ['6445644564456445', 'discover'],
    ['6500000000000002', 'discover'],
    ['3528000000000007', 'jcb'],
    ['3566002020360505', 'jcb'],
    ['3589000000000003', 'jcb'],
    ['3527000000000000', null],
    ['6200000000000005', 'unionpay'],
    ['8100000000000000', 'unionpay'],
    ['5000000000000611', 'maestro'],
    ['5600000000000000', 'maestro'],
    ['5800000000000000', 'maestro'],
    ['6304000000000000', 'maestro'],
    ['6390000000000000', 'maestro'],
    ['6759649826438453', 'maestro'],
    ['6767700000000000', 'maestro'],
    ['6767740000000000', 'maestro'],
    ['6700000000000000', 'maestro'],
    ['1234567812345678', null],
    ['9999999999999999', null],
  ])('%s -> %s', (number, brand) => {
    expect(cardBrand(number)).toBe(brand)
  })

  it('reads the Discover/UnionPay co-branded range 622126-622925 as UnionPay', () => {
    expect(cardBrand('6221260000000000')).toBe('unionpay')
    expect(cardBrand('6229250000000000')).toBe('unionpay')
  })

  it('decides from partial input once the prefix is long enough', () => {
    expect(cardBrand('4')).toBe('visa')
    expect(cardBrand('37')).toBe('amex')
    expect(cardBrand('3')).toBeNull()
    expect(cardBrand('')).toBeNull()
  })

  it('accepts spaces, dashes and full-width digits', () => {
    expect(cardBrand('4242 4242-4242 4242')).toBe('visa')
    expect(cardBrand('３７８２')).toBe('amex')
    expect(cardBrand('4242x')).toBeNull()
  })
})

describe('luhn', () => {
  it('accepts valid and rejects invalid check digits', () => {
    expect(luhn('4242424242424242')).toBe(true)
    expect(luhn('4242424242424241')).toBe(false)
    expect(luhn('79927398713')).toBe(true)
    expect(luhn('79927398710')).toBe(false)
  })
  it('rejects empty and non-digit input', () => {
    expect(luhn('')).toBe(false)
    expect(luhn('4242 4242')).toBe(false)
  })
})

describe('validateCardNumber', () => {
  it.each<[string, CardBrand]>([
    ['4242424242424242', 'visa'],
    ['4222222222222', 'visa'],
    ['5555555555554444', 'mastercard'],
    ['2223003122003222', 'mastercard'],
    ['378282246310005', 'amex'],
    ['3782822463100003', 'amex'],
    ['30569309025904', 'diners'],
    ['36227206271667', 'diners'],
    ['6011111111111117', 'discover'],
    ['3566002020360505', 'jcb'],
    ['6200000000000005', 'unionpay'],
    ['6200000000000000000', 'unionpay'],
    ['6759649826438453', 'maestro'],
    ['675964982648', 'maestro'],
    ['500000000009', 'maestro'],
    ['630400000000000000', 'maestro'],
  ])('valid: %s (%s)', (number, brand) => {
    expect(validateCardNumber(number)).toEqual({ valid: true, brand, digits: number })
  })

  it.each<[string, CardBrand]>([
    ['4242424242424241', 'visa'],
    ['4222222222221', 'visa'],
    ['5555555555554445', 'mastercard'],
    ['2223003122003223', 'mastercard'],
    ['378282246310006', 'amex'],
    ['3782822463100004', 'amex'],
    ['30569309025905', 'diners'],
    ['36227206271668', 'diners'],
    ['6011111111111118', 'discover'],
    ['3566002020360506', 'jcb'],
    ['6759649826438454', 'maestro'],
    ['675964982649', 'maestro'],
  ])('fails Luhn: %s (%s)', (number, brand) => {
    expect(validateCardNumber(number)).toEqual({ valid: false, brand, digits: number, reason: 'Card number is not valid' })
  })

  it('does not Luhn-check UnionPay', () => {
    expect(luhn('6200000000000006')).toBe(false)
    expect(validateCardNumber('6200000000000006')).toMatchObject({ valid: true, brand: 'unionpay' })
    expect(validateCardNumber('62000000000000001')).toMatchObject({ valid: true, brand: 'unionpay' })
  })

  it('checks lengths per brand', () => {
    expect(validateCardNumber('424242424242')).toMatchObject({ valid: false, brand: 'visa', reason: 'Card number is too short for Visa' })
    expect(validateCardNumber('42424242424242')).toMatchObject({ valid: false, reason: 'Card number has the wrong length for Visa' })
    expect(validateCardNumber('42424242424242424')).toMatchObject({ valid: false, reason: 'Card number is too long for Visa' })
    expect(validateCardNumber('555555555555444')).toMatchObject({ valid: false, reason: 'Card number is too short for Mastercard' })
    expect(validateCardNumber('37828224631000')).toMatchObject({ valid: false, reason: 'Card number is too short for American Express' })
    expect(validateCardNumber('37828224631000055')).toMatchObject({ valid: false, reason: 'Card number is too long for American Express' })
    expect(validateCardNumber('3056930902590')).toMatchObject({ valid: false, reason: 'Card number is too short for Diners Club' })
    expect(validateCardNumber('60111111111111171')).toMatchObject({ valid: false, reason: 'Card number is too long for Discover' })
    expect(validateCardNumber('356600202036050')).toMatchObject({ valid: false, reason: 'Card number is too short for JCB' })
    expect(validateCardNumber('620000000000000')).toMatchObject({ valid: false, brand: 'unionpay', reason: 'Card number is too short for UnionPay' })
    expect(validateCardNumber('67596498264')).toMatchObject({ valid: false, reason: 'Card number is too short for Maestro' })
  })

  it('rejects more than 19 digits', () => {
    expect(validateCardNumber('50000000000000000009')).toMatchObject({ valid: false, brand: 'maestro', reason: 'Card number is too long' })
    expect(validateCardNumber('62000000000000000000')).toMatchObject({ valid: false, reason: 'Card number is too long' })
  })

  it('strips spaces and dashes and converts full-width digits', () => {
    expect(validateCardNumber('4242 4242 4242 4242')).toEqual({ valid: true, brand: 'visa', digits: '4242424242424242' })
    expect(validateCardNumber('4242-4242-4242-4242')).toMatchObject({ valid: true, digits: '4242424242424242' })
    expect(validateCardNumber('４２４２ ４２４２ ４２４２ ４２４２')).toEqual({ valid: true, brand: 'visa', digits: '4242424242424242' })
    expect(validateCardNumber('３７８２８２２４６３１０００５')).toMatchObject({ valid: true, brand: 'amex' })
  })

  it('rejects empty input, other characters and unknown brands', () => {
    expect(validateCardNumber('')).toMatchObject({ valid: false, brand: null, reason: 'Card number is required' })
    expect(validateCardNumber('4242.4242.4242.4242')).toMatchObject({ valid: false, reason: 'Card number must contain only digits' })
    expect(validateCardNumber('1234567812345670')).toMatchObject({ valid: false, brand: null, reason: 'Card type is not recognised' })
  })
})

describe('formatCardNumber', () => {
  it('groups in fours', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242')
    expect(formatCardNumber('42424')).toBe('4242 4')
    expect(formatCardNumber('4242')).toBe('4242')
    expect(formatCardNumber('')).toBe('')
  })
  it('groups amex 4-6-5', () => {
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005')
    expect(formatCardNumber('3782822')).toBe('3782 822')
  })
  it('keeps digits only (full-width converted), at most 19', () => {
    expect(formatCardNumber('4242-4242 abc 4242')).toBe('4242 4242 4242')
    expect(formatCardNumber('４２４２４２')).toBe('4242 42')
    expect(formatCardNumber('62000000000000000001234')).toBe('6200 0000 0000 0000 000')
  })
})

describe('validateSecurityCode', () => {
  it('needs 3 digits, 4 for amex, 3 or 4 for an unknown brand', () => {
    expect(validateSecurityCode('123', 'visa')).toBe(true)
    expect(validateSecurityCode('1234', 'visa')).toBe(false)
    expect(validateSecurityCode('12', 'mastercard')).toBe(false)
    expect(validateSecurityCode('1234', 'amex')).toBe(true)
    expect(validateSecurityCode('123', 'amex')).toBe(false)
    expect(validateSecurityCode('123', null)).toBe(true)
    expect(validateSecurityCode('1234', null)).toBe(true)
    expect(validateSecurityCode('12345', null)).toBe(false)
  })
  it('accepts digits only', () => {
    expect(validateSecurityCode('12a', 'visa')).toBe(false)
    expect(validateSecurityCode('', null)).toBe(false)
    expect(validateSecurityCode('１２３', 'visa')).toBe(true)
  })
  it('limits input to 4', () => {
    expect(SECURITY_CODE_MAX_LENGTH).toBe(4)
  })
})

describe('savedCardName', () => {
  it("names the brand as shoppers know it, and keeps a provider's brand it does not know", () => {
    expect(savedCardName('visa', '4242')).toBe('Visa ending in 4242')
    expect(savedCardName('amex', '0005')).toBe('American Express ending in 0005')
    expect(savedCardName('cartes_bancaires', '1234')).toBe('cartes_bancaires ending in 1234')
  })
})
