/**
 * What the storefront reports, and when (SPEC §7): the advertising pixel for
 * PageView on every page, ViewContent on an item page and AddToCart; the UTM
 * parameters once, on the first page that carries any. And the first-party
 * analytics events (SPEC §9): which links are VIP join clicks, which cart
 * lines were added.
 */
import { DO_NOT_SELL_COOKIE, hasUtmParams } from '@store/core'

export { DO_NOT_SELL_COOKIE }

export interface ViewedItem {
  id: number | string
  name: string
  price: number
}

/** The pixel's ViewContent payload for an item (currency USD, content type product). */
export function viewContentData(item: ViewedItem) {
  return {
    currency: 'USD',
    content_type: 'product',
    content_ids: [String(item.id)],
    content_name: item.name,
    value: item.price,
  }
}

/** The UTM call is sent on the first route change that carries any utm_* parameter, once per visit. */
export function utmToSend(search: string, alreadySent: boolean): Record<string, string> | null {
  if (alreadySent) return null
  const params = new URLSearchParams(search)
  const asRecord = Object.fromEntries(params)
  if (!hasUtmParams(asRecord)) return null
  return asRecord
}

/** A shopper who opted out of data sale is sent with the limited-data-use option (SPEC §9). */
export function optedOut(cookieHeader: string): boolean {
  return cookieHeader.split(';').some((part) => part.trim() === `${DO_NOT_SELL_COOKIE}=1`)
}

/** Paths a click on which counts as 'VIP Join Clicked': the club page and the club checkout. */
const VIP_JOIN_PATHS = ['/vip', '/checkout-club'] as const

/** A link to /vip or /checkout-club on this site (query, hash and a trailing slash aside). */
export function isVipJoinLink(href: string, origin: string): boolean {
  let url: URL
  try {
    url = new URL(href, origin)
  } catch {
    return false
  }
  if (url.origin !== new URL(origin).origin) return false
  const path = url.pathname.replace(/\/+$/, '').toLowerCase()
  return (VIP_JOIN_PATHS as readonly string[]).includes(path)
}

/** The cart lines an analytics 'Product Added to Cart' names. */
export interface AddedLine {
  item_id: number
  name: string
  size: string
  price: number
  quantity: number
}

interface LineLike {
  item_id: number
  name: string
  size: string
  price: number
  qty: number
}

/** Lines whose quantity grew from one cart to the next (matched by item and size), with the pieces added. */
export function addedLines(previous: readonly LineLike[], current: readonly LineLike[]): AddedLine[] {
  const key = (line: LineLike) => `${line.item_id}|${line.size}`
  const before = new Map<string, number>()
  for (const line of previous) before.set(key(line), (before.get(key(line)) ?? 0) + (Number(line.qty) || 0))
  const after = new Map<string, { line: LineLike; qty: number }>()
  for (const line of current) {
    const entry = after.get(key(line))
    after.set(key(line), { line, qty: (entry?.qty ?? 0) + (Number(line.qty) || 0) })
  }
  const added: AddedLine[] = []
  for (const [k, { line, qty }] of after) {
    const grew = qty - (before.get(k) ?? 0)
    if (grew > 0) added.push({ item_id: line.item_id, name: line.name, size: line.size, price: line.price, quantity: grew })
  }
  return added
}
