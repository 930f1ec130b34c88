import { describe, expect, it } from 'vitest'
import { addedLines, isVipJoinLink, optedOut, utmToSend, viewContentData } from './tracking-rules'

describe('tracking rules', () => {
  it('builds the ViewContent payload of SPEC §7', () => {
    expect(viewContentData({ id: 1001, name: 'Signature Legging', price: 39.99 })).toEqual({
      currency: 'USD',
      content_type: 'product',
      content_ids: ['1001'],
      content_name: 'Signature Legging',
      value: 39.99,
    })
  })

  it('sends UTM data only when a utm_* parameter is present, and only once', () => {
    expect(utmToSend('?utm_source=ig&ref=x', false)).toEqual({ utm_source: 'ig', ref: 'x' })
    expect(utmToSend('?ref=x', false)).toBeNull()
    expect(utmToSend('?utm_source=ig', true)).toBeNull()
  })

  it('reads the do-not-sell opt-out cookie', () => {
    expect(optedOut('a=1; do_not_sell=1')).toBe(true)
    expect(optedOut('a=1')).toBe(false)
  })
})

describe('analytics rules', () => {
  const origin = 'https://popfitclothing.com'

  it('counts links to /vip and /checkout-club on this site as VIP join clicks', () => {
    expect(isVipJoinLink('/vip', origin)).toBe(true)
    expect(isVipJoinLink('/vip/?Vip4sh=4sh#how', origin)).toBe(true)
    expect(isVipJoinLink('/checkout-club', origin)).toBe(true)
    expect(isVipJoinLink('https://popfitclothing.com/checkout-club?x=1', origin)).toBe(true)
    expect(isVipJoinLink('/VIP', origin)).toBe(true)
  })

  it('does not count other club pages, other sites or broken links', () => {
    expect(isVipJoinLink('/vipterms', origin)).toBe(false)
    expect(isVipJoinLink('/vip_exclusives', origin)).toBe(false)
    expect(isVipJoinLink('/more-about-vip', origin)).toBe(false)
    expect(isVipJoinLink('https://other.example/vip', origin)).toBe(false)
    expect(isVipJoinLink('http://[bad', origin)).toBe(false)
  })

  it('names the lines that grew, with the pieces added', () => {
    const line = (item_id: number, size: string, qty: number) => ({ item_id, name: `Item ${item_id}`, size, price: 39.99, qty })
    expect(addedLines([], [line(1, 'M', 1)])).toEqual([{ item_id: 1, name: 'Item 1', size: 'M', price: 39.99, quantity: 1 }])
    expect(addedLines([line(1, 'M', 1), line(2, 'S', 2)], [line(1, 'M', 3), line(2, 'S', 1), line(2, 'L', 1)])).toEqual([
      { item_id: 1, name: 'Item 1', size: 'M', price: 39.99, quantity: 2 },
      { item_id: 2, name: 'Item 2', size: 'L', price: 39.99, quantity: 1 },
    ])
    expect(addedLines([line(1, 'M', 2)], [line(1, 'M', 1)])).toEqual([])
  })
})
