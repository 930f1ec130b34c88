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

/** A key to count over its window: the events after `since`. */
export interface ThrottleWindow {
  key: string
  since: Date
}

/** A key's events within its window: how many, the oldest and the latest (epoch ms). */
export interface ThrottleTally {
  key: string
  count: number
  oldest: number
  latest: number
}

/** Counts are kept a day at most (the longest window is an hour; jobs/purge.ts clears the database's). */
const KEPT_MS = 24 * 60 * 60 * 1000

export interface ThrottleStore {
  /** each key's events within its window, counted where they are kept (a key without any is left out) */
  tally(brandId: string, windows: ThrottleWindow[]): Promise<ThrottleTally[]>
  /** counts one event under each key */
  add(brandId: string, keys: string[], now: Date): Promise<ThrottleMark[]>
  /** takes counted events back (a refused request does not count) */
  takeBack(brandId: string, marks: ThrottleMark[]): Promise<void>
  /** forgets every event under the keys */
  clear(brandId: string, keys: string[]): Promise<void>
}

export class DatabaseThrottleStore implements ThrottleStore {
  constructor(private readonly store: StoreDb) {}

  async tally(brandId: string, windows: ThrottleWindow[]): Promise<ThrottleTally[]> {
    // each key its own range of the index (brand_id, key, created_at), joined by UNION ALL: an OR of
    // the keys made SQLite read every count of the brand
    const ofKey = ({ key, since }: ThrottleWindow) =>
      this.store.db
        .selectFrom('throttle_events')
        .select((eb) => ['key', eb.fn.countAll<number | string>().as('count'), eb.fn.min('created_at').as('oldest'), eb.fn.max('created_at').as('latest')])
        .where('brand_id', '=', brandId)
        .where('key', '=', key)
        .where('created_at', '>', since.toISOString())
        .groupBy('key')
    const [first, ...rest] = windows
    if (!first) return []
    const rows = await rest.reduce((query, window) => query.unionAll(ofKey(window)), ofKey(first)).execute()
    return rows.map((row) => ({ key: row.key, count: Number(row.count), oldest: new Date(row.oldest).getTime(), latest: new Date(row.latest).getTime() }))
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

  async tally(brandId: string, windows: ThrottleWindow[]): Promise<ThrottleTally[]> {
    if (windows.length === 0) return []
    const multi = this.client.multi()
    for (const { key, since } of windows) {
      const set = this.keyOf(brandId, key)
      const after = `(${since.getTime()}`
      multi.zCount(set, after, '+inf')
      multi.zRangeByScoreWithScores(set, after, '+inf', { LIMIT: { offset: 0, count: 1 } })
      multi.zRangeWithScores(set, 0, 0, { REV: true })
    }
    const replies = (await multi.exec()) as unknown[]
    return windows.flatMap(({ key }, i) => {
      const count = Number(replies[3 * i])
      const oldest = (replies[3 * i + 1] as { score: number }[])[0]
      const latest = (replies[3 * i + 2] as { score: number }[])[0]
      return count > 0 && oldest && latest ? [{ key, count, oldest: Number(oldest.score), latest: Number(latest.score) }] : []
    })
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
