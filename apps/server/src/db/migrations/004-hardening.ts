import type { Kysely } from 'kysely'

/**
 * Hardening: request limits for /forgot and /register, devices a customer has
 * logged in from (they pass the per-e-mail login backoff), and the indexes the
 * purge job deletes by.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations take an untyped Kysely
type Db = Kysely<any>

export async function up(db: Db): Promise<void> {
  // one row per counted request: 'forgot-email:<address>', 'forgot-ip:<address>', 'register-ip:<address>'
  await db.schema
    .createTable('throttle_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('brand_id', 'text', (c) => c.notNull().references('brands.id'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('throttle_events_key').on('throttle_events').columns(['brand_id', 'key', 'created_at']).execute()
  await db.schema.createIndex('throttle_events_created').on('throttle_events').column('created_at').execute()

  // a device (its cookie token, hashed) that a customer has logged in from
  await db.schema
    .createTable('known_devices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('brand_id', 'text', (c) => c.notNull().references('brands.id'))
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('known_devices_token').on('known_devices').columns(['brand_id', 'token_hash', 'customer_id']).unique().execute()
  await db.schema.createIndex('known_devices_expires').on('known_devices').column('expires_at').execute()

  await db.schema.createIndex('sessions_expires').on('sessions').column('expires_at').execute()
  await db.schema.createIndex('password_resets_expires').on('password_resets').column('expires_at').execute()
  await db.schema.createIndex('password_resets_customer').on('password_resets').columns(['brand_id', 'customer_id']).execute()
  await db.schema.createIndex('login_attempts_created').on('login_attempts').column('created_at').execute()
}

export async function down(db: Db): Promise<void> {
  for (const index of ['login_attempts_created', 'password_resets_customer', 'password_resets_expires', 'sessions_expires']) {
    await db.schema.dropIndex(index).ifExists().execute()
  }
  for (const table of ['known_devices', 'throttle_events']) await db.schema.dropTable(table).ifExists().execute()
}
