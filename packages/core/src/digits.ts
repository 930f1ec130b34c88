/** Full-width digits (U+FF10..U+FF19), as typed on Japanese and Chinese keyboards. */
const FULL_WIDTH_DIGIT = /[\uFF10-\uFF19]/g

/** Converts full-width digits to ASCII digits; every other character is kept. */
export function toAsciiDigits(s: string): string {
  return s.replace(FULL_WIDTH_DIGIT, (ch) => String.fromCharCode(ch.charCodeAt(0) - 0xfee0))
}

/** The ASCII digits of `s` (full-width digits converted), everything else dropped. */
export function digitsOnly(s: string): string {
  return toAsciiDigits(s).replace(/\D/g, '')
}
