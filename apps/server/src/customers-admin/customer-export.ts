/**
 * One customer's data as a JSON document (docs/admin-customers.md): what the store
 * holds about them, for a request to see it (GDPR art. 15, CCPA's right to know):
 * the account, addresses, orders with their lines, membership with its charges,
 * reviews, messages with the replies sent, and the wishlist. Nothing of anyone else:
 * every query is by this customer's id (and, for messages, their account's address)
 * at this brand.
 */
import { fromCents } from '@store/core'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import { messagesOfCustomer } from '../customer-service/message-inbox.ts'
import { addressesOfCustomer, findCustomerRow, membershipOfCustomer } from './customer-queries.ts'
import { reviewsOfCustomer } from '../reviews/review-moderation.ts'
import { notFound } from '../http/errors.ts'

const ORDER_COLUMNS = [
  'order_number',
  'created_at',
  'status',
  'email',
  'subtotal_cents',
  'discount_cents',
  'shipping_cents',
  'tax_cents',
  'total_cents',
  'shipping_method',
  'shipping_name',
  'shipping_company',
  'shipping_address',
  'shipping_address_2',
  'shipping_city',
  'shipping_state',
  'shipping_zip',
  'shipping_country',
  'shipping_phone',
  'billing_name',
  'billing_company',
  'billing_address',
  'billing_address_2',
  'billing_city',
  'billing_state',
  'billing_zip',
  'billing_country',
  'billing_phone',
] as const

export async function exportCustomer(db: Kysely<Database>, brandId: string, customerId: string, exportedAt: string) {
  const row = await findCustomerRow(db, brandId, customerId)
  if (!row) throw notFound('There is no such customer in this store.')
  const [orders, addresses, membership, reviews, messages, wishlist, replies] = await Promise.all([
    db.selectFrom('orders').select(ORDER_COLUMNS).where('brand_id', '=', brandId).where('customer_id', '=', customerId).orderBy('created_at').execute(),
    addressesOfCustomer(db, brandId, customerId),
    membershipOfCustomer(db, brandId, customerId),
    reviewsOfCustomer(db, brandId, customerId),
    messagesOfCustomer(db, brandId, customerId, row.email),
    db
      .selectFrom('wishlist_entries')
      .leftJoin('items', (join) => join.onRef('items.id', '=', 'wishlist_entries.item_id').on('items.brand_id', '=', brandId))
      .select(['wishlist_entries.item_id', 'items.name', 'wishlist_entries.created_at'])
      .where('wishlist_entries.brand_id', '=', brandId)
      .where('wishlist_entries.customer_id', '=', customerId)
      .orderBy('wishlist_entries.created_at')
      .execute(),
    db
      .selectFrom('message_replies')
      .select(['message_id', 'body', 'created_at'])
      .where('brand_id', '=', brandId)
      .where('message_id', 'in', (eb) =>
        eb
          .selectFrom('contact_messages')
          .select('id')
          .where('brand_id', '=', brandId)
          .where((w) => w.or([w('customer_id', '=', customerId), w('email', '=', row.email)]))
          .unionAll(
            eb
              .selectFrom('feedback_messages')
              .select('id')
              .where('brand_id', '=', brandId)
              .where((w) => w.or([w('customer_id', '=', customerId), w('email', '=', row.email)])),
          ),
      )
      .orderBy('created_at')
      .execute(),
  ])
  const numbers = orders.map((order) => order.order_number)
  const lines =
    numbers.length === 0
      ? []
      : await db
          .selectFrom('order_lines')
          .select(['order_number', 'item_id', 'name', 'color', 'size', 'qty', 'total_cents', 'cancelled'])
          .where('brand_id', '=', brandId)
          .where('order_number', 'in', numbers)
          .execute()
  return {
    exported_at: exportedAt,
    account: {
      id: row.id,
      name: row.name,
      email: row.email,
      created_at: row.created_at,
      birthday: row.birthday_month && row.birthday_day ? `${String(row.birthday_month).padStart(2, '0')}-${String(row.birthday_day).padStart(2, '0')}` : null,
      club_member: row.has_club === 1,
      erased_at: row.erased_at,
    },
    addresses,
    orders: orders.map(({ subtotal_cents, discount_cents, shipping_cents, tax_cents, total_cents, ...order }) => ({
      ...order,
      subtotal: fromCents(subtotal_cents),
      discount: fromCents(discount_cents),
      shipping: fromCents(shipping_cents),
      tax: fromCents(tax_cents),
      total: fromCents(total_cents),
      lines: lines
        .filter((line) => line.order_number === order.order_number)
        .map(({ order_number: _number, total_cents: lineTotal, cancelled, ...line }) => ({ ...line, total: fromCents(lineTotal), cancelled: cancelled === 1 })),
    })),
    membership,
    reviews,
    messages: messages.map((message) => ({
      ...message,
      replies: replies.filter((reply) => reply.message_id === message.id).map((reply) => ({ body: reply.body, at: reply.created_at })),
    })),
    wishlist: wishlist.map((entry) => ({ item_id: entry.item_id, name: entry.name ?? null, added_at: entry.created_at })),
  }
}
