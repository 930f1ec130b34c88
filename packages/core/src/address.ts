/** Names, addresses and phone numbers (SPEC §3 customer, §4 billing same as shipping, §5). */
import { digitsOnly } from './digits.ts'

/** The nine parts of a shipping or billing address, in form order. */
export const ADDRESS_PARTS = ['name', 'company', 'country', 'address', 'address_2', 'city', 'state', 'zip', 'phone'] as const

export type AddressPart = (typeof ADDRESS_PARTS)[number]

export interface Address {
  name: string
  company?: string
  country: string
  address: string
  address_2?: string
  city: string
  state: string
  zip: string
  phone: string
}

/** An address as the store keeps it: all nine parts, an empty string where there is none. */
export type PostalAddress = Record<AddressPart, string>

/** An address as it may arrive from a form or the server: any part missing or null. */
export type AddressInput = { [K in AddressPart]?: string | null }

/**
 * Characters a name or an address never holds, and that change how text around them reads:
 * control characters (a line break in a name splits an e-mail's line), the bidirectional
 * marks, overrides and isolates (U+200E-200F, U+202A-202E, U+2066-2069), which can make a name
 * read backwards in an e-mail or on a packing slip, and the invisible ones that make two names
 * look alike and differ (zero width space U+200B, word joiner and invisible operators
 * U+2060-2064, the byte order mark U+FEFF). The zero width joiner and non-joiner (U+200C-200D)
 * stay: emoji sequences and several scripts (Persian, the Indic ones) write with them.
 */
const HIDDEN_CHARACTERS = /[\p{Cc}\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/u
const LINE_BREAKS = /[\n\r\v\f\u0085]/
const TEXT_DIRECTION_MARKS = /[\u200E\u200F\u202A-\u202E\u2066-\u2069]/
/**
 * Characters that did not come through: half of a UTF-16 pair on its own (JSON can carry
 * "\ud800"; no font draws it, and a database stores it as the replacement sign) and the
 * replacement sign U+FFFD itself, which is what a broken character has already become.
 */
const UNREADABLE_CHARACTERS = /[\p{Cs}\uFFFD]/u

/** What a name or an address part holds that it must not, in a shopper's words. */
export type UnusableCharacter = 'unreadable character' | 'line break' | 'text-direction mark' | 'invisible character'

/** The first kind of unusable character the text holds (an unreadable one first, then a line break, a text-direction mark, any other invisible one), or null. */
export function unusableCharacterIn(text: string): UnusableCharacter | null {
  if (UNREADABLE_CHARACTERS.test(text)) return 'unreadable character'
  if (!HIDDEN_CHARACTERS.test(text)) return null
  if (LINE_BREAKS.test(text)) return 'line break'
  if (TEXT_DIRECTION_MARKS.test(text)) return 'text-direction mark'
  return 'invisible character'
}

/** True when the text holds a character of HIDDEN_CHARACTERS or one that did not come through. */
export function hasHiddenCharacters(text: string): boolean {
  return unusableCharacterIn(text) !== null
}

/**
 * The message for a part holding an unusable character, naming what it is; `where` is how
 * the form calls the part ('your name', 'this field'). None of these can be seen, so each
 * says how to be rid of it: typing the text again rather than pasting it.
 */
export function unusableCharacterMessage(kind: UnusableCharacter, where: string): string {
  switch (kind) {
    case 'unreadable character':
      return `Type ${where} again: it holds a character that could not be read (it may show as \uFFFD).`
    case 'line break':
      return `Remove the line break from ${where}: it must fit on one line.`
    case 'text-direction mark':
      return `Type ${where} again without pasting it: it holds an invisible text-direction mark, which can make it read backwards.`
    case 'invisible character':
      return `Type ${where} again without pasting it: it holds an invisible character (such as a zero-width space).`
  }
}

/** A full name has at least two space-separated words. */
export function isValidFullName(name: string): boolean {
  return name.trim().split(/\s+/).filter(Boolean).length >= 2
}

const US_NAMES = new Set(['us', 'usa', 'united states', 'united states of america'])

/** True for the United States: 'US', 'USA', 'United States' (any case). */
export function isUnitedStates(country: string | null | undefined): boolean {
  return US_NAMES.has((country ?? '').trim().toLowerCase())
}

export type PostalLabel = 'Zip Code' | 'Postal Code'

/** 'Zip Code' for the United States, 'Postal Code' elsewhere. */
export function postalLabel(country: string): PostalLabel {
  return isUnitedStates(country) ? 'Zip Code' : 'Postal Code'
}

export const US_PHONE_DIGITS = 10
export const INTERNATIONAL_PHONE_MAX_DIGITS = 20
export const INTERNATIONAL_PHONE_MIN_DIGITS = 7

/** The ten digits of a US number, a leading country code 1 removed. Partial input stays partial. */
function usDigits(input: string): string {
  let d = digitsOnly(input)
  if (d.length > US_PHONE_DIGITS && d.startsWith('1')) d = d.slice(1)
  return d.slice(0, US_PHONE_DIGITS)
}

/**
 * Formats a phone number as typed. US: (###) ###-####, built up progressively
 * ('555' -> '(555', '5551' -> '(555) 1'), a leading country code 1 dropped from
 * 11 digits. Elsewhere: '+' followed by up to 20 digits. No digits gives ''.
 */
export function formatPhone(input: string, country: string): string {
  if (isUnitedStates(country)) {
    const d = usDigits(input)
    if (d.length === 0) return ''
    if (d.length <= 3) return `(${d}`
    if (d.length <= 6) return `(${d.slice(0, 3)}) ${d.slice(3)}`
    return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`
  }
  const d = digitsOnly(input).slice(0, INTERNATIONAL_PHONE_MAX_DIGITS)
  return d ? `+${d}` : ''
}

/**
 * A complete phone number: only digits and the usual separators (spaces, + - . ( )).
 * US: 10 digits (11 with a leading 1). Elsewhere: 7 to 20 digits.
 */
export function isValidPhone(input: string, country: string): boolean {
  const raw = digitsOnly(input)
  if (!/^[\d\s+\-.()\uFF10-\uFF19]*$/.test(input)) return false
  if (isUnitedStates(country)) {
    return raw.length === US_PHONE_DIGITS || (raw.length === US_PHONE_DIGITS + 1 && raw.startsWith('1'))
  }
  return raw.length >= INTERNATIONAL_PHONE_MIN_DIGITS && raw.length <= INTERNATIONAL_PHONE_MAX_DIGITS
}

/** Phone in E.164-like form for storage (phone_normalized): '+1##########' for US, '+digits' elsewhere. */
export function normalizePhone(input: string, country: string): string {
  if (isUnitedStates(country)) {
    const d = usDigits(input)
    return d ? `+1${d}` : ''
  }
  const d = digitsOnly(input).slice(0, INTERNATIONAL_PHONE_MAX_DIGITS)
  return d ? `+${d}` : ''
}

function part(a: AddressInput | null | undefined, key: AddressPart): string {
  return String(a?.[key] ?? '')
    .trim()
    .toLowerCase()
}

/** True when all nine address parts match, ignoring case and surrounding spaces (missing = ''). */
export function billingSameAsShipping(shipping: AddressInput | null | undefined, billing: AddressInput | null | undefined): boolean {
  return ADDRESS_PARTS.every((key) => part(shipping, key) === part(billing, key))
}
