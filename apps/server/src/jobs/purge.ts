/**
 * Deletes rows whose time is over, in small batches so no statement holds a
 * table for long: expired sessions (the database store; Redis keys expire on
 * their own by PEXPIREAT), expired password reset links, login failures and
 * request counts older than a day (the longest window is an hour), expired
 * known devices, and the operator's expired sessions and one-time links.
 *
 * Runs in every instance on an interval (started by main.ts, an unref'd timer);
 * the deletes are idempotent, so instances running it at once do no harm.
 */
import type { Kysely } from 'kysely'
import type { StoreDb } from '../db/connection.ts'
import { type JobLoop, startJobLoop } from './job-loop.ts'

const PURGE_INTERVAL_MS = 60 * 60 * 1000
const PURGE_BATCH_SIZE = 1000
/** login_attempts and throttle_events are read over at most an hour: a day is plenty */
const COUNTS_KEPT_MS = 24 * 60 * 60 * 1000

export interface PurgeCounts {
  sessions: number
  password_resets: number
  login_attempts: number
  throttle_events: number
  known_devices: number
  staff_sessions: number
  staff_password_links: number
}

type PurgedTable = keyof PurgeCounts

/** What the purge sees of each table: one statement shape over all of them. */
type PurgedRow = { id: string | number; token_hash: string; expires_at: string; created_at: string }
type PurgeView = Record<PurgedTable, PurgedRow>

/** Each table: its key column and the time column compared with the cut-off. */
const TABLES: { table: PurgedTable; key: 'id' | 'token_hash'; column: 'expires_at' | 'created_at'; keptMs: number }[] = [
  { table: 'sessions', key: 'id', column: 'expires_at', keptMs: 0 },
  { table: 'password_resets', key: 'token_hash', column: 'expires_at', keptMs: 0 },
  { table: 'login_attempts', key: 'id', column: 'created_at', keptMs: COUNTS_KEPT_MS },
  { table: 'throttle_events', key: 'id', column: 'created_at', keptMs: COUNTS_KEPT_MS },
  { table: 'known_devices', key: 'id', column: 'expires_at', keptMs: 0 },
  // the operator's sessions and one-time links (docs/staff.md)
  { table: 'staff_sessions', key: 'id', column: 'expires_at', keptMs: 0 },
  { table: 'staff_password_links', key: 'token_hash', column: 'expires_at', keptMs: 0 },
]

export async function purgeExpired({ db }: StoreDb, options: { now?: Date; batchSize?: number } = {}): Promise<PurgeCounts> {
  const now = options.now ?? new Date()
  const batchSize = options.batchSize ?? PURGE_BATCH_SIZE
  const counts: PurgeCounts = { sessions: 0, password_resets: 0, login_attempts: 0, throttle_events: 0, known_devices: 0, staff_sessions: 0, staff_password_links: 0 }
  for (const { table, key, column, keptMs } of TABLES) {
    const cutoff = new Date(now.getTime() - keptMs).toISOString()
    for (;;) {
      const result = await (db as unknown as Kysely<PurgeView>)
        .deleteFrom(table)
        .where(key, 'in', (eb) => eb.selectFrom(table).select(key).where(column, '<', cutoff).limit(batchSize))
        .executeTakeFirst()
      const deleted = Number(result.numDeletedRows ?? 0)
      counts[table] += deleted
      if (deleted < batchSize) break
    }
  }
  return counts
}

export interface PurgeLog {
  info(details: object, message: string): void
  error(details: object, message: string): void
}

export type PurgeSchedule = JobLoop

/** Runs the purge every `intervalMs` (first run one interval after start) on the one job loop. */
export function startPurgeSchedule(store: StoreDb, log: PurgeLog, options: { intervalMs?: number; run?: () => Promise<unknown> } = {}): PurgeSchedule {
  const purge = options.run ?? (() => purgeExpired(store))
  return startJobLoop({ job: 'purge', intervalMs: options.intervalMs ?? PURGE_INTERVAL_MS, log, failure: 'purge failed' }, async () => {
    log.info({ counts: await purge() }, 'purge: expired rows deleted')
  })
}
