import type { Kysely } from 'kysely'
import type { OnlineIndex } from '../migrate-online.ts'
import { dropIndexOnline } from '../migrate-online.ts'

/**
 * A category's cards in the category's order (catalog/catalog.queries.ts listCategoryCards, and a
 * page of them after a cursor on (position, item_id)): the primary key (category_id, item_id)
 * found a category's rows but not in that order, so every read of a category sorted the whole
 * category (SQLite's `USE TEMP B-TREE FOR ORDER BY`), worse than linear in its size
 * (docs/performance.md, "The catalogue: 1,000, 10,000 and 100,000 items"; decision 266). Built
 * online (db/migrate-online.ts): after the migrations, CONCURRENTLY on PostgreSQL, so a live
 * store's item_categories are never locked while it is built.
 */
export const online: OnlineIndex[] = [{ name: 'item_categories_in_order', table: 'item_categories', columns: ['category_id', 'position', 'item_id'] }]

// biome-ignore lint/suspicious/noExplicitAny: migrations take an untyped Kysely
export async function up(_db: Kysely<any>): Promise<void> {
  // nothing inside the migration's transaction: the index is built after it (migrate.ts: buildOnlineIndexes)
}

// biome-ignore lint/suspicious/noExplicitAny: migrations take an untyped Kysely
export async function down(db: Kysely<any>): Promise<void> {
  for (const index of online) await dropIndexOnline(db, index.name)
}
