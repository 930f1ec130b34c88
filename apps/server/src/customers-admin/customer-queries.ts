/**
 * The operator's reads of customers: the list (searched by e-mail, name or phone,
 * newest first, by cursor) and one customer with their orders, addresses,
 * membership, reviews and messages. Every query is bound to the brand.
 */
import type { AdminCustomerAddress, AdminCustomerMembership, AdminCustomerOrder, AdminCustomerRow, AdminMessage, AdminReview } from '@store/core'
import { fromCents } from '@store/core'
import { sql, type Kysely, type Transaction } from 'kysely'
import type { Database } from '../db/schema.ts'
import { badRequest } from '../http/errors.ts'
import { statusOf } from '../membership/membership.view.ts'
import { messagesOfCustomer } from '../customer-service/message-inbox.ts'
import { reviewsOfCustomer } from '../reviews/review-moderation.ts'

type Db = Kysely<Database> | Transaction<Database>

const CUSTOMER_COLUMNS = ['id', 'name', 'email', 'has_club', 'created_at', 'erased_at', 'birthday_day', 'birthday_month'] as const

export interface CustomerSearch {
  query?: string
  cursor?: string
  limit?: number
}

const encodeCursor = (row: { created_at: string; id: string }) => Buffer.from(`${row.created_at}|${row.id}`).toString('base64url')
function decodeCursor(cursor: string): { at: string; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|')
  if (!at || !id || Number.isNaN(Date.parse(at))) throw badRequest('This page of customers is not one we gave out. Start from the first page.', 'cursor')
  return { at, id }
}

/** 'ann@example.com': one address, found by the unique index rather than by a scan. */
const isWholeEmail = (text: string) => /^[^\s@%_]+@[^\s@%_]+\.[a-z]{2,}$/i.test(text)

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

/** A phone's digits alone, in SQL: '(555) 123-4567' -> '5551234567'. */
const phoneDigits = sql<string>`replace(replace(replace(replace(replace(replace(addresses.phone, ' ', ''), '-', ''), '(', ''), ')', ''), '+', ''), '.', '')`

/**
 * A page of the brand's customers, newest first. `query` matches part of an e-mail or
 * a name (any case), or, when it is a phone number (4 digits or more), part of the
 * phone of any of their addresses; a whole e-mail address matches that address only. Two more statements for the whole page: the
 * orders counted and the default phone.
 */
export async function searchCustomers(db: Db, brandId: string, input: CustomerSearch): Promise<{ customers: AdminCustomerRow[]; next_cursor: string | null }> {
  const limit = input.limit ?? 50
  let q = db.selectFrom('customers').select(CUSTOMER_COLUMNS).where('customers.brand_id', '=', brandId)
  if (input.cursor) {
    const after = decodeCursor(input.cursor)
    q = q.where((eb) => eb.or([eb('customers.created_at', '<', after.at), eb.and([eb('customers.created_at', '=', after.at), eb('customers.id', '<', after.id)])]))
  }
  const query = input.query?.trim()
  if (query && isWholeEmail(query)) {
    // a whole address: the unique index (brand_id, email) answers at once
    q = q.where('customers.email', '=', query.toLowerCase())
  } else if (query) {
    const like = `%${escapeLike(query.toLowerCase())}%`
    const digits = query.replace(/\D/g, '')
    const isPhone = digits.length >= 4 && /^[\d\s()+.-]+$/.test(query)
    q = q.where((eb) =>
      eb.or([
        sql<boolean>`customers.email like ${like} escape '\\'`,
        sql<boolean>`lower(customers.name) like ${like} escape '\\'`,
        // the phones are read once for the whole search (not once per customer)
        ...(isPhone
          ? [
              eb(
                'customers.id',
                'in',
                eb
                  .selectFrom('addresses')
                  .select('addresses.customer_id')
                  .where('addresses.brand_id', '=', brandId)
                  .where(sql<boolean>`${phoneDigits} like ${`%${digits}%`}`),
              ),
            ]
          : []),
      ]),
    )
  }
  const rows = await q
    .orderBy('customers.created_at', 'desc')
    .orderBy('customers.id', 'desc')
    .limit(limit + 1)
    .execute()
  const page = rows.slice(0, limit)
  const ids = page.map((row) => row.id)
  const [counts, phones] =
    ids.length === 0
      ? [[], []]
      : await Promise.all([
          db
            .selectFrom('orders')
            .select(['customer_id', (eb) => eb.fn.countAll<number | string>().as('n')])
            .where('brand_id', '=', brandId)
            .where('customer_id', 'in', ids)
            .where('status', '!=', 'pending_payment')
            .groupBy('customer_id')
            .execute(),
          db
            .selectFrom('addresses')
            .select(['customer_id', 'phone', 'is_default'])
            .where('brand_id', '=', brandId)
            .where('customer_id', 'in', ids)
            .where('phone', '!=', '')
            .execute(),
        ])
  const customers = page.map((row) => {
    const own = phones.filter((p) => p.customer_id === row.id)
    return {
      id: row.id,
      name: row.name,
      email: row.email,
      phone: (own.find((p) => p.is_default === 1) ?? own[0])?.phone ?? null,
      created_at: row.created_at,
      has_club: row.has_club === 1,
      order_count: Number(counts.find((c) => c.customer_id === row.id)?.n ?? 0),
      erased_at: row.erased_at,
    }
  })
  const last = page.at(-1)
  return { customers, next_cursor: rows.length > limit && last ? encodeCursor(last) : null }
}

export async function findCustomerRow(db: Db, brandId: string, id: string) {
  return db.selectFrom('customers').select(CUSTOMER_COLUMNS).where('brand_id', '=', brandId).where('id', '=', id).executeTakeFirst()
}

/** The customer's orders, newest first, as headlines (the pieces counted); orders still waiting for their payment left out. */
async function ordersOfCustomer(db: Db, brandId: string, customerId: string, limit = 100): Promise<AdminCustomerOrder[]> {
  const rows = await db
    .selectFrom('orders')
    .leftJoin('order_lines', (join) => join.onRef('order_lines.order_number', '=', 'orders.order_number').on('order_lines.cancelled', '=', 0))
    .select(['orders.order_number', 'orders.created_at', 'orders.status', 'orders.total_cents', (eb) => eb.fn.sum<number | string | null>('order_lines.qty').as('pieces')])
    .where('orders.brand_id', '=', brandId)
    .where('orders.customer_id', '=', customerId)
    .where('orders.status', '!=', 'pending_payment')
    .groupBy(['orders.order_number', 'orders.created_at', 'orders.status', 'orders.total_cents'])
    .orderBy('orders.created_at', 'desc')
    .limit(limit)
    .execute()
  return rows.map((row) => ({
    order_number: row.order_number,
    created_at: row.created_at,
    status: row.status,
    total: fromCents(row.total_cents),
    pieces: Number(row.pieces ?? 0),
  }))
}

export async function addressesOfCustomer(db: Db, brandId: string, customerId: string): Promise<AdminCustomerAddress[]> {
  const rows = await db
    .selectFrom('addresses')
    .selectAll()
    .where('brand_id', '=', brandId)
    .where('customer_id', '=', customerId)
    .orderBy('address_type')
    .orderBy('is_default', 'desc')
    .execute()
  return rows.map((row) => ({
    id: row.id,
    address_type: row.address_type,
    name: row.name,
    company: row.company,
    address: row.address,
    address_2: row.address_2,
    city: row.city,
    state: row.state,
    zip: row.zip,
    country: row.country,
    phone: row.phone,
    default: row.is_default === 1,
  }))
}

/** The customer's membership (the latest, if they joined more than once) with its charges, newest first. */
export async function membershipOfCustomer(db: Db, brandId: string, customerId: string): Promise<AdminCustomerMembership | null> {
  const row = await db
    .selectFrom('memberships')
    .select(['id', 'status', 'amount_cents', 'next_billing_date', 'joined_on', 'cancelled_at'])
    .where('brand_id', '=', brandId)
    .where('customer_id', '=', customerId)
    .orderBy('created_at', 'desc')
    .executeTakeFirst()
  if (!row) return null
  const charges = await db
    .selectFrom('membership_charges')
    .select(['period', 'kind', 'status', 'amount_cents', 'created_at'])
    .where('brand_id', '=', brandId)
    .where('membership_id', '=', row.id)
    .orderBy('created_at', 'desc')
    .limit(36)
    .execute()
  return {
    id: row.id,
    status: statusOf(row),
    amount: fromCents(row.amount_cents),
    next_billing_date: row.next_billing_date,
    joined_on: row.joined_on,
    cancelled_at: row.cancelled_at,
    history: charges.map((charge) => ({ period: charge.period, kind: charge.kind, status: charge.status, amount: fromCents(charge.amount_cents), at: charge.created_at })),
  }
}

export interface CustomerFile {
  row: NonNullable<Awaited<ReturnType<typeof findCustomerRow>>>
  orders: AdminCustomerOrder[]
  addresses: AdminCustomerAddress[]
  membership: AdminCustomerMembership | null
  reviews: AdminReview[]
  messages: AdminMessage[]
}

/** Everything the customer page shows of one customer. */
export async function customerFile(db: Db, brandId: string, row: CustomerFile['row']): Promise<CustomerFile> {
  const [orders, addresses, membership, reviews, messages] = await Promise.all([
    ordersOfCustomer(db, brandId, row.id),
    addressesOfCustomer(db, brandId, row.id),
    membershipOfCustomer(db, brandId, row.id),
    reviewsOfCustomer(db, brandId, row.id),
    messagesOfCustomer(db, brandId, row.id, row.email),
  ])
  return { row, orders, addresses, membership, reviews, messages }
}
