/**
 * What an instance's memory does as sessions pile up in Redis (bench/cost-curves.ts): one built
 * instance (scripts/store-process.mjs) with its sessions in Redis under a key prefix of its own
 * (in Redis database BENCH_REDIS_DB, default 7), sessions written straight into Redis as the
 * store writes them (RedisSessionStore's keys and fields, pipelined), and at each count: shoppers
 * read their carts with sessions drawn from all those stored (the instance finds each in Redis),
 * then the instance's RSS and V8 heap (from its /metrics) and Redis's used_memory. The keys are
 * deleted afterwards.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { readFileSync, rmSync } from 'node:fs'
import { dirname } from 'node:path'
import { hashSessionToken } from '../../apps/server/src/sessions/session-handle.ts'
import { RedisSessionStore } from '../../apps/server/src/sessions/redis-session-store.ts'
import { startStore } from '../../scripts/store-process.mjs'
import { type Figures, type LoopOptions, loop } from './shopper-loop.ts'

const BRAND = 'popfitclothing'
const BATCH = 5_000

interface SessionsPoint {
  sessions: number
  /** the instance's resident memory and V8 heap in use, bytes */
  rss: number
  heapUsed: number
  /** Redis's used_memory over what it used before the bench wrote anything, bytes */
  redisUsed: number
  /** GET /api/cart with a stored session, over HTTP */
  cartRead: Figures
}

function rssOf(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m)
  return line ? Number(line[1]) * 1024 : 0
}

async function usedMemory(redis: RedisSessionStore['redis']): Promise<number> {
  const info = await redis.info('memory')
  return Number(info.match(/^used_memory:(\d+)/m)?.[1] ?? 0)
}

/** The session tokens' cookie for session `i` of this run. */
const tokenOf = (run: string, i: number) => `${run}-${i}`

/** Sessions [from, to) written as the store writes a visitor's new session (a hash that expires in 30 days). */
async function writeSessions(sessions: RedisSessionStore, run: string, from: number, to: number) {
  const expires = Date.now() + 30 * 86_400_000
  const createdAt = new Date().toISOString()
  for (let start = from; start < to; start += BATCH) {
    const pipeline = sessions.redis.multi()
    for (let i = start; i < Math.min(to, start + BATCH); i++) {
      const key = sessions.sessionKey(BRAND, hashSessionToken(tokenOf(run, i)))
      pipeline.hSet(key, { brandId: BRAND, visitorId: randomUUID(), createdAt })
      pipeline.pExpireAt(key, expires)
    }
    await pipeline.execAsPipeline()
  }
}

export async function sessionsCurve(counts: number[], options: LoopOptions): Promise<SessionsPoint[]> {
  const base = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
  const url = `${base.replace(/\/\d*$/, '')}/${process.env.BENCH_REDIS_DB ?? '7'}`
  const prefix = `bench-sessions-${randomBytes(4).toString('hex')}:`
  const metricsToken = randomBytes(16).toString('hex')
  const sessions = await RedisSessionStore.connect(url, { keyPrefix: prefix })
  const run = randomBytes(6).toString('hex')
  const redisBefore = await usedMemory(sessions.redis)
  const store = await startStore({ env: { REDIS_URL: url, REDIS_KEY_PREFIX: prefix, METRICS_TOKEN: metricsToken } })
  const heapUsed = async () => {
    const text = await (await fetch(`${store.origin}/metrics`, { headers: { host: 'localhost', authorization: `Bearer ${metricsToken}` } })).text()
    return Number(text.match(/^store_nodejs_heap_size_used_bytes (\d+(?:\.\d+)?)/m)?.[1] ?? Number.NaN)
  }
  const points: SessionsPoint[] = []
  let written = 0
  try {
    for (const count of counts) {
      await writeSessions(sessions, run, written, count)
      written = Math.max(written, count)
      const cartRead = () => async () => {
        // a stored session drawn at random, or a visitor without one while none is stored
        const cookie: Record<string, string> = written > 0 ? { cookie: `sid=${tokenOf(run, Math.floor(Math.random() * written))}` } : {}
        const started = performance.now()
        const response = await fetch(`${store.origin}/api/cart`, { headers: { host: 'localhost', ...cookie } })
        await response.arrayBuffer()
        if (!response.ok || response.headers.getSetCookie().some((line) => line.startsWith('sid=;'))) throw new Error(`cart read: ${response.status}`)
        return performance.now() - started
      }
      const figures = await loop(async () => [], cartRead, options)
      // the garbage of the reads settles before the memory is read
      await new Promise((done) => setTimeout(done, 1000))
      const point = {
        sessions: count,
        rss: store.pid ? rssOf(store.pid) : 0,
        heapUsed: await heapUsed(),
        redisUsed: (await usedMemory(sessions.redis)) - redisBefore,
        cartRead: figures,
      }
      console.error(
        `sessions ${count}: rss ${(point.rss / 2 ** 20).toFixed(0)} MiB, heap ${(point.heapUsed / 2 ** 20).toFixed(0)} MiB, Redis +${(point.redisUsed / 2 ** 20).toFixed(0)} MiB`,
      )
      points.push(point)
    }
    return points
  } finally {
    await store.stop()
    rmSync(dirname(store.databasePath), { recursive: true, force: true })
    for await (const keys of sessions.redis.scanIterator({ MATCH: `${prefix}*`, COUNT: 5000 })) if (keys.length > 0) await sessions.redis.unlink(keys)
    await sessions.close()
  }
}
