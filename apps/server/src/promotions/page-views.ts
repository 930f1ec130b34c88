/**
 * How often an offer's page was shown: the pixel's PageView events (SPEC §7 pixel-event) whose
 * page is `/checkout-ob/{id}`, `/special-offer/{id}`, `/category/{name}` or `/social_media_specials/{id}`,
 * per id, for the brand.
 */
import type { Kysely, Transaction } from 'kysely'
import { sql } from 'kysely'
import type { Database } from '../db/schema.ts'

export async function pageViewsOf(
  db: Kysely<Database> | Transaction<Database>,
  brandId: string,
  route: 'checkout-ob' | 'special-offer' | 'category' | 'social_media_specials',
): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('pixel_events')
    .select((eb) => ['event_source_url', eb.fn.countAll<string | number>().as('views')])
    .where('brand_id', '=', brandId)
    .where('event_name', '=', 'PageView')
    .where(sql<boolean>`event_source_url like ${`%/${route}/%`}`)
    .groupBy('event_source_url')
    .execute()
  const views = new Map<string, number>()
  for (const row of rows) {
    const id = idOf(row.event_source_url ?? '', route)
    if (id) views.set(id, (views.get(id) ?? 0) + Number(row.views))
  }
  return views
}

function idOf(url: string, route: string): string | null {
  try {
    const match = new RegExp(`^/${route}/([^/]+)/?$`).exec(new URL(url, 'http://store.invalid').pathname)
    return match ? decodeURIComponent(match[1]!) : null
  } catch {
    return null
  }
}
