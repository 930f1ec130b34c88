import { spawnSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseEnv, shouldMigrateOnStart } from '../env.ts'
import { openDatabase } from './connection.ts'
import { migrateOrRequireCurrent, migrations, pendingMigrations } from './migrate.ts'

const root = resolve(import.meta.dirname, '../../../..')

/**
 * Issue 38 item 5: every instance ran the migrations at start-up. Now `npm run
 * migrate` is a step of its own; start-up migrates only where asked (SQLite by
 * default) and refuses a database behind the build.
 */
describe('migrations as their own step', () => {
  it('migrate at start-up on SQLite by default, not on PostgreSQL, as MIGRATE_ON_START says', () => {
    const of = (source: Record<string, string>) => shouldMigrateOnStart(parseEnv({ NODE_ENV: 'test', ...source }))
    expect(of({})).toBe(true)
    expect(of({ DATABASE_URL: 'sqlite:/tmp/x.sqlite' })).toBe(true)
    expect(of({ DATABASE_URL: 'postgres://store@db/store' })).toBe(false)
    expect(of({ DATABASE_URL: 'postgres://store@db/store', MIGRATE_ON_START: 'true' })).toBe(true)
    expect(of({ MIGRATE_ON_START: 'false' })).toBe(false)
    expect(() => parseEnv({ MIGRATE_ON_START: 'maybe' })).toThrow(/MIGRATE_ON_START/)
  })

  it('a start that may not migrate refuses a database behind the build, saying what to run', async () => {
    const store = openDatabase('sqlite::memory:')
    try {
      await expect(migrateOrRequireCurrent(store.db, false)).rejects.toThrow(
        new RegExp(`The database is behind this build: ${Object.keys(migrations).length} migrations not run \\(001-store, .*Run \`npm run migrate\``),
      )
      expect(await migrateOrRequireCurrent(store.db, true)).toEqual(Object.keys(migrations))
      expect(await migrateOrRequireCurrent(store.db, false)).toEqual([])
    } finally {
      await store.close()
    }
  })

  it('npm run migrate migrates and seeds a new database once, and says what it did', () => {
    const dir = mkdtempSync(join(tmpdir(), 'store-migrate-'))
    const databaseUrl = `sqlite:${join(dir, 'store.sqlite')}`
    const run = () =>
      spawnSync(process.execPath, ['--import', 'tsx', '--conditions=@store/source', 'apps/server/src/db/migrate-job.ts'], {
        cwd: root,
        env: { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: 'production' },
        encoding: 'utf8',
        timeout: 60_000,
      })
    const first = run()
    expect(first.status, first.stderr).toBe(0)
    const summary = JSON.parse(first.stdout.trim().split('\n').at(-1)!) as { migrated: string[]; seeded: boolean }
    expect(summary).toEqual({ migrated: Object.keys(migrations), seeded: true })
    const second = run()
    expect(second.status, second.stderr).toBe(0)
    expect(JSON.parse(second.stdout.trim().split('\n').at(-1)!)).toEqual({ migrated: [], seeded: false })
  }, 90_000)

  it('an empty database has every migration of this build pending (/api/ready says so)', async () => {
    const store = openDatabase('sqlite::memory:')
    try {
      expect((await pendingMigrations(store.db)).length).toBe(Object.keys(migrations).length)
    } finally {
      await store.close()
    }
  })
})
