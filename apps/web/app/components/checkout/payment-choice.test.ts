import { describe, expect, it } from 'vitest'
import { instalment } from './payment-choice'

describe("Afterpay's instalment shown at checkout", () => {
  it('is a quarter of the total, the odd cents left to the first instalment', () => {
    expect(instalment(100)).toBe('$25.00')
    expect(instalment(49.99)).toBe('$12.49')
    expect(instalment(35)).toBe('$8.75')
  })
})
