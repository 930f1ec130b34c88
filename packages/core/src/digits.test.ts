import { describe, it, expect } from 'vitest'
import { digitsOnly, toAsciiDigits } from './digits.ts'

describe('toAsciiDigits', () => {
  it('converts every full-width digit', () => {
    expect(toAsciiDigits('０１２３４５６７８９')).toBe('0123456789')
  })
  it('keeps other characters', () => {
    expect(toAsciiDigits('４２４２ ４２-x 9')).toBe('4242 42-x 9')
    expect(toAsciiDigits('')).toBe('')
  })
})

describe('digitsOnly', () => {
  it('keeps ASCII digits, converting full-width ones', () => {
    expect(digitsOnly('(５５５) 123-4567')).toBe('5551234567')
    expect(digitsOnly('abc')).toBe('')
  })
})
