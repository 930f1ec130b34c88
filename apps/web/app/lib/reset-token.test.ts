import { describe, expect, it } from 'vitest'
import { addressWithoutToken } from './reset-token'

describe('reset page address', () => {
  it('drops the token and keeps the rest of the address', () => {
    expect(addressWithoutToken('http://localhost:3000/forgot?token=abc')).toBe('/forgot')
    expect(addressWithoutToken('http://localhost:3000/forgot?a=1&token=abc&b=2#h')).toBe('/forgot?a=1&b=2#h')
  })
})
