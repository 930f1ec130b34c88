/**
 * robots.txt and sitemap.xml of one brand (SPEC §2, DESIGN §3). Every address
 * is built on the brand's configured public origin, never on the request's
 * Host; the sitemap lists only the brand's own pages and items, and none that
 * is hidden from search (checkout-type routes, social_media_specials pages,
 * members pages).
 */
import { CHECKOUT_ROUTES, contentPagePath, PROTECTED_ROUTES } from '@store/core'
import type { Kysely } from 'kysely'
import type { Brand } from '../brands/registry.ts'
import type { Database } from '../db/schema.ts'
import { contentSource } from '../content/content-source.ts'
import { findClubFlag, hasFeedPosts, listActiveItemIds, listCategoryGroupNames, listCategoryNames } from './seo.queries.ts'

type Db = Kysely<Database>

/**
 * Path prefixes crawlers are asked to keep out of: the checkout funnel, the
 * members area and its flows (SPEC §2, §6), social media specials, account
 * forms of no use to a search engine, the API and resource routes.
 */
const DISALLOWED_PREFIXES: readonly string[] = [
  ...CHECKOUT_ROUTES.map((route) => `/${route}`),
  ...PROTECTED_ROUTES.map((route) => `/${route}`),
  '/members_skip_flow',
  '/members_pause_flow',
  '/styleprofile',
  '/addresses',
  '/logout',
  '/social_media_specials/',
  '/api/',
  '/resources/',
]

/** True when a path falls under a disallowed prefix (as a crawler reads robots.txt: by prefix). */
export function isDisallowed(pathname: string): boolean {
  return DISALLOWED_PREFIXES.some((prefix) => pathname.startsWith(prefix))
}

export function robotsTxt(brand: Pick<Brand, 'publicOrigin'>): string {
  const lines = ['User-agent: *', ...DISALLOWED_PREFIXES.map((prefix) => `Disallow: ${prefix}`), '', `Sitemap: ${brand.publicOrigin}/sitemap.xml`, '']
  return lines.join('\n')
}

/** Pages only a brand with a club has. */
const CLUB_PATHS = ['/vip', '/vip_exclusives', '/vipterms']

export interface SitemapEntry {
  /** absolute, on the brand's public origin */
  loc: string
  /** YYYY-MM-DD */
  lastmod?: string
}

function day(iso: string | null | undefined): string | undefined {
  return iso && /^\d{4}-\d{2}-\d{2}/.test(iso) ? iso.slice(0, 10) : undefined
}

/** Every indexable page and item of the brand, each once, on its public origin. */
export async function sitemapEntries(db: Db, brand: Pick<Brand, 'id' | 'publicOrigin'>): Promise<SitemapEntry[]> {
  const [settings, categories, groups, items, pages, feed] = await Promise.all([
    findClubFlag(db, brand.id),
    listCategoryNames(db, brand.id),
    listCategoryGroupNames(db, brand.id),
    listActiveItemIds(db, brand.id),
    // the content pages of the chosen content source (the store's, or the Sanity dataset's)
    contentSource().pageList(db, brand.id),
    hasFeedPosts(db, brand.id),
  ])
  const hasClub = settings?.brand_has_club === 1
  const paths: { path: string; lastmod?: string }[] = [{ path: '/' }]
  for (const category of categories) paths.push({ path: `/category/${encodeURIComponent(category.name)}` })
  for (const group of groups) paths.push({ path: `/category-group/${encodeURIComponent(group.name)}` })
  for (const item of items) paths.push({ path: `/item/${item.id}`, lastmod: day(item.created_at) })
  for (const page of pages) {
    // {name}-test pages are experiments, not pages to be found
    if (page.slug.endsWith('-test')) continue
    paths.push({ path: contentPagePath(page.slug), lastmod: day(page.updated_at) })
  }
  paths.push({ path: '/photo-size-chart' }, { path: '/customer_reviews' })
  if (feed) paths.push({ path: '/shop_our_feed' })
  if (hasClub) paths.push(...CLUB_PATHS.map((path) => ({ path })))

  const seen = new Set<string>()
  const entries: SitemapEntry[] = []
  for (const { path, lastmod } of paths) {
    if (isDisallowed(path) || (!hasClub && CLUB_PATHS.includes(path))) continue
    const loc = `${brand.publicOrigin}${path}`
    if (seen.has(loc)) continue
    seen.add(loc)
    entries.push(lastmod ? { loc, lastmod } : { loc })
  }
  return entries
}

function xmlEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;')
}

export function sitemapXml(entries: readonly SitemapEntry[]): string {
  const urls = entries.map((entry) => `  <url><loc>${xmlEscape(entry.loc)}</loc>${entry.lastmod ? `<lastmod>${entry.lastmod}</lastmod>` : ''}</url>`)
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n')
}
