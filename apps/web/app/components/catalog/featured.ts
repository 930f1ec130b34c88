/** Which items a home page features: one colour per style, badged styles (best sellers) first. */
import type { ItemSummary } from '../../lib/api/types'

const BADGE_RANK: Record<string, number> = { 'best seller': 0, 'fan favorite': 1, new: 2 }

function badgeRank(item: Pick<ItemSummary, 'categoryPageAttributes'>): number {
  const badge = item.categoryPageAttributes?.badge
  if (typeof badge !== 'string') return 9
  return BADGE_RANK[badge.toLowerCase()] ?? 5
}

/**
 * Up to `count` items: the first in-stock colour of each style (items of one
 * style share their name), best sellers, then fan favourites, then new styles,
 * then the rest in the category's order. VIP-only styles are left out.
 */
export function pickFeatured<T extends Pick<ItemSummary, 'name' | 'availableSizes' | 'categoryPageAttributes' | 'vip_exclusive'>>(items: readonly T[], count = 8): T[] {
  const seen = new Set<string>()
  const firsts: Array<{ item: T; index: number }> = []
  items.forEach((item, index) => {
    if (item.vip_exclusive || item.availableSizes.length === 0 || seen.has(item.name)) return
    seen.add(item.name)
    firsts.push({ item, index })
  })
  return firsts
    .sort((a, b) => badgeRank(a.item) - badgeRank(b.item) || a.index - b.index)
    .slice(0, count)
    .map((x) => x.item)
}
