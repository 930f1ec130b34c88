import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { MembersOnlyNote } from './cart-line'

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
