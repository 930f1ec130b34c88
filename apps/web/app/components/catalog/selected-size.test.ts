import { describe, expect, it } from 'vitest'
import { initialSize, readCookie, readSelectedSize, selectedSizeCookie } from './selected-size'

describe('readCookie', () => {
  it('finds one cookie among many and decodes it', () => {
    expect(readCookie('a=1; selected_size=One%20Size; b=2', 'selected_size')).toBe('One Size')
  })
  it('does not match a cookie whose name only ends alike', () => {
    expect(readCookie('not_selected_size=M', 'selected_size')).toBeNull()
  })
  it('is null without a header or on a malformed value', () => {
    expect(readCookie(null, 'x')).toBeNull()
    expect(readCookie('x=%E0%A4%A', 'x')).toBeNull()
  })
})

describe('readSelectedSize', () => {
  it('accepts short size names only', () => {
    expect(readSelectedSize('selected_size=M')).toBe('M')
    expect(readSelectedSize('selected_size=%3Cscript%3E')).toBeNull()
    expect(readSelectedSize(`selected_size=${'X'.repeat(30)}`)).toBeNull()
  })
})

describe('selectedSizeCookie', () => {
  it('writes an encoded, site-wide, lax cookie for a year', () => {
    expect(selectedSizeCookie('One Size')).toBe('selected_size=One%20Size; Path=/; Max-Age=31536000; SameSite=Lax')
    expect(selectedSizeCookie('M', true)).toContain('; Secure')
  })
})

describe('initialSize', () => {
  it('pre-selects the remembered size when the item has it', () => {
    expect(initialSize(['S', 'M', 'L'], 'M')).toBe('M')
  })
  it("uses the item's own name for the same size", () => {
    expect(initialSize(['M', 'XXL'], '2XL')).toBe('XXL')
  })
  it('does not pre-select a size the item lacks', () => {
    expect(initialSize(['S', 'L'], 'M')).toBeNull()
  })
  it('pre-selects the only size', () => {
    expect(initialSize(['One Size'], null)).toBe('One Size')
    expect(initialSize(['M'], 'L')).toBe('M')
  })
  it('pre-selects nothing when nothing is in stock', () => {
    expect(initialSize([], 'M')).toBeNull()
  })
})
