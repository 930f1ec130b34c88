import { describe, expect, it } from 'vitest'
import { couponFromSearch, couponNoticeOf, ineligibleRedirect } from './navigation-rules'
import { firstVisit, initialUiState, pushHistory, uiReducer } from './reducer'
import type { CartLine } from '../api/types'

describe('ui reducer', () => {
  it('opening the cart drawer closes the menu drawer and vice versa', () => {
    let s = uiReducer(initialUiState, { type: 'openMenu' })
    expect(s.menuOpen).toBe(true)
    s = uiReducer(s, { type: 'openCart' })
    expect(s).toMatchObject({ cartOpen: true, menuOpen: false, cartAnimating: true })
    s = uiReducer(s, { type: 'cartAnimationEnd' })
    expect(s.cartAnimating).toBe(false)
    s = uiReducer(s, { type: 'openMenu' })
    expect(s).toMatchObject({ cartOpen: false, menuOpen: true })
    s = uiReducer(s, { type: 'toggleMenu' })
    expect(s.menuOpen).toBe(false)
  })

  it('keeps the last 5 visited paths', () => {
    let s = initialUiState
    for (const p of ['/a', '/b', '/b', '/c', '/d', '/e', '/f']) s = uiReducer(s, { type: 'visit', path: p })
    expect(s.history).toEqual(['/b', '/c', '/d', '/e', '/f'])
    expect(pushHistory(['/x'], '/x')).toEqual(['/x'])
  })

  it('starts a visit with its first page in the history, so the visit of that page changes nothing', () => {
    const first = firstVisit('/item/1001?color=black')
    expect(first.history).toEqual(['/item/1001?color=black'])
    expect(uiReducer(first, { type: 'visit', path: '/item/1001?color=black' })).toBe(first)
    expect(uiReducer(first, { type: 'visit', path: '/' }).history).toEqual(['/item/1001?color=black', '/'])
  })

  it('collects and clears one-time-offer flash messages', () => {
    let s = uiReducer(initialUiState, { type: 'flashOfferMessage', message: 'Added!' })
    expect(s.offerMessages).toEqual(['Added!'])
    s = uiReducer(s, { type: 'clearOfferMessages' })
    expect(s.offerMessages).toEqual([])
  })

  it("keeps a coupon link's notice on its page until dismissed, and not on the next page", () => {
    const landed = firstVisit('/?coupon=First15')
    const told = uiReducer(landed, { type: 'couponNotice', notice: { applied: true, message: 'Discount code First15 is in your cart.' } })
    expect(told.couponNotice?.message).toBe('Discount code First15 is in your cart.')
    // the same page again (its effects after hydration) keeps it
    expect(uiReducer(told, { type: 'visit', path: '/?coupon=First15' }).couponNotice).toEqual(told.couponNotice)
    expect(uiReducer(told, { type: 'visit', path: '/category/leggings' }).couponNotice).toBeNull()
    expect(uiReducer(told, { type: 'dismissCouponNotice' }).couponNotice).toBeNull()
  })
})

describe('navigation rules', () => {
  const line: CartLine = {
    cartId: '1',
    item_id: 1,
    link: '/item/1',
    image: null,
    name: 'x',
    detail: '',
    color: 'Black',
    colors: ['Black'],
    size: 'M',
    qty: 1,
    max_qty: 10,
    in_stock: true,
    skip_qty_controls: false,
    bundled_with: null,
    social_media_special: false,
    price: 1,
    original_price: null,
    total: 1,
    original_total: null,
    banner: null,
    discount_class: '',
    members_only: false,
    exchange: false,
  }
  it('redirects only when removed_free_promo turns from false to true with items in the cart', () => {
    const cart = { items: [line], removed_free_promo: true }
    expect(ineligibleRedirect(false, cart, '/category/leggings')).toBe('/category/leggings?ineligible=true')
    expect(ineligibleRedirect(true, cart, '/category/leggings')).toBeNull()
    expect(ineligibleRedirect(null, cart, '/category/leggings')).toBeNull()
    expect(ineligibleRedirect(false, { items: [], removed_free_promo: true }, '/c')).toBeNull()
    expect(ineligibleRedirect(false, { items: [line], removed_free_promo: false }, '/c')).toBeNull()
    expect(ineligibleRedirect(false, cart, '/shop?a=1')).toBe('/shop?a=1&ineligible=true')
  })

  it('reads the coupon parameter', () => {
    expect(couponFromSearch('?coupon=First15&x=1')).toBe('First15')
    expect(couponFromSearch('?coupon=')).toBeNull()
    expect(couponFromSearch('')).toBeNull()
  })

  it("never tries a coupon parameter that is words rather than a code: the store's refusal would repeat them", () => {
    expect(couponFromSearch('?coupon=Your+card+was+declined.+Call+1-800-555-0100')).toBeNull()
    expect(couponFromSearch('?coupon=%3Cb%3Ehi%3C%2Fb%3E')).toBeNull()
    expect(couponFromSearch('?coupon=10First')).toBe('10First')
    expect(couponFromSearch('?coupon=SUMMER_24-B')).toBe('SUMMER_24-B')
  })

  it("says what became of a coupon link's code: applied with its terms, or the store's refusal", () => {
    const cart = { discount_code_name: 'First15', discount_code_info: '15% off your first order.', items: [line] }
    expect(couponNoticeOf('first15', { cart, errors: null })).toEqual({
      applied: true,
      message: 'Discount code First15 is in your cart. 15% off your first order.',
    })
    expect(couponNoticeOf('LOCK5', { cart: null, errors: null })).toEqual({ applied: true, message: 'Discount code LOCK5 is in your cart.' })
    // a campaign's link on a first visit: nothing in the cart for the code to come off yet
    const empty = { discount_code_name: 'First15', discount_code_info: "First15 doesn't apply to anything in your cart yet.", items: [] as CartLine[] }
    expect(couponNoticeOf('First15', { cart: empty, errors: null })).toEqual({ applied: true, message: 'Discount code First15 is in your cart: it comes off what you add.' })
    const refused = { cart: null, errors: [{ message: "We couldn't find the discount code 'NOPE'. Check the spelling and try again.", field: 'code' }] }
    expect(couponNoticeOf('NOPE', refused)).toEqual({ applied: false, message: "We couldn't find the discount code 'NOPE'. Check the spelling and try again." })
  })
})
