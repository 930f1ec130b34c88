import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { buildApp } from '../app.ts'
import { itemWithStock, placeOrder, shopperWithCart, tokenFor } from '../checkout/checkout-test-kit.ts'
import { openDatabase, type StoreDb } from '../db/connection.ts'
import { parseEnv } from '../env.ts'
import { startTestStore, type TestStore } from '../test/harness.ts'
import { backupStore, restoreStore } from './backup.ts'

/** The orders as an operator would compare them. */
const ordersOf = (store: StoreDb) => store.db.selectFrom('orders').select(['order_number', 'brand_id', 'email', 'total_cents', 'status']).orderBy('order_number').execute()

/** Places two paid orders through the API. */
async function placeTwoOrders(t: Pick<TestStore, 'app' | 'store'>): Promise<void> {
  for (let n = 0; n < 2; n += 1) {
    const item = await itemWithStock(t as TestStore, 5)
    const shopper = await shopperWithCart(t as TestStore, item.itemId, item.size)
    const placed = await placeOrder(shopper, await tokenFor(shopper))
    expect(placed.statusCode).toBe(200)
  }
}

/** The restored store answers /api/ready and holds the same orders. */
async function expectSameStore(restored: StoreDb, orders: Awaited<ReturnType<typeof ordersOf>>): Promise<void> {
  expect(await ordersOf(restored)).toEqual(orders)
  const app = await buildApp({ env: parseEnv({ LOG_LEVEL: 'silent', NODE_ENV: 'test' }), store: restored, webBuildDir: '/nonexistent', adminBuildDir: '/nonexistent' })
  try {
    await app.ready()
    expect((await app.inject({ method: 'GET', url: '/api/ready', headers: { host: 'localhost' } })).statusCode).toBe(200)
  } finally {
    await app.close()
  }
}

const hasPgTools = (() => {
  try {
    execFileSync('pg_dump', ['--version'])
    execFileSync('pg_restore', ['--version'])
    return true
  } catch {
    return false
  }
})()

/** Issue 38 item 6: a backup restored into an empty database serves the same orders, with the media. */
describe('backup and restore', () => {
  it('SQLite: an online backup while the store is open, restored into a new file, holds the same orders and photos', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'store-backup-'))
    // a store on a file of its own, from the test template
    const template = await startTestStore('sqlite')
    await sql`vacuum into ${join(dir, 'store.sqlite')}`.execute(template.store.db)
    await template.close()
    const store = openDatabase(`sqlite:${join(dir, 'store.sqlite')}`)
    const app = await buildApp({ env: parseEnv({ LOG_LEVEL: 'silent', NODE_ENV: 'test' }), store, webBuildDir: '/nonexistent', adminBuildDir: '/nonexistent' })
    await app.ready()
    try {
      await placeTwoOrders({ app, store })
      const orders = await ordersOf(store)
      expect(orders.length).toBeGreaterThanOrEqual(2)
      mkdirSync(join(dir, 'media/reviews'), { recursive: true })
      writeFileSync(join(dir, 'media/reviews/photo.jpg'), 'a photo')

      const manifest = await backupStore({ databaseUrl: `sqlite:${join(dir, 'store.sqlite')}`, mediaDir: join(dir, 'media') }, join(dir, 'backup'))
      expect(manifest).toMatchObject({ dialect: 'sqlite', database: 'store.sqlite', media: true })
      // a second backup into the same directory is refused, not mixed in
      await expect(backupStore({ databaseUrl: `sqlite:${join(dir, 'store.sqlite')}`, mediaDir: join(dir, 'media') }, join(dir, 'backup'))).rejects.toThrow(/not empty/)

      const target = { databaseUrl: `sqlite:${join(dir, 'restored/store.sqlite')}`, mediaDir: join(dir, 'restored/media') }
      await restoreStore(target, join(dir, 'backup'))
      // never over a database that is there
      await expect(restoreStore(target, join(dir, 'backup'))).rejects.toThrow(/exists: restore into a new file/)
      expect(readFileSync(join(dir, 'restored/media/reviews/photo.jpg'), 'utf8')).toBe('a photo')
      const restored = openDatabase(target.databaseUrl)
      try {
        await expectSameStore(restored, orders)
      } finally {
        await restored.close()
      }
    } finally {
      await app.close()
      await store.close()
    }
  }, 60_000)

  it.runIf(process.env.TEST_DATABASE_URL && hasPgTools)(
    'PostgreSQL: pg_dump, restored by pg_restore into an empty database, holds the same orders',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'store-backup-pg-'))
      const t = await startTestStore('postgres')
      const base = process.env.TEST_DATABASE_URL!
      const name = `store_restore_${Date.now().toString(36)}`
      const admin = new pg.Client({ connectionString: base })
      await admin.connect()
      try {
        await placeTwoOrders(t)
        const orders = await ordersOf(t.store)
        await backupStore({ databaseUrl: t.url, mediaDir: join(dir, 'no-media') }, join(dir, 'backup'))
        try {
          await admin.query(`create database ${name}`)
        } catch (error) {
          // a user without CREATEDB cannot make the empty database to restore into
          console.warn(`skipped the PostgreSQL restore: ${(error as Error).message}`)
          return
        }
        const url = new URL(base)
        url.pathname = `/${name}`
        await restoreStore({ databaseUrl: url.toString(), mediaDir: join(dir, 'restored-media') }, join(dir, 'backup'))
        const restored = openDatabase(url.toString())
        try {
          await expectSameStore(restored, orders)
        } finally {
          await restored.close()
        }
      } finally {
        await t.close()
        await admin.query(`drop database if exists ${name}`).catch(() => {})
        await admin.end()
      }
    },
    90_000,
  )
})
