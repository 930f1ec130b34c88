import { describe, expect, it } from 'vitest'
import { pickFeatured } from './featured'

const item = (name: string, badge?: string, extra: { vip_exclusive?: boolean; availableSizes?: string[] } = {}) => ({
  name,
  availableSizes: extra.availableSizes ?? ['M'],
  vip_exclusive: extra.vip_exclusive ?? false,
  categoryPageAttributes: badge ? { badge } : {},
})

describe('pickFeatured', () => {
  it('takes one colour per style, best sellers first, then the category order', () => {
    const items = [item('Plain'), item('Fresh', 'New'), item('Star', 'Best Seller'), item('Star', 'Best Seller'), item('Fan', 'Fan Favorite'), item('Other')]
    expect(pickFeatured(items).map((i) => i.name)).toEqual(['Star', 'Fan', 'Fresh', 'Plain', 'Other'])
  })
  it('leaves out VIP-only and sold-out items, and stops at the count', () => {
    const items = [item('Vip', 'Best Seller', { vip_exclusive: true }), item('Gone', undefined, { availableSizes: [] }), item('A'), item('B'), item('C')]
    expect(pickFeatured(items, 2).map((i) => i.name)).toEqual(['A', 'B'])
  })
  it('uses another colour of a style when the first is sold out', () => {
    const items = [item('Star', 'Best Seller', { availableSizes: [] }), { ...item('Star', 'Best Seller'), color: 'Navy' }]
    expect(pickFeatured(items)).toHaveLength(1)
    expect((pickFeatured(items)[0] as { color?: string }).color).toBe('Navy')
  })
})
