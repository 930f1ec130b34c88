import type { Kysely } from 'kysely'

/**
 * The members area and customer service: e-mail changes waiting for their
 * link, contact and feedback messages, the counters that throttle those forms,
 * and each brand's support address.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations take an untyped Kysely
type Db = Kysely<any>

/** Where each seeded brand's customer-service mail goes (a database made before this migration gets them here). */
export const SUPPORT_EMAILS: Record<string, string> = {
  popfitclothing: 'support@popfitclothing.com',
  ckb: 'support@ckbintimates.com',
  glow: 'support@glowlounge.com',
}

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('store_settings').addColumn('support_email', 'text').execute()
  for (const [brandId, address] of Object.entries(SUPPORT_EMAILS)) {
    await db.updateTable('store_settings').set({ support_email: address }).where('brand_id', '=', brandId).execute()
  }

  await db.schema
    .createTable('email_changes')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('brand_id', 'text', (c) => c.notNull().references('brands.id'))
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('new_email', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('email_changes_customer').on('email_changes').columns(['brand_id', 'customer_id']).execute()

  for (const table of ['contact_messages', 'feedback_messages']) {
    let create = db.schema
      .createTable(table)
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('reference', 'text', (c) => c.notNull())
      .addColumn('brand_id', 'text', (c) => c.notNull().references('brands.id'))
      .addColumn('customer_id', 'text', (c) => c.references('customers.id'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('order_number', 'text')
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('client_ip', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
    create = table === 'contact_messages' ? create.addColumn('topic', 'text', (c) => c.notNull()) : create.addColumn('rating', 'integer')
    await create.execute()
    await db.schema.createIndex(`${table}_brand_created`).on(table).columns(['brand_id', 'created_at']).execute()
  }

  // fixed-window counters: one row per brand, key ('contact:ip:1.2.3.4') and window start
  await db.schema
    .createTable('form_counters')
    .addColumn('brand_id', 'text', (c) => c.notNull().references('brands.id'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('window_start', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('form_counters_pk', ['brand_id', 'key', 'window_start'])
    .execute()

  await db.schema.createIndex('addresses_brand_customer_type').on('addresses').columns(['brand_id', 'customer_id', 'address_type']).execute()
  await db.schema.createIndex('wishlist_entries_brand_customer').on('wishlist_entries').columns(['brand_id', 'customer_id']).execute()
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('wishlist_entries_brand_customer').ifExists().execute()
  await db.schema.dropIndex('addresses_brand_customer_type').ifExists().execute()
  for (const table of ['form_counters', 'feedback_messages', 'contact_messages', 'email_changes']) await db.schema.dropTable(table).ifExists().execute()
  await db.schema.alterTable('store_settings').dropColumn('support_email').execute()
}
