import { randomBytes } from 'node:crypto'
import { sql, type Kysely } from 'kysely'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isMediaKind, parseMediaFile, renderMedia } from '../../media/media.service.ts'
import { openDatabase, type StoreDb } from '../connection.ts'
import { migrateToLatest } from '../migrate.ts'
import type { Database } from '../schema.ts'
import { BRAND_IDS, LAST_ITEM, MAIN_CATEGORY, MANY_CUSTOMER_IMAGES_ITEM, seedDatabase } from './index.ts'

const NOW = new Date('2025-06-01T12:00:00.000Z')

interface Target {
  name: string
  open(): Promise<StoreDb>
  cleanup(): Promise<void>
}

const targets: Target[] = [{ name: 'sqlite', open: async () => openDatabase('sqlite::memory:'), cleanup: async () => {} }]

const pgUrl = process.env.TEST_DATABASE_URL
if (pgUrl) {
  const schema = `seed_test_${randomBytes(5).toString('hex')}`
  targets.push({
    name: 'postgres',
    async open() {
      const admin = new pg.Client({ connectionString: pgUrl })
      await admin.connect()
      await admin.query(`CREATE SCHEMA ${schema}`)
      await admin.end()
      const url = new URL(pgUrl)
      url.searchParams.set('options', `-c search_path=${schema}`)
      return openDatabase(url.toString())
    },
    async cleanup() {
      const admin = new pg.Client({ connectionString: pgUrl })
      await admin.connect()
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
      await admin.end()
    },
  })
}

// biome-ignore lint/suspicious/noExplicitAny: a count over any table takes that table's query builder, which has no one type
async function count(db: Kysely<Database>, table: keyof Database, where?: (qb: any) => any): Promise<number> {
  // biome-ignore lint/suspicious/noExplicitAny: generic count over any table
  let query: any = db.selectFrom(table).select(sql<number>`count(*)`.as('n'))
  if (where) query = where(query)
  const row = await query.executeTakeFirstOrThrow()
  return Number(row.n)
}

for (const target of targets) {
  describe(`seedDatabase on ${target.name}`, () => {
    let store: StoreDb
    let db: Kysely<Database>
    let firstResult: { seeded: boolean }

    beforeAll(async () => {
      store = await target.open()
      db = store.db
      await migrateToLatest(db)
      firstResult = await seedDatabase(db, { now: NOW })
    })

    afterAll(async () => {
      await store?.close()
      await target.cleanup()
    })

    it('seeds the three brands with their settings', async () => {
      expect(firstResult.seeded).toBe(true)
      const brands = await db.selectFrom('brands').select('id').orderBy('id').execute()
      expect(brands.map((b) => b.id)).toEqual(['ckb', 'glow', 'popfitclothing'])
      const settings = await db.selectFrom('store_settings').selectAll().execute()
      expect(settings).toHaveLength(3)
      const byBrand = Object.fromEntries(settings.map((s) => [s.brand_id, s]))
      expect(byBrand.popfitclothing?.brand_has_club).toBe(1)
      expect(byBrand.popfitclothing?.club_monthly_cents).toBe(2499)
      expect(byBrand.popfitclothing?.main_shopping_path).toBe('/category/leggings')
      expect(byBrand.popfitclothing?.sizes).toContain('XXXXXL')
      expect(byBrand.popfitclothing?.sizes.split(',')).not.toContain('XXXXL')
      expect(byBrand.ckb?.brand_has_club).toBe(1)
      expect(byBrand.glow?.brand_has_club).toBe(0)
      expect(byBrand.glow?.club_name).toBeNull()
      expect(byBrand.glow?.tax_rate_basis_points).toBe(600)
      for (const s of settings) {
        expect(JSON.parse(s.analytics_ids)).toHaveProperty('mixpanel')
        expect(JSON.parse(s.scrolling_images).length).toBeGreaterThan(0)
      }
    })

    it('a second call seeds nothing', async () => {
      const before = await count(db, 'items')
      expect(await seedDatabase(db, { now: NOW })).toEqual({ seeded: false })
      expect(await count(db, 'items')).toBe(before)
    })

    it('has at least 40 items per brand and 40 in each main category', async () => {
      for (const brandId of BRAND_IDS) {
        expect(await count(db, 'items', (q) => q.where('brand_id', '=', brandId))).toBeGreaterThanOrEqual(40)
        const main = await db
          .selectFrom('item_categories')
          .innerJoin('categories', 'categories.id', 'item_categories.category_id')
          .where('categories.brand_id', '=', brandId)
          .where('categories.name', '=', MAIN_CATEGORY[brandId])
          .select(sql<number>`count(*)`.as('n'))
          .executeTakeFirstOrThrow()
        expect(Number(main.n)).toBeGreaterThanOrEqual(40)
        const categories = await db.selectFrom('categories').select(['id', 'layout']).where('brand_id', '=', brandId).execute()
        expect(categories.length).toBeGreaterThanOrEqual(4)
        expect(categories.some((c) => c.layout === 'catch-all')).toBe(true)
        for (const category of categories) {
          expect(await count(db, 'item_categories', (q) => q.where('category_id', '=', category.id))).toBeGreaterThanOrEqual(8)
        }
        const groups = await db.selectFrom('category_groups').select('id').where('brand_id', '=', brandId).execute()
        expect(groups.length).toBe(2)
        for (const group of groups) {
          expect(await count(db, 'category_group_members', (q) => q.where('group_id', '=', group.id))).toBeGreaterThanOrEqual(2)
        }
      }
    })

    it('gives every item sizes with stock and an image1, each in 1-2 categories', async () => {
      const items = await db.selectFrom('items').select(['id', 'brand_id']).execute()
      const sizes = await db.selectFrom('item_sizes').select(['item_id', 'size', 'stock']).execute()
      const images = await db.selectFrom('item_images').select(['item_id', 'kind']).where('kind', '=', 'image1').execute()
      const links = await db.selectFrom('item_categories').select(['item_id']).execute()
      for (const item of items) {
        const own = sizes.filter((s) => s.item_id === item.id)
        expect(own.length).toBeGreaterThan(0)
        expect(own.some((s) => s.stock > 0)).toBe(true)
        expect(images.filter((i) => i.item_id === item.id)).toHaveLength(1)
        const n = links.filter((l) => l.item_id === item.id).length
        expect(n).toBeGreaterThanOrEqual(1)
        expect(n).toBeLessThanOrEqual(2)
      }
      // glow: socks are One Size, the rest S/M/L
      const glowSizes = new Set(sizes.filter((s) => s.item_id > 3000).map((s) => s.size))
      expect([...glowSizes].sort()).toEqual(['L', 'M', 'One Size', 'S'])
    })

    it('has exactly one size with stock 1 per brand: LAST_ITEM', async () => {
      const ones = await db.selectFrom('item_sizes').select(['item_id', 'size']).where('stock', '=', 1).orderBy('item_id').execute()
      expect(ones).toEqual(BRAND_IDS.map((b) => ({ item_id: LAST_ITEM[b].itemId, size: LAST_ITEM[b].size })).sort((a, b) => a.item_id - b.item_id))
      for (const brandId of BRAND_IDS) {
        const item = await db.selectFrom('items').select('brand_id').where('id', '=', LAST_ITEM[brandId].itemId).executeTakeFirstOrThrow()
        expect(item.brand_id).toBe(brandId)
      }
    })

    it('has one item per brand with 50 customer images', async () => {
      for (const brandId of BRAND_IDS) {
        const { itemId, customerImages } = MANY_CUSTOMER_IMAGES_ITEM[brandId]
        expect(customerImages).toBe(50)
        expect(await count(db, 'item_images', (q) => q.where('item_id', '=', itemId).where('kind', '=', 'customer'))).toBe(50)
      }
    })

    it('writes only media URLs the media route can render, each under 4 kB', async () => {
      const tables = [
        'store_settings',
        'menu_items',
        'banners',
        'sizing_guide_entries',
        'categories',
        'item_images',
        'reviews',
        'one_time_offers',
        'social_media_specials',
        'content_blocks',
        'feed_posts',
      ] as const
      const urls = new Set<string>()
      for (const table of tables) {
        // biome-ignore lint/suspicious/noExplicitAny: scan whole tables
        const rows = await (db as Kysely<any>).selectFrom(table).selectAll().execute()
        for (const match of JSON.stringify(rows).matchAll(/\/media\/[^"\\\s]+/g)) urls.add(match[0])
      }
      expect(urls.size).toBeGreaterThan(1000)
      for (const url of urls) {
        const m = /^\/media\/([a-z]+)\/([^/]+)$/.exec(url)
        expect(m, url).not.toBeNull()
        const kind = m![1]!
        expect(isMediaKind(kind), url).toBe(true)
        if (!isMediaKind(kind)) continue
        const request = parseMediaFile(kind, decodeURIComponent(m![2]!))
        expect(request, url).not.toBeNull()
        expect(Buffer.byteLength(renderMedia(request!)), url).toBeLessThan(4096)
      }
    })

    it('seeds the discount codes, social-media specials, split tests and pages', async () => {
      for (const brandId of BRAND_IDS) {
        const codes = await db.selectFrom('discount_codes').select(['code', 'club_only', 'percentage_amount']).where('brand_id', '=', brandId).execute()
        const names = codes.map((c) => c.code)
        expect(names).toEqual(expect.arrayContaining(['10FIRST', 'FIRST15', 'LOCK5']))
        for (const c of codes) expect(c.code).toBe(c.code.toUpperCase())
        expect(codes.find((c) => c.code === 'LOCK5')?.club_only).toBe(1)
        expect(await count(db, 'discount_codes', (q) => q.where('brand_id', '=', brandId).where('included_classes', '!=', ''))).toBeGreaterThanOrEqual(1)
        expect(await count(db, 'discount_codes', (q) => q.where('brand_id', '=', brandId).where('excluded_classes', '!=', ''))).toBeGreaterThanOrEqual(1)
        const slugs = (await db.selectFrom('content_pages').select('slug').where('brand_id', '=', brandId).execute()).map((p) => p.slug)
        expect(slugs).toEqual(expect.arrayContaining(['store-policies', 'terms', 'about-us', 'vipterms', 'care', 'dnsmpi', 'contact-us']))
        expect(await count(db, 'feed_posts', (q) => q.where('brand_id', '=', brandId))).toBeGreaterThanOrEqual(9)
        expect(await count(db, 'style_profile_fields', (q) => q.where('brand_id', '=', brandId))).toBeGreaterThanOrEqual(5)
        expect(await count(db, 'one_time_offers', (q) => q.where('brand_id', '=', brandId))).toBeGreaterThanOrEqual(2)
        expect(await count(db, 'bundle_offers', (q) => q.where('brand_id', '=', brandId))).toBeGreaterThanOrEqual(1)
      }
      const specials = await db.selectFrom('social_media_specials').select(['id', 'brand_id', 'price_cents']).orderBy('id').execute()
      expect(specials).toEqual([
        { id: 'ckb-vip-optin', brand_id: 'ckb', price_cents: 2499 },
        { id: 'free-leggings', brand_id: 'popfitclothing', price_cents: 0 },
        { id: 'free-underwear', brand_id: 'ckb', price_cents: 0 },
        { id: 'pf-vip-optin-csr', brand_id: 'popfitclothing', price_cents: 2999 },
        { id: 'pf-vip-optin-main', brand_id: 'popfitclothing', price_cents: 3999 },
      ])
      const tests = await db.selectFrom('split_tests').select(['name', 'brand_id', 'variants']).orderBy('brand_id').execute()
      expect(tests).toEqual([
        { name: 'Vip4sh', brand_id: 'ckb', variants: '["Control","4sh"]' },
        { name: 'Vip4sh', brand_id: 'popfitclothing', variants: '["Control","4sh"]' },
      ])
      expect(await count(db, 'content_pages', (q) => q.where('brand_id', '=', 'glow').where('slug', '=', 'home'))).toBe(1)
      expect(await count(db, 'content_pages', (q) => q.where('brand_id', '=', 'ckb').where('slug', '=', 'ckb-store-policies'))).toBe(1)
      const pfSlugs = (await db.selectFrom('content_pages').select('slug').where('brand_id', '=', 'popfitclothing').execute()).map((p) => p.slug)
      expect(pfSlugs).toEqual(expect.arrayContaining(['pf-lastchance', 'pf23-new-drop-cb']))
      expect(await count(db, 'membership_landings')).toBe(2)
      expect(await count(db, 'order_bumps', (q) => q.where('brand_id', '=', 'glow'))).toBe(1)
    })

    it('menus link only to known routes; footer shows Help and Legal during checkout', async () => {
      const menu = await db.selectFrom('menu_items').selectAll().execute()
      const categories = await db.selectFrom('categories').select(['brand_id', 'name']).execute()
      const groups = await db.selectFrom('category_groups').select(['brand_id', 'name']).execute()
      const pages = await db.selectFrom('content_pages').select(['brand_id', 'slug']).execute()
      const fixed = ['/terms', '/about-us', '/vipterms', '/vip', '/contact-us', '/tracker', '/photo-size-chart', '/care', '/customer_reviews', '/shop_our_feed', '/dnsmpi']
      for (const entry of menu) {
        const [, kind, name] = /^\/(category|category-group|page)\/(.+)$/.exec(entry.link) ?? []
        if (kind === 'category')
          expect(
            categories.some((c) => c.brand_id === entry.brand_id && c.name === name),
            entry.link,
          ).toBe(true)
        else if (kind === 'category-group')
          expect(
            groups.some((g) => g.brand_id === entry.brand_id && g.name === name),
            entry.link,
          ).toBe(true)
        else if (kind === 'page')
          expect(
            pages.some((p) => p.brand_id === entry.brand_id && p.slug === name),
            entry.link,
          ).toBe(true)
        else expect(fixed, entry.link).toContain(entry.link)
        if (entry.menu === 'footer') expect(entry.show_during_checkout).toBe(entry.group_header === 'Help' || entry.group_header === 'Legal' ? 1 : 0)
      }
      for (const parent of menu.filter((m) => m.menu === 'header' && m.parent_id === null)) {
        expect(parent.image_url).toBeTruthy()
        const children = menu.filter((m) => m.parent_id === parent.id).length
        expect(children).toBeGreaterThanOrEqual(2)
        expect(children).toBeLessThanOrEqual(5)
      }
    })

    it('never links a row of one brand to rows of another', async () => {
      const cross = async (query: Promise<{ n: number | string | bigint }>) => expect(Number((await query).n)).toBe(0)
      const n = sql<number>`count(*)`.as('n')
      await cross(
        db
          .selectFrom('item_categories')
          .innerJoin('items', 'items.id', 'item_categories.item_id')
          .innerJoin('categories', 'categories.id', 'item_categories.category_id')
          .whereRef('items.brand_id', '!=', 'categories.brand_id')
          .select(n)
          .executeTakeFirstOrThrow(),
      )
      await cross(
        db
          .selectFrom('category_group_members')
          .innerJoin('category_groups', 'category_groups.id', 'category_group_members.group_id')
          .innerJoin('categories', 'categories.id', 'category_group_members.category_id')
          .whereRef('category_groups.brand_id', '!=', 'categories.brand_id')
          .select(n)
          .executeTakeFirstOrThrow(),
      )
      await cross(
        db
          .selectFrom('item_matches')
          .innerJoin('items as a', 'a.id', 'item_matches.item_id')
          .innerJoin('items as b', 'b.id', 'item_matches.match_item_id')
          .whereRef('a.brand_id', '!=', 'b.brand_id')
          .select(n)
          .executeTakeFirstOrThrow(),
      )
      for (const table of ['reviews', 'order_bumps', 'social_media_specials', 'feed_posts'] as const) {
        await cross(
          db.selectFrom(table).innerJoin('items', 'items.id', `${table}.item_id`).whereRef('items.brand_id', '!=', `${table}.brand_id`).select(n).executeTakeFirstOrThrow(),
        )
      }
      await cross(
        db
          .selectFrom('menu_items as child')
          .innerJoin('menu_items as parent', 'parent.id', 'child.parent_id')
          .whereRef('child.brand_id', '!=', 'parent.brand_id')
          .select(n)
          .executeTakeFirstOrThrow(),
      )
      // item ids sit in their brand's range, and item_group_ids name the brand's own groups
      const items = await db.selectFrom('items').select(['id', 'brand_id', 'item_group_ids', 'member_price_cents', 'price_cents']).execute()
      const groups = await db.selectFrom('category_groups').select(['id', 'brand_id']).execute()
      const base = { popfitclothing: 1000, ckb: 2000, glow: 3000 } as Record<string, number>
      for (const item of items) {
        expect(item.id).toBeGreaterThan(base[item.brand_id]!)
        expect(item.id).toBeLessThan(base[item.brand_id]! + 1000)
        for (const groupId of item.item_group_ids.split(',').filter(Boolean)) {
          expect(groups.find((g) => g.id === Number(groupId))?.brand_id).toBe(item.brand_id)
        }
        if (item.brand_id === 'glow') expect(item.member_price_cents).toBeNull()
        else expect(item.member_price_cents).toBeLessThan(item.price_cents)
      }
      // one-time offers and bundles name their brand's own categories
      for (const table of ['one_time_offers', 'bundle_offers'] as const) {
        const rows = await db.selectFrom(table).select(['brand_id', 'categories']).execute()
        const names = await db.selectFrom('categories').select(['brand_id', 'name']).execute()
        for (const row of rows) {
          for (const name of JSON.parse(row.categories) as string[]) {
            expect(
              names.some((c) => c.brand_id === row.brand_id && c.name === name),
              `${table} ${name}`,
            ).toBe(true)
          }
        }
      }
    })

    it('is deterministic: a second database gets the same rows', async () => {
      const other = openDatabase('sqlite::memory:')
      try {
        await migrateToLatest(other.db)
        await seedDatabase(other.db, { now: NOW })
        for (const table of ['items', 'item_sizes', 'reviews', 'item_matches'] as const) {
          // biome-ignore lint/suspicious/noExplicitAny: compare whole tables
          const a = await (db as Kysely<any>).selectFrom(table).selectAll().execute()
          // biome-ignore lint/suspicious/noExplicitAny: compare whole tables
          const b = await (other.db as Kysely<any>).selectFrom(table).selectAll().execute()
          const key = (r: Record<string, unknown>) =>
            JSON.stringify(
              Object.keys(r)
                .sort()
                .map((k) => r[k]),
            )
          expect(a.map(key).sort()).toEqual(b.map(key).sort())
        }
      } finally {
        await other.close()
      }
    })
  })
}

describe.skipIf(!pgUrl)('seedDatabase on postgres, two instances starting at once', () => {
  it('seeds once; the other start reports nothing seeded', async () => {
    const schema = `seed_race_${randomBytes(5).toString('hex')}`
    const admin = new pg.Client({ connectionString: pgUrl })
    await admin.connect()
    await admin.query(`CREATE SCHEMA ${schema}`)
    const url = new URL(pgUrl!)
    url.searchParams.set('options', `-c search_path=${schema}`)
    const a = openDatabase(url.toString())
    const b = openDatabase(url.toString())
    try {
      await migrateToLatest(a.db)
      const results = await Promise.all([seedDatabase(a.db, { now: NOW }), seedDatabase(b.db, { now: NOW })])
      expect(results.map((r) => r.seeded).sort()).toEqual([false, true])
      expect(await count(a.db, 'brands')).toBe(3)
    } finally {
      await a.close()
      await b.close()
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
      await admin.end()
    }
  })
})
