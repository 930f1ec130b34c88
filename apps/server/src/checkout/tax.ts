/**
 * Tax at checkout: core's taxCents (docs/checkout-money.md) over the brand's
 * rate table. The table lives in tax_rates (by country, '*' for any, and state);
 * a brand without rows uses core's DEFAULT_TAX_RATES. Cached like the store
 * settings (30 s). This is the TaxRates extension point: a tax service adapter
 * would be a second implementation.
 */
import { DEFAULT_TAX_RATES, taxCents, type TaxQuestion, type TaxRateRow } from '@store/core'
import type { BrandData } from '../context/request-context.ts'
import { cachePerDatabase } from '../shared/ttl-cache.ts'

export interface TaxRates {
  /** the tax of an order in cents */
  taxCentsFor(data: BrandData, question: TaxQuestion): Promise<number>
}

const ratesCache = cachePerDatabase<TaxRateRow[]>()

function brandTaxRates({ db, brandId }: BrandData): Promise<TaxRateRow[]> {
  return ratesCache(db, `tax:${brandId}`, async () => {
    const rows = await db.selectFrom('tax_rates').select(['country', 'state', 'basis_points', 'tax_shipping']).where('brand_id', '=', brandId).execute()
    if (rows.length === 0) return [...(DEFAULT_TAX_RATES[brandId] ?? [])]
    return rows.map((row) => ({
      country: row.country,
      ...(row.state ? { state: row.state } : {}),
      basisPoints: row.basis_points,
      taxShipping: row.tax_shipping === 1,
    }))
  })
}

export const databaseTaxRates: TaxRates = {
  async taxCentsFor(data, question) {
    return taxCents({ ...question, rates: await brandTaxRates(data) })
  },
}
