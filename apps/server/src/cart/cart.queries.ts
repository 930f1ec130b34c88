import { randomUUID } from 'node:crypto'
import { sql, type Expression, type Kysely, type RawBuilder, type Transaction } from 'kysely'
import { dialectOf, type Dialect } from '../db/connection.ts'
import { coalescedRowRead } from '../db/coalesced-read.ts'
import { jsonObjectFrom, readJsonColumn } from '../db/json-aggregate.ts'
import type { CartsRow, Database, StoreSettingsRow } from '../db/schema.ts'
import { liveSession, type Session } from '../sessions/session-store.ts'
import { getSettingsBundle } from '../settings/settings.service.ts'

type Db = Kysely<Database> | Transaction<Database>

export function findOpenCart(db: Db, brandId: string, cartId: string) {
  return db.selectFrom('carts').selectAll().where('id', '=', cartId).where('brand_id', '=', brandId).where('status', '=', 'open').executeTakeFirst()
}

/**
 * A new open cart for the session, its id; undefined when the session has an open cart already (a
 * request racing this one made it: one open cart per session, a unique index), which
 * findSessionCartId then reads.
 */
export async function insertOpenCart(db: Db, brandId: string, session: Pick<Session, 'id' | 'customerId'>, now: string): Promise<string | undefined> {
  const row = await db
    .insertInto('carts')
    .values({ id: randomUUID(), brand_id: brandId, customer_id: session.customerId, session_key: session.id, created_at: now, updated_at: now })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst()
  return row?.id
}

/** The id of the session's open cart. */
export async function findSessionCartId(db: Db, brandId: string, sessionKey: string): Promise<string> {
  const cart = await db
    .selectFrom('carts')
    .select('id')
    .where('brand_id', '=', brandId)
    .where('session_key', '=', sessionKey)
    .where('status', '=', 'open')
    .executeTakeFirstOrThrow()
  return cart.id
}

/** What the shopper sees of each cart line (the item, its stock, its front image), before the where. */
function cartLineSelect(db: Db) {
  return db
    .selectFrom('cart_lines')
    .innerJoin('items', 'items.id', 'cart_lines.item_id')
    .leftJoin('item_sizes', (join) => join.onRef('item_sizes.item_id', '=', 'cart_lines.item_id').onRef('item_sizes.size', '=', 'cart_lines.size'))
    .leftJoin('item_images', (join) => join.onRef('item_images.item_id', '=', 'cart_lines.item_id').on('item_images.kind', '=', 'image1'))
    .select([
      'cart_lines.id as cartId',
      'cart_lines.item_id',
      'cart_lines.size',
      'cart_lines.qty',
      'cart_lines.bundled_with',
      'cart_lines.social_media_special',
      'cart_lines.skip_qty_controls',
      'cart_lines.price_override_cents',
      'cart_lines.banner',
      'cart_lines.created_at',
      'cart_lines.exchange_of',
      'cart_lines.exchange_order',
      'items.name',
      'items.description',
      'items.color',
      'items.price_cents',
      'items.original_price_cents',
      'items.member_price_cents',
      'items.discount_class',
      // an item taken off sale has none left to sell: the line stays, shown out of stock, and checkout refuses it
      (eb) => eb.case().when('items.active', '=', 1).then(eb.ref('item_sizes.stock')).else(0).end().as('stock'),
      'item_images.url as image',
      // a social media special claimed from a special that ships free (its free_shipping): the cart's estimate and checkout alike
      (eb) =>
        eb
          .case()
          .when(
            eb.and([
              eb('cart_lines.social_media_special', '=', 1),
              eb.exists(
                eb
                  .selectFrom('social_media_specials')
                  .select('social_media_specials.id')
                  .whereRef('social_media_specials.item_id', '=', 'cart_lines.item_id')
                  .whereRef('social_media_specials.brand_id', '=', 'items.brand_id')
                  .where('social_media_specials.free_shipping', '=', 1),
              ),
            ]),
          )
          .then(1)
          .else(0)
          .end()
          .as('ships_free'),
    ])
}

/**
 * The fields of a line in the order the lines' JSON column lists them: each line is a JSON array
 * of its values, not an object naming them (SQLite builds and JS parses the shorter text faster,
 * and the cart's answer compares it whole, cart-memo.ts). `lineOf` reads one back.
 */
const LINE_FIELDS = [
  'cartId',
  'item_id',
  'size',
  'qty',
  'bundled_with',
  'social_media_special',
  'skip_qty_controls',
  'price_override_cents',
  'banner',
  'created_at',
  'name',
  'description',
  'color',
  'price_cents',
  'original_price_cents',
  'member_price_cents',
  'discount_class',
  'stock',
  'image',
  'ships_free',
  'exchange_of',
  'exchange_order',
] as const satisfies readonly (keyof CartLineRow)[]
// every field of a line is listed: a field added to CartLineRow and not here fails to compile
const everyLineField: Exclude<keyof CartLineRow, (typeof LINE_FIELDS)[number]> extends never ? true : never = true
void everyLineField

/** A line from its JSON array (LINE_FIELDS order). */
function lineOf(values: unknown[]): CartLineRow {
  const line: Record<string, unknown> = {}
  for (let i = 0; i < LINE_FIELDS.length; i++) line[LINE_FIELDS[i]!] = values[i] ?? null
  return line as unknown as CartLineRow
}

/** The lines of a cart as one JSON text column of the cart's row: an array of arrays (LINE_FIELDS), `sortedLines` reads it. */
function cartLinesOf(db: Db, dialect: Dialect, cartId: Expression<string | null>): RawBuilder<unknown> {
  const rows = cartLineSelect(db).whereRef('cart_lines.cart_id', '=', cartId)
  const values = sql.join(LINE_FIELDS.map((field) => sql.ref(`agg.${field}`)))
  return dialect === 'postgres'
    ? // as text, as SQLite gives it: pg would parse it into objects for cart-memo.ts to write back to text for its key
      sql`(select coalesce(json_agg(json_build_array(${values})), '[]')::text from ${rows} as agg)`
    : sql`(select coalesce(json_group_array(json_array(${values})), '[]') from ${rows} as agg)`
}

/** Lines of a cart in the order they were added (checkout reads them inside its transaction). */
export function listCartLines(db: Db, cartId: string): Promise<CartLineRow[]> {
  return cartLineSelect(db).where('cart_lines.cart_id', '=', cartId).orderBy('cart_lines.created_at').orderBy('cart_lines.id').execute()
}

export interface CartLineRow {
  cartId: string
  item_id: number
  size: string
  qty: number
  bundled_with: string | null
  social_media_special: number
  /** 1 for a social media special whose special ships free */
  ships_free: number
  skip_qty_controls: number
  price_override_cents: number | null
  banner: string | null
  created_at: string
  name: string
  description: string
  color: string
  price_cents: number
  original_price_cents: number | null
  member_price_cents: number | null
  discount_class: string
  stock: number | null
  image: string | null
  /** an exchange's line (docs/decisions/223): the order a piece of which it replaces; null on every other line */
  exchange_of: string | null
  /** and the replacement's own order, reserved at once ('pending_payment') */
  exchange_order: string | null
}

function openCartWithLinesSelect(db: Db) {
  return db
    .selectFrom('carts')
    .selectAll('carts')
    .select((eb) => cartLinesOf(db, dialectOf(db), eb.ref('carts.id')).as('lines'))
    .where('carts.status', '=', 'open')
}

/**
 * The open cart with its lines as a JSON column: every cart read asks this, so it is compiled once per
 * database (db/prepared.ts), and concurrent requests' reads share one statement on PostgreSQL
 * (db/coalesced-read.ts; the sessions kept in Redis, GET /api/cart reads the cart by this alone).
 */
const openCartWithLines = coalescedRowRead('carts', openCartWithLinesSelect)

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

/**
 * An open cart of the brand with its lines, in one statement; lines in the order they were added.
 * (`_dialect` stays for the callers: the compiled query takes the dialect from `db` itself.)
 */
export async function findOpenCartWithLines(db: Db, _dialect: Dialect, brandId: string, cartId: string) {
  const row = await openCartWithLines.first(db, { id: cartId, brandId })
  if (!row) return undefined
  const { lines, ...cart } = row
  return { cart, lines: sortedLines(lines) }
}

/** The same read as findOpenCartWithLines, the lines left as read (the cart's answer parses them only when it must). */
export async function readOpenCart(db: Db, brandId: string, cartId: string): Promise<OpenCartRead | undefined> {
  const row = await openCartWithLines.first(db, { id: cartId, brandId })
  if (!row) return undefined
  const { id, discount_code_id, checkout_flow, saw_club_upsell, removed_free_promo, offer_code, lines } = row
  return { cart: { id, discount_code_id, checkout_flow, saw_club_upsell, removed_free_promo, offer_code }, linesJson: lines }
}

/** The lines' JSON column, in the order listCartLines gives: ISO times, then ids, compared as plain text (SQL's binary order). */
export function sortedLines(lines: unknown): CartLineRow[] {
  return readJsonColumn<unknown[][]>(lines, [])
    .map(lineOf)
    .sort((a, b) => compareText(a.created_at, b.created_at) || compareText(a.cartId, b.cartId))
}

/** What the cart read takes of the cart's own row. */
export type CartHead = Pick<CartsRow, 'id' | 'discount_code_id' | 'checkout_flow' | 'saw_club_upsell' | 'removed_free_promo' | 'offer_code'>

/**
 * The session with its open cart and the cart's lines, in one statement: GET /api/cart reads the
 * session only to find the cart, so both come at once (SessionHandle.readWith). Brand-bound twice: the
 * session at this brand, and the cart at the session's brand.
 */
function sessionWithOpenCartSelect(db: Db) {
  return (
    db
      .selectFrom('sessions')
      .select(['sessions.id', 'sessions.brand_id', 'sessions.visitor_id', 'sessions.customer_id', 'sessions.cart_id', 'sessions.order_numbers', 'sessions.expires_at'])
      // the cart and its lines as two subqueries of the session's row: a join to carts with the lines
      // correlated on it took SQLite ~7 times as long as the two reads it replaces
      .select((eb) =>
        jsonObjectFrom(
          dialectOf(db),
          eb
            .selectFrom('carts')
            .select(['carts.id', 'carts.discount_code_id', 'carts.checkout_flow', 'carts.saw_club_upsell', 'carts.removed_free_promo', 'carts.offer_code'])
            .whereRef('carts.id', '=', 'sessions.cart_id')
            .whereRef('carts.brand_id', '=', 'sessions.brand_id')
            .where('carts.status', '=', 'open'),
        ).as('cart'),
      )
      .select((eb) => cartLinesOf(db, dialectOf(db), eb.ref('sessions.cart_id')).as('lines'))
  )
}

/** Concurrent requests' cart reads in one statement on PostgreSQL (db/coalesced-read.ts). */
const sessionWithOpenCart = coalescedRowRead('sessions', sessionWithOpenCartSelect)

export async function findSessionWithOpenCart(db: Db, brandId: string, sessionId: string): Promise<{ session: Session | null; with: OpenCart | null }> {
  const { session, with: read } = await readSessionWithOpenCart(db, brandId, sessionId)
  return { session, with: read ? { cart: read.cart, lines: sortedLines(read.linesJson) } : null }
}

/** findSessionWithOpenCart with the lines left as read (JSON text on SQLite): GET /api/cart parses them only when its answer is not known yet. */
export async function readSessionWithOpenCart(db: Db, brandId: string, sessionId: string): Promise<{ session: Session | null; with: OpenCartRead | null }> {
  const row = await sessionWithOpenCart.first(db, { id: sessionId, brandId })
  const session = liveSession(row)
  const cart = row && session ? readJsonColumn<CartHead | null>(row.cart, null) : null
  // the lines are the session's cart's: shown only when that cart is open (its row came back)
  if (!cart) return { session, with: null }
  const { id, discount_code_id, checkout_flow, saw_club_upsell, removed_free_promo, offer_code } = cart
  return { session, with: { cart: { id, discount_code_id, checkout_flow, saw_club_upsell, removed_free_promo, offer_code }, linesJson: row!.lines } }
}

/** An open cart's head and its lines as the database gave them: the JSON column's text (on either database); `sortedLines` reads it. */
export interface OpenCartRead {
  cart: CartHead
  linesJson: unknown
}

/** An open cart's head and its lines in the order they were added. */
export interface OpenCart {
  cart: CartHead
  lines: CartLineRow[]
}

/** The settings the cart's money rule needs: the settings row, cached with the store settings (no statement of its own). */
export async function findCartSettings(db: Db, brandId: string): Promise<CartSettingsRow> {
  const bundle = await getSettingsBundle(db, brandId)
  if (!bundle) throw new Error(`The brand ${brandId} has no store settings row.`)
  return bundle.row
}

export type CartSettingsRow = Pick<
  StoreSettingsRow,
  | 'free_shipping_threshold_cents'
  | 'standard_shipping_cost_cents'
  | 'express_shipping_cost_cents'
  | 'tax_rate_basis_points'
  | 'club_monthly_cents'
  | 'club_discount_percentage'
  | 'brand_has_club'
  | 'afterpay'
  | 'afterpay_min_cents'
  | 'afterpay_max_cents'
  | 'main_shopping_path'
>

export function findSellableSize(db: Db, brandId: string, itemId: number, size: string) {
  return db
    .selectFrom('items')
    .leftJoin('item_sizes', (join) => join.onRef('item_sizes.item_id', '=', 'items.id').on('item_sizes.size', '=', size))
    .select(['items.id', 'items.name', 'items.vip_exclusive', 'item_sizes.size', 'item_sizes.stock'])
    .where('items.id', '=', itemId)
    .where('items.brand_id', '=', brandId)
    .where('items.active', '=', 1)
    .executeTakeFirst()
}

export function findCartLine(db: Db, cartId: string, lineId: string) {
  return db.selectFrom('cart_lines').selectAll().where('cart_id', '=', cartId).where('id', '=', lineId).executeTakeFirst()
}

export function findMergeableLine(db: Db, cartId: string, itemId: number, size: string) {
  return db
    .selectFrom('cart_lines')
    .selectAll()
    .where('cart_id', '=', cartId)
    .where('item_id', '=', itemId)
    .where('size', '=', size)
    .where('bundled_with', 'is', null)
    .where('social_media_special', '=', 0)
    .where('price_override_cents', 'is', null)
    .executeTakeFirst()
}

/** A few items of the brand's main category to suggest in the drawer: one query. */
export function listFeaturedItems(db: Db, brandId: string, categoryName: string, limit: number) {
  return db
    .selectFrom('categories')
    .innerJoin('item_categories', 'item_categories.category_id', 'categories.id')
    .innerJoin('items', 'items.id', 'item_categories.item_id')
    .leftJoin('item_images', (join) => join.onRef('item_images.item_id', '=', 'items.id').on('item_images.kind', '=', 'image1'))
    .select(['items.id', 'items.name', 'items.color', 'items.price_cents', 'items.original_price_cents', 'items.member_price_cents', 'item_images.url as image'])
    .where('categories.brand_id', '=', brandId)
    .where('categories.name', '=', categoryName)
    .where('items.active', '=', 1)
    .orderBy('item_categories.position')
    .limit(limit)
    .execute()
}
