/**
 * Page titles (SPEC §2): '{title} | {store name}'. Checkout-type routes are
 * 'Secure Checkout' (that alone) and, like social_media_specials pages, hidden from search.
 *
 * Every page that search engines may index also gets a canonical link, Open
 * Graph and Twitter card tags, all absolute on the brand's configured public
 * origin (root data's brand.publicOrigin, DESIGN §3), never on the request's
 * Host. Pages hidden from search get none of them.
 */
import { CHECKOUT_PAGE_TITLE } from '@store/core'
import type { MetaDescriptor } from 'react-router'
import type { RootData } from './root-data'

interface MatchLike {
  id: string
  data?: unknown
  loaderData?: unknown
}

export interface MetaArgsLike {
  matches: ReadonlyArray<MatchLike | undefined>
  /** the page's address (React Router's meta args carry it) */
  location?: { pathname: string }
}

export function rootDataOf(matches: MetaArgsLike['matches']): RootData | undefined {
  const root = matches.find((m) => m?.id === 'root')
  return (root?.loaderData ?? root?.data) as RootData | undefined
}

/** The store's name from the root loader's settings, else the brand's name. */
export function storeNameOf(matches: MetaArgsLike['matches']): string {
  const data = rootDataOf(matches)
  return data?.settings?.storeName || data?.brand?.name || 'Store'
}

/** What a page says of itself in search results when it has nothing more particular. */
function defaultDescription(matches: MetaArgsLike['matches']): string {
  const settings = rootDataOf(matches)?.settings
  const storeName = storeNameOf(matches)
  const plural = settings?.mainProductPlural?.toLowerCase()
  const club = settings?.brandHasClub && settings.clubName ? ` Join ${settings.clubName} for member pricing and monthly picks.` : ''
  return plural ? `Shop ${plural} at ${storeName}.${club}` : `Shop online at ${storeName}.${club}`
}

export function titleText(title: string | null | undefined, storeName: string): string {
  return title ? `${title} | ${storeName}` : storeName
}

const NOINDEX: MetaDescriptor = { name: 'robots', content: 'noindex, nofollow' }

/** The brand's public origin from the root data ('https://popfitclothing.com'). */
export function publicOriginOf(matches: MetaArgsLike['matches']): string | undefined {
  return rootDataOf(matches)?.brand?.publicOrigin || undefined
}

/** A page's absolute address on the brand's public origin, without query or hash: ('https://ckbintimates.com', '/item/2001?x=1') -> 'https://ckbintimates.com/item/2001'. */
function pageUrl(origin: string, pathname: string): string {
  const url = new URL(pathname, origin)
  return `${url.origin}${url.pathname}`
}

/** An image or link address made absolute on the brand's public origin ('/media/a.svg' -> 'https://popfitclothing.com/media/a.svg'). */
function absoluteUrl(origin: string, src: string): string {
  try {
    return new URL(src, origin).href
  } catch {
    return src
  }
}

/** The canonical address of the page being rendered (its path, or `path` when given), or undefined without an origin. */
export function canonicalUrl(args: MetaArgsLike, path?: string): string | undefined {
  const origin = publicOriginOf(args.matches)
  const pathname = path ?? args.location?.pathname
  if (!origin || !pathname) return undefined
  return pageUrl(origin, pathname)
}

export interface PageMetaOptions {
  /** hidden from search: robots noindex, and no canonical, Open Graph or Twitter tags */
  noindex?: boolean
  description?: string
  /** the page's picture for link previews (og:image, twitter:image): made absolute on the public origin */
  image?: { url: string; alt?: string | null } | null
  /** og:title and twitter:title when they differ from the title */
  socialTitle?: string
  /** og:type: 'website' unless said ('product', 'article') */
  ogType?: string
  /** the canonical path when the page is served at more than one (/track_package is /tracker) */
  canonicalPath?: string
}

/**
 * `[{title: 'Member Login | PopFit Clothing'}, description, ...]`: robots noindex
 * when asked; otherwise the canonical link, Open Graph and Twitter card tags.
 */
export function pageMeta(args: MetaArgsLike, title: string | null, opts: PageMetaOptions = {}): MetaDescriptor[] {
  const storeName = storeNameOf(args.matches)
  const description = opts.description || defaultDescription(args.matches)
  const meta: MetaDescriptor[] = [{ title: titleText(title, storeName) }]
  meta.push({ name: 'description', content: description })
  if (opts.noindex) {
    meta.push(NOINDEX)
    return meta
  }
  const url = canonicalUrl(args, opts.canonicalPath)
  const origin = publicOriginOf(args.matches)
  const image = opts.image && origin ? { url: absoluteUrl(origin, opts.image.url), alt: opts.image.alt || '' } : null
  const socialTitle = opts.socialTitle || title || storeName
  if (url) meta.push({ tagName: 'link', rel: 'canonical', href: url })
  meta.push(
    { property: 'og:site_name', content: storeName },
    { property: 'og:type', content: opts.ogType ?? 'website' },
    { property: 'og:title', content: socialTitle },
    { property: 'og:description', content: description },
  )
  if (url) meta.push({ property: 'og:url', content: url })
  if (image) {
    meta.push({ property: 'og:image', content: image.url })
    if (image.alt) meta.push({ property: 'og:image:alt', content: image.alt })
  }
  meta.push(
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: socialTitle },
    { name: 'twitter:description', content: description },
  )
  if (image) {
    meta.push({ name: 'twitter:image', content: image.url })
    if (image.alt) meta.push({ name: 'twitter:image:alt', content: image.alt })
  }
  return meta
}

/** A page whose data is missing (its loader threw 404): titled so, hidden from search. */
export function notFoundMeta(args: MetaArgsLike): MetaDescriptor[] {
  return pageMeta(args, 'Page not found', { noindex: true })
}

/**
 * Checkout-type routes: titled 'Secure Checkout' as SPEC §2 says it, without the store's name
 * ('Secure Checkout | PopFit Clothing' was not the title the spec gives), and hidden from search.
 */
export function checkoutMeta(args: MetaArgsLike): MetaDescriptor[] {
  const [, ...rest] = pageMeta(args, CHECKOUT_PAGE_TITLE, { noindex: true })
  return [{ title: CHECKOUT_PAGE_TITLE }, ...rest]
}
