/**
 * Page titles (SPEC §2): '{title} | {store name}'. Checkout-type routes are
 * 'Secure Checkout' and, like social_media_specials pages, hidden from search.
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
}

function rootDataOf(matches: MetaArgsLike['matches']): RootData | undefined {
  const root = matches.find((m) => m?.id === 'root')
  return (root?.loaderData ?? root?.data) as RootData | undefined
}

/** The store's name from the root loader's settings, else the brand's name. */
export function storeNameOf(matches: MetaArgsLike['matches']): string {
  const data = rootDataOf(matches)
  return data?.settings?.storeName || data?.brand?.name || 'Store'
}

/** What a page says of itself in search results when it has nothing more particular. */
export function defaultDescription(matches: MetaArgsLike['matches']): string {
  const settings = rootDataOf(matches)?.settings
  const storeName = storeNameOf(matches)
  const plural = settings?.mainProductPlural?.toLowerCase()
  const club = settings?.brandHasClub && settings.clubName ? ` Join ${settings.clubName} for member pricing and monthly picks.` : ''
  return plural ? `Shop ${plural} at ${storeName}.${club}` : `Shop online at ${storeName}.${club}`
}

export function titleText(title: string | null | undefined, storeName: string): string {
  return title ? `${title} | ${storeName}` : storeName
}

export const NOINDEX: MetaDescriptor = { name: 'robots', content: 'noindex, nofollow' }

/** `[{title: 'Member Login | PopFit Clothing'}]`, plus robots noindex when asked. */
export function pageMeta(args: MetaArgsLike, title: string | null, opts: { noindex?: boolean; description?: string } = {}): MetaDescriptor[] {
  const meta: MetaDescriptor[] = [{ title: titleText(title, storeNameOf(args.matches)) }]
  meta.push({ name: 'description', content: opts.description || defaultDescription(args.matches) })
  if (opts.noindex) meta.push(NOINDEX)
  return meta
}

/** Checkout-type routes: 'Secure Checkout', hidden from search. */
export function checkoutMeta(args: MetaArgsLike): MetaDescriptor[] {
  return pageMeta(args, CHECKOUT_PAGE_TITLE, { noindex: true })
}
