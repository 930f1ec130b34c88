import { describe, expect, it } from 'vitest'
import { clubBoxWords, orderDate, orderStatusText, waitingWords } from './order-card'

describe('order dates', () => {
  it('read as toLocaleDateString writes them, from one shared formatter', () => {
    for (const iso of ['2026-11-23T04:55:00Z', '2025-01-01T00:00:00.000Z', '2024-02-29T23:59:59Z', '2024-03-05', 'not a date']) {
      expect(orderDate(iso)).toBe(new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }))
    }
  })
})

describe('order statuses', () => {
  it('says every status the orders API shows in words, a monthly box too (it was shown as the raw "processing")', () => {
    const visible = ['pending_payment', 'paid', 'processing', 'packing', 'shipped', 'delivered', 'cancelled', 'refunded']
    const words = visible.map(orderStatusText)
    expect(words).toEqual(['Waiting for payment', 'Processing', 'Processing', 'Being packed', 'Shipped', 'Delivered', 'Cancelled', 'Refunded'])
  })
})

describe('a monthly box in the order history', () => {
  it('says which month it is and that the membership paid for it, instead of a bare $0.00', () => {
    expect(clubBoxWords({ club_box: '2026-11', total: 0 }, 'VIP')).toEqual({ title: 'VIP box for November 2026', cost: 'Included in your VIP membership' })
    expect(clubBoxWords({ club_box: '2026-12', total: 24.99 }, 'VIP')).toEqual({ title: 'VIP box for December 2026', cost: '$24.99, your monthly VIP fee' })
  })
  it('says nothing of the kind for an ordinary order', () => {
    expect(clubBoxWords({ club_box: null, total: 0 }, 'VIP')).toBeNull()
  })
})

describe("an order waiting at the bank's step", () => {
  it('says when it is dropped if the bank does not confirm it (it said "Waiting for payment" for good)', () => {
    expect(waitingWords({ status: 'pending_payment', waiting_until: '2026-11-29T14:05:30.000Z' })).toBe(
      'Waiting for your bank: this order is dropped at 14:05 UTC on November 29, 2026 if your bank has not confirmed it by then. Nothing has been charged.',
    )
  })
  it('says nothing for an order that is paid, or waits with no end', () => {
    expect(waitingWords({ status: 'paid', waiting_until: null })).toBeNull()
    expect(waitingWords({ status: 'pending_payment', waiting_until: null })).toBeNull()
  })
})
