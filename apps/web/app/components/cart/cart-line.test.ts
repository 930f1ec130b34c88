import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { MembersOnlyNote, StockNote } from './cart-line'

const text = (html: string) => html.replace(/<[^>]+>/g, '')

describe('a VIP exclusive checkout will refuse (members_only)', () => {
  it('says so on the line in words a shopper understands, with the way to join', () => {
    const html = renderToStaticMarkup(createElement(MembersOnlyNote, { clubName: 'VIP' }))
    expect(text(html)).toBe('VIP members only: join VIP or remove it to check out.')
    expect(html).toMatch(/<a [^>]*href="\/vip"[^>]*>join VIP<\/a>/)
  })

  it("names the brand's club", () => {
    expect(text(renderToStaticMarkup(createElement(MembersOnlyNote, { clubName: 'Insiders' })))).toBe('Insiders members only: join Insiders or remove it to check out.')
  })
})

describe('a line checkout will refuse for its stock (in_stock false)', () => {
  it('none left (sold out, or taken off sale): says to remove it', () => {
    expect(text(renderToStaticMarkup(createElement(StockNote, { maxQty: 0 })))).toBe('Sold out: remove it to check out.')
  })

  it('fewer left than the line holds: says how many, and to lower the quantity', () => {
    expect(text(renderToStaticMarkup(createElement(StockNote, { maxQty: 2 })))).toBe('Only 2 left: lower the quantity to check out.')
  })
})
