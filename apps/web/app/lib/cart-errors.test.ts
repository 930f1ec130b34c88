/**
 * Issue 33: `?cart_error=Your card was declined. Call 1-800-555-0100` printed those words on the page.
 * The address carries a code; only the store's words for a known code are shown.
 */
import { describe, expect, it } from 'vitest'
import { CART_ERROR_MESSAGES, cartErrorCode, cartErrorMessage } from './cart-errors'

describe('cart errors in the address', () => {
  it('shows nothing for words a link put there, nor for an unknown code', () => {
    expect(cartErrorMessage('Your card was declined. Call 1-800-555-0100')).toBeNull()
    expect(cartErrorMessage('toString')).toBeNull()
    expect(cartErrorMessage('__proto__')).toBeNull()
    expect(cartErrorMessage('')).toBeNull()
    expect(cartErrorMessage(null)).toBeNull()
  })

  it("shows the store's words for its own codes", () => {
    expect(cartErrorMessage('too-many')).toBe(CART_ERROR_MESSAGES['too-many'])
    expect(cartErrorMessage('line-gone')).toBe("That line isn't in your cart any more.")
  })

  it('names a refusal by what went wrong', () => {
    expect(cartErrorCode('add', 409, { message: 'Only 2 left of Thong in size M.', field: 'qty' })).toBe('too-many')
    expect(cartErrorCode('add', 409, { message: 'Thong in size M is sold out.', field: 'size' })).toBe('too-many')
    expect(cartErrorCode('add', 422, { message: "Thong doesn't come in size Q.", field: 'size' })).toBe('choose-size')
    expect(cartErrorCode('add', 404, { message: "We couldn't find item 9. It may no longer be sold." })).toBe('item-gone')
    expect(cartErrorCode('update', 404, { message: "That line isn't in your cart any more." })).toBe('line-gone')
    expect(cartErrorCode('update', 422, { message: 'The quantity of this item is fixed.', field: 'qty' })).toBe('fixed-quantity')
    expect(cartErrorCode('add', 403, { message: 'X is a VIP exclusive', field: 'item_id' })).toBe('vip-only')
    expect(cartErrorCode('discount', 422, { message: "We couldn't find the discount code 'x'.", field: 'code' })).toBe('code-refused')
    expect(cartErrorCode('discount', 429, { message: 'Too many discount codes were tried from this network.' })).toBe('slow-down')
    expect(cartErrorCode('add', 503, { message: 'We could not update your cart just now. Please try again.' })).toBe('failed')
  })
})
