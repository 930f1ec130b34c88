import { sql, type Kysely } from 'kysely'

/**
 * The test gateway's one-time tokens are used once, as Stripe's are (payments/test-gateway.ts):
 * `test_gateway_tokens.used_at` and `used_by` (the idempotency key of the charge or setup that
 * used it), set by one conditional UPDATE. A store upgraded with tokens already charged marks
 * them used by their first charge.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations take an untyped Kysely
type Db = Kysely<any>

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('test_gateway_tokens').addColumn('used_at', 'text').execute()
  await db.schema.alterTable('test_gateway_tokens').addColumn('used_by', 'text').execute()
  const first = sql`(select c.created_at from test_gateway_charges c where c.brand_id = test_gateway_tokens.brand_id and c.token = test_gateway_tokens.token order by c.created_at, c.id limit 1)`
  const firstKey = sql`(select c.idempotency_key from test_gateway_charges c where c.brand_id = test_gateway_tokens.brand_id and c.token = test_gateway_tokens.token order by c.created_at, c.id limit 1)`
  await sql`update test_gateway_tokens set used_at = ${first}, used_by = ${firstKey} where used_at is null and exists (select 1 from test_gateway_charges c where c.brand_id = test_gateway_tokens.brand_id and c.token = test_gateway_tokens.token)`.execute(
    db,
  )
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('test_gateway_tokens').dropColumn('used_by').execute()
  await db.schema.alterTable('test_gateway_tokens').dropColumn('used_at').execute()
}
