import { execFile } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../db/connection.ts'
import { migrateToLatest } from '../db/migrate.ts'
import { seedDatabase } from '../db/seed/index.ts'
import { readAsOf } from './billing-job.ts'

const run = promisify(execFile)
/** The shell's environment without what says where a store is served. */
const shellEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'PORT' && !name.startsWith('PUBLIC_ORIGIN')))
const root = resolve(import.meta.dirname, '../../../..')

describe('the billing command', () => {
  it('reads --as-of YYYY-MM-DD (or --as-of=...), today without it, and refuses anything else', () => {
    expect(readAsOf(['--as-of', '2026-12-01'])).toBe('2026-12-01')
    expect(readAsOf(['--as-of=2026-02-28'])).toBe('2026-02-28')
    expect(readAsOf([], new Date('2026-11-23T10:00:00Z'))).toBe('2026-11-23')
    expect(() => readAsOf(['--as-of', '2026-02-30'])).toThrow(/YYYY-MM-DD/)
    expect(() => readAsOf(['--as-of'])).toThrow(/YYYY-MM-DD/)
  })

  it('bills the day and prints the JSON summary as its last line; run again, it charges no one twice', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'billing-cli-')), 'store.sqlite')
    const store = openDatabase(`sqlite:${file}`)
    await migrateToLatest(store.db)
    await seedDatabase(store.db)
    const now = new Date().toISOString()
    await store.db.insertInto('customers').values({ id: 'cli-c', brand_id: 'popfitclothing', name: 'Cli Member', email: 'cli@example.com', has_club: 1, created_at: now }).execute()
    await store.db
      .insertInto('test_gateway_tokens')
      .values({ token: 'tok_test_cli', brand_id: 'popfitclothing', card_brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030, behaviour: 'succeed', created_at: now })
      .execute()
    await store.db
      .insertInto('payment_methods')
      .values({
        id: 'cli-pm',
        brand_id: 'popfitclothing',
        customer_id: 'cli-c',
        gateway: 'test',
        gateway_token: 'tok_test_cli',
        card_brand: 'visa',
        last4: '4242',
        exp_month: 12,
        exp_year: 2030,
        created_at: now,
      })
      .execute()
    await store.db
      .insertInto('memberships')
      .values({
        id: 'cli-m',
        brand_id: 'popfitclothing',
        customer_id: 'cli-c',
        status: 'active',
        amount_cents: 2499,
        next_billing_date: '2026-12-01',
        billing_day: 1,
        payment_method_id: 'cli-pm',
        created_at: now,
      })
      .execute()
    await store.close()

    const billing = async () => {
      const { stdout } = await run(process.execPath, ['--import', 'tsx', '--conditions=@store/source', 'apps/server/src/membership/billing-job.ts', '--as-of', '2026-12-01'], {
        cwd: root,
        // the store it bills for listens on 4123: its e-mails' links say so
        env: { ...shellEnv, DATABASE_URL: `sqlite:${file}`, LOG_LEVEL: 'silent', NODE_ENV: 'test', PORT: '4123' },
      })
      return JSON.parse(stdout.trim().split('\n').pop()!)
    }
    expect(await billing()).toEqual({ charged: 1, failed: 0, skipped: 0 })
    expect(await billing()).toEqual({ charged: 0, failed: 0, skipped: 0 })

    const check = openDatabase(`sqlite:${file}`)
    const charges = await check.db.selectFrom('test_gateway_charges').select('idempotency_key').execute()
    expect(charges.map((c) => c.idempotency_key)).toEqual(['club:popfitclothing:cli-m:2026-12:1'])
    const mail = await check.db.selectFrom('outbox_emails').selectAll().execute()
    expect(mail.length).toBeGreaterThan(0)
    expect(JSON.stringify(mail)).toContain('http://localhost:4123/')
    expect(JSON.stringify(mail)).not.toContain(':3000')
    await check.close()
  }, 60_000)

  it('run from a shell with no PUBLIC_ORIGINS nor PORT, refuses to write links to the default port 3000, and bills nobody', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'billing-cli-')), 'store.sqlite')
    const store = openDatabase(`sqlite:${file}`)
    await migrateToLatest(store.db)
    await seedDatabase(store.db)
    await store.close()
    const failure = await run(process.execPath, ['--import', 'tsx', '--conditions=@store/source', 'apps/server/src/membership/billing-job.ts', '--as-of', '2026-12-01'], {
      cwd: root,
      env: { ...shellEnv, DATABASE_URL: `sqlite:${file}`, LOG_LEVEL: 'silent', NODE_ENV: 'test' },
    }).then(
      () => null,
      (error: { code?: number; stderr?: string }) => error,
    )
    expect(failure?.code).toBe(1)
    expect(failure?.stderr).toMatch(/PUBLIC_ORIGINS/)
    const { stdout } = await run(process.execPath, ['--import', 'tsx', '--conditions=@store/source', 'apps/server/src/membership/billing-job.ts', '--as-of', '2026-12-01'], {
      cwd: root,
      env: {
        ...shellEnv,
        DATABASE_URL: `sqlite:${file}`,
        LOG_LEVEL: 'silent',
        NODE_ENV: 'test',
        PUBLIC_ORIGINS: 'popfitclothing=https://shop.example,ckb=https://ckb.example,glow=https://glow.example',
      },
    })
    expect(JSON.parse(stdout.trim().split('\n').pop()!)).toEqual({ charged: 0, failed: 0, skipped: 0 })
  }, 60_000)
})
