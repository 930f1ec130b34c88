import type { Kysely } from 'kysely'
import { dialectOf } from '../db/connection.ts'
import { jsonArrayFrom } from '../db/json-aggregate.ts'
import type { Database } from '../db/schema.ts'

/**
 * Everything of a brand's settings in one statement: the settings row, with
 * its menus, active banners (every placement) and sizing guide as JSON array
 * columns (db/json-aggregate.ts). Undefined when the brand has no settings row.
 */
export function findSettingsBundle(db: Kysely<Database>, brandId: string) {
  const dialect = dialectOf(db)
  return db
    .selectFrom('store_settings')
    .selectAll('store_settings')
    .select((eb) => [
      jsonArrayFrom(
        dialect,
        eb
          .selectFrom('menu_items')
          .select([
            'menu_items.id',
            'menu_items.menu',
            'menu_items.parent_id',
            'menu_items.group_header',
            'menu_items.caption',
            'menu_items.link',
            'menu_items.image_url',
            'menu_items.image_alt',
            'menu_items.show_during_checkout',
            'menu_items.position',
          ])
          .whereRef('menu_items.brand_id', '=', 'store_settings.brand_id'),
      ).as('menu_items'),
      jsonArrayFrom(
        dialect,
        eb
          .selectFrom('banners')
          .select([
            'banners.placement',
            'banners.link',
            'banners.text',
            'banners.button_text',
            'banners.button_link',
            'banners.css_class',
            'banners.image',
            'banners.desktop_url',
            'banners.desktop_width',
            'banners.desktop_height',
            'banners.mobile_url',
            'banners.mobile_width',
            'banners.mobile_height',
            'banners.alt',
            'banners.position',
          ])
          .whereRef('banners.brand_id', '=', 'store_settings.brand_id')
          .where('banners.active', '=', 1),
      ).as('banners'),
      jsonArrayFrom(
        dialect,
        eb
          .selectFrom('sizing_guide_entries')
          .select([
            'sizing_guide_entries.size',
            'sizing_guide_entries.bust',
            'sizing_guide_entries.waist',
            'sizing_guide_entries.hip',
            'sizing_guide_entries.pant',
            'sizing_guide_entries.front_image',
            'sizing_guide_entries.side_image',
            'sizing_guide_entries.back_image',
            'sizing_guide_entries.position',
          ])
          .whereRef('sizing_guide_entries.brand_id', '=', 'store_settings.brand_id'),
      ).as('sizing_guide'),
    ])
    .where('store_settings.brand_id', '=', brandId)
    .executeTakeFirst()
}
