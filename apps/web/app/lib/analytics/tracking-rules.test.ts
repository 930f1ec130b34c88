import { describe, expect, it } from 'vitest'
import { optedOut, utmToSend, viewContentData } from './tracking-rules'

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
