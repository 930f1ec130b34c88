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
import { writeCharges } from '../payments/ledger.ts'
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

/** A period's box to make: whose, which period, and the charge that pays for it (chargeCents above 0: its row in the payments ledger). */
export interface MonthlyBox {
  member: MonthlyMember
  period: string
  chargeCents: number
  payment?: { gateway: string; paymentId: string | null; idempotencyKey: string }
}

/** How many of the main category's items a box tries, in its order, once its picks are tried. */
const CHOSEN_TRIES = 8

/**
 * Each box's lines, taken from stock: the member's picks first, then items of the main category in
 * the profile's size, the same order for the same member and period (a hash), never one item twice.
 * A pick sold out since is replaced by a chosen item; with nothing left in stock a box has fewer
 * lines (the warehouse sees it; docs/club-membership.md). Many boxes are read at once (one read of
 * their picks, one of their profiles) and take stock in rounds: the boxes wanting one item and size
 * take it in one conditional update (each alone when that is short), in the order of item and size,
 * so two billing runs taking stock at once always lock its rows in the same order.
 */
async function monthlyLines(db: Db, brandId: string, boxes: readonly MonthlyBox[], cacheKey: object): Promise<Candidate[][]> {
  const picks = await db
    .selectFrom('membership_picks')
    .innerJoin('items', 'items.id', 'membership_picks.item_id')
    .leftJoin('item_images', (join) => join.onRef('item_images.item_id', '=', 'items.id').on('item_images.kind', '=', 'image1'))
    .select([
      'membership_picks.membership_id',
      'membership_picks.period',
      'items.id as item_id',
      'items.name',
      'items.color',
      'membership_picks.size',
      'items.discount_class',
      'item_images.url as image',
    ])
    .where('membership_picks.membership_id', 'in', [...new Set(boxes.map((box) => box.member.id))])
    .where('membership_picks.period', 'in', [...new Set(boxes.map((box) => box.period))])
    .orderBy('membership_picks.position')
    .execute()
  const picksOf = boxes.map((box) => picks.filter((pick) => pick.membership_id === box.member.id && pick.period === box.period).slice(0, box.member.how_many))
  const [pool, profiles] = await Promise.all([
    candidates(db, brandId, cacheKey),
    db
      .selectFrom('style_profile_answers')
      .select(['owner_id', 'field_name', 'value'])
      .where('brand_id', '=', brandId)
      .where('owner_id', 'in', [...new Set(boxes.map((box) => box.member.customer_id))])
      .where('field_name', 'in', ['bottom_size', 'top_size'])
      .execute(),
  ])
  // each box's candidates in its order: its picks, then the pool from the member's place in it
  const wanted = boxes.map((box, i) => {
    const profile = profiles.filter((row) => row.owner_id === box.member.customer_id)
    const size = profile.find((row) => row.field_name === 'bottom_size')?.value ?? profile.find((row) => row.field_name === 'top_size')?.value ?? 'M'
    const inSize = pool.filter((c) => c.size === size)
    const from = inSize.length > 0 ? inSize : pool
    const start = hashOf(`${box.member.id}:${box.period}`)
    const chosen = from.slice(0, CHOSEN_TRIES).map((_, k) => from[(start + k) % from.length]!)
    return { need: box.member.how_many, tries: [...picksOf[i]!, ...chosen], next: 0, lines: [] as Candidate[] }
  })
  const take = (line: Candidate, qty: number) => takeStock(db as Transaction<Database>, brandId, [{ itemId: line.item_id, size: line.size, qty }])
  for (;;) {
    // each box still short proposes its next candidate it does not hold yet
    const proposals = new Map<string, { line: Candidate; boxes: number[] }>()
    for (const [i, box] of wanted.entries()) {
      while (box.lines.length < box.need && box.next < box.tries.length) {
        const line = box.tries[box.next++]!
        if (box.lines.some((held) => held.item_id === line.item_id)) continue
        const key = `${String(line.item_id).padStart(12, '0')}\u0000${line.size}`
        const proposal = proposals.get(key) ?? { line, boxes: [] }
        proposal.boxes.push(i)
        proposals.set(key, proposal)
        break
      }
    }
    if (proposals.size === 0) return wanted.map((box) => box.lines)
    for (const key of [...proposals.keys()].sort()) {
      const { boxes: takers } = proposals.get(key)!
      const line = (i: number) => wanted[i]!.tries[wanted[i]!.next - 1]!
      if (await take(line(takers[0]!), takers.length)) {
        for (const i of takers) wanted[i]!.lines.push(line(i))
      } else if (takers.length > 1) {
        for (const i of takers) if (await take(line(i), 1)) wanted[i]!.lines.push(line(i))
      }
    }
  }
}

const newOrderNumber = () => String(randomInt(1_000_000_000, 9_999_999_999))

/**
 * A period's box: its order, and the items whose stock it took. The caller tells the catalogue's
 * caches (emitStockChanged) once its transaction has committed, as checkout does: until then a cached
 * item page would still offer the size the box took.
 */
export interface MonthlyOrder {
  orderNumber: string
  itemIds: number[]
}

/** Writes the period's monthly order (inside the caller's transaction). */
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
  payment?: MonthlyBox['payment'],
): Promise<MonthlyOrder> {
  const [made] = await createMonthlyOrders(trx, brandId, [{ member, period, chargeCents, payment }], now, cacheKey)
  return made!
}

/** Writes many periods' monthly orders at once (inside the caller's transaction): each box's order, in the order given. */
export async function createMonthlyOrders(trx: Db, brandId: string, boxes: readonly MonthlyBox[], now: string, cacheKey: object = trx): Promise<MonthlyOrder[]> {
  if (boxes.length === 0) return []
  const numbers = boxes.map(() => newOrderNumber())
  await trx
    .insertInto('orders')
    .values(boxes.map((box, i) => orderRow(brandId, box, numbers[i]!, now)))
    .execute()
  const paid = boxes.flatMap((box, i) =>
    box.chargeCents > 0 && box.payment
      ? [
          {
            brandId,
            orderNumber: numbers[i]!,
            gateway: box.payment.gateway,
            idempotencyKey: box.payment.idempotencyKey,
            amountCents: box.chargeCents,
            now,
            paid: { paymentId: box.payment.paymentId, card: null },
          },
        ]
      : [],
  )
  await writeCharges(trx, paid)
  // the stock last (its rows are the ones other boxes want, held until the caller commits), then the lines it gave
  const linesOf = await monthlyLines(trx, brandId, boxes, cacheKey)
  const lines = boxes.flatMap((_, i) => linesOf[i]!.map((line) => lineRow(brandId, numbers[i]!, line)))
  if (lines.length > 0) await trx.insertInto('order_lines').values(lines).execute()
  return boxes.map((_, i) => ({ orderNumber: numbers[i]!, itemIds: linesOf[i]!.map((line) => line.item_id) }))
}

function lineRow(brandId: string, orderNumber: string, line: Candidate) {
  return {
    id: randomUUID(),
    brand_id: brandId,
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
  }
}

function orderRow(brandId: string, { member, period, chargeCents }: MonthlyBox, orderNumber: string, now: string) {
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
  return {
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
  }
}
