import { describe, expect, it } from 'vitest'
import { DEFAULT_TAX_RATES, findTaxRate, rateTableTaxRule, taxCents, type TaxRateRow } from './tax.ts'

const rates: TaxRateRow[] = [
  { country: 'US', state: 'NY', basisPoints: 887 },
  { country: 'US', state: 'TX', basisPoints: 825, taxShipping: true },
  { country: 'US', basisPoints: 0 },
  { country: 'CA', basisPoints: 500 },
  { country: '*', basisPoints: 2000 },
]

const order = { subtotalCents: 10_000, discountCents: 1_500, shippingCents: 599 }

describe('taxCents', () => {
  it('taxes subtotal less discount at the state rate, shipping untaxed', () => {
    // (10000 - 1500) * 8.87% = 753.95 -> 754
    expect(taxCents({ ...order, country: 'US', state: 'NY', rates })).toBe(754)
  })

  it('taxes shipping too where the row says so', () => {
    // (8500 + 599) * 8.25% = 750.6675 -> 751
    expect(taxCents({ ...order, country: 'US', state: 'TX', rates })).toBe(751)
  })

  it('rounds half up, once per order', () => {
    // 3999 * 6% = 239.94 -> 240; 4175 * 6% = 250.5 -> 251; 4174 * 6% = 250.44 -> 250
    const glow = DEFAULT_TAX_RATES.glow!
    expect(taxCents({ subtotalCents: 3999, discountCents: 0, shippingCents: 0, country: 'US', state: 'OH', rates: glow })).toBe(240)
    expect(taxCents({ subtotalCents: 4175, discountCents: 0, shippingCents: 0, country: 'US', rates: glow })).toBe(251)
    expect(taxCents({ subtotalCents: 4174, discountCents: 0, shippingCents: 0, country: 'US', rates: glow })).toBe(250)
    // 105 * 0.5% = 0.525 -> 1 (no floating-point surprise)
    expect(taxCents({ subtotalCents: 105, discountCents: 0, shippingCents: 0, country: 'US', rates: [{ country: 'US', basisPoints: 50 }] })).toBe(1)
  })

  it('uses the country row when the state has none, then the * row', () => {
    expect(taxCents({ ...order, country: 'US', state: 'OR', rates })).toBe(0)
    expect(taxCents({ ...order, country: 'ca', state: 'ON', rates })).toBe(425)
    // 8500 * 20% = 1700
    expect(taxCents({ ...order, country: 'GB', rates })).toBe(1700)
  })

  it('reads any spelling of the United States and of the state', () => {
    expect(taxCents({ ...order, country: 'United States', state: ' ny ', rates })).toBe(754)
    expect(taxCents({ ...order, country: 'usa', state: 'NY', rates })).toBe(754)
  })

  it('charges nothing with no matching row, or when the discount covers the subtotal', () => {
    expect(taxCents({ ...order, country: 'US', state: 'NY', rates: [] })).toBe(0)
    expect(taxCents({ subtotalCents: 1000, discountCents: 1200, shippingCents: 0, country: 'US', state: 'NY', rates })).toBe(0)
    // the base never goes below 0, but taxed shipping still counts: 599 * 8.25% = 49.4175 -> 49
    expect(taxCents({ subtotalCents: 1000, discountCents: 1200, shippingCents: 599, country: 'US', state: 'TX', rates })).toBe(49)
  })

  it('refuses amounts that are not whole, non-negative cents', () => {
    expect(() => taxCents({ ...order, subtotalCents: 99.5, country: 'US', rates })).toThrow('Invalid amount for subtotal')
    expect(() => taxCents({ ...order, discountCents: -1, country: 'US', rates })).toThrow('Invalid amount for discount')
    expect(() => taxCents({ ...order, shippingCents: Number.NaN, country: 'US', rates })).toThrow('Invalid amount for shipping')
  })
})

describe('findTaxRate', () => {
  it('prefers state over country over *', () => {
    expect(findTaxRate(rates, 'US', 'NY')?.basisPoints).toBe(887)
    expect(findTaxRate(rates, 'US', 'OR')?.basisPoints).toBe(0)
    expect(findTaxRate(rates, 'US')?.basisPoints).toBe(0)
    expect(findTaxRate(rates, 'FR', 'IDF')?.basisPoints).toBe(2000)
    expect(findTaxRate(rates.slice(0, 4), 'FR')).toBeNull()
  })
})

describe('DEFAULT_TAX_RATES and the TaxRule', () => {
  it('charges no tax for the apparel brands and 6% for glow', () => {
    const q = { subtotalCents: 5000, discountCents: 0, shippingCents: 500, country: 'US', state: 'CA' }
    expect(rateTableTaxRule(DEFAULT_TAX_RATES.popfitclothing!).taxCents(q)).toBe(0)
    expect(rateTableTaxRule(DEFAULT_TAX_RATES.ckb!).taxCents(q)).toBe(0)
    expect(rateTableTaxRule(DEFAULT_TAX_RATES.glow!).taxCents(q)).toBe(300)
  })
})
