import { describe, expect, it } from 'vitest'
import type { RouteConfigEntry } from '@react-router/dev/routes'
import routes from '../routes'
import { PROTECTED_ROUTES, CHECKOUT_ROUTES, STOREFRONT_ROUTES } from '@store/core'
import { ROUTER_PATHS, routerPath } from './router-paths'

interface Flat {
  path: string
  file: string
  ancestors: string[]
}

function flatten(entries: readonly RouteConfigEntry[], parent = '', ancestors: string[] = []): Flat[] {
  const out: Flat[] = []
  for (const e of entries) {
    const path = e.index ? parent || '/' : e.path ? `${parent.replace(/\/$/, '')}/${e.path}` : parent
    if (e.path || e.index) out.push({ path: path || '/', file: e.file, ancestors })
    if (e.children) out.push(...flatten(e.children, path, [...ancestors, e.file]))
  }
  return out
}

const flat = flatten(routes)
const pages = flat.filter((r) => !r.path.startsWith('/resources'))

describe('route table', () => {
  it('router-paths lists exactly the page routes of routes.ts', () => {
    expect([...pages.map((r) => r.path)].sort()).toEqual([...ROUTER_PATHS].sort())
  })

  it('declares every route of SPEC §2', () => {
    const spec = [
      '/',
      '/svg-gallery',
      '/category/x',
      '/category-group/x',
      '/item/1',
      '/page/store-policies',
      '/page/ckb-store-policies',
      '/page/pf23-new-drop-cb',
      '/form/contact',
      '/vip_exclusives',
      '/customer_reviews',
      '/photo-size-chart',
      '/care',
      '/social_media_specials/pf-vip-optin-main',
      '/social-media-specials',
      '/landing/a',
      '/funneltestoct17/b',
      '/vip-rejoin-test',
      '/learn-more',
      '/checkout-club',
      '/terms',
      '/about-us',
      '/vipterms',
      '/vip',
      '/more-about-vip',
      '/club',
      '/dnsmpi',
      '/shop_our_feed',
      '/send',
      '/ig',
      '/insta',
      '/register',
      '/confirm-register',
      '/checkout-styleprofile',
      '/checkout-ob',
      '/checkout-ob/3',
      '/checkout',
      '/please-wait',
      '/special-offer',
      '/special-offer/2',
      '/thank-you',
      '/tracker',
      '/track_package',
      '/contact-us',
      '/customer-feedback',
      '/login',
      '/logout',
      '/forgot',
      '/members',
      '/orders',
      '/change_password',
      '/change_payment',
      '/skip-vip',
      '/members_skip_flow',
      '/cancel-vip',
      '/members_cancel_flow',
      '/cancel_feedback',
      '/cancel_error',
      '/pause-vip',
      '/members_pause_flow',
      '/styleprofile',
      '/wishlist',
      '/addresses',
      '/summer-test',
      '/some/content/page',
    ]
    for (const p of spec) expect(routerPath(p), p).toBe(p)
  })

  it('puts every protected route under the guard and only those', () => {
    const guarded = pages.filter((r) => r.ancestors.includes('layouts/protected-layout.tsx')).map((r) => r.path.slice(1))
    expect(guarded.sort()).toEqual([...PROTECTED_ROUTES].sort())
  })

  it("lists every route's address in core's STOREFRONT_ROUTES (a new content page may not take one)", () => {
    const segments = pages.flatMap((r) => {
      const [first, second] = r.path.split('/').slice(1)
      // /page/{x} routes: their x; the catch-alls and the home page take no address
      return first === 'page' ? [first, second] : [first]
    })
    const named = segments.filter((segment): segment is string => !!segment && segment !== '*')
    for (const segment of new Set(named)) expect(STOREFRONT_ROUTES as readonly string[], segment).toContain(segment)
  })

  it('puts every checkout route under the checkout layout', () => {
    const slim = pages.filter((r) => r.ancestors.includes('layouts/checkout-layout.tsx')).map((r) => r.path.split('/')[1])
    expect([...new Set(slim)].sort()).toEqual([...CHECKOUT_ROUTES].sort())
    const specials = pages.find((r) => r.path === '/social_media_specials/:id')
    expect(specials?.ancestors).toContain('layouts/slim-layout.tsx')
  })
})

describe('routerPath', () => {
  it('sends other sites, the API and files to a full page load', () => {
    expect(routerPath('https://instagram.com/x')).toBeNull()
    expect(routerPath('mailto:hi@example.com')).toBeNull()
    expect(routerPath('/api/cart')).toBeNull()
    expect(routerPath('/assets/app.js')).toBeNull()
    expect(routerPath('/media/size-chart.pdf')).toBeNull()
    expect(routerPath('/resources/cart')).toBeNull()
    expect(routerPath('relative')).toBeNull()
  })

  it('keeps same-origin absolute links in the router', () => {
    expect(routerPath('http://ckb.localhost:3000/item/3?x=1', 'http://ckb.localhost:3000')).toBe('/item/3?x=1')
    expect(routerPath('http://other.example/item/3', 'http://ckb.localhost:3000')).toBeNull()
  })
})
