import { describe, expect, it } from 'vitest'
import { orderDate, orderStatusText } from './order-card'

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
