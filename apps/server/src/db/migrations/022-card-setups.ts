import type { Kysely } from 'kysely'

/**
 * A card being saved on /change_payment while the bank asks the cardholder to confirm it (a setup
 * that requires action: 3-D Secure on a SetupIntent). The row says whose the setup is, so only that
 * customer answers its step and completes it, and whether the card is to be their default once
 * kept. It goes when the setup ends (kept or refused).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations take an untyped Kysely
type Db = Kysely<any>

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('card_setups')
    .addColumn('brand_id', 'text', (c) => c.notNull())
    .addColumn('setup_id', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('gateway', 'text', (c) => c.notNull())
    .addColumn('make_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('card_setups_pk', ['brand_id', 'setup_id'])
    .execute()
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('card_setups').execute()
}
