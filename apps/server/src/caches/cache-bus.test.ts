import { createClient } from 'redis'
import { afterAll, describe, expect, it } from 'vitest'
import { type CacheScope, startCacheBus } from './cache-bus.ts'
import { deleteRedisKeys, uniqueRedisPrefix } from '../test/harness.ts'

const REDIS_URL = process.env.TEST_REDIS_URL

/** What one instance dropped, as `brand:scope`. */
const instance = () => {
  const dropped: string[] = []
  return { dropped, drop: (brandId: string, scope: CacheScope) => dropped.push(`${brandId}:${scope}`) }
}

describe('the cache bus without Redis (one instance)', () => {
  it('drops the caches named here, each once', async () => {
    const here = instance()
    const bus = await startCacheBus({ drop: here.drop })
    bus.clear('ckb', ['catalog', 'pages', 'catalog'])
    expect(here.dropped).toEqual(['ckb:catalog', 'ckb:pages'])
    await bus.close()
  })
})

describe.skipIf(!REDIS_URL)('the cache bus through Redis (TEST_REDIS_URL)', () => {
  const prefix = uniqueRedisPrefix()
  const clients: { close(): Promise<unknown> }[] = []
  afterAll(async () => {
    for (const client of clients) await client.close()
    await deleteRedisKeys(REDIS_URL!, prefix)
  })
  const connect = async (keyPrefix: string) => {
    const client = createClient({ url: REDIS_URL })
    await client.connect()
    clients.push(client)
    return { client, keyPrefix }
  }

  it("a change on one instance drops the brand's caches on the others within moments, and once on its own", async () => {
    const [a, b, c] = [instance(), instance(), instance()]
    const busA = await startCacheBus({ drop: a.drop, redis: await connect(prefix) })
    const busB = await startCacheBus({ drop: b.drop, redis: await connect(prefix) })
    // a store of another deployment (another prefix) on the same Redis hears nothing
    const busC = await startCacheBus({ drop: c.drop, redis: await connect(uniqueRedisPrefix()) })
    busA.clear('popfitclothing', ['promotions', 'pages'])
    expect(a.dropped).toEqual(['popfitclothing:promotions', 'popfitclothing:pages'])
    await expect.poll(() => b.dropped, { timeout: 1000, interval: 10 }).toEqual(['popfitclothing:promotions', 'popfitclothing:pages'])
    busB.clear('ckb', ['content'])
    await expect.poll(() => a.dropped.at(-1), { timeout: 1000, interval: 10 }).toBe('ckb:content')
    // give a stray message time to arrive: none did, to the other deployment nor back to its sender
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(a.dropped).toHaveLength(3)
    expect(b.dropped).toHaveLength(3)
    expect(c.dropped).toEqual([])
    await Promise.all([busA.close(), busB.close(), busC.close()])
  })

  it('ignores a message that is not one of its own kind', async () => {
    const here = instance()
    const redis = await connect(prefix)
    const bus = await startCacheBus({ drop: here.drop, redis })
    await redis.client.publish(`${prefix}caches`, 'not json')
    await redis.client.publish(`${prefix}caches`, JSON.stringify({ from: 'x', brandId: 'ckb', scopes: ['everything', 'pages'] }))
    await expect.poll(() => here.dropped, { timeout: 1000, interval: 10 }).toEqual(['ckb:pages'])
    await bus.close()
  })
})
