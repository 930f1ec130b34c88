/**
 * The monthly order of a club period (docs/club-membership.md "Monthly items"):
 * the member's picks for the period, made before its cut-off, else items chosen
 * from the brand's main category in the size of their style profile. The order
 * has status 'processing', its lines at price 0 and its total the period's
 * charge (the fee pays for the box), so /api/orders shows what the month cost.
 * One per membership and period (a unique index on orders).
 */
import { randomInt, randomUUID } from 'node:crypto'
import type { PostalAddress } from '@store/core'
import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../db/schema.ts'
import { readJson } from '../db/json.ts'
import { cachePerDatabase } from '../shared/ttl-cache.ts'
import { takeStock } from '../checkout/stock.ts'
import { newOrderState } from '../orders/order-states.ts'
import { writeCharge } from '../payments/ledger.ts'
import { getSettingsBundle } from '../settings/settings.service.ts'

type Db = Kysely<Database> | Transaction<Database>

/** Where a member's boxes go: the join order's address and e-mail. */
export interface ShipTo extends PostalAddress {
  email: string
}

export interface MonthlyMember {
  id: string
  customer_id: string
  ship_to: string | null
  how_many: number
  payment_method_id: string | null
}

interface Candidate {
  item_id: number
  name: string
  color: string
  size: string
  discount_class: string
  image: string | null
}

const candidatesCache = cachePerDatabase<Candidate[]>(60_000)

/** The name of the brand's main category (the last part of its main shopping path): what a monthly box holds. From the cached settings. */
export async function mainCategoryOf(db: Db, brandId: string): Promise<string> {
  const bundle = await getSettingsBundle(db, brandId)
  return (bundle?.settings.mainShoppingPath ?? '').split('/').filter(Boolean).pop() ?? ''
}

/**
 * Items of the brand's main category in stock, by size (kept a minute per
 * process, per database: `cacheKey` is the database handle, not a transaction's).
 */
function candidates(db: Db, brandId: string, cacheKey: object): Promise<Candidate[]> {
  return candidatesCache(cacheKey, `club-candidates:${brandId}`, async () => {
    const category = await mainCategoryOf(db, brandId)
    return db
      .selectFrom('categories')
      .innerJoin('item_categories', 'item_categories.category_id', 'categories.id')
      .innerJoin('items', 'items.id', 'item_categories.item_id')
      .innerJoin('item_sizes', 'item_sizes.item_id', 'items.id')
      .leftJoin('item_images', (join) => join.onRef('item_images.item_id', '=', 'items.id').on('item_images.kind', '=', 'image1'))
      .select(['items.id as item_id', 'items.name', 'items.color', 'item_sizes.size', 'items.discount_class', 'item_images.url as image'])
      .where('categories.brand_id', '=', brandId)
      .where('categories.name', '=', category)
      .where('items.active', '=', 1)
      .where('items.vip_exclusive', '=', 0)
      .where('item_sizes.stock', '>', 0)
      .orderBy('items.id')
      .orderBy('item_sizes.size')
      .execute()
  })
}

/** A stable number from a text: the same member and period choose the same item. */
function hashOf(text: string): number {
  let h = 2166136261
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619)
  return h >>> 0
}

/**
 * The period's lines, each taken from stock as it is chosen (a conditional
 * update, like checkout's): the member's picks first, then items of the main
 * category in the profile's size, the same order for the same member and period
 * (a hash), never one item twice. A pick sold out since is replaced by a chosen
 * item; with nothing left in stock the order has fewer lines (the warehouse
 * sees it; docs/club-membership.md).
 */
async function monthlyLines(db: Db, brandId: string, member: MonthlyMember, period: string, cacheKey: object = db): Promise<Candidate[]> {
  const take = (line: Candidate) => takeStock(db as Transaction<Database>, brandId, [{ itemId: line.item_id, size: line.size, qty: 1 }])
  const picks = await db
    .selectFrom('membership_picks')
    .innerJoin('items', 'items.id', 'membership_picks.item_id')
    .leftJoin('item_images', (join) => join.onRef('item_images.item_id', '=', 'items.id').on('item_images.kind', '=', 'image1'))
    .select(['items.id as item_id', 'items.name', 'items.color', 'membership_picks.size', 'items.discount_class', 'item_images.url as image'])
    .where('membership_picks.membership_id', '=', member.id)
    .where('membership_picks.period', '=', period)
    .orderBy('membership_picks.position')
    .limit(member.how_many)
    .execute()
  const chosen: Candidate[] = []
  for (const pick of picks) if (await take(pick)) chosen.push(pick)
  if (chosen.length >= member.how_many) return chosen
  const [pool, profile] = await Promise.all([
    candidates(db, brandId, cacheKey),
    db
      .selectFrom('style_profile_answers')
      .select(['field_name', 'value'])
      .where('brand_id', '=', brandId)
      .where('owner_id', '=', member.customer_id)
      .where('field_name', 'in', ['bottom_size', 'top_size'])
      .execute(),
  ])
  const size = profile.find((row) => row.field_name === 'bottom_size')?.value ?? profile.find((row) => row.field_name === 'top_size')?.value ?? 'M'
  const inSize = pool.filter((c) => c.size === size)
  const from = inSize.length > 0 ? inSize : pool
  const start = hashOf(`${member.id}:${period}`)
  // a bounded number of tries: the pool is a minute old, some of it may have sold out since
  for (let i = 0, tries = 0; chosen.length < member.how_many && i < from.length && tries < 8; i++) {
    const candidate = from[(start + i) % from.length]!
    if (chosen.some((c) => c.item_id === candidate.item_id)) continue
    tries += 1
    if (await take(candidate)) chosen.push(candidate)
  }
  return chosen
}

const newOrderNumber = () => String(randomInt(1_000_000_000, 9_999_999_999))

/** Writes the period's monthly order (inside the caller's transaction); its number. */
/**
 * A period's box: its order, and the items whose stock it took. The caller tells the catalogue's
 * caches (emitStockChanged) once its transaction has committed, as checkout does: until then a cached
 * item page would still offer the size the box took.
 */
export interface MonthlyOrder {
  orderNumber: string
  itemIds: number[]
}

export async function createMonthlyOrder(
  trx: Db,
  brandId: string,
  member: MonthlyMember,
  period: string,
  chargeCents: number,
  now: string,
  /** the database handle the item cache is kept under (a transaction is new each time) */
  cacheKey: object = trx,
  /** the period's charge that pays for the box (chargeCents above 0): its row in the payments ledger */
  payment?: { gateway: string; paymentId: string | null; idempotencyKey: string },
): Promise<MonthlyOrder> {
  const lines = await monthlyLines(trx, brandId, member, period, cacheKey)
  const to = readJson<Partial<ShipTo>>(member.ship_to, {})
  const address = {
    name: to.name ?? '',
    company: to.company ?? '',
    country: to.country ?? 'US',
    address: to.address ?? '',
    address_2: to.address_2 ?? '',
    city: to.city ?? '',
    state: to.state ?? '',
    zip: to.zip ?? '',
    phone: to.phone ?? '',
  }
  const orderNumber = newOrderNumber()
  await trx
    .insertInto('orders')
    .values({
      order_number: orderNumber,
      brand_id: brandId,
      customer_id: member.customer_id,
      cart_id: null,
      email: to.email ?? '',
      ...newOrderState('processing', 'job:club-billing', now, { club_period: period }),
      subtotal_cents: chargeCents,
      discount_cents: 0,
      shipping_cents: 0,
      tax_cents: 0,
      total_cents: chargeCents,
      shipping_method: 'standard',
      shipping_name: address.name,
      shipping_company: address.company,
      shipping_country: address.country,
      shipping_address: address.address,
      shipping_address_2: address.address_2,
      shipping_city: address.city,
      shipping_state: address.state,
      shipping_zip: address.zip,
      shipping_phone: address.phone,
      billing_name: address.name,
      billing_company: address.company,
      billing_country: address.country,
      billing_address: address.address,
      billing_address_2: address.address_2,
      billing_city: address.city,
      billing_state: address.state,
      billing_zip: address.zip,
      billing_phone: address.phone,
      payment_method_id: member.payment_method_id,
      idempotency_key: null,
      created_at: now,
      placed_by_visitor_id: null,
      reserved_until: null,
      checkout_flow: 'club_monthly',
      membership_id: member.id,
      club_period: period,
    })
    .execute()
  if (lines.length > 0) {
    await trx
      .insertInto('order_lines')
      .values(
        lines.map((line) => ({
          id: randomUUID(),
          order_number: orderNumber,
          item_id: line.item_id,
          name: line.name,
          color: line.color,
          size: line.size,
          qty: 1,
          price_cents: 0,
          discount_cents: 0,
          total_cents: 0,
          discount_class: line.discount_class,
          image1: line.image,
          cancelled: 0,
          offer_id: null,
        })),
      )
      .execute()
  }
  if (chargeCents > 0 && payment) {
    await writeCharge(trx, {
      brandId,
      orderNumber,
      gateway: payment.gateway,
      idempotencyKey: payment.idempotencyKey,
      amountCents: chargeCents,
      now,
      paid: { paymentId: payment.paymentId, card: null },
    })
  }
  return { orderNumber, itemIds: lines.map((line) => line.item_id) }
}
