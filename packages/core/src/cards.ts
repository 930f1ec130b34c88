/** Payment card rules (SPEC §5): brand by leading digits, lengths, Luhn, formatting, security code. */
import { toAsciiDigits } from './digits.ts'

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'diners' | 'discover' | 'jcb' | 'unionpay' | 'maestro'

export const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'diners', 'discover', 'jcb', 'unionpay', 'maestro'] as const satisfies readonly CardBrand[]

export const CARD_BRAND_NAMES: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  diners: 'Diners Club',
  discover: 'Discover',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  maestro: 'Maestro',
}

/** A saved card as a shopper reads it: 'Visa ending in 4242' (a brand this list lacks in the provider's own word). */
export function savedCardName(brand: string, last4: string): string {
  return `${CARD_BRAND_NAMES[brand as CardBrand] ?? brand} ending in ${last4}`
}

/** Allowed numbers of digits per brand (SPEC §5). */
export const CARD_LENGTHS: Record<CardBrand, readonly number[]> = {
  visa: [13, 16],
  mastercard: [16],
  amex: [15, 16],
  diners: [14],
  discover: [16],
  jcb: [16],
  unionpay: [16, 17, 18, 19],
  maestro: [12, 13, 14, 15, 16, 17, 18, 19],
}

/** Brands whose numbers are not Luhn-checked. */
export const CARD_BRANDS_WITHOUT_LUHN: readonly CardBrand[] = ['unionpay']

export const CARD_NUMBER_MAX_DIGITS = 19
export const SECURITY_CODE_MAX_LENGTH = 4

/** A prefix range: numbers whose first `from.length` digits lie within [from, to]. */
interface PrefixRange {
  brand: CardBrand
  from: string
  to: string
}

const range = (brand: CardBrand, from: string, to: string = from): PrefixRange => ({ brand, from, to })

/**
 * Leading-digit ranges. The longest matching prefix wins, so 6759 (maestro) beats
 * nothing shorter of another brand, and 6011 (discover) is not read as anything else.
 *
 * Overlap decision: 622126-622925 are UnionPay-issued cards co-branded with
 * Discover. They are classified as 'unionpay' (the whole 62 range), not 'discover':
 * UnionPay's rules (16-19 digits, no Luhn) accept every number Discover's rules
 * (16 digits, Luhn) would, so no co-branded card is wrongly rejected.
 */
const RANGES: readonly PrefixRange[] = [
  range('visa', '4'),
  range('mastercard', '51', '55'),
  range('mastercard', '2221', '2720'),
  range('amex', '34'),
  range('amex', '37'),
  range('diners', '300', '305'),
  range('diners', '36'),
  range('diners', '38', '39'),
  range('discover', '6011'),
  range('discover', '644', '649'),
  range('discover', '65'),
  range('jcb', '3528', '3589'),
  range('unionpay', '62'),
  range('unionpay', '81'),
  range('maestro', '50'),
  range('maestro', '56', '58'),
  range('maestro', '63'),
  range('maestro', '6304'),
  range('maestro', '67'),
  range('maestro', '6759'),
  range('maestro', '676770'),
  range('maestro', '676774'),
]

/** Full-width digits to ASCII, spaces and dashes removed (other characters are kept, to be rejected). */
export function cleanCardNumber(input: string): string {
  return toAsciiDigits(input).replace(/[\s\-\u2010-\u2015\u2212\uFF0D]/g, '')
}

/**
 * The brand of a card number by its leading digits, or null when unknown or not yet
 * decidable (e.g. '3' alone). Spaces, dashes and full-width digits are accepted.
 */
export function cardBrand(number: string): CardBrand | null {
  const digits = cleanCardNumber(number)
  if (!/^\d+$/.test(digits)) return null
  let best: PrefixRange | null = null
  for (const r of RANGES) {
    const n = r.from.length
    if (digits.length < n) continue
    const head = digits.slice(0, n)
    if (head >= r.from && head <= r.to && (!best || n > best.from.length)) best = r
  }
  return best?.brand ?? null
}

/** The Luhn (mod 10) check of a string of ASCII digits. False for empty or non-digit input. */
export function luhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false
  let sum = 0
  let double = false
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48
    if (double) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
    double = !double
  }
  return sum % 10 === 0
}

export interface CardNumberCheck {
  valid: boolean
  brand: CardBrand | null
  /** The number as digits only (full-width converted, spaces and dashes removed). */
  digits: string
  /** Why the number is not valid, in words a shopper can read. */
  reason?: string
}

/**
 * Validates a card number: full-width digits converted, spaces and dashes stripped,
 * digits only, at most 19, known brand, length allowed for the brand, Luhn
 * (except UnionPay).
 */
export function validateCardNumber(input: string): CardNumberCheck {
  const digits = cleanCardNumber(input)
  const fail = (reason: string, brand: CardBrand | null = null): CardNumberCheck => ({ valid: false, brand, digits, reason })
  if (digits === '') return fail('Card number is required')
  if (!/^\d+$/.test(digits)) return fail('Card number must contain only digits')
  const brand = cardBrand(digits)
  if (digits.length > CARD_NUMBER_MAX_DIGITS) return fail('Card number is too long', brand)
  if (!brand) return fail('Card type is not recognised')
  const name = CARD_BRAND_NAMES[brand]
  const lengths = CARD_LENGTHS[brand]
  if (!lengths.includes(digits.length)) {
    const min = Math.min(...lengths)
    const max = Math.max(...lengths)
    if (digits.length < min) return fail(`Card number is too short for ${name}`, brand)
    if (digits.length > max) return fail(`Card number is too long for ${name}`, brand)
    return fail(`Card number has the wrong length for ${name}`, brand)
  }
  if (!CARD_BRANDS_WITHOUT_LUHN.includes(brand) && !luhn(digits)) return fail('Card number is not valid', brand)
  return { valid: true, brand, digits }
}

/**
 * Formats card number input as typed: digits only (full-width converted), at most
 * 19, in groups of four separated by spaces; American Express 4-6-5.
 */
export function formatCardNumber(input: string): string {
  const digits = toAsciiDigits(input).replace(/\D/g, '').slice(0, CARD_NUMBER_MAX_DIGITS)
  if (cardBrand(digits) === 'amex') {
    return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10)].filter(Boolean).join(' ')
  }
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ')
}

/** Allowed security code lengths for a brand: 4 for amex, 3 for the others, 3 or 4 when unknown. */
export function securityCodeLengths(brand: CardBrand | null): readonly number[] {
  if (brand === 'amex') return [4]
  if (brand === null) return [3, 4]
  return [3]
}

/** Security code (CVC): digits only (full-width accepted), length per securityCodeLengths. */
export function validateSecurityCode(code: string, brand: CardBrand | null): boolean {
  const s = toAsciiDigits(code).trim()
  return /^\d+$/.test(s) && securityCodeLengths(brand).includes(s.length)
}
