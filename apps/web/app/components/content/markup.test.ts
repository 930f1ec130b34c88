import { describe, expect, it } from 'vitest'
import { decodeEntities, markupText, parseMarkup, safeHref, type MarkupNode } from './markup'

/** A compact picture of a tree: 'p(Hello ,strong(world))'. */
function show(nodes: MarkupNode[]): string {
  return nodes.map((n) => (n.type === 'text' ? n.text : `${n.tag}${n.href ? `[${n.href}]` : ''}(${show(n.children)})`)).join(',')
}

describe('safeHref', () => {
  it('keeps site, http(s), mailto, tel and hash links', () => {
    for (const href of ['/category/leggings', 'https://example.com/x', 'http://a.b', 'mailto:hi@x.com', 'tel:+15551234', '#faq']) {
      expect(safeHref(href)).toBe(href)
    }
  })
  it('refuses script, data, protocol-relative and hidden-scheme links', () => {
    for (const href of ['javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'java\tscript:alert(1)', 'data:text/html,x', '//evil.com', '/\\evil.com', 'vbscript:x', '']) {
      expect(safeHref(href)).toBeNull()
    }
  })
})

describe('parseMarkup: markdown-ish text', () => {
  it('makes paragraphs from blank lines and breaks from single newlines', () => {
    expect(show(parseMarkup('First line\nsecond line\n\nNext paragraph'))).toBe('p(First line,br(),second line),p(Next paragraph)')
  })
  it('reads headings one level below the page title, lists, bold, italic and links', () => {
    const nodes = parseMarkup('## Shipping\n\n- **Free** over $75\n- Ships in *2 days*\n\n1. One\n2. Two\n\nSee [our FAQ](/page/store-policies).')
    expect(show(nodes)).toBe('h3(Shipping),ul(li(strong(Free), over $75),li(Ships in ,em(2 days))),ol(li(One),li(Two)),p(See ,a[/page/store-policies](our FAQ),.)')
  })
  it('keeps the text of an unsafe link without the link', () => {
    expect(show(parseMarkup('[click](javascript:alert(1))'))).toBe('p(click,))')
  })
  it('never turns markup into HTML: angle brackets stay text', () => {
    expect(show(parseMarkup('1 < 2 and a <b'))).toBe('p(1 < 2 and a <b)')
  })
  it('gives nothing for empty input', () => {
    expect(parseMarkup('')).toEqual([])
    expect(parseMarkup(null)).toEqual([])
    expect(parseMarkup('  \n ')).toEqual([])
  })
})

describe('parseMarkup: simple HTML', () => {
  it('keeps allowed tags', () => {
    expect(show(parseMarkup('<p>Hello <strong>world</strong><br>again</p><ul><li>One</li><li>Two</li></ul>'))).toBe('p(Hello ,strong(world),br(),again),ul(li(One),li(Two))')
  })
  it('maps b/i/h1 and drops unknown tags but keeps their text', () => {
    expect(show(parseMarkup('<h1>Title</h1><p><b>B</b> <i>I</i> <span class="x">S</span></p>'))).toBe('h2(Title),p(strong(B), ,em(I), ,S)')
  })
  it('drops scripts, styles and event handlers entirely', () => {
    const nodes = parseMarkup('<p onclick="steal()">Hi<script>alert(1)</script><style>p{}</style><img src=x onerror=alert(1)></p>')
    expect(show(nodes)).toBe('p(Hi)')
  })
  it('keeps safe links and unwraps unsafe ones', () => {
    expect(show(parseMarkup('<p><a href="/vip" onclick="x()">Join</a> or <a href="javascript:alert(1)">this</a></p>'))).toBe('p(a[/vip](Join), or ,this)')
  })
  it('decodes entities once, so escaped tags stay text', () => {
    expect(show(parseMarkup('<p>&lt;script&gt; &amp; &#39;quotes&#39;</p>'))).toBe("p(<script> & 'quotes')")
  })
  it('wraps loose text in paragraphs and closes unclosed paragraphs', () => {
    expect(show(parseMarkup('Loose <strong>text</strong><p>One<p>Two'))).toBe('p(Loose ,strong(text)),p(One),p(Two)')
  })
})

describe('markupText and decodeEntities', () => {
  it('flattens to plain text', () => {
    expect(markupText(parseMarkup('## Title\n\nSome **bold** text\nand more'))).toBe('Title Some bold text and more')
  })
  it('leaves unknown entities alone', () => {
    expect(decodeEntities('&bogus; &#x41;')).toBe('&bogus; A')
  })
})

describe('bold paragraphs as headings', () => {
  it('promotes a bold-only paragraph and leaves mixed ones alone', async () => {
    const { promoteBoldParagraphs, splitLeadingHeading } = await import('./markup')
    const nodes = parseMarkup('**Shipping**\n\nOrders ship **fast**.')
    expect(show(promoteBoldParagraphs(nodes))).toBe('h2(Shipping),p(Orders ship ,strong(fast),.)')
    const split = splitLeadingHeading(nodes)
    expect(split.heading).toBe('Shipping')
    expect(show(split.rest)).toBe('p(Orders ship ,strong(fast),.)')
    expect(splitLeadingHeading(parseMarkup('Plain first')).heading).toBeNull()
  })
})
