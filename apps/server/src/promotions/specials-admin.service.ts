/**
 * The operator's social-media specials (SPEC §3) and free gifts (a special at $0, SPEC §4
 * free-leggings and free-underwear; decision 169): listed with how each sells, added, changed and
 * ended, each change audited and the landing's cached page cleared (/social_media_specials/{id}
 * shows it at once).
 *
 * How a special sells: shown is the page views of its landing the pixel recorded; taken, the
 * placed orders holding its item at its price (the line a claim puts in the cart); revenue, those
 * orders' totals (a gift's own line is $0: the order's shipping and what else was bought are
 * what it brought in).
 */
import { fromCents, PLACED_ORDER_STATUSES, toCents, type AdminSocialMediaSpecial, type SocialMediaLander } from '@store/core'
import type { Kysely, Transaction } from 'kysely'
import type { RequestContext } from '../context/request-context.ts'
import { readJson } from '../db/json.ts'
import type { Database } from '../db/schema.ts'
import { conflict, notFound, unprocessable } from '../http/errors.ts'
import { audited, type AuditActor } from '../staff/audit.ts'
import { pageViewsOf } from './page-views.ts'
import type { PromotionCaches } from './promotion-caches.ts'

type Db = Kysely<Database> | Transaction<Database>

export interface SpecialInput {
  id?: string
  landing_page_headline?: string
  free_shipping?: boolean
  main_item_description?: string
  item_id?: number | null
  price?: number
  split_test_no_lander?: boolean
  split_test_landers?: string[]
  landers?: SocialMediaLander[]
}

async function specialRows(db: Db, brandId: string, id?: string) {
  let q = db
    .selectFrom('social_media_specials')
    .leftJoin('items', 'items.id', 'social_media_specials.item_id')
    .selectAll('social_media_specials')
    .select('items.name as item_name')
    .where('social_media_specials.brand_id', '=', brandId)
  if (id) q = q.where('social_media_specials.id', '=', id)
  return q.orderBy('social_media_specials.id').execute()
}

async function withSales(db: Db, brandId: string, rows: Awaited<ReturnType<typeof specialRows>>): Promise<AdminSocialMediaSpecial[]> {
  if (rows.length === 0) return []
  const views = await pageViewsOf(db, brandId, 'social_media_specials')
  return Promise.all(
    rows.map(async (row) => {
      const sold =
        row.item_id === null
          ? undefined
          : await db
              .selectFrom('orders')
              .select((eb) => [eb.fn.countAll<string | number>().as('taken'), eb.fn.sum<string | number>('orders.total_cents').as('revenue')])
              .where('orders.brand_id', '=', brandId)
              .where('orders.status', 'in', PLACED_ORDER_STATUSES)
              .where(({ exists, selectFrom }) =>
                exists(
                  selectFrom('order_lines')
                    .select('order_lines.id')
                    .whereRef('order_lines.order_number', '=', 'orders.order_number')
                    .where('order_lines.item_id', '=', row.item_id!)
                    .where('order_lines.price_cents', '=', row.price_cents)
                    .where('order_lines.offer_id', 'is', null),
                ),
              )
              .executeTakeFirst()
      return {
        id: row.id,
        permalink: row.permalink,
        landing_page_headline: row.landing_page_headline,
        free_shipping: row.free_shipping === 1,
        main_item_description: row.main_item_description,
        item_id: row.item_id,
        item_name: row.item_name ?? null,
        price: fromCents(row.price_cents),
        free_gift: row.price_cents === 0,
        split_test_no_lander: row.split_test_no_lander === 1,
        split_test_landers: readJson<string[]>(row.split_test_landers, []),
        landers: readJson<SocialMediaLander[]>(row.landers, []),
        sales: { shown: views.get(row.id) ?? 0, taken: Number(sold?.taken ?? 0), revenue: fromCents(Number(sold?.revenue ?? 0)) },
      }
    }),
  )
}

export async function listSpecialsForStaff(ctx: RequestContext): Promise<AdminSocialMediaSpecial[]> {
  const { db, brandId } = ctx.data
  return withSales(db, brandId, await specialRows(db, brandId))
}

async function readSpecial(db: Db, brandId: string, id: string): Promise<AdminSocialMediaSpecial> {
  const rows = await specialRows(db, brandId, id)
  if (rows.length === 0) throw notFound(`There is no social media special ${id} in this store.`)
  return (await withSales(db, brandId, rows))[0]!
}

/** The rules a special keeps: a published item of this store at no more than its own price; landers in the test are its own. */
async function check(db: Db, brandId: string, special: { item_id: number | null; price_cents: number; landers: SocialMediaLander[]; split_test_landers: string[] }): Promise<void> {
  if (special.item_id !== null) {
    const item = await db.selectFrom('items').select(['price_cents', 'active']).where('brand_id', '=', brandId).where('id', '=', special.item_id).executeTakeFirst()
    if (!item) throw unprocessable(`There is no item ${special.item_id} in this store.`, 'item_id')
    if (item.active !== 1) throw unprocessable(`Item ${special.item_id} is not published: shoppers could not claim the special.`, 'item_id')
    if (special.price_cents > item.price_cents) throw unprocessable(`A special is an offer: at most the item's own price (${fromCents(item.price_cents).toFixed(2)}).`, 'price')
  }
  const ids = special.landers.map((lander) => lander.id)
  if (new Set(ids).size !== ids.length) throw unprocessable('Two landers have the same id.', 'landers')
  const unknown = special.split_test_landers.filter((id) => !ids.includes(id))
  if (unknown.length > 0) throw unprocessable(`The split test names landers this special does not have: ${unknown.join(', ')}.`, 'split_test_landers')
}

export async function createSpecial(
  ctx: RequestContext,
  actor: AuditActor,
  caches: PromotionCaches,
  input: SpecialInput & Required<Pick<SpecialInput, 'id' | 'landing_page_headline' | 'main_item_description' | 'item_id' | 'price'>>,
): Promise<AdminSocialMediaSpecial> {
  const { db, brandId } = ctx.data
  const landers = input.landers ?? []
  const testLanders = input.split_test_landers ?? []
  const row = {
    id: input.id,
    brand_id: brandId,
    permalink: `/social_media_specials/${input.id}`,
    landing_page_headline: input.landing_page_headline,
    free_shipping: input.free_shipping ? 1 : 0,
    main_item_description: input.main_item_description,
    item_id: input.item_id,
    price_cents: toCents(input.price),
    split_test_no_lander: input.split_test_no_lander ? 1 : 0,
    split_test_landers: JSON.stringify(testLanders),
    landers: JSON.stringify(landers),
  }
  await db.transaction().execute(async (trx) => {
    const taken = await trx.selectFrom('social_media_specials').select('id').where('brand_id', '=', brandId).where('id', '=', input.id).executeTakeFirst()
    if (taken) throw conflict(`A special already lives at /social_media_specials/${input.id}: choose another address.`, 'id')
    await check(trx, brandId, { item_id: row.item_id, price_cents: row.price_cents, landers, split_test_landers: testLanders })
    await trx.insertInto('social_media_specials').values(row).execute()
    await audited(trx, actor, { action: 'social_media_special.create', entity: 'social_media_special', id: row.id, after: row })
  })
  caches.clear(brandId)
  return readSpecial(db, brandId, row.id)
}

export async function updateSpecial(ctx: RequestContext, actor: AuditActor, caches: PromotionCaches, id: string, input: SpecialInput): Promise<AdminSocialMediaSpecial> {
  const { db, brandId } = ctx.data
  await db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('social_media_specials').selectAll().where('brand_id', '=', brandId).where('id', '=', id).executeTakeFirst()
    if (!before) throw notFound(`There is no social media special ${id} in this store.`)
    const change = {
      ...(input.landing_page_headline === undefined ? {} : { landing_page_headline: input.landing_page_headline }),
      ...(input.free_shipping === undefined ? {} : { free_shipping: input.free_shipping ? 1 : 0 }),
      ...(input.main_item_description === undefined ? {} : { main_item_description: input.main_item_description }),
      ...(input.item_id === undefined ? {} : { item_id: input.item_id }),
      ...(input.price === undefined ? {} : { price_cents: toCents(input.price) }),
      ...(input.split_test_no_lander === undefined ? {} : { split_test_no_lander: input.split_test_no_lander ? 1 : 0 }),
      ...(input.split_test_landers === undefined ? {} : { split_test_landers: JSON.stringify(input.split_test_landers) }),
      ...(input.landers === undefined ? {} : { landers: JSON.stringify(input.landers) }),
    }
    const after = { ...before, ...change }
    await check(trx, brandId, {
      item_id: after.item_id,
      price_cents: after.price_cents,
      landers: input.landers ?? readJson<SocialMediaLander[]>(before.landers, []),
      split_test_landers: input.split_test_landers ?? readJson<string[]>(before.split_test_landers, []),
    })
    await trx.updateTable('social_media_specials').set(change).where('brand_id', '=', brandId).where('id', '=', id).execute()
    await audited(trx, actor, { action: 'social_media_special.update', entity: 'social_media_special', id, before, after })
  })
  caches.clear(brandId)
  return readSpecial(db, brandId, id)
}
