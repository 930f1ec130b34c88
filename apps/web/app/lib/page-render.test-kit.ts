/** For tests of markup kept outside a page's render (brand-html.test.ts, kept-part.test.ts, home.test.ts): a page's own render to compare with. */
import { createElement, type ComponentType, type ReactElement } from 'react'
import { Writable } from 'node:stream'
import { renderToPipeableStream, renderToString } from 'react-dom/server'
import { createRoutesStub, Outlet } from 'react-router'
import type { Cart, ItemSummary, StoreSettings } from './api/types'
import { setBrandHtmlRenderer } from './brand-html'
import type { RootData } from './root-data'
import { StoreProvider } from './store/store-provider'

/** An element as a page renders it (React's streaming renderer, everything ready). */
export function renderAsPage(element: ReactElement): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    const { pipe } = renderToPipeableStream(element, {
      onAllReady() {
        pipe(
          new Writable({
            write(chunk: Buffer, _encoding, done) {
              chunks.push(chunk)
              done()
            },
            final(done) {
              resolve(Buffer.concat(chunks).toString('utf8'))
              done()
            },
          }),
        )
      },
      onShellError: reject,
    })
  })
}

/** After the markup made for keeping (it is made a turn after the page that asked for it). */
export const nextTurn = () => new Promise((resolve) => setImmediate(resolve))

/** Markup made for keeping, as the renderer entry.server.tsx registers makes it; counted. */
export function keepingMarkup(): string[] {
  const made: string[] = []
  setBrandHtmlRenderer((element) => {
    const html = renderToString(element)
    made.push(html)
    return html
  })
  return made
}

/** The root loader's data of a PopFit page for these settings and this shopper's cart. */
export function testRootData(settings: StoreSettings, cart: Partial<Cart>): RootData {
  return {
    brand: {
      id: 'popfitclothing',
      name: 'PopFit',
      publicOrigin: 'https://popfit.example',
      apiBaseUrl: '/api',
      hasOwnHome: true,
      styles: {
        colors: { primary: '#c2185b', onPrimary: '#fff', accent: '#fde', background: '#fff', surface: '#fee', text: '#111', muted: '#555', border: '#ddd', sale: '#b00' },
        fonts: { body: 'Montserrat', heading: 'Montserrat' },
        letterSpacing: 'normal',
      },
    },
    settings,
    cart: { items: [], has_club: false, loggedin: false, ...cart } as unknown as Cart,
    host: 'localhost',
    config: { errorReporting: null, mixpanel: null, metaPixel: null },
  }
}

/** One route's page under the store's context, rendered as the page renders it. */
export function renderRouteAsPage(route: { id: string; path?: string; Component: unknown }, url: string, loaderData: Record<string, unknown>): Promise<string> {
  const child = route.path === undefined ? { id: route.id, index: true as const } : { id: route.id, path: route.path }
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      // biome-ignore lint/correctness/noComponentHookFactories: a route tree made for one test render
      Component: () => createElement(StoreProvider, null, createElement(Outlet)),
      children: [{ ...child, Component: route.Component as ComponentType }],
    },
  ])
  return renderAsPage(createElement(Stub, { initialEntries: [url], hydrationData: { loaderData } }))
}

/** A catalogue picture whose alt text needs escaping. */
export const testImage = (name: string, width = 800, height = 1000) => ({ url: `/media/product/${name}.svg`, width, height, alt: `${name} <view> & "more"` })

/** A legging as the catalogue answers it in a list, at this price (the member price beside it). */
export function testItemSummary(id: number, price: number, memberPrice: number, extra: Partial<ItemSummary> = {}): ItemSummary {
  return {
    id,
    link: `/item/${id}`,
    name: `Legging ${id}`,
    itemTypeName: 'Leggings',
    description: 'Buttery soft & squat-proof.',
    color: 'Black',
    swatch: '#111111',
    baseColors: ['black'],
    aspectClass: 'double',
    images: { image1: testImage(`${id}-front`), image2: testImage(`${id}-side`) },
    sizes: ['XS', 'S', 'M', 'L'],
    availableSizes: ['S', 'M', 'L'],
    categoryPageAttributes: id % 2 ? { badge: 'Best Seller' } : {},
    itemGroupIds: [],
    discount_class: 'leggings',
    vip_exclusive: false,
    imageMaxHeight: null,
    created_at: '2026-10-01T00:00:00.000Z',
    price,
    original_price: null,
    member_price: memberPrice,
    ...extra,
  } as unknown as ItemSummary
}
