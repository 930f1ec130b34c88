/**
 * Sales tax at checkout (docs/checkout-money.md). One rounding policy, as in the
 * cart: tax is computed once per order on the taxable base and rounded half up to
 * the cent; never per line.
 */
import { isUnitedStates } from './address.ts'
import { roundHalfAwayFromZero } from './prices.ts'

/** One row of a brand's rate table. */
export interface TaxRateRow {
  /** ISO 3166-1 alpha-2 country ('US', 'CA'), or '*' for every country. */
  country: string
  /** A US state (or other subdivision) code such as 'NY'; absent for the whole country. */
  state?: string
  /** The rate in basis points: 600 is 6%. */
  basisPoints: number
  /** Shipping is taxed too where this row applies (some US states do). */
  taxShipping?: boolean
}

/** What tax is asked of: an order's money in cents and where it ships. */
export interface TaxQuestion {
  subtotalCents: number
  discountCents: number
  shippingCents: number
  country: string
  state?: string | null
}

/** The extension point: a tax rule answers the tax of an order in cents. */
export interface TaxRule {
  taxCents(question: TaxQuestion): number
}

/**
 * The seeded brands' tables (docs/checkout-money.md). The apparel brands charge no
 * sales tax (rate 0, as their store settings say); glow charges 6% everywhere, on
 * goods only. An operator replaces a brand's table where the store has nexus.
 */
export const DEFAULT_TAX_RATES: Readonly<Record<string, readonly TaxRateRow[]>> = {
  popfitclothing: [],
  ckb: [],
  glow: [{ country: '*', basisPoints: 600 }],
}

/** 'US' for any spelling of the United States, else the trimmed, upper-cased code. */
function countryCode(country: string): string {
  return isUnitedStates(country) ? 'US' : country.trim().toUpperCase()
}

/**
 * The row that applies to an address: the country and state row first, then the
 * country row, then a '*' row; null when none does (no tax).
 */
export function findTaxRate(rates: readonly TaxRateRow[], country: string, state?: string | null): TaxRateRow | null {
  const c = countryCode(country)
  const s = (state ?? '').trim().toUpperCase()
  const forCountry = rates.filter((row) => countryCode(row.country) === c)
  return (
    (s !== '' ? forCountry.find((row) => row.state !== undefined && row.state.trim().toUpperCase() === s) : undefined) ??
    forCountry.find((row) => row.state === undefined) ??
    rates.find((row) => row.country === '*') ??
    null
  )
}

function checkCents(name: string, cents: number): void {
  if (!Number.isInteger(cents) || cents < 0) throw new Error(`Invalid amount for ${name}: ${cents}`)
}

/**
 * The tax of an order in cents: the applicable rate (findTaxRate) on subtotal less
 * discount (never below 0), plus shipping where the rate row taxes shipping,
 * rounded half up once for the order.
 */
export function taxCents(input: TaxQuestion & { rates: readonly TaxRateRow[] }): number {
  checkCents('subtotal', input.subtotalCents)
  checkCents('discount', input.discountCents)
  checkCents('shipping', input.shippingCents)
  const row = findTaxRate(input.rates, input.country, input.state)
  if (!row || row.basisPoints <= 0) return 0
  const goods = Math.max(0, input.subtotalCents - input.discountCents)
  const base = goods + (row.taxShipping ? input.shippingCents : 0)
  return roundHalfAwayFromZero((base * row.basisPoints) / 10_000)
}

/** The default TaxRule: a rate table. */
export function rateTableTaxRule(rates: readonly TaxRateRow[]): TaxRule {
  return { taxCents: (question) => taxCents({ ...question, rates }) }
}
