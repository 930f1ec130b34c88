/**
 * Money. One rounding policy everywhere: round half away from zero, after removing
 * binary floating-point noise (1.005 * 100 is 100.49999999999999 in doubles; it is
 * read as 100.5 and becomes 101 cents).
 */

/** Rounds to an integer, half away from zero, tolerant of float noise. */
export function roundHalfAwayFromZero(x: number): number {
  // whole numbers (cents, most of the calls) are already rounded: skip the text round trip below
  if (Number.isInteger(x) && Math.abs(x) < 1e15) return x === 0 ? 0 : x
  if (!Number.isFinite(x)) throw new Error(`Invalid amount: ${x}`)
  const clean = Number(x.toPrecision(15))
  const r = Math.sign(clean) * Math.round(Math.abs(clean))
  return r === 0 ? 0 : r
}

/** Dollars to integer cents: 39.99 -> 3999, 1.005 -> 101. */
export function toCents(dollars: number): number {
  return roundHalfAwayFromZero(dollars * 100)
}

/** Integer cents to dollars: 3999 -> 39.99. */
export function fromCents(cents: number): number {
  if (!Number.isFinite(cents)) throw new Error(`Invalid amount: ${cents}`)
  return roundHalfAwayFromZero(cents) / 100
}

/** Rounds a dollar amount to whole cents: 119.97000000000001 -> 119.97. */
export function roundMoney(dollars: number): number {
  return fromCents(toCents(dollars))
}

/** `percent` percent of `cents`, as integer cents, half away from zero: (3999, 15) -> 600. */
export function percentOfCents(cents: number, percent: number): number {
  return roundHalfAwayFromZero((cents * percent) / 100)
}

export interface FormatPriceOptions {
  /** Keep '.00' on whole-dollar amounts ('$10.00' instead of '$10'). */
  keepZeroCents?: boolean
}

function withThousands(integer: number): string {
  return String(integer).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
}

/**
 * A price for display (SPEC §5): rounded to 2 decimals, thousands commas, dollar
 * sign, '.00' dropped unless keepZeroCents, negatives in parentheses.
 * 1234.5 -> '$1,234.50'; 10 -> '$10'; -5 -> '($5)'; 0.5 -> '$0.50'.
 */
export function formatPrice(n: number, opts: FormatPriceOptions = {}): string {
  const cents = toCents(n)
  const abs = Math.abs(cents)
  const dollars = Math.floor(abs / 100)
  const rest = abs % 100
  let text = `$${withThousands(dollars)}`
  if (rest !== 0 || opts.keepZeroCents) text += `.${String(rest).padStart(2, '0')}`
  return cents < 0 ? `(${text})` : text
}
