import type { Kysely } from 'kysely'

/**
 * Checkout, payments and e-mail delivery (docs/checkout.md). Portable: text and
 * integer only (decision 001).
 *
 * - checkout_attempts: one row per brand + Idempotency-Key: the request's
 *   fingerprint, its state and, once finished, the answer given (replayed for
 *   the same key). Its primary key is what makes a duplicate wait, not charge.
 * - payments: every charge made for an order (the order itself, each accepted
 *   one-time offer): gateway id, amount, status, and the card as the gateway
 *   describes it (brand, last four, expiry). Never a card number or code.
 *   Unique (order_number, offer_id): an offer is bought at most once per order.
 * - test_gateway_tokens / test_gateway_charges: the built-in test gateway's own
 *   state (what a real provider keeps on its side), so it is idempotent across
 *   instances too.
 * - tax_rates: per brand, by country ('*' = any) and state ('' = the whole country);
 *   a brand without rows uses core's DEFAULT_TAX_RATES.
 * - store_settings gain the express shipping cost.
 * - orders gain who placed them (the session's visitor id) and the reservation
 *   expiry; carts gain the offer code the shopper came in with.
 * - outbox_emails gain delivery bookkeeping: attempts, next try, lease, result.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations take an untyped Kysely
type Db = Kysely<any>

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('checkout_attempts')
    .addColumn('brand_id', 'text', (c) => c.notNull().references('brands.id'))
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    // what the key was first used for: 'checkout' or 'offer:<order>:<offer id>'
    .addColumn('scope', 'text', (c) => c.notNull())
    // sha-256 of the request's fields: the same key with other fields is refused
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    // 'in_progress' | 'requires_action' | 'done'
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('order_number', 'text')
    .addColumn('payment_id', 'text')
    .addColumn('response_status', 'integer')
    .addColumn('response_body', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('checkout_attempts_pk', ['brand_id', 'idempotency_key'])
    .execute()

  await db.schema
    .createTable('payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('brand_id', 'text', (c) => c.notNull().references('brands.id'))
    .addColumn('order_number', 'text', (c) => c.notNull().references('orders.order_number'))
    // null for the order's own payment, the one-time offer's id otherwise
    .addColumn('offer_id', 'text')
    .addColumn('gateway', 'text', (c) => c.notNull())
    .addColumn('gateway_payment_id', 'text')
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    // 'pending' | 'requires_action' | 'succeeded' | 'declined' | 'refunded'
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('decline_reason', 'text')
    .addColumn('card_brand', 'text')
    .addColumn('last4', 'text')
    .addColumn('exp_month', 'integer')
    .addColumn('exp_year', 'integer')
    // the gateway's reusable reference for off-session charges (a test token, or 'cus_…/pm_…')
    .addColumn('saved_method', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('payments_order_offer', ['order_number', 'offer_id'])
    .execute()
  await db.schema.createIndex('payments_order').on('payments').column('order_number').execute()

  await db.schema
    .createTable('test_gateway_tokens')
    .addColumn('token', 'text', (c) => c.primaryKey())
    .addColumn('brand_id', 'text', (c) => c.notNull().references('brands.id'))
    .addColumn('card_brand', 'text', (c) => c.notNull())
    .addColumn('last4', 'text', (c) => c.notNull())
    .addColumn('exp_month', 'integer', (c) => c.notNull())
    .addColumn('exp_year', 'integer', (c) => c.notNull())
    // 'succeed' | 'decline' | 'insufficient_funds' | 'authenticate'
    .addColumn('behaviour', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('test_gateway_charges')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('brand_id', 'text', (c) => c.notNull().references('brands.id'))
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('token', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    // 'succeeded' | 'declined' | 'requires_action' | 'authenticated' | 'refunded'
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('decline_code', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('test_gateway_charges_key', ['brand_id', 'idempotency_key'])
    .execute()

  await db.schema
    .createTable('tax_rates')
    .addColumn('brand_id', 'text', (c) => c.notNull().references('brands.id'))
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('basis_points', 'integer', (c) => c.notNull())
    // 1: shipping is taxed too where this row applies
    .addColumn('tax_shipping', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('tax_rates_pk', ['brand_id', 'country', 'state'])
    .execute()

  await db.schema
    .alterTable('store_settings')
    .addColumn('express_shipping_cost_cents', 'integer', (c) => c.notNull().defaultTo(1999))
    .execute()
  await db.schema.alterTable('orders').addColumn('placed_by_visitor_id', 'text').execute()
  await db.schema.alterTable('orders').addColumn('reserved_until', 'text').execute()
  await db.schema
    .alterTable('orders')
    .addColumn('checkout_flow', 'text', (c) => c.notNull().defaultTo('free_flow'))
    .execute()
  await db.schema.createIndex('orders_visitor').on('orders').column('placed_by_visitor_id').execute()
  await db.schema.createIndex('orders_status_reserved').on('orders').columns(['status', 'reserved_until']).execute()
  await db.schema.alterTable('order_lines').addColumn('offer_id', 'text').execute()
  await db.schema.alterTable('carts').addColumn('offer_code', 'text').execute()

  for (const [name, type, notNull] of [
    ['attempts', 'integer', true],
    ['next_attempt_at', 'text', false],
    ['claimed_by', 'text', false],
    ['claimed_until', 'text', false],
    ['last_error', 'text', false],
    ['message_id', 'text', false],
    ['delivered_via', 'text', false],
    ['failed_at', 'text', false],
  ] as const) {
    await db.schema
      .alterTable('outbox_emails')
      .addColumn(name, type, (c) => (notNull ? c.notNull().defaultTo(0) : c))
      .execute()
  }
  await db.schema.createIndex('outbox_emails_due').on('outbox_emails').columns(['sent_at', 'next_attempt_at']).execute()
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('outbox_emails_due').ifExists().execute()
  for (const table of ['tax_rates', 'test_gateway_charges', 'test_gateway_tokens', 'payments', 'checkout_attempts']) {
    await db.schema.dropTable(table).ifExists().execute()
  }
}
