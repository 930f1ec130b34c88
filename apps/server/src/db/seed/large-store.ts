/**
 * A large generated store for the operator area's figures (issue 35 item 11, docs/performance.md):
 * added to one brand of an already seeded database, so the demo store stays as it is beside it.
 *
 * - items: `items` styles, each in 2 to 4 colours (one item row per colour, as the catalogue keeps
 *   them), each colour in the brand's sizes with stock; filed under the brand's categories;
 * - customers: `customers` accounts (no password: they cannot log in), each with an address;
 * - orders: `orders` paid orders of 1 to 3 lines spread over two years, in every state of the life
 *   cycle a store has most of (delivered the most), each with its charge in the payments ledger and
 *   its "created" history entry (written by the order row's history trigger, as a checkout writes it).
 *
 * Rows are made and written in chunks, so memory stays bounded however many are asked for.
 * Deterministic: the same options give the same store.
 */
import type { Kysely } from 'kysely'
import { type Garment, productImageUrl } from '../../media/media.service.ts'
import type { Database } from '../schema.ts'
import { createRandom, insertBatches, type Random, type Rows } from './random.ts'

export interface LargeStoreOptions {
  brandId: string
  items: number
  orders: number
  customers: number
  now?: Date
  seed?: number
  /** told after each chunk: what has been written so far */
  progress?: (what: string, done: number, of: number) => void
}

export interface LargeStoreCounts {
  styles: number
  items: number
  sizes: number
  customers: number
  orders: number
  lines: number
}

const CHUNK = 2_000
const DAY_MS = 86_400_000
const SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL']
const COLOURS: readonly (readonly [string, string])[] = [
  ['Black', '#1f1f1f'],
  ['Navy', '#1d2a4d'],
  ['Heather Grey', '#9a9a9a'],
  ['Wine', '#6d1f33'],
  ['Olive', '#5b6b3a'],
  ['Blush', '#e8b4b8'],
  ['Cobalt', '#2451b3'],
  ['Ivory', '#f4efe3'],
]
const WORDS = ['High-Waist', 'Seamless', 'Ribbed', 'Sculpt', 'Everyday', 'Cloud', 'Pocket', 'Lace', 'Cotton', 'Luxe', 'Flare', 'Cropped', 'Soft', 'Contour']
const TYPES: readonly (readonly [string, Garment])[] = [
  ['Leggings', 'leggings'],
  ['Sports Bra', 'bra'],
  ['Brief', 'briefs'],
  ['Tee', 'tee'],
]
const FIRST = ['Maria', 'Ava', 'Chloe', 'Grace', 'Nina', 'Olivia', 'Sofia', 'Emma', 'Lily', 'Zoe', 'Hannah', 'Jade']
const LAST = ['Lopez', 'Smith', 'Nguyen', 'Brown', 'Garcia', 'Khan', 'Miller', 'Davis', 'Wilson', 'Martin', 'Clark', 'Young']
const CITIES: readonly (readonly [string, string, string])[] = [
  ['Austin', 'TX', '78701'],
  ['Denver', 'CO', '80202'],
  ['Portland', 'OR', '97201'],
  ['Miami', 'FL', '33101'],
  ['Chicago', 'IL', '60601'],
  ['Boston', 'MA', '02108'],
]
/** How a store's two years of orders stand today: most delivered, a few in every other state. */
const STATUS_WEIGHTS: readonly (readonly [string, number])[] = [
  ['delivered', 70],
  ['shipped', 8],
  ['packing', 3],
  ['paid', 6],
  ['cancelled', 5],
  ['refunded', 4],
  ['partially_refunded', 2],
  ['return_requested', 2],
]

function weighted(rand: Random, weights: readonly (readonly [string, number])[]): string {
  const total = weights.reduce((sum, [, w]) => sum + w, 0)
  let at = rand.next() * total
  for (const [value, weight] of weights) {
    at -= weight
    if (at < 0) return value
  }
  return weights[weights.length - 1]?.[0] ?? 'delivered'
}

interface MadeItem {
  id: number
  name: string
  color: string
  price: number
  image: string
}

export async function seedLargeStore(db: Kysely<Database>, options: LargeStoreOptions): Promise<LargeStoreCounts> {
  const now = options.now ?? new Date()
  const rand = createRandom(options.seed ?? 35)
  const brand = await db.selectFrom('brands').select('id').where('id', '=', options.brandId).executeTakeFirst()
  if (!brand) throw new Error(`No brand ${options.brandId}: seed the store first (npm start or npm run migrate).`)
  const categories = await db.selectFrom('categories').select('id').where('brand_id', '=', options.brandId).orderBy('position').execute()
  if (categories.length === 0) throw new Error(`Brand ${options.brandId} has no categories to file the items under.`)
  const club = await db.selectFrom('store_settings').select('brand_has_club').where('brand_id', '=', options.brandId).executeTakeFirst()
  const hasClub = Boolean(club?.brand_has_club)
  const top = await db
    .selectFrom('items')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst()
  const runTag = `L${(options.seed ?? 35).toString(36)}${Date.now().toString(36).slice(-4)}`.toUpperCase()
  const counts: LargeStoreCounts = { styles: 0, items: 0, sizes: 0, customers: 0, orders: 0, lines: 0 }

  // ---- items
  const madeItems: MadeItem[] = []
  let nextId = Number(top?.id ?? 0) + 1
  for (let from = 0; from < options.items; from += CHUNK) {
    const itemRows: Rows<'items'> = []
    const categoryRows: Rows<'item_categories'> = []
    const sizeRows: Rows<'item_sizes'> = []
    const imageRows: Rows<'item_images'> = []
    for (let s = from; s < Math.min(options.items, from + CHUNK); s += 1) {
      const [typeName, garment] = rand.pick(TYPES)
      const name = `${rand.pick(WORDS)} ${rand.pick(WORDS)} ${typeName} ${s + 1}`
      const price = rand.pick([1999, 2499, 2999, 3499, 3999, 4999, 5999])
      const category = rand.pick(categories).id
      const colours = rand.shuffle(COLOURS).slice(0, rand.int(2, 4))
      const createdAt = new Date(now.getTime() - rand.int(0, 730) * DAY_MS).toISOString()
      counts.styles += 1
      for (const [colour, swatch] of colours) {
        const id = nextId
        nextId += 1
        const image = productImageUrl({ itemId: id, garment, view: 'front', color: swatch, width: 600, height: 900 })
        itemRows.push({
          id,
          brand_id: options.brandId,
          style_id: `${runTag}-style-${s + 1}`,
          name,
          item_type_name: typeName,
          description: `${name} in ${colour}.`,
          color: colour,
          swatch,
          price_cents: price,
          original_price_cents: rand.chance(0.2) ? price + 1000 : null,
          member_price_cents: hasClub ? price - 500 : null,
          image_max_height: null,
          created_at: createdAt,
        })
        categoryRows.push({ brand_id: options.brandId, item_id: id, category_id: category, position: 1000 + id })
        SIZES.forEach((size, position) => {
          sizeRows.push({ brand_id: options.brandId, item_id: id, size, stock: rand.chance(0.08) ? 0 : rand.int(1, 60), position })
        })
        imageRows.push({
          brand_id: options.brandId,
          id: `${runTag}-img-${id}`,
          item_id: id,
          kind: 'image1',
          url: image,
          width: 600,
          height: 900,
          alt: `${name} in ${colour}`,
          position: 1,
        })
        // orders pick their lines from a sample, so memory stays bounded for any catalogue
        if (madeItems.length < 5_000 || rand.chance(0.05)) madeItems.push({ id, name, color: colour, price, image })
      }
    }
    await db.transaction().execute(async (trx) => {
      counts.items += await insertBatches(trx, 'items', itemRows)
      await insertBatches(trx, 'item_categories', categoryRows)
      counts.sizes += await insertBatches(trx, 'item_sizes', sizeRows)
      await insertBatches(trx, 'item_images', imageRows)
    })
    options.progress?.('items', Math.min(options.items, from + CHUNK), options.items)
  }
  if (madeItems.length === 0) {
    const existing = await db.selectFrom('items').select(['id', 'name', 'color', 'price_cents']).where('brand_id', '=', options.brandId).limit(500).execute()
    for (const item of existing) madeItems.push({ id: item.id, name: item.name, color: item.color, price: item.price_cents, image: '' })
  }

  // ---- customers
  const customerOf = (n: number) => ({
    id: `${runTag}-customer-${n}`,
    name: `${FIRST[n % FIRST.length]} ${LAST[Math.floor(n / FIRST.length) % LAST.length]}`,
    email: `shopper${n}.${runTag.toLowerCase()}@large.example`,
    city: CITIES[n % CITIES.length] ?? CITIES[0],
  })
  for (let from = 0; from < options.customers; from += CHUNK) {
    const customerRows: Rows<'customers'> = []
    const addressRows: Rows<'addresses'> = []
    for (let n = from; n < Math.min(options.customers, from + CHUNK); n += 1) {
      const customer = customerOf(n)
      const [city, state, zip] = customer.city ?? ['Austin', 'TX', '78701']
      customerRows.push({
        id: customer.id,
        brand_id: options.brandId,
        name: customer.name,
        email: customer.email,
        password_hash: null,
        birthday_day: null,
        birthday_month: null,
        created_at: new Date(now.getTime() - rand.int(0, 730) * DAY_MS).toISOString(),
      })
      addressRows.push({
        id: `${runTag}-address-${n}`,
        brand_id: options.brandId,
        customer_id: customer.id,
        address_type: 'shipping',
        name: customer.name,
        country: 'US',
        address: `${100 + (n % 900)} Main Street`,
        city,
        state,
        zip,
        is_default: 1,
      })
    }
    await db.transaction().execute(async (trx) => {
      counts.customers += await insertBatches(trx, 'customers', customerRows)
      await insertBatches(trx, 'addresses', addressRows)
    })
    options.progress?.('customers', Math.min(options.customers, from + CHUNK), options.customers)
  }

  // ---- orders, their lines, charges and history
  for (let from = 0; from < options.orders; from += CHUNK) {
    const orderRows: Rows<'orders'> = []
    const lineRows: Rows<'order_lines'> = []
    const paymentRows: Rows<'payments'> = []
    for (let n = from; n < Math.min(options.orders, from + CHUNK); n += 1) {
      const orderNumber = `${runTag}${String(n + 1).padStart(7, '0')}`
      // a third of the orders are guests' (no account), the rest spread over the customers
      const customer = options.customers > 0 && rand.chance(0.67) ? customerOf(rand.int(0, options.customers - 1)) : null
      const guest = customerOf(options.customers + n)
      const who = customer ?? guest
      const [city, state, zip] = who.city ?? ['Austin', 'TX', '78701']
      // older orders first: numbers grow with time, as a store's do
      const createdAt = new Date(now.getTime() - Math.floor(((options.orders - n) / options.orders) * 730 * DAY_MS) - rand.int(0, 3_600_000)).toISOString()
      const status = weighted(rand, STATUS_WEIGHTS)
      let subtotal = 0
      const lineCount = rand.int(1, 3)
      for (let l = 0; l < lineCount; l += 1) {
        const item = rand.pick(madeItems)
        const qty = rand.chance(0.85) ? 1 : 2
        subtotal += item.price * qty
        lineRows.push({
          brand_id: options.brandId,
          id: `${orderNumber}-${l + 1}`,
          order_number: orderNumber,
          item_id: item.id,
          name: item.name,
          color: item.color,
          size: rand.pick(SIZES),
          qty,
          price_cents: item.price,
          total_cents: item.price * qty,
          image1: item.image || null,
          offer_id: null,
        })
        counts.lines += 1
      }
      const shipping = subtotal >= 5000 ? 0 : 595
      const tax = Math.round(subtotal * 0.0825)
      const total = subtotal + shipping + tax
      const address = `${100 + (n % 900)} Main Street`
      orderRows.push({
        order_number: orderNumber,
        brand_id: options.brandId,
        customer_id: customer?.id ?? null,
        cart_id: null,
        email: who.email,
        status,
        subtotal_cents: subtotal,
        discount_cents: 0,
        shipping_cents: shipping,
        tax_cents: tax,
        total_cents: total,
        shipping_method: shipping === 0 ? 'free' : 'standard',
        shipping_name: who.name,
        shipping_country: 'US',
        shipping_address: address,
        shipping_city: city,
        shipping_state: state,
        shipping_zip: zip,
        billing_name: who.name,
        billing_country: 'US',
        billing_address: address,
        billing_city: city,
        billing_state: state,
        billing_zip: zip,
        payment_method_id: null,
        idempotency_key: null,
        created_at: createdAt,
        placed_by_visitor_id: null,
        reserved_until: null,
        membership_id: null,
        club_period: null,
        history_id: `${orderNumber}-created`,
        history_event: 'created',
        history_actor: 'store',
        history_detail: JSON.stringify({ generated: true, status }),
        history_visible: 1,
        history_at: createdAt,
      })
      const chargeId = `${orderNumber}-charge`
      paymentRows.push(payment(options.brandId, orderNumber, chargeId, 'charge', total, createdAt, null))
      // cancelled and refunded orders gave back all they took; a partial refund was an amount (half)
      const refunded = status === 'cancelled' || status === 'refunded' ? total : status === 'partially_refunded' ? Math.floor(total / 2) : 0
      if (refunded > 0) paymentRows.push(payment(options.brandId, orderNumber, `${orderNumber}-refund`, 'refund', refunded, createdAt, chargeId))
    }
    await db.transaction().execute(async (trx) => {
      counts.orders += await insertBatches(trx, 'orders', orderRows)
      await insertBatches(trx, 'order_lines', lineRows)
      await insertBatches(trx, 'payments', paymentRows)
    })
    options.progress?.('orders', Math.min(options.orders, from + CHUNK), options.orders)
  }
  return counts
}

function payment(brandId: string, orderNumber: string, id: string, kind: 'charge' | 'refund', amount: number, at: string, refundOf: string | null) {
  return {
    id,
    brand_id: brandId,
    order_number: orderNumber,
    offer_id: null,
    gateway: 'test',
    gateway_payment_id: `gen_${id}`,
    idempotency_key: id,
    amount_cents: amount,
    status: 'succeeded',
    decline_reason: null,
    card_brand: 'visa',
    last4: '4242',
    exp_month: 12,
    exp_year: 2030,
    saved_method: null,
    offer_line: null,
    created_at: at,
    updated_at: at,
    kind,
    refund_of: refundOf,
  }
}
