import type { Kysely } from 'kysely'

/**
 * Content pages edited by the operator (docs/admin-content.md, decision 226): the storefront
 * keeps reading the live page from `content_pages` and `content_blocks`; beside them,
 *
 * - `content_page_drafts`: at most one draft per page (its words and blocks as JSON), saved as
 *   often as the operator likes, previewed, then published or discarded;
 * - `content_page_versions`: every published version of a page, numbered from 1, so an earlier
 *   one can be restored (a restore publishes it again as the next number).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations take an untyped Kysely
type Db = Kysely<any>

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('content_page_drafts')
    .addColumn('page_id', 'text', (c) => c.primaryKey().references('content_pages.id'))
    .addColumn('brand_id', 'text', (c) => c.notNull().references('brands.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('hide_headline', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('blocks_json', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('saved_at', 'text', (c) => c.notNull())
    .addColumn('staff_id', 'text')
    .execute()
  await db.schema
    .createTable('content_page_versions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('brand_id', 'text', (c) => c.notNull().references('brands.id'))
    .addColumn('page_id', 'text', (c) => c.notNull().references('content_pages.id'))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('hide_headline', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('blocks_json', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('published_at', 'text', (c) => c.notNull())
    .addColumn('staff_id', 'text')
    .addUniqueConstraint('content_page_versions_page_number', ['page_id', 'number'])
    .execute()
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('content_page_versions').execute()
  await db.schema.dropTable('content_page_drafts').execute()
}
