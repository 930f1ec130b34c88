import { describe, expect, it } from 'vitest'
import { afterKeep, nextPaymentStep } from './payment-steps.ts'

describe('payment steps', () => {
  it('keeps a payment that succeeded, whoever asked', () => {
    expect(nextPaymentStep('succeeded', 'shopper')).toBe('keep')
    expect(nextPaymentStep('succeeded', 'sweeper')).toBe('keep')
  })

  it('releases the reservation of a decline, or of a charge that holds no money', () => {
    expect(nextPaymentStep('declined', 'shopper')).toBe('release')
    expect(nextPaymentStep('none', 'sweeper')).toBe('release')
  })

  it("waits for the bank's step only while the shopper is there to take it", () => {
    expect(nextPaymentStep('requires_action', 'shopper')).toBe('wait')
    expect(nextPaymentStep('requires_action', 'sweeper')).toBe('release')
  })

  it('never releases a charge without an answer: its money may be taken', () => {
    expect(nextPaymentStep('no_answer', 'shopper')).toBe('hold')
    expect(nextPaymentStep('no_answer', 'sweeper')).toBe('hold')
  })

  it('refunds a payment whose purchase could not be kept', () => {
    expect(afterKeep(true)).toBe('done')
    expect(afterKeep(false)).toBe('refund')
  })
})
