import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { discountRows, TotalsList, type TotalsFigures } from './totals-list'

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

  it('shows what the bundles save on its own row and only the code on the code row, adding up to the discount', () => {
    // 3 leggings at $39.99 in the 3 for $75 bundle ($44.97 saved) and FIRST15 on the $75 ($11.25)
    const bundled: TotalsFigures = { subtotal: 119.97, discount: 56.22, bundle_discount: 44.97, shipping: 0, tax: 0, total: 63.75 }
    for (const place of ['cart', 'checkout'] as const) {
      expect(read(render({ figures: bundled, place, discountCode: 'FIRST15' }))).toEqual([
        'Subtotal: $119.97',
        'Bundle savings: ($44.97)',
        'Discount (FIRST15): ($11.25)',
        'Shipping: Free',
        'Tax: $0.00',
        'Total: $63.75',
      ])
    }
    // a bundle and no code: the bundle's row alone
    const lines = read(render({ figures: { ...bundled, discount: 44.97, total: 75 }, place: 'cart', discountCode: 'FIRST15' })).join()
    expect(lines).toContain('Bundle savings: ($44.97)')
    expect(lines).not.toContain('Discount')
    // a code and no bundle: as before
    expect(read(render({ figures: { ...figures, bundle_discount: 0 }, place: 'cart', discountCode: 'FIRST15' }))).toEqual([
      'Subtotal: $79.98',
      'Discount (FIRST15): ($12.00)',
      'Shipping: $5.95',
      'Tax: $0.00',
      'Total: $73.93',
    ])
    // the bundle's row takes the look of a discount
    expect(render({ figures: bundled, place: 'cart' })).toContain('<div class="cart-bundle-savings"><dt>Bundle savings</dt>')
  })

  it('keeps one discount row where the figures do not tell the bundles apart (a placed order)', () => {
    expect(read(render({ figures: { ...figures, discount: -56.22 }, place: 'order' }))).toContain('Discount: ($56.22)')
  })

  it('splits the discount in whole cents, whatever the sign, never more than the discount', () => {
    expect(discountRows({ discount: 0.3, bundle_discount: 0.1 })).toEqual({ bundle: 0.1, code: 0.2 })
    expect(discountRows({ discount: -56.22, bundle_discount: 44.97 })).toEqual({ bundle: 44.97, code: 11.25 })
    expect(discountRows({ discount: 5, bundle_discount: 7 })).toEqual({ bundle: 5, code: 0 })
    expect(discountRows({ discount: 12 })).toEqual({ bundle: 0, code: 12 })
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
