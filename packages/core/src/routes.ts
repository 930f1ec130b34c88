/** Route groups (SPEC §2): protected routes and checkout-type routes. */

/** Routes a visitor must be logged in for; others are sent to /login. */
export const PROTECTED_ROUTES = [
  'members',
  'cancel-vip',
  'cancel_feedback',
  'cancel_error',
  'orders',
  'change_password',
  'change_payment',
  'skip-vip',
  'members_cancel_flow',
  'pause-vip',
  'wishlist',
] as const

/**
 * Checkout-type routes: slim checkout layout, hidden from search engines, title
 * 'Secure Checkout'. The checkout funnel from club and style-profile checkout
 * through order bumps, checkout, waiting page and one-time offers to thank-you.
 */
export const CHECKOUT_ROUTES = ['checkout-club', 'checkout-styleprofile', 'checkout-ob', 'checkout', 'please-wait', 'special-offer', 'thank-you'] as const

export const CHECKOUT_PAGE_TITLE = 'Secure Checkout'
export const LOGIN_PATH = '/login'

/** The club's landing page (SPEC §2 /vip): where a shopper reads about the club and joins it. */
export const CLUB_LANDING_PATH = '/vip'

/**
 * True when a link leads to the club's landing page: its path is /vip, in any case, with or
 * without a trailing slash, a query or a fragment, written as a path or as a full address
 * ('/vip', '/VIP/', '/vip?from=cart', 'https://popfit.example/vip#faq'). '/vipterms' and
 * '/category/vip-exclusives' are other pages.
 */
export function isClubLandingLink(link: string | null | undefined): boolean {
  if (!link) return false
  const path = link.replace(/^(?:[a-z][a-z0-9+.-]*:)?\/\/[^/?#]*/i, '').split(/[?#]/, 1)[0] ?? ''
  return path.replace(/\/+$/, '').toLowerCase() === CLUB_LANDING_PATH
}

/** The first segment of a path: '/orders/123?x=1' -> 'orders'. Query and hash are ignored. */
export function firstPathSegment(pathname: string): string {
  const path = pathname.split(/[?#]/, 1)[0] ?? ''
  return path.split('/').find((s) => s !== '') ?? ''
}

function inList(list: readonly string[], pathname: string): boolean {
  return list.includes(firstPathSegment(pathname).toLowerCase())
}

/** True for a path under a protected route (login required). */
export function isProtectedPath(pathname: string): boolean {
  return inList(PROTECTED_ROUTES, pathname)
}

/** True for a path under a checkout-type route. */
export function isCheckoutPath(pathname: string): boolean {
  return inList(CHECKOUT_ROUTES, pathname)
}

/** Slim layout, hidden from search: checkout-type routes and social_media_specials pages. */
export function usesSlimLayout(pathname: string): boolean {
  return isCheckoutPath(pathname) || firstPathSegment(pathname).toLowerCase() === 'social_media_specials'
}

/**
 * Content pages served at a route of their own rather than at /page/{slug}
 * (SPEC §2): their address for canonical links and the sitemap.
 */
export const CONTENT_PAGE_PATHS: Readonly<Record<string, string>> = {
  home: '/',
  terms: '/terms',
  'about-us': '/about-us',
  vipterms: '/vipterms',
  care: '/care',
  dnsmpi: '/dnsmpi',
  'contact-us': '/contact-us',
}

/** The one address of a content page: '/about-us', '/page/pf-lastchance'. */
export function contentPagePath(slug: string): string {
  return CONTENT_PAGE_PATHS[slug] ?? `/page/${slug.split('/').map(encodeURIComponent).join('/')}`
}

/**
 * The first segments of the storefront's own routes (apps/web/app/routes.ts; its test keeps the
 * two lists the same), the pages under /page/ that are routes, and the server's own paths. A
 * content page made by the operator cannot take one of these addresses: the route would hide it.
 */
export const STOREFRONT_ROUTES = [
  ...PROTECTED_ROUTES,
  ...CHECKOUT_ROUTES,
  'svg-gallery',
  'category',
  'category-group',
  'item',
  'page',
  'store-policies',
  'ckb-store-policies',
  'vip_exclusives',
  'customer_reviews',
  'photo-size-chart',
  'care',
  'shop_our_feed',
  'terms',
  'about-us',
  'vipterms',
  'vip',
  'more-about-vip',
  'club',
  'learn-more',
  'form',
  'social-media-specials',
  'social_media_specials',
  'landing',
  'funneltestoct17',
  'vip-rejoin-test',
  'dnsmpi',
  'send',
  'ig',
  'insta',
  'register',
  'confirm-register',
  'login',
  'logout',
  'forgot',
  'tracker',
  'track_package',
  'contact-us',
  'customer-feedback',
  'members_skip_flow',
  'members_pause_flow',
  'styleprofile',
  'addresses',
  'resources',
  'api',
  'admin',
  'assets',
] as const

/** A content page's address: lowercase letters and digits, words joined by single hyphens. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/**
 * What is wrong with the address of a new content page, in words, or null when it may be
 * used: lowercase letters, digits and hyphens, at most 80 characters, and not a route of the
 * storefront's own (except the content pages those routes show: terms, about-us, ...).
 */
export function contentSlugProblem(slug: string): string | null {
  if (slug === '') return 'Give the page an address, such as summer-sale.'
  if (slug.length > 80) return 'An address is at most 80 characters.'
  if (!SLUG.test(slug)) return 'An address is lowercase letters, digits and hyphens between words (summer-sale), without spaces or other signs.'
  if (slug in CONTENT_PAGE_PATHS) return null
  if ((STOREFRONT_ROUTES as readonly string[]).includes(slug)) return `/${slug} is a page of the store itself: pick another address.`
  return null
}
