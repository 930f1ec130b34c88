/**
 * What the cart reads of the brand's promotions: the discount code a cart carries or a shopper
 * types, the bundle offers ('3 for $75') and the order bumps; the last two cached per brand with
 * the promotions (shared/promotions-scope.ts).
 */
import { type BundleOffer, discountCodeStatus } from '@store/core'
import type { Kysely, Transaction } from 'kysely'
import { readJson } from '../db/json.ts'
import { preparedQuery } from '../db/prepared.ts'
import type { Database, DiscountCodesRow } from '../db/schema.ts'
import { promotionsCache } from '../shared/promotions-scope.ts'
import { deepFreeze } from '../shared/ttl-cache.ts'

type Db = Kysely<Database> | Transaction<Database>

const discountCodeById = preparedQuery((db, key: { id: string }) => db.selectFrom('discount_codes').selectAll().where('id', '=', key.id).where('active', '=', 1))

/**
 * The code a cart carries (every cart read with a code asks this), while the store still honours it: a code
 * switched off (active = 0, its promotion over) no longer applies to the carts that took it before.
 */
export async function findDiscountCodeById(db: Db, id: string, now = new Date()) {
  const row = await discountCodeById.first(db, { id })
  // past its end (or before its start) the code no longer takes anything off the carts that hold it
  return row && discountCodeStatus(discountCodeTerms(row), now) === 'running' ? row : undefined
}

/** A code's row as core's terms (its uses, where counted). */
export const discountCodeTerms = (row: DiscountCodesRow, uses?: number) => ({
  active: row.active === 1,
  startsAt: row.starts_at,
  endsAt: row.ends_at,
  maxUses: row.max_uses,
  ...(uses === undefined ? {} : { uses }),
})

export function findDiscountCode(db: Db, brandId: string, code: string) {
  return db.selectFrom('discount_codes').selectAll().where('brand_id', '=', brandId).where('code', '=', code.toUpperCase()).where('active', '=', 1).executeTakeFirst()
}

/** The brand's bundle offers, and the offers each item counts towards through its categories. */
export interface BrandBundleOffers {
  offers: readonly BundleOffer[]
  /** item id (as text) -> the offer ids of its categories */
  offerIdsByItem: Readonly<Record<string, readonly string[]>>
}

const bundleOffersCache = promotionsCache<BrandBundleOffers>()

/** No offers (a cart that is not there yet): one frozen value, so the cart's answer keys it like a cached one. */
export const NO_BUNDLE_OFFERS: BrandBundleOffers = deepFreeze({ offers: [], offerIdsByItem: {} })

/**
 * The brand's bundle offers ('3 for $75') and which items count towards each: an item counts when one of
 * its categories (item_categories) is named in the offer's categories. Cached like the settings (two
 * statements per brand and 30 s; one frozen object, so the cart's answer keys it by identity).
 */
export function findBundleOffers(db: Db, brandId: string): Promise<BrandBundleOffers> {
  return bundleOffersCache(db, brandId, 'bundles', async () => {
    const rows = await db.selectFrom('bundle_offers').select(['offer_id', 'categories', 'how_many', 'price_cents']).where('brand_id', '=', brandId).orderBy('id').execute()
    const categoriesOf = new Map(rows.map((row) => [row.offer_id, readJson<string[]>(row.categories, []).filter((name): name is string => typeof name === 'string')]))
    const names = [...new Set([...categoriesOf.values()].flat())]
    const links =
      names.length === 0
        ? []
        : await db
            .selectFrom('item_categories')
            .innerJoin('categories', 'categories.id', 'item_categories.category_id')
            .select(['item_categories.item_id', 'categories.name'])
            .where('categories.brand_id', '=', brandId)
            .where('categories.name', 'in', names)
            .execute()
    const offerIdsByItem: Record<string, string[]> = {}
    for (const link of links) {
      // biome-ignore lint/suspicious/noAssignInExpressions: get-or-make idiom: the value is made once, kept and used in the same expression
      const ids = (offerIdsByItem[String(link.item_id)] ??= [])
      for (const [offerId, categories] of categoriesOf) if (categories.includes(link.name) && !ids.includes(offerId)) ids.push(offerId)
    }
    return deepFreeze({
      offers: rows.map((row) => ({ offerId: row.offer_id, howMany: row.how_many, priceCents: row.price_cents })),
      offerIdsByItem,
    })
  })
}

const orderBumpIdsCache = promotionsCache<string[]>()

/** The brand's order bumps in order (cached like the settings): the checkout button goes to the first. */
export function findOrderBumpIds(db: Db, brandId: string): Promise<string[]> {
  return orderBumpIdsCache(db, brandId, 'order-bumps', async () =>
    (await db.selectFrom('order_bumps').select('id').where('brand_id', '=', brandId).orderBy('position').orderBy('id').execute()).map((row) => row.id),
  )
}
