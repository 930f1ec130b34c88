/**
 * Where the store's throttle counts live: the one mechanism behind every limit
 * (login attempts, account requests, guesses, cart writes, messages, reviews):
 * events under a key, each with its time, read back over a window. In Redis
 * where REDIS_URL is set (one sorted set per key, scored by time), else in the
 * database's `throttle_events`. Either way every instance counts the same
 * (docs/decisions/217-one-throttle-shared-by-every-instance.md).
 */
import { randomUUID } from 'node:crypto'
import type { createClient } from 'redis'
import type { StoreDb } from '../db/connection.ts'

/** One counted event: its key and id, to take it back. */
export interface ThrottleMark {
  key: string
  id: string
}

/** An event within a window: its key and when (epoch ms). */
export interface ThrottleEvent {
  key: string
  at: number
}

/** Counts are kept a day at most (the longest window is an hour; jobs/purge.ts clears the database's). */
const KEPT_MS = 24 * 60 * 60 * 1000

export interface ThrottleStore {
  /** the events under these keys after `since`, oldest first */
  events(brandId: string, keys: string[], since: Date): Promise<ThrottleEvent[]>
  /** counts one event under each key */
  add(brandId: string, keys: string[], now: Date): Promise<ThrottleMark[]>
  /** takes counted events back (a refused request does not count) */
  takeBack(brandId: string, marks: ThrottleMark[]): Promise<void>
  /** forgets every event under the keys */
  clear(brandId: string, keys: string[]): Promise<void>
}

export class DatabaseThrottleStore implements ThrottleStore {
  constructor(private readonly store: StoreDb) {}

  async events(brandId: string, keys: string[], since: Date): Promise<ThrottleEvent[]> {
    if (keys.length === 0) return []
    const rows = await this.store.db
      .selectFrom('throttle_events')
      .select(['key', 'created_at'])
      .where('brand_id', '=', brandId)
      .where('key', 'in', keys)
      .where('created_at', '>', since.toISOString())
      .orderBy('created_at')
      .execute()
    return rows.map((row) => ({ key: row.key, at: new Date(row.created_at).getTime() }))
  }

  async add(brandId: string, keys: string[], now: Date): Promise<ThrottleMark[]> {
    if (keys.length === 0) return []
    const rows = keys.map((key) => ({ id: randomUUID(), brand_id: brandId, key, created_at: now.toISOString() }))
    await this.store.db.insertInto('throttle_events').values(rows).execute()
    return rows.map(({ key, id }) => ({ key, id }))
  }

  async takeBack(brandId: string, marks: ThrottleMark[]): Promise<void> {
    if (marks.length === 0) return
    await this.store.db
      .deleteFrom('throttle_events')
      .where('brand_id', '=', brandId)
      .where(
        'id',
        'in',
        marks.map((mark) => mark.id),
      )
      .execute()
  }

  async clear(brandId: string, keys: string[]): Promise<void> {
    if (keys.length === 0) return
    await this.store.db.deleteFrom('throttle_events').where('brand_id', '=', brandId).where('key', 'in', keys).execute()
  }
}

type RedisClient = ReturnType<typeof createClient>

/**
 * Counts in Redis: `<prefix>throttle:<brand>:<key>` is a sorted set of event ids
 * scored by their time; adding an event drops those older than a day and keeps
 * the key a day, so an idle key goes by itself.
 */
export class RedisThrottleStore implements ThrottleStore {
  constructor(
    private readonly client: RedisClient,
    private readonly prefix: string,
  ) {}

  private keyOf(brandId: string, key: string): string {
    return `${this.prefix}throttle:${brandId}:${key}`
  }

  async events(brandId: string, keys: string[], since: Date): Promise<ThrottleEvent[]> {
    if (keys.length === 0) return []
    const multi = this.client.multi()
    for (const key of keys) multi.zRangeByScoreWithScores(this.keyOf(brandId, key), `(${since.getTime()}`, '+inf')
    const replies = (await multi.exec()) as unknown as { value: string; score: number }[][]
    return keys.flatMap((key, i) => (replies[i] ?? []).map((entry) => ({ key, at: Number(entry.score) }))).sort((a, b) => a.at - b.at)
  }

  async add(brandId: string, keys: string[], now: Date): Promise<ThrottleMark[]> {
    if (keys.length === 0) return []
    const marks = keys.map((key) => ({ key, id: randomUUID() }))
    const multi = this.client.multi()
    for (const mark of marks) {
      const key = this.keyOf(brandId, mark.key)
      multi.zAdd(key, { score: now.getTime(), value: mark.id })
      multi.zRemRangeByScore(key, '-inf', now.getTime() - KEPT_MS)
      multi.pExpire(key, KEPT_MS)
    }
    await multi.exec()
    return marks
  }

  async takeBack(brandId: string, marks: ThrottleMark[]): Promise<void> {
    if (marks.length === 0) return
    const multi = this.client.multi()
    for (const mark of marks) multi.zRem(this.keyOf(brandId, mark.key), mark.id)
    await multi.exec()
  }

  async clear(brandId: string, keys: string[]): Promise<void> {
    if (keys.length === 0) return
    await this.client.del(keys.map((key) => this.keyOf(brandId, key)))
  }
}
