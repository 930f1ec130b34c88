import type { Kysely } from 'kysely'

/**
 * Photos the operator uploads for an item (docs/admin-catalogue.md): each is an
 * item_images row like the drawn demo images (kind image1, image2 ... in the
 * operator's order, url its JPEG fallback), so every page that shows an item's
 * front image shows it. Beside it: `variants`, the responsive files made from it
 * (JSON list of {format, width, url}: AVIF, WebP and JPEG at a few widths), and the
 * focal point the operator chose (`focal_x`, `focal_y`, percent from the left and
 * top), which a crop keeps in view. Drawn images have none of the three (null).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations take an untyped Kysely
type Db = Kysely<any>

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('item_images').addColumn('variants', 'text').execute()
  await db.schema.alterTable('item_images').addColumn('focal_x', 'integer').execute()
  await db.schema.alterTable('item_images').addColumn('focal_y', 'integer').execute()
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('item_images').dropColumn('focal_y').execute()
  await db.schema.alterTable('item_images').dropColumn('focal_x').execute()
  await db.schema.alterTable('item_images').dropColumn('variants').execute()
}
