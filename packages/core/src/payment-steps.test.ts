import { describe, expect, it } from 'vitest'
import { afterKeep, lineRefundShare, nextPaymentStep, refundShares } from './payment-steps.ts'

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

  it('gives a refund back from the oldest charge first, never more than a charge still holds', () => {
    const charges = [
      { id: 'order', amountCents: 5000, refundedCents: 1000 },
      { id: 'offer', amountCents: 2000, refundedCents: 0 },
    ]
    expect(refundShares(charges, 3000)).toEqual({ shares: [{ id: 'order', cents: 3000 }], shortCents: 0 })
    expect(refundShares(charges, 5500)).toEqual({
      shares: [
        { id: 'order', cents: 4000 },
        { id: 'offer', cents: 1500 },
      ],
      shortCents: 0,
    })
    expect(refundShares(charges, 6500)).toEqual({
      shares: [
        { id: 'order', cents: 4000 },
        { id: 'offer', cents: 2000 },
      ],
      shortCents: 500,
    })
    expect(refundShares([{ id: 'order', amountCents: 5000, refundedCents: 5000 }], 1)).toEqual({ shares: [], shortCents: 1 })
  })

  it("refunds a line's pieces by their part of what it cost, never more in all than its total", () => {
    const line = { qty: 3, totalCents: 1000 }
    const shares = [lineRefundShare(line, 0, 1), lineRefundShare(line, 1, 1), lineRefundShare(line, 2, 1)]
    expect(shares).toEqual([333, 333, 334])
    expect(shares.reduce((sum, cents) => sum + cents, 0)).toBe(1000)
    expect(lineRefundShare(line, 0, 3)).toBe(1000)
  })
})
