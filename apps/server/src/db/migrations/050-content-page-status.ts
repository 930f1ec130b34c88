import type { Kysely } from 'kysely'

/**
 * Content pages the operator makes and retires (docs/admin-content.md, decision 255): a page's
 * `status` is 'live' (the storefront shows it: every page so far), 'draft' (made in the operator
 * area, not yet published: only its draft exists) or 'retired' (deleted by the operator: the
 * storefront answers 404, its row, versions and audit entries are kept, its address stays taken).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations take an untyped Kysely
type Db = Kysely<any>

export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable('content_pages')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('live'))
    .execute()
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('content_pages').dropColumn('status').execute()
}
