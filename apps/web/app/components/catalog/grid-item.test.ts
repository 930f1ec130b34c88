import { describe, expect, it } from 'vitest'
import type { ItemSummary } from '../../lib/api/types'
import { gridItem } from './grid-item'

const image = (kind: string) => ({ url: `/media/${kind}.svg`, width: 800, height: 1000, alt: kind })

const item = {
  id: 1001,
  link: '/item/1001',
  name: 'Signature Legging',
  itemTypeName: 'Leggings',
  description: 'A long description that a grid never shows.',
  color: 'Black',
  swatch: '#000000',
  baseColors: ['black'],
  aspectClass: 'double1x1',
  images: { image1: image('front'), image2: image('side'), image3: image('back') },
  sizes: ['S', 'M'],
  availableSizes: ['M'],
  categoryPageAttributes: { badge: 'Best seller', internal: 'x' },
  itemGroupIds: ['core'],
  discount_class: 'leggings',
  vip_exclusive: false,
  imageMaxHeight: null,
  created_at: '2026-10-01T00:00:00.000Z',
  price: 39.99,
  original_price: null,
  member_price: 31.99,
} as unknown as ItemSummary

describe('gridItem', () => {
  it('keeps what a card shows, sorts and filters by, and drops the rest', () => {
    const card = gridItem(item)
    expect(card).toEqual({
      id: 1001,
      link: '/item/1001',
      name: 'Signature Legging',
      color: 'Black',
      aspectClass: 'double1x1',
      images: { image1: image('front') },
      price: 39.99,
      original_price: null,
      availableSizes: ['M'],
      created_at: '2026-10-01T00:00:00.000Z',
      vip_exclusive: false,
      categoryPageAttributes: { badge: 'Best seller' },
    })
    expect(JSON.stringify(card)).not.toContain('long description')
  })
})
