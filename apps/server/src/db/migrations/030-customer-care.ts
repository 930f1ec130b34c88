import type { Kysely } from 'kysely'

/**
 * The operator's customer care (docs/admin-customers.md):
 * - customers.erased_at: when the customer's personal data was erased on request
 *   (the row stays for the orders that point at it; it cannot log in);
 * - customers listed newest first, by cursor (brand, created_at, id);
 * - contact and feedback messages get a status (new, answered, closed) and the
 *   replies sent from the operator's inbox (message_replies), so the thread is kept.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations take an untyped Kysely
type Db = Kysely<any>

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('customers').addColumn('erased_at', 'text').execute()
  await db.schema.createIndex('customers_brand_created').on('customers').columns(['brand_id', 'created_at', 'id']).execute()
  for (const table of ['contact_messages', 'feedback_messages']) {
    await db.schema
      .alterTable(table)
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('new'))
      .execute()
    await db.schema.createIndex(`${table}_brand_status`).on(table).columns(['brand_id', 'status', 'created_at']).execute()
    await db.schema.createIndex(`${table}_brand_customer`).on(table).columns(['brand_id', 'customer_id']).execute()
  }
  await db.schema
    .createTable('message_replies')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('brand_id', 'text', (c) => c.notNull().references('brands.id'))
    .addColumn('message_id', 'text', (c) => c.notNull())
    .addColumn('staff_id', 'text')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('message_replies_message').on('message_replies').columns(['brand_id', 'message_id', 'created_at']).execute()
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('message_replies').execute()
  for (const table of ['contact_messages', 'feedback_messages']) {
    await db.schema.dropIndex(`${table}_brand_customer`).execute()
    await db.schema.dropIndex(`${table}_brand_status`).execute()
    await db.schema.alterTable(table).dropColumn('status').execute()
  }
  await db.schema.dropIndex('customers_brand_created').execute()
  await db.schema.alterTable('customers').dropColumn('erased_at').execute()
}
