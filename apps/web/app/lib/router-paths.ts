/**
 * Which addresses the client router handles (SPEC §2: only the internal routes;
 * any other path is a full page load). routes.ts is the source of truth;
 * router-paths.test.ts checks that this list matches it.
 */
import { matchPath } from 'react-router'

/** Every path pattern of routes.ts except resource routes, in React Router syntax. */
export const ROUTER_PATHS: readonly string[] = [
  '/',
  '/svg-gallery',
  '/category/:categoryName',
  '/category-group/:categoryGroupName',
  '/item/:id',
  '/page/store-policies',
  '/page/ckb-store-policies',
  '/page/*',
  '/vip_exclusives',
  '/customer_reviews',
  '/photo-size-chart',
  '/care',
  '/shop_our_feed',
  '/terms',
  '/about-us',
  '/vipterms',
  '/vip',
  '/more-about-vip',
  '/club',
  '/learn-more',
  '/form/*',
  '/social-media-specials',
  '/landing/:id',
  '/funneltestoct17/:id',
  '/vip-rejoin-test',
  '/dnsmpi',
  '/send',
  '/ig',
  '/insta',
  '/register',
  '/confirm-register',
  '/login',
  '/logout',
  '/forgot',
  '/tracker',
  '/track_package',
  '/contact-us',
  '/customer-feedback',
  '/members_skip_flow',
  '/members_pause_flow',
  '/styleprofile',
  '/addresses',
  '/members',
  '/orders',
  '/change_password',
  '/change_payment',
  '/skip-vip',
  '/cancel-vip',
  '/members_cancel_flow',
  '/cancel_feedback',
  '/cancel_error',
  '/pause-vip',
  '/wishlist',
  '/*',
  '/checkout-club',
  '/checkout-styleprofile',
  '/checkout-ob/:id?',
  '/checkout',
  '/please-wait',
  '/special-offer/:id?',
  '/thank-you',
  '/social_media_specials/:id',
]

/** Paths the server answers itself, never the router: the API, built files, resource routes. */
const SERVER_ONLY = /^\/(api|assets|media|resources)(\/|$)|^\/favicon|\.[a-z0-9]{2,5}$/i

/**
 * The in-app path of a link, or null when the link must be a full page load:
 * another origin, mailto:/tel:, the API or a file, or a path no route matches.
 * `origin` is the page's own origin when known (in the browser).
 */
export function routerPath(href: string, origin?: string): string | null {
  if (!href) return null
  let path = href
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//')) {
    if (!origin) return null
    let url: URL
    try {
      url = new URL(href, origin)
    } catch {
      return null
    }
    if (url.origin !== origin) return null
    path = url.pathname + url.search + url.hash
  }
  if (!path.startsWith('/')) return null
  const pathname = path.split(/[?#]/, 1)[0] ?? '/'
  if (SERVER_ONLY.test(pathname)) return null
  // with the catch-all content route every other path is the router's; no need to
  // match ~70 patterns for each of the hundreds of links a page renders
  if (HAS_CATCH_ALL) return path
  return ROUTER_PATHS.some((pattern) => matchPath(pattern, pathname)) ? path : null
}

const HAS_CATCH_ALL = ROUTER_PATHS.includes('/*')
