import { describe, expect, it } from 'vitest'
import { declinedOffersCookie, readDeclinedOffers, saidNoTo } from './declined-offers'

/** The Cookie header a browser sends back for a Set-Cookie. */
const sentBack = (setCookie: string | null) => (setCookie ? setCookie.split(';')[0]! : '')

describe('the offers this browser said no to', () => {
  it('remembers an offer said no to, for its order only', () => {
    const cookie = declinedOffersCookie(null, '1234567890', 'pf-oto-2', false)
    expect(cookie).toMatch(/^declined_offers=1234567890%3Apf-oto-2; Path=\/special-offer; Max-Age=86400; HttpOnly; SameSite=Lax$/)
    expect(saidNoTo(sentBack(cookie), '1234567890', 'pf-oto-2')).toBe(true)
    expect(saidNoTo(sentBack(cookie), '1234567890', 'pf-oto-1')).toBe(false)
    expect(saidNoTo(sentBack(cookie), '9999999999', 'pf-oto-2')).toBe(false)
    expect(saidNoTo('', '1234567890', 'pf-oto-2')).toBe(false)
  })
  it('adds to what it holds, once each, keeping the newest twelve', () => {
    let header = 'other=1'
    for (let i = 0; i < 14; i++) header = `other=1; ${sentBack(declinedOffersCookie(header, String(1000000000 + i), 'pf-oto-1', false))}`
    header = `other=1; ${sentBack(declinedOffersCookie(header, '1000000013', 'pf-oto-1', false))}`
    const held = readDeclinedOffers(header)
    expect(held).toHaveLength(12)
    expect(held[0]).toBe('1000000002:pf-oto-1')
    expect(held.at(-1)).toBe('1000000013:pf-oto-1')
  })
  it('is Secure on https, and ignores what it did not write', () => {
    expect(declinedOffersCookie(null, '1234567890', 'pf-oto-2', true)).toMatch(/; Secure$/)
    expect(declinedOffersCookie(null, '12;34', 'pf-oto-2', false)).toBeNull()
    expect(readDeclinedOffers('declined_offers=1%3Aa%2C%3Cscript%3E%2C2%3Ab')).toEqual(['1:a', '2:b'])
  })
})
