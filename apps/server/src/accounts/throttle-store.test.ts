import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { createClient } from 'redis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DIALECTS, startTestStore, type TestStore } from '../test/harness.ts'
import { DatabaseThrottleStore, RedisThrottleStore, type ThrottleStore } from './throttle-store.ts'

const KINDS = [...DIALECTS.map((dialect) => ({ dialect, redis: false })), ...(process.env.TEST_REDIS_URL ? [{ dialect: DIALECTS[0]!, redis: true }] : [])]

/** The throttle's counts: each key over its own window, wherever they are kept. */
describe.each(KINDS)('throttle counts on $dialect (in Redis: $redis)', ({ dialect, redis }) => {
  let t: TestStore
  let counts: ThrottleStore
  let client: ReturnType<typeof createClient> | undefined
  beforeAll(async () => {
    t = await startTestStore(dialect)
    if (redis) {
      client = createClient({ url: process.env.TEST_REDIS_URL })
      await client.connect()
      counts = new RedisThrottleStore(client, `test:${randomUUID()}:`)
    } else counts = new DatabaseThrottleStore(t.store)
  })
  afterAll(async () => {
    await client?.quit()
    await t.close()
  })

  it('counts each key within its own window, with its oldest and latest event', async () => {
    const key = (name: string) => `${name}:${randomUUID()}`
    const [a, b, none] = [key('a'), key('b'), key('none')]
    const at = (minutes: number) => new Date(Date.UTC(2026, 10, 30, 12, minutes))
    for (const minute of [1, 5, 9]) await counts.add('glow', [a], at(minute))
    for (const minute of [2, 8]) await counts.add('glow', [b], at(minute))
    // another brand's count under the same key is not this brand's
    await counts.add('ckb', [a], at(9))

    const tallies = await counts.tally('glow', [
      { key: a, since: at(3) },
      { key: b, since: at(0) },
      { key: none, since: at(0) },
    ])
    expect(tallies.sort((x, y) => x.key.localeCompare(y.key))).toEqual([
      { key: a, count: 2, oldest: at(5).getTime(), latest: at(9).getTime() },
      { key: b, count: 2, oldest: at(2).getTime(), latest: at(8).getTime() },
    ])
    expect(await counts.tally('glow', [])).toEqual([])
  })

  it.runIf(dialect === 'sqlite' && !redis)('reads only each key’s own range of the index, never the brand’s every count', async () => {
    const seen: string[] = []
    const stop = t.store.watchQueries((text) => seen.push(text))
    await counts.tally('glow', [
      { key: 'x', since: new Date(0) },
      { key: 'y', since: new Date(0) },
    ])
    stop()
    const text = seen.find((s) => s.includes('throttle_events'))!
    const plan = await sql.raw<{ detail: string }>(`explain query plan ${text.replace(/\?/g, "'v'")}`).execute(t.store.db)
    const searches = plan.rows.map((row) => row.detail).filter((detail) => detail.includes('throttle_events'))
    expect(searches).toHaveLength(2)
    for (const detail of searches) expect(detail).toContain('key=?')
  })
})
