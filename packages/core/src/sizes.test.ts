import { describe, it, expect } from 'vitest'
import { compareSizes, displaySize, isKnownSize, normalizeSizes, readStoredSize, sizeCaption, sortSizes } from './sizes.ts'

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
    expect(sortSizes(['4X', 'M', 'XL', 'S', '3X', 'One Size', 'L', '2X', 'XS'])).toEqual(['One Size', 'XS', 'S', 'M', 'L', 'XL', '2X', '3X', '4X'])
  })
  it('knows the long and display spellings', () => {
    expect(sortSizes(['XXXXL', 'XXL', 'XXXL', 'XL', '4XL', '2XL', '3XL'])).toEqual(['XL', 'XXL', '2XL', 'XXXL', '3XL', 'XXXXL', '4XL'])
    expect(sortSizes(['XXXXXL', '4X'])).toEqual(['4X', 'XXXXXL'])
  })
  it('puts unknown sizes last in their original order', () => {
    expect(sortSizes(['Tall', 'L', 'Petite', 'S', 'Kids'])).toEqual(['S', 'L', 'Tall', 'Petite', 'Kids'])
  })
  it('orders the paired labels One Size, XS-S, M-L, XL-2X, 3X-4X (SPEC §5)', () => {
    expect(sortSizes(['3X-4X', 'M-L', 'XL-2X', 'One Size', 'XS-S'])).toEqual(['One Size', 'XS-S', 'M-L', 'XL-2X', '3X-4X'])
    expect(sortSizes(['XL-2X', '3X-4X', 'XS-S', 'M-L'])).toEqual(['XS-S', 'M-L', 'XL-2X', '3X-4X'])
  })
  it('puts unknown sizes after the paired labels, in their original order', () => {
    expect(sortSizes(['Tall', 'XL-2X', 'Petite', 'XS-S', 'M-L'])).toEqual(['XS-S', 'M-L', 'XL-2X', 'Tall', 'Petite'])
  })
  it('reads other spellings of a pair and places a pair between its two sizes', () => {
    expect(sortSizes(['3XL/4XL', 'xl - xxl', 'm–l', 'xs-s'])).toEqual(['xs-s', 'm–l', 'xl - xxl', '3XL/4XL'])
    expect(sortSizes(['S', 'XS-S', 'XS', 'M-L', 'M'])).toEqual(['XS', 'XS-S', 'S', 'M', 'M-L'])
  })
  it('treats a pair of unknown or reversed sizes as unknown', () => {
    expect(isKnownSize('XS-S')).toBe(true)
    expect(isKnownSize('S-XS')).toBe(false)
    expect(isKnownSize('M-M')).toBe(false)
    expect(isKnownSize('Tall-Petite')).toBe(false)
    expect(isKnownSize('One Size-S')).toBe(false)
    expect(isKnownSize('XS-S-M')).toBe(false)
    expect(sortSizes(['S-XS', 'M-L', 'Kids-Teen'])).toEqual(['M-L', 'S-XS', 'Kids-Teen'])
  })
  it('keeps equal sizes in their original order', () => {
    expect(sortSizes(['XXL', 'M-L', '2X', 'm-l', '2XL'])).toEqual(['M-L', 'm-l', 'XXL', '2X', '2XL'])
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

describe('compareSizes', () => {
  it('puts sizes in store order, unknown ones after, by their text', () => {
    expect(['XL', 'Tall', 'S', 'M-L', 'Petite', 'M'].sort(compareSizes)).toEqual(['S', 'M', 'M-L', 'XL', 'Petite', 'Tall'])
  })
})

describe('sizeCaption', () => {
  it('says "Size M", and a piece in one size is "One Size", not "Size One Size"', () => {
    expect(sizeCaption('M')).toBe('Size M')
    expect(sizeCaption('2XL')).toBe('Size 2XL')
    expect(sizeCaption('One Size')).toBe('One Size')
    expect(sizeCaption(' one size ')).toBe('One Size')
  })
})
