import { sql, type Kysely } from 'kysely'

/**
 * The operator area's people (DESIGN §8, docs/staff.md): staff apart from customers.
 *
 * - `staff`: one row per person, across brands (an e-mail is one person); the password
 *   hashed as the customers' are (accounts/password.ts), TOTP second factor.
 * - `staff_brand_roles`: the role a person holds at a brand; suspended there or not.
 *   Removing someone from a brand deletes the row (the audit log keeps what was).
 * - `staff_sessions`: the `staff_sid` cookie's sessions (the SHA-256 of the token), listed and
 *   revoked by their owner; in the database always, Redis or not (decision 177).
 * - `staff_password_links`: one-time links to set a password (the CLI and invitations).
 * - `stock_adjustments`: each count an operator set, from what to what, and why.
 * - an index on items (brand_id, id): the operator's item list pages through a brand's items
 *   in id order (cursor pagination), which the primary key alone serves only by scanning all brands.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations take an untyped Kysely
type Db = Kysely<any>

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('staff')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('totp_secret', 'text')
    .addColumn('totp_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('totp_required', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('totp_last_step', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('staff_brand_roles')
    .addColumn('staff_id', 'text', (c) => c.notNull().references('staff.id'))
    .addColumn('brand_id', 'text', (c) => c.notNull().references('brands.id'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('suspended', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('staff_brand_roles_pk', ['staff_id', 'brand_id'])
    .addCheckConstraint('staff_brand_roles_role', sql`role in ('owner', 'manager', 'fulfilment', 'support', 'analyst')`)
    .execute()
  await db.schema.createIndex('staff_brand_roles_brand').on('staff_brand_roles').columns(['brand_id', 'role']).execute()

  await db.schema
    .createTable('staff_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('staff_id', 'text', (c) => c.notNull().references('staff.id'))
    .addColumn('brand_id', 'text', (c) => c.notNull().references('brands.id'))
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('staff_sessions_staff').on('staff_sessions').columns(['staff_id', 'brand_id']).execute()

  await db.schema
    .createTable('staff_password_links')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('staff_id', 'text', (c) => c.notNull().references('staff.id'))
    .addColumn('brand_id', 'text', (c) => c.notNull().references('brands.id'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('stock_adjustments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('brand_id', 'text', (c) => c.notNull().references('brands.id'))
    .addColumn('item_id', 'integer', (c) => c.notNull().references('items.id'))
    .addColumn('size', 'text', (c) => c.notNull())
    .addColumn('quantity_before', 'integer', (c) => c.notNull())
    .addColumn('quantity_after', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('staff_id', 'text', (c) => c.references('staff.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('items_brand_id').on('items').columns(['brand_id', 'id']).execute()
  await db.schema.createIndex('stock_adjustments_item').on('stock_adjustments').columns(['brand_id', 'item_id', 'created_at']).execute()
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('items_brand_id').execute()
  await db.schema.dropTable('stock_adjustments').execute()
  await db.schema.dropTable('staff_password_links').execute()
  await db.schema.dropTable('staff_sessions').execute()
  await db.schema.dropTable('staff_brand_roles').execute()
  await db.schema.dropTable('staff').execute()
}
