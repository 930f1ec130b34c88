import type { CartLine } from '@store/core'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { SummaryLine } from './order-summary'

const line: CartLine = {
  cartId: 'line-1',
  item_id: 1042,
  link: '/item/1042',
  image: null,
  name: 'Velvet Crown Legging',
  detail: '',
  color: 'Plum',
  colors: ['Plum'],
  size: 'M',
  qty: 1,
  max_qty: 5,
  in_stock: true,
  skip_qty_controls: false,
  bundled_with: null,
  social_media_special: false,
  price: 49.99,
  original_price: null,
  total: 49.99,
  original_total: null,
  banner: null,
  discount_class: '',
  members_only: false,
  exchange: false,
}

const text = (html: string) => html.replace(/<[^>]+>/g, '')

describe("the checkout's summary line", () => {
  it('says, by "Place order", that a VIP exclusive is for members only when checkout will refuse it', () => {
    const html = renderToStaticMarkup(createElement('ul', null, createElement(SummaryLine, { line: { ...line, members_only: true }, clubName: 'VIP' })))
    expect(text(html)).toContain('VIP members only: join VIP or remove it to check out.')
  })
  it('says nothing of the kind to whoever may buy it', () => {
    const html = renderToStaticMarkup(createElement('ul', null, createElement(SummaryLine, { line, clubName: 'VIP' })))
    expect(text(html)).toContain('Velvet Crown Legging')
    expect(text(html)).not.toContain('members only')
  })
})

describe("the summary line's detail", () => {
  const detail = (l: CartLine) => text(renderToStaticMarkup(createElement('ul', null, createElement(SummaryLine, { line: l, clubName: null }))))
  it('says the size, the colour and the quantity', () => {
    expect(detail(line)).toContain('Size M · Plum · Qty 1')
  })
  it('a piece in one size says "One Size", not "Size One Size"', () => {
    const socks = detail({ ...line, name: 'Fuzzy Sock', size: 'One Size', color: 'Cream' })
    expect(socks).toContain('One Size · Cream · Qty 1')
    expect(socks).not.toContain('Size One Size')
  })
})
