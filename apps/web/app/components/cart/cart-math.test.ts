import { describe, expect, it } from 'vitest'
import { freeShippingProgress, safeClassNames, showOriginal } from './cart-math'

const line = { cartId: 'a' } as never

describe('freeShippingProgress', () => {
  it('says how far the cart is from free shipping', () => {
    const p = freeShippingProgress({ free_shipping_threshold: 75, cart_subtotal: 50, cart_discount: 0, items: [line] })
    expect(p).toMatchObject({ remaining: 25, percent: 67, qualified: false, message: '$25 away from free shipping' })
  })

  it('prefers the server remaining amount and counts the discount', () => {
    expect(freeShippingProgress({ free_shipping_threshold: 75, free_shipping_remaining: 30.5, cart_subtotal: 50, cart_discount: 5, items: [line] })?.message).toBe(
      '$30.50 away from free shipping',
    )
    expect(freeShippingProgress({ free_shipping_threshold: 75, cart_subtotal: 80, cart_discount: 10, items: [line] })?.remaining).toBe(5)
  })

  it('celebrates free shipping', () => {
    const p = freeShippingProgress({ free_shipping_threshold: 75, cart_subtotal: 80, cart_discount: 0, items: [line] })
    expect(p).toMatchObject({ qualified: true, percent: 100, message: "You've got free shipping!" })
  })

  it('shows nothing without a threshold or items', () => {
    expect(freeShippingProgress({ free_shipping_threshold: null, cart_subtotal: 80, cart_discount: 0, items: [line] })).toBeNull()
    expect(freeShippingProgress({ free_shipping_threshold: 75, cart_subtotal: 0, cart_discount: 0, items: [] })).toBeNull()
  })
})

describe('helpers', () => {
  it('keeps only safe class names', () => {
    expect(safeClassNames('promo  "><script> bg-pink')).toBe('promo bg-pink')
    expect(safeClassNames(null)).toBe('')
  })
  it('strikes an original price only when higher', () => {
    expect(showOriginal(50, 40)).toBe(true)
    expect(showOriginal(40, 40)).toBe(false)
    expect(showOriginal(null, 40)).toBe(false)
  })
})
