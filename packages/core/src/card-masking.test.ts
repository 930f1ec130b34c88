import { describe, expect, it } from 'vitest'
import { maskCardNumbers, maskCardNumbersIn } from './card-masking.ts'

describe('maskCardNumbers', () => {
  it('masks the test cards but for their last four, whatever surrounds them', () => {
    expect(maskCardNumbers('4242424242424242')).toBe('************4242')
    expect(maskCardNumbers('https://ckb.localhost/item/3?cc=4242424242424242&x=1')).toBe('https://ckb.localhost/item/3?cc=************4242&x=1')
    expect(maskCardNumbers('card=4000000000000002')).toBe('card=************0002')
    expect(maskCardNumbers('my card is 5555555555554444, thanks')).toBe('my card is ************4444, thanks')
    expect(maskCardNumbers('378282246310005')).toBe('***********0005') // Amex, 15 digits
    expect(maskCardNumbers('6011111111111117')).toBe('************1117') // Discover
    expect(maskCardNumbers('4000056655665556')).toBe('************5556') // Visa debit
    expect(maskCardNumbers('3056930009020004')).toBe('************0004') // Diners, 16 digits
  })

  it("masks numbers written in groups, with spaces, dashes, or a URL's + and %20", () => {
    expect(maskCardNumbers('4242 4242 4242 4242')).toBe('**** **** **** 4242')
    expect(maskCardNumbers('4242-4242-4242-4242')).toBe('****-****-****-4242')
    expect(maskCardNumbers('/search?q=4242+4242+4242+4242')).toBe('/search?q=****+****+****+4242')
    expect(maskCardNumbers('/search?q=4242%204242%204242%204242')).toBe('/search?q=****%20****%20****%204242')
    expect(maskCardNumbers('3782 822463 10005')).toBe('**** ****** *0005')
  })

  it('masks two cards side by side', () => {
    expect(maskCardNumbers('4242424242424242 4000000000000002')).toBe('************4242 ************0002')
    expect(maskCardNumbers('a=4242424242424242&b=5555555555554444')).toBe('a=************4242&b=************4444')
  })

  it('keeps what is no card: too short, too long, failing Luhn, or part of a longer number', () => {
    for (const text of [
      '4242424242424241', // Luhn fails
      '42424242424', // 11 digits
      '12345678901234567890123', // 23 digits
      '4242424242424242424242', // a card's digits inside a longer number
      'order 100045, item 1001, size 10',
      '2026-11-29T07:00:00.000Z',
      'tel: 1-800-555-0100',
      '',
    ]) {
      expect(maskCardNumbers(text)).toBe(text)
    }
  })
})

describe('maskCardNumbersIn', () => {
  it('masks strings, keys and whole numbers inside objects and lists, and keeps everything else', () => {
    expect(maskCardNumbersIn({ query: 'pay with 4242 4242 4242 4242', card: 4242424242424242, nested: [{ cc: '4000000000000002' }], qty: 2, ok: true, none: null })).toEqual({
      query: 'pay with **** **** **** 4242',
      card: '************4242',
      nested: [{ cc: '************0002' }],
      qty: 2,
      ok: true,
      none: null,
    })
    expect(maskCardNumbersIn({ '4242424242424242': 'x' })).toEqual({ '************4242': 'x' })
    expect(maskCardNumbersIn(1764400000001)).toBe(1764400000001)
  })
})
