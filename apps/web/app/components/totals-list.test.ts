import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { TotalsList, type TotalsFigures } from './totals-list'

const render = (props: Parameters<typeof TotalsList>[0]) => renderToStaticMarkup(createElement(TotalsList, props))
/** the list as a shopper reads it: each term with its figure */
const read = (html: string) => [...html.matchAll(/<dt>(.*?)<\/dt><dd[^>]*>(.*?)<\/dd>/g)].map((m) => `${m[1]}: ${m[2]}`)

const figures: TotalsFigures = { subtotal: 79.98, discount: -12, shipping: 5.95, tax: 0, total: 73.93 }

describe('the totals list', () => {
  it('reads the same figures in the same words in every place', () => {
    const expected = ['Subtotal: $79.98', 'Discount: ($12.00)', 'Shipping: $5.95', 'Tax: $0.00', 'Total: $73.93']
    for (const place of ['cart', 'checkout', 'order'] as const) expect(read(render({ figures, place }))).toEqual(expected)
  })

  it('shows a discount of either sign as money taken off, in brackets, and none when there is none', () => {
    expect(read(render({ figures: { ...figures, discount: 12 }, place: 'checkout' }))).toContain('Discount: ($12.00)')
    expect(read(render({ figures: { ...figures, discount: 0 }, place: 'order' })).join()).not.toContain('Discount')
  })

  it('names the code and the shipping method when given, and says Free for no shipping', () => {
    const lines = read(render({ figures: { ...figures, shipping: 0 }, place: 'checkout', discountCode: 'FIRST15', shippingMethod: 'express' }))
    expect(lines).toContain('Discount (FIRST15): ($12.00)')
    expect(lines).toContain('Shipping (Express): Free')
  })

  it('leaves out a tax of zero in the cart, where the address is not known yet', () => {
    expect(read(render({ figures, place: 'cart', taxWhenZero: false })).join()).not.toContain('Tax')
    expect(read(render({ figures: { ...figures, tax: 4.8 }, place: 'cart', taxWhenZero: false }))).toContain('Tax: $4.80')
  })

  it('takes the look of its place and marks the total for tests and a busy quote for assistive technology', () => {
    const html = render({ figures, place: 'checkout', totalTestId: 'checkout-total', busy: true })
    expect(html).toMatch(/^<dl class="cart-totals checkout-totals" aria-busy="true">/)
    expect(html).toContain('<div class="cart-total checkout-total"><dt>Total</dt><dd data-testid="checkout-total">$73.93</dd></div>')
    expect(render({ figures, place: 'order' })).toContain('<div class="order-total">')
  })
})
