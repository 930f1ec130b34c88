import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { OrderLinePrice } from './order-line-price'

const render = (line: { price: number; qty: number; total: number; cancelled?: boolean }) => renderToStaticMarkup(createElement(OrderLinePrice, { line, className: 'p' }))

describe("an order line's price", () => {
  it('shows what the pieces cost before the discounts, struck through, beside what was paid: the subtotal is the sum of the first', () => {
    // three leggings at 39.99 in a 3 for $75 bundle
    const html = render({ price: 39.99, qty: 3, total: 75 })
    expect(html).toContain('<del>$119.97</del>')
    expect(html.replace(/<[^>]+>/g, '')).toBe('Before discounts $119.97 , paid $75.00')
  })
  it('shows one figure when nothing was taken off', () => {
    expect(render({ price: 19.99, qty: 2, total: 39.98 })).toBe('<p class="p">$39.98</p>')
  })
  it('strikes a cancelled line through', () => {
    expect(render({ price: 19.99, qty: 1, total: 19.99, cancelled: true })).toBe('<p class="p"><del>$19.99</del></p>')
  })
})
