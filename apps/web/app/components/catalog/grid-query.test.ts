import { describe, expect, it } from 'vitest'
import { applyGridQuery, filterBySize, gridSearch, readGridQuery, sizeFilterOptions, sortGridItems, type GridItemLike } from './grid-query'

const items: GridItemLike[] = [
  { id: 1, price: 39.99, availableSizes: ['S', 'M'], created_at: '2024-01-01T00:00:00Z' },
  { id: 2, price: 24.99, availableSizes: ['XXL', 'XS'], created_at: '2024-03-01T00:00:00Z' },
  { id: 3, price: 39.99, availableSizes: ['One Size'], created_at: '2024-02-01T00:00:00Z' },
  { id: 4, price: 49, availableSizes: [], created_at: null },
  { id: 5, price: 24.99, availableSizes: ['XXXXXL', 'M'], created_at: '2024-03-01T00:00:00Z' },
]

const ids = (list: GridItemLike[]) => list.map((item) => item.id)

describe('readGridQuery', () => {
  it('reads size and sort', () => {
    expect(readGridQuery(new URLSearchParams('size=M&sort=price-asc'))).toEqual({ size: 'M', sort: 'price-asc' })
  })
  it('falls back to featured and no size for unknown or empty values', () => {
    expect(readGridQuery(new URLSearchParams('size=&sort=cheapest'))).toEqual({ size: null, sort: 'featured' })
    expect(readGridQuery(new URLSearchParams(''))).toEqual({ size: null, sort: 'featured' })
  })
})

describe('sizeFilterOptions', () => {
  it('lists sizes in stock once, in store order', () => {
    expect(sizeFilterOptions(items)).toEqual(['One Size', 'XS', 'S', 'M', 'XXL', 'XXXXXL'])
  })
  it('treats a stored and a shown name as one size', () => {
    expect(
      sizeFilterOptions([
        { id: 1, price: 1, availableSizes: ['XXL'] },
        { id: 2, price: 1, availableSizes: ['2XL'] },
      ]),
    ).toEqual(['XXL'])
  })
})

describe('filterBySize', () => {
  it('keeps items with the size in stock', () => {
    expect(ids(filterBySize(items, 'M'))).toEqual([1, 5])
  })
  it('matches the shown name of a size', () => {
    expect(ids(filterBySize(items, '2XL'))).toEqual([2])
    expect(ids(filterBySize(items, 'xxl'))).toEqual([2])
  })
  it('reads popfit XXXXXL as XXXXL', () => {
    expect(ids(filterBySize(items, '4XL', 'popfitclothing'))).toEqual([5])
    expect(ids(filterBySize(items, '4XL', 'ckb'))).toEqual([])
  })
  it('keeps all items without a size', () => {
    expect(ids(filterBySize(items, null))).toEqual([1, 2, 3, 4, 5])
  })
})

describe('sortGridItems', () => {
  it('keeps the category order for featured', () => {
    expect(ids(sortGridItems(items, 'featured'))).toEqual([1, 2, 3, 4, 5])
  })
  it('sorts by price, stable for equal prices', () => {
    expect(ids(sortGridItems(items, 'price-asc'))).toEqual([2, 5, 1, 3, 4])
    expect(ids(sortGridItems(items, 'price-desc'))).toEqual([4, 1, 3, 2, 5])
  })
  it('sorts newest first, higher id first on equal dates, undated last', () => {
    expect(ids(sortGridItems(items, 'newest'))).toEqual([5, 2, 3, 1, 4])
  })
  it('does not change its input', () => {
    const copy = [...items]
    sortGridItems(items, 'price-desc')
    expect(items).toEqual(copy)
  })
})

describe('applyGridQuery and gridSearch', () => {
  it('filters then sorts', () => {
    expect(ids(applyGridQuery(items, { size: 'M', sort: 'price-asc' }))).toEqual([5, 1])
  })
  it('writes only what differs from the defaults', () => {
    expect(gridSearch({ size: null, sort: 'featured' })).toBe('')
    expect(gridSearch({ size: 'M', sort: 'newest' })).toBe('?size=M&sort=newest')
  })
})
