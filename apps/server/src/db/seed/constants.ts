import { displaySize, sortSizes } from '@store/core'
import type { BrandId } from '../../brands/registry.ts'

export const BRAND_IDS: readonly BrandId[] = ['popfitclothing', 'ckb', 'glow']

/** Short prefix of every readable text id of a brand ('pf-menu-1', 'ckb-review-3', 'glow-page-home'). */
export const PREFIX: Record<BrandId, string> = { popfitclothing: 'pf', ckb: 'ckb', glow: 'glow' }

/** First item id of a brand: popfitclothing 1001-1999, ckb 2001-2999, glow 3001-3999. */
export const ITEM_BASE: Record<BrandId, number> = { popfitclothing: 1000, ckb: 2000, glow: 3000 }
/** Category and category-group ids: popfitclothing 11.., ckb 21.., glow 31.. */
export const CATEGORY_BASE: Record<BrandId, number> = { popfitclothing: 10, ckb: 20, glow: 30 }

/**
 * The one size of one item per brand seeded with stock 1 (every other size has 0 or 5-40),
 * so a "last item" race can be tested: two carts, one unit.
 *   popfitclothing 1006 = Buttery Soft Pocket Legging, Navy-White, size L
 *   ckb            2006 = Seamless Hipster, Blush, size M
 *   glow           3006 = Plush Robe, Oat, size M
 */
export const LAST_ITEM: Record<BrandId, { itemId: number; size: string }> = {
  popfitclothing: { itemId: 1006, size: 'L' },
  ckb: { itemId: 2006, size: 'M' },
  glow: { itemId: 3006, size: 'M' },
}

/** The item per brand with 50 customer images (more than the cap of 42, SPEC §9). */
export const MANY_CUSTOMER_IMAGES_ITEM: Record<BrandId, { itemId: number; customerImages: number }> = {
  popfitclothing: { itemId: 1001, customerImages: 50 },
  ckb: { itemId: 2001, customerImages: 50 },
  glow: { itemId: 3001, customerImages: 50 },
}

/** The category a brand's main shopping path points at; it holds at least 40 items. */
export const MAIN_CATEGORY: Record<BrandId, string> = {
  popfitclothing: 'leggings',
  ckb: 'underwear',
  glow: 'loungewear',
}

/**
 * popfitclothing's sizes as stored: its 4XL is stored as 'XXXXXL' (a legacy quirk the storefront reads
 * back as XXXXL, SPEC §5), so it has no separate 'XXXXL' row: both would show as 4XL. Its largest is 4XL.
 */
export const POPFIT_SIZES: readonly string[] = ['XS', 'S', 'M', 'L', 'XL', 'XXL', 'XXXL', 'XXXXXL']

/**
 * The sizes a brand's copy promises, from its own size list as a shopper reads them: "XS to 4XL" for
 * popfit (its copy said "XS to 5XL", a size it does not make).
 */
export function sizeRange(sizes: readonly string[], brandId: BrandId): string {
  const ordered = sortSizes(sizes)
  return `${displaySize(ordered[0]!, brandId)} to ${displaySize(ordered[ordered.length - 1]!, brandId)}`
}

/** popfit's size range as its copy says it: "XS to 4XL". */
export const POPFIT_SIZE_RANGE = sizeRange(POPFIT_SIZES, 'popfitclothing')
