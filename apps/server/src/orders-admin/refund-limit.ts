/**
 * The most support may refund at once (DESIGN §8: "refunds up to a limit the owner sets", default
 * $100.00): a setting of the brand (store_settings.support_refund_limit_cents, migration 027),
 * read when support refunds, changed by the owner and audited in the change's transaction.
 */
import { DEFAULT_SUPPORT_REFUND_LIMIT_CENTS } from '@store/core'
import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../db/schema.ts'
import { notFound } from '../http/errors.ts'
import { audited, type AuditActor } from '../staff/audit.ts'

type Db = Kysely<Database> | Transaction<Database>

export async function supportRefundLimitCents(db: Db, brandId: string): Promise<number> {
  const row = await db.selectFrom('store_settings').select('support_refund_limit_cents').where('brand_id', '=', brandId).executeTakeFirst()
  return row?.support_refund_limit_cents ?? DEFAULT_SUPPORT_REFUND_LIMIT_CENTS
}

/** The owner sets the limit: the change and its audit entry in one transaction. */
export async function setSupportRefundLimit(db: Kysely<Database>, actor: AuditActor, cents: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('store_settings').select('support_refund_limit_cents').where('brand_id', '=', actor.brandId).executeTakeFirst()
    if (!before) throw notFound('This store has no settings yet.')
    await trx.updateTable('store_settings').set({ support_refund_limit_cents: cents }).where('brand_id', '=', actor.brandId).execute()
    await audited(trx, actor, {
      action: 'settings.refund_limit',
      entity: 'settings',
      id: actor.brandId,
      before: { support_refund_limit_cents: before.support_refund_limit_cents },
      after: { support_refund_limit_cents: cents },
    })
    return cents
  })
}
