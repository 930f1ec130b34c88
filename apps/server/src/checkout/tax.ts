/**
 * Tax: the rate of the shipping address, from the brand's rate table
 * (tax_rates: by country, and by state where a row names one), else the
 * brand's flat estimate from its settings. The arithmetic stays in core's
 * computeCartTotals: this only chooses the rate.
 */
import { isUnitedStates } from '@store/core'
import type { BrandData } from '../context/request-context.ts'
import { cachePerDatabase } from '../shared/ttl-cache.ts'

export interface TaxAddress {
  country: string
  state: string
}

export interface TaxRates {
  /** basis points (600 = 6%) for an address; `fallback` where the table has nothing */
  basisPointsFor(data: BrandData, address: TaxAddress, fallback: number): Promise<number>
}

type RateRow = { country: string; state: string; basis_points: number }
const ratesCache = cachePerDatabase<RateRow[]>()

export const normalizeCountry = (country: string) => (isUnitedStates(country) ? 'US' : country.trim().toUpperCase())

/** The rate table in the database, cached like the store settings (30 s). */
export const databaseTaxRates: TaxRates = {
  async basisPointsFor({ db, brandId }, address, fallback) {
    const rows = await ratesCache(db, brandId, () =>
      db.selectFrom('tax_rates').select(['country', 'state', 'basis_points']).where('brand_id', '=', brandId).execute(),
    )
    const country = normalizeCountry(address.country)
    const state = address.state.trim().toUpperCase()
    const exact = rows.find((row) => row.country === country && row.state !== '' && row.state.toUpperCase() === state)
    const whole = rows.find((row) => row.country === country && row.state === '')
    return exact?.basis_points ?? whole?.basis_points ?? fallback
  },
}
