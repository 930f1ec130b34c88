import { describe, it, expect } from 'vitest'
import { bundleItemName, cartLineColors, foldBundles, originalTotal, parseDiscountClasses } from './cart-lines.ts'

interface Line {
  cartId: string
  name: string
  qty: number
  price: number
  bundled_with?: string | null
  social_media_special?: boolean
}

const line = (cartId: string, name: string, extra: Partial<Line> = {}): Line => ({ cartId, name, qty: 1, price: 0, ...extra })

describe('foldBundles', () => {
  it('folds bundled lines into their parent, counting names without POP', () => {
    const lines = [
      line('1', 'Leggings Bundle', { price: 99 }),
      line('2', 'POP Black Leggings', { bundled_with: '1' }),
      line('3', 'Black Leggings', { bundled_with: '1', qty: 2 }),
      line('4', 'POP Navy Leggings', { bundled_with: '1' }),
      line('5', 'Sports Bra', { price: 25 }),
    ]
    expect(foldBundles(lines)).toEqual([
      {
        ...lines[0],
        bundle_items: [
          { name: 'Black Leggings', count: 3 },
          { name: 'Navy Leggings', count: 1 },
        ],
        bundle_count: 4,
      },
      lines[4],
    ])
  })

  it('never folds social_media_special lines', () => {
    const lines = [line('1', 'Bundle'), line('2', 'POP Leggings', { bundled_with: '1', social_media_special: true }), line('3', 'POP Leggings', { bundled_with: '1' })]
    const folded = foldBundles(lines)
    expect(folded.map((l) => l.cartId)).toEqual(['1', '2'])
    expect(folded[0]).toMatchObject({ bundle_items: [{ name: 'Leggings', count: 1 }], bundle_count: 1 })
    expect(folded[1]).toEqual(lines[1])
  })

  it('keeps lines whose parent is not in the cart', () => {
    const lines = [line('1', 'Tee'), line('2', 'POP Leggings', { bundled_with: '99' }), line('3', 'Shorts', { bundled_with: null })]
    expect(foldBundles(lines)).toEqual(lines)
  })

  it('leaves lines without bundles as they are and does not modify its input', () => {
    const lines = [line('1', 'Bundle'), line('2', 'Leggings', { bundled_with: '1' })]
    const copy = structuredClone(lines)
    foldBundles(lines)
    expect(lines).toEqual(copy)
    expect(foldBundles([line('1', 'Tee')])[0]).not.toHaveProperty('bundle_items')
  })

  it('folds a bundle of a bundled line into the top parent; cycles stay', () => {
    const nested = [line('1', 'Bundle'), line('2', 'Leggings', { bundled_with: '1' }), line('3', 'POP Socks', { bundled_with: '2' })]
    expect(foldBundles(nested)).toEqual([
      {
        ...nested[0],
        bundle_items: [
          { name: 'Leggings', count: 1 },
          { name: 'Socks', count: 1 },
        ],
        bundle_count: 2,
      },
    ])
    const cycle = [line('a', 'A', { bundled_with: 'b' }), line('b', 'B', { bundled_with: 'a' })]
    expect(foldBundles(cycle)).toEqual(cycle)
  })

  it('strips only the word POP', () => {
    expect(bundleItemName('POP Black Leggings')).toBe('Black Leggings')
    expect(bundleItemName('Black POP Leggings ')).toBe('Black Leggings')
    expect(bundleItemName('POPFIT Leggings')).toBe('POPFIT Leggings')
  })
})

describe('cartLineColors', () => {
  it("splits on '-' or '/'", () => {
    expect(cartLineColors('Black-Pink')).toEqual(['Black', 'Pink'])
    expect(cartLineColors('Black / Navy/ Grey')).toEqual(['Black', 'Navy', 'Grey'])
    expect(cartLineColors('Black')).toEqual(['Black'])
    expect(cartLineColors('')).toEqual([])
    expect(cartLineColors(null)).toEqual([])
  })
})

describe('originalTotal', () => {
  it('is original price times quantity, or null', () => {
    expect(originalTotal(39.99, 3)).toBe(119.97)
    expect(originalTotal(1.1, 3)).toBe(3.3)
    expect(originalTotal(10, 0)).toBe(0)
    expect(originalTotal(null, 2)).toBeNull()
    expect(originalTotal(undefined, 2)).toBeNull()
  })
})

describe('parseDiscountClasses', () => {
  it('splits the comma list', () => {
    expect(parseDiscountClasses('a,b')).toEqual(['a', 'b'])
    expect(parseDiscountClasses(' leggings , vip ,')).toEqual(['leggings', 'vip'])
    expect(parseDiscountClasses('')).toEqual([])
    expect(parseDiscountClasses(null)).toEqual([])
  })
})
