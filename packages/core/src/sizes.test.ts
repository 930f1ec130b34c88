import { describe, it, expect } from 'vitest'
import { displaySize, isKnownSize, normalizeSizes, readStoredSize, sortSizes } from './sizes.ts'

describe('displaySize', () => {
  it.each([
    ['XXXXXL', '5XL'],
    ['XXXXL', '4XL'],
    ['XXXL', '3XL'],
    ['XXL', '2XL'],
    ['XL', 'XL'],
    ['L', 'L'],
    ['M', 'M'],
    ['S', 'S'],
    ['XS', 'XS'],
    ['One Size', 'One Size'],
    ['2X', '2X'],
    ['Tall', 'Tall'],
  ])('%s -> %s', (size, shown) => {
    expect(displaySize(size)).toBe(shown)
    expect(displaySize(size, 'ckb')).toBe(shown)
  })

  it('reads a stored XXXXXL as XXXXL for popfitclothing', () => {
    expect(readStoredSize('XXXXXL', 'popfitclothing')).toBe('XXXXL')
    expect(displaySize('XXXXXL', 'popfitclothing')).toBe('4XL')
    expect(displaySize('XXXXL', 'popfitclothing')).toBe('4XL')
    expect(displaySize('XXL', 'popfitclothing')).toBe('2XL')
    expect(readStoredSize('XXXXXL', 'ckb')).toBe('XXXXXL')
  })
})

describe('sortSizes', () => {
  it('orders One Size, XS-S, M-L, XL-2X, 3X-4X', () => {
    expect(sortSizes(['4X', 'M', 'XL', 'S', '3X', 'One Size', 'L', '2X', 'XS'])).toEqual([
      'One Size',
      'XS',
      'S',
      'M',
      'L',
      'XL',
      '2X',
      '3X',
      '4X',
    ])
  })
  it('knows the long and display spellings', () => {
    expect(sortSizes(['XXXXL', 'XXL', 'XXXL', 'XL', '4XL', '2XL', '3XL'])).toEqual([
      'XL',
      'XXL',
      '2XL',
      'XXXL',
      '3XL',
      'XXXXL',
      '4XL',
    ])
    expect(sortSizes(['XXXXXL', '4X'])).toEqual(['4X', 'XXXXXL'])
  })
  it('puts unknown sizes last in their original order', () => {
    expect(sortSizes(['Tall', 'L', 'Petite', 'S', 'Kids'])).toEqual(['S', 'L', 'Tall', 'Petite', 'Kids'])
  })
  it('returns a new array', () => {
    const input = ['L', 'S']
    expect(sortSizes(input)).toEqual(['S', 'L'])
    expect(input).toEqual(['L', 'S'])
  })
  it('tells known from unknown sizes', () => {
    expect(isKnownSize('xl')).toBe(true)
    expect(isKnownSize('Tall')).toBe(false)
  })
})

describe('normalizeSizes', () => {
  it('splits comma lists', () => {
    expect(normalizeSizes('S, M,L')).toEqual(['S', 'M', 'L'])
    expect(normalizeSizes(['S,M', 'L'])).toEqual(['S', 'M', 'L'])
    expect(normalizeSizes('S,,M,S')).toEqual(['S', 'M'])
    expect(normalizeSizes('')).toEqual([])
    expect(normalizeSizes(null)).toEqual([])
  })
  it("uses only 'One Size' when it appears", () => {
    expect(normalizeSizes('S,M,One Size')).toEqual(['One Size'])
    expect(normalizeSizes(['S', 'one size'])).toEqual(['One Size'])
  })
})
