import { createElement, type ReactElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, Link, Outlet, StaticRouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { routerHref, StoreLink, type StoreLinkProps } from './store-link'

/** Renders an element as the server renders a page, inside a router at a nested location. */
async function renderAt(location: string, element: () => ReactElement): Promise<string> {
  // biome-ignore lint/correctness/noComponentHookFactories: a route tree made for one test render, with the element under test
  const routes = [{ id: 'root', path: '/', Component: () => createElement(Outlet), children: [{ id: 'item', path: 'item/:id', Component: element }] }]
  const handler = createStaticHandler(routes)
  const context = await handler.query(new Request(`http://localhost${location}`))
  if (context instanceof Response) throw new Error('no context')
  const router = createStaticRouter(handler.dataRoutes, context)
  const html = renderToStaticMarkup(createElement(StaticRouterProvider, { router, context, hydrate: false }))
  return html
}

const links: StoreLinkProps[] = [
  { to: '/' },
  { to: '/item/1001', className: 'card-link', children: 'Legging' },
  { to: '/category/leggings?size=M#grid', 'aria-label': 'Leggings in M', tabIndex: -1 },
  { to: '/page/about//us/', target: '_blank', rel: 'nofollow' },
  { to: '/category/./a/../b?', children: 'odd' },
  { to: '/search?#', reloadDocument: true },
  { to: '/login', prefetch: 'viewport', replace: true, preventScrollReset: true, onClick: () => undefined },
  { to: '/page/a/./b/', children: 'dot' },
  { to: '/page/.well-known/../x' },
  { to: '/page/a\\b' },
  { to: '/category/leggings?' },
  { to: '/category/leggings#' },
  { to: '/category/leggings?size=M#' },
  { to: '/category/leggings?#top' },
  { to: '/page/caf%C3%A9?q=a%20b&x=1#frag' },
  { to: '/page/a b' },
]

describe('StoreLink on the server', () => {
  it('writes the markup React Router <Link> writes, without the Link', async () => {
    expect(import.meta.env.SSR).toBe(true)
    for (const props of links) {
      const { to, prefetch = 'intent', ...rest } = props
      const ours = await renderAt('/item/7', () => createElement(StoreLink, props))
      const routers = await renderAt('/item/7', () => createElement(Link, { to, prefetch, ...rest }))
      expect(ours, to).toBe(routers)
      expect(ours).toContain('data-discover="true"')
    }
  })

  it('keeps paths outside the router plain links', async () => {
    const html = await renderAt('/item/7', () => createElement(StoreLink, { to: 'https://example.com/x' }, 'x'))
    expect(html).toBe('<a href="https://example.com/x" rel="noopener">x</a>')
  })

  it('resolves paths as the router does', () => {
    expect(routerHref('/item/1001')).toBe('/item/1001')
    expect(routerHref('/category/leggings?size=M&sort=newest#grid')).toBe('/category/leggings?size=M&sort=newest#grid')
    expect(routerHref('/a//b/./c/../d?')).toBe('/a/b/d')
    expect(routerHref('/a/b/?x=1#')).toBe('/a/b/?x=1')
    expect(routerHref('/')).toBe('/')
  })
})
