import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it } from 'vitest'
import { HeaderNav } from '../components/layout/header-nav'
import { SiteFooter } from '../components/layout/site-footer'
import type { StoreSettings } from './api/types'
import { brandHtml, setBrandHtmlRenderer } from './brand-html'
import { deepFreeze } from './kept-value'
import { nextTurn, renderAsPage } from './page-render.test-kit'

const settings = deepFreeze({
  storeName: 'PopFit <Clothing> & Co',
  instagram: 'https://instagram.com/popfit',
  facebook: null,
  headerMenu: [
    {
      caption: 'Leggings',
      link: '/category/leggings',
      dropdownImage: { url: '/media/menu/leggings.svg', width: null, height: null, alt: 'New & "loved"' },
      children: [
        { caption: 'All Leggings', link: '/category/leggings' },
        { caption: 'Capris', link: '/category/capris?size=M' },
      ],
    },
    { caption: 'Reviews', link: '/customer_reviews', dropdownImage: null, children: [] },
    { caption: 'Blog', link: 'https://blog.example.com/', dropdownImage: null, children: [{ caption: 'Size & Fit', link: '/photo-size-chart' }] },
  ],
  footerMenu: [
    {
      header: 'Help',
      showDuringCheckout: true,
      links: [
        { caption: 'Contact Us', link: '/contact-us' },
        { caption: 'Returns', link: '/page/returns' },
      ],
    },
    { header: '', showDuringCheckout: false, links: [{ caption: 'About', link: '/about-us' }] },
  ],
} as unknown as StoreSettings)

describe('brand markup kept once per settings', () => {
  afterEach(() => setBrandHtmlRenderer(null))

  it('is byte for byte what the page itself renders, for the header menu and the footer', async () => {
    const parts = [createElement(HeaderNav, { items: settings.headerMenu }), createElement(SiteFooter, { settings }), createElement(SiteFooter, { settings, checkout: true })]
    setBrandHtmlRenderer(null)
    const rendered = await Promise.all(parts.map(renderAsPage))
    let made = 0
    setBrandHtmlRenderer((element) => {
      made += 1
      return renderToString(element)
    })
    // the first page renders them itself and has the markup made afterwards
    expect(await Promise.all(parts.map(renderAsPage))).toEqual(rendered)
    await nextTurn()
    expect(made).toBe(3)
    const kept = await Promise.all(parts.map(renderAsPage))
    expect(kept).toEqual(rendered)
    expect(made).toBe(3)
    expect(rendered[0]).toContain('Capris')
    expect(rendered[1]).toContain('PopFit &lt;Clothing&gt; &amp; Co')
  })

  it('keeps nothing for a value that could still change', async () => {
    setBrandHtmlRenderer(renderToString)
    const open = { menu: [] }
    let renders = 0
    const render = () => {
      renders += 1
      return createElement('li', null, 'x')
    }
    expect(brandHtml(open, 'menu', render)).toBeUndefined()
    await nextTurn()
    expect(brandHtml(open, 'menu', render)).toBeUndefined()
    expect(renders).toBe(0)

    const frozen = Object.freeze({ menu: [] })
    expect(brandHtml(frozen, 'menu', render)).toBeUndefined()
    expect(brandHtml(frozen, 'menu', render)).toBeUndefined()
    await nextTurn()
    expect(brandHtml(frozen, 'menu', render)).toBe('<li>x</li>')
    expect(renders).toBe(1)
    // another value is another key
    expect(brandHtml(Object.freeze({ menu: [] }), 'menu', render)).toBeUndefined()
  })
})
