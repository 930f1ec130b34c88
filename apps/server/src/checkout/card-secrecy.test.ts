/**
 * DESIGN §6: nothing but a gateway token, brand, last four digits and expiry is
 * ever kept, in the database or in a log. A card goes through tokenisation and
 * checkout (and a decline, and a bad form), then every text column of every
 * table and every log line is searched for the number and the security code.
 */
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.ts'
import type { StoreDb } from '../db/connection.ts'
import { parseEnv } from '../env.ts'
import { openTestDatabase } from '../test/database-template.ts'
import { DIALECTS, dataOf, startTestStore, TestShopper, type TestStore } from '../test/harness.ts'
import { itemWithStock, placeOrder, shopperWithCart } from './checkout-test-kit.ts'

// not a documented test card: any valid number succeeds
const NUMBER = '4111111111111111'
const DECLINED = '4000000000000002'
const CVC = '987'
const digitsIn = (text: string) => text.replace(/\D/g, '')

async function exerciseCards(shopperOf: () => Promise<TestShopper>) {
  const year = String(new Date().getFullYear() + 2)
  const shopper = await shopperOf()
  const spaced = NUMBER.replace(/(\d{4})(?=\d)/g, '$1 ')
  const token = dataOf<{ token: string; last4: string }>(await shopper.post('/api/payments/test-tokens', { number: spaced, cvc: CVC, exp_month: '11', exp_year: year }))
  expect(token.last4).toBe('1111')
  expect((await placeOrder(shopper, token.token)).statusCode).toBe(200)
  const second = await shopperOf()
  const declined = dataOf<{ token: string }>(await second.post('/api/payments/test-tokens', { number: DECLINED, cvc: CVC, exp_month: '11', exp_year: year }))
  expect((await placeOrder(second, declined.token)).statusCode).toBe(402)
  // a wrong code, an expired card, a number sent where the token belongs: refused, and not kept either
  expect((await second.post('/api/payments/test-tokens', { number: NUMBER, cvc: '98', exp_month: '11', exp_year: year })).statusCode).toBe(422)
  expect((await second.post('/api/payments/test-tokens', { number: NUMBER, cvc: CVC, exp_month: '1', exp_year: '2001' })).statusCode).toBe(422)
  expect((await placeOrder(second, NUMBER)).statusCode).toBe(422)
}

async function textCells(store: StoreDb): Promise<{ table: string; column: string; value: string }[]> {
  const tables =
    store.dialect === 'sqlite'
      ? (await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(store.db)).rows.map((r) => r.name)
      : (await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema()`.execute(store.db)).rows.map((r) => r.name)
  const cells: { table: string; column: string; value: string }[] = []
  for (const table of tables) {
    const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(store.db)).rows
    for (const row of rows) {
      for (const [column, value] of Object.entries(row)) if (typeof value === 'string') cells.push({ table, column, value })
    }
  }
  return cells
}

describe.each(DIALECTS)('card numbers and security codes on %s', (dialect) => {
  let t: TestStore
  beforeAll(async () => {
    t = await startTestStore(dialect)
  })
  afterAll(() => t.close())

  it('never reach the database', async () => {
    const item = await itemWithStock(t, 5)
    await exerciseCards(() => shopperWithCart(t, item.itemId, item.size, 1))
    const cells = await textCells(t.store)
    expect(cells.length).toBeGreaterThan(1000)
    const leaks = cells.filter(({ value }) => digitsIn(value).includes(NUMBER) || digitsIn(value).includes(DECLINED) || value.trim() === CVC)
    expect(leaks).toEqual([])
    // what is kept of the card: token, brand, last four, expiry
    const kept = await t.store.db.selectFrom('test_gateway_tokens').selectAll().execute()
    expect(kept.map((row) => row.last4).sort()).toEqual(['0002', '1111'])
  })
})

describe('card numbers and security codes in the log', () => {
  let store: StoreDb
  let lines: string[] = []
  const write = process.stdout.write
  beforeAll(() => {
    lines = []
    // pino writes to a replaced process.stdout.write instead of its own file descriptor
    process.stdout.write = ((chunk: string | Uint8Array) => {
      lines.push(String(chunk))
      return true
    }) as typeof process.stdout.write
  })
  afterAll(async () => {
    process.stdout.write = write
    await store?.close()
  })

  it('never reach a log line, at the most verbose level', async () => {
    store = (await openTestDatabase('sqlite')).store
    const env = parseEnv({ LOG_LEVEL: 'trace', NODE_ENV: 'development' })
    const app = await buildApp({ env, store, webBuildDir: '/nonexistent' })
    await app.ready()
    const item = await itemWithStock({ app, store, close: async () => {} }, 5)
    try {
      await exerciseCards(async () => {
        const shopper = new TestShopper(app)
        await shopper.post('/api/cart/items', { item_id: item.itemId, size: item.size, qty: 1 })
        return shopper
      })
    } finally {
      await app.close()
    }
    expect(lines.length).toBeGreaterThan(5)
    const log = lines.join('')
    expect(log).toMatch(/order placed/)
    expect(digitsIn(log)).not.toContain(NUMBER)
    expect(digitsIn(log)).not.toContain(DECLINED)
    expect(log).not.toMatch(new RegExp(`\\b${CVC}\\b`))
  })
})
