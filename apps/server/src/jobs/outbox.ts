/**
 * The outbox worker: rows a request queued in an outbox table (outbox_emails,
 * conversion_events) sent later, from any number of instances at once, by one mechanism
 * (docs/decisions/264). Each outbox says only how its rows go (`send`); this module does the rest:
 *
 * - Claimed atomically: one UPDATE takes a lease (claimed_by, claimed_until) on due rows nobody
 *   holds; the database re-checks the condition under its row lock, so two instances never take
 *   one row (on PostgreSQL they skip each other's locked rows: SKIP LOCKED), and a crashed
 *   worker's lease simply runs out.
 * - Marked sent, by the worker that holds the lease only, right after its send.
 * - Retried with backoff: a failure counts the attempt, records the error and waits 30 s, 1, 2,
 *   4 ... minutes (at most an hour); after MAX_ATTEMPTS the row is marked failed and left for
 *   an operator.
 * - Run every interval in each instance by the one job loop (jobs/job-loop.ts).
 */
import { randomUUID } from 'node:crypto'
import type { Kysely, Selectable, Updateable } from 'kysely'
import type { StoreDb } from '../db/connection.ts'
import type { Database } from '../db/schema.ts'

const MAX_ATTEMPTS = 8
const LEASE_MS = 5 * 60 * 1000

function retryDelayMs(attempts: number): number {
  return Math.min(60 * 60 * 1000, 30_000 * 2 ** Math.max(0, attempts - 1))
}

/** The bookkeeping columns of every outbox table (migrations 003 and 034). */
interface Bookkeeping {
  id: string
  created_at: string
  sent_at: string | null
  attempts: number
  next_attempt_at: string | null
  claimed_by: string | null
  claimed_until: string | null
  failed_at: string | null
  last_error: string | null
}

/** The tables with an outbox's bookkeeping: the ones a worker sends from. */
type OutboxTable = { [T in keyof Database]: Selectable<Database[T]> extends Bookkeeping ? T : never }[keyof Database]

/** What the worker's statements see of any outbox table: its bookkeeping. */
type OutboxView = Record<OutboxTable, Bookkeeping>

type OutboxRow<T extends OutboxTable> = Selectable<Database[T]>

/** How an outbox's rows go. */
export interface Outbox<T extends OutboxTable> {
  table: T
  /** rows claimed in one round */
  batch: number
  /**
   * `each`: a row at a time, each sent or retried on its own; what it resolves with is
   * written on the row beside sent_at. `together`: the claimed rows in one call, sent or
   * retried together.
   */
  send: { each: (row: OutboxRow<T>) => Promise<Updateable<Database[T]>> } | { together: (rows: OutboxRow<T>[]) => Promise<void> }
  /** told of each failed row, after its retry (or its giving up) is recorded */
  failed?: (row: OutboxRow<T>, failure: { attempts: number; giveUp: boolean; message: string }) => void
}

/** What a round did. */
export interface OutboxRound {
  sent: number
  retrying: number
  failed: number
}

export interface RoundOptions {
  now?: Date
  /** the lease's holder: an instance's own id (a new one each round when not given) */
  workerId?: string
  /** rows claimed in this round (the outbox's batch when not given) */
  batch?: number
}

/** Claims the outbox's due rows and sends each once; returns what happened. */
export async function sendDue<T extends OutboxTable>(store: StoreDb, outbox: Outbox<T>, options: RoundOptions = {}): Promise<OutboxRound> {
  const db = store.db as unknown as Kysely<OutboxView>
  const table: OutboxTable = outbox.table
  const now = options.now ?? new Date()
  const nowText = now.toISOString()
  const workerId = options.workerId ?? randomUUID()
  const leaseUntil = new Date(now.getTime() + LEASE_MS).toISOString()
  const dueRows = db
    .selectFrom(table)
    .select('id')
    .where('sent_at', 'is', null)
    .where('failed_at', 'is', null)
    .where((eb) => eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', nowText)]))
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', nowText)]))
    .orderBy('created_at')
    .limit(options.batch ?? outbox.batch)
  // PostgreSQL: workers running at once take different rows instead of waiting on the same ones
  const due = store.dialect === 'postgres' ? dueRows.forUpdate().skipLocked() : dueRows
  await db
    .updateTable(table)
    .set({ claimed_by: workerId, claimed_until: leaseUntil })
    .where('id', 'in', due)
    .where('sent_at', 'is', null)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', nowText)]))
    .execute()
  const claimed = (await db
    .selectFrom(table)
    .selectAll()
    .where('claimed_by', '=', workerId)
    .where('claimed_until', '=', leaseUntil)
    .where('sent_at', 'is', null)
    .orderBy('created_at')
    .execute()) as unknown as OutboxRow<T>[]

  const result: OutboxRound = { sent: 0, retrying: 0, failed: 0 }
  const ids = (rows: OutboxRow<T>[]) => rows.map((row) => (row as Bookkeeping).id)
  /** sent: the lease's holder marks the rows, with what the send recorded */
  const markSent = async (rows: OutboxRow<T>[], recorded: object = {}) => {
    await db
      .updateTable(table)
      .set((eb) => ({ ...recorded, sent_at: new Date().toISOString(), attempts: eb('attempts', '+', 1), last_error: null, claimed_by: null, claimed_until: null }))
      .where('id', 'in', ids(rows))
      .where('claimed_by', '=', workerId)
      .execute()
    result.sent += rows.length
  }
  /** not sent: each row's attempt counted, retried after its backoff or given up */
  const markFailed = async (rows: OutboxRow<T>[], error: unknown) => {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 500)
    for (const row of rows) {
      const attempts = (row as Bookkeeping).attempts + 1
      const giveUp = attempts >= MAX_ATTEMPTS
      await db
        .updateTable(table)
        .set({
          attempts,
          last_error: message,
          next_attempt_at: new Date(now.getTime() + retryDelayMs(attempts)).toISOString(),
          failed_at: giveUp ? nowText : null,
          claimed_by: null,
          claimed_until: null,
        })
        .where('id', '=', (row as Bookkeeping).id)
        .where('claimed_by', '=', workerId)
        .execute()
      outbox.failed?.(row, { attempts, giveUp, message })
      if (giveUp) result.failed += 1
      else result.retrying += 1
    }
  }

  if (claimed.length === 0) return result
  const { send } = outbox
  if ('together' in send) {
    try {
      await send.together(claimed)
    } catch (error) {
      await markFailed(claimed, error)
      return result
    }
    await markSent(claimed)
    return result
  }
  for (const row of claimed) {
    let recorded: object
    try {
      recorded = await send.each(row)
    } catch (error) {
      await markFailed([row], error)
      continue
    }
    await markSent([row], recorded)
  }
  return result
}
