import { describe, expect, it } from 'vitest'
import { BrandScope, deepFreeze, TtlCache } from './ttl-cache.ts'

describe('TtlCache', () => {
  it('loads once within the time to live and again after it', async () => {
    const cache = new TtlCache<number>(1000)
    let loads = 0
    const load = async () => ++loads
    expect(await cache.get('a', load, 0)).toBe(1)
    expect(await cache.get('a', load, 999)).toBe(1)
    expect(await cache.get('a', load, 1000)).toBe(2)
  })

  it('shares one load between concurrent readers', async () => {
    const cache = new TtlCache<number>(1000)
    let loads = 0
    const load = () => new Promise<number>((done) => setTimeout(() => done(++loads), 5))
    const [a, b] = await Promise.all([cache.get('k', load, 0), cache.get('k', load, 0)])
    expect([a, b, loads]).toEqual([1, 1, 1])
  })

  it('does not remember a failure', async () => {
    const cache = new TtlCache<number>(1000)
    await expect(cache.get('k', () => Promise.reject(new Error('down')), 0)).rejects.toThrow('down')
    await Promise.resolve()
    expect(await cache.get('k', async () => 7, 1)).toBe(7)
  })

  it('keeps a newer load when an older one fails after it', async () => {
    const cache = new TtlCache<number>(1000)
    let fail!: (error: Error) => void
    const older = cache.get('k', () => new Promise<number>((_, reject) => (fail = reject)), 0, 0)
    // an invalidation: generation 1 loads anew while the older load is pending
    expect(await cache.get('k', async () => 2, 1, 1)).toBe(2)
    fail(new Error('late'))
    await expect(older).rejects.toThrow('late')
    let loads = 0
    expect(await cache.get('k', async () => ++loads, 2, 1)).toBe(2)
    expect(loads).toBe(0)
  })

  it('reloads an entry of an older generation', async () => {
    const cache = new TtlCache<string>(1000)
    expect(await cache.get('k', async () => 'old', 0, 0)).toBe('old')
    expect(await cache.get('k', async () => 'new', 1, 1)).toBe('new')
  })

  it('is bounded, dropping the least recently used entry', async () => {
    const cache = new TtlCache<string>(1000, 2)
    await cache.get('a', async () => 'a', 0)
    await cache.get('b', async () => 'b', 0)
    await cache.get('a', async () => 'a again', 1) // a is now the most recent
    await cache.get('c', async () => 'c', 2)
    expect(cache.size).toBe(2)
    expect(await cache.get('a', async () => 'reloaded', 3)).toBe('a')
    expect(await cache.get('b', async () => 'reloaded', 3)).toBe('reloaded')
  })
})

describe('BrandScope', () => {
  const db = {}

  it('keys entries by brand and invalidates one brand only', async () => {
    const scope = new BrandScope()
    const cache = scope.cache<{ brand: string; load: number }>({ ttlMs: 60_000, maxEntries: 10 })
    let loads = 0
    const load = (brand: string) => async () => ({ brand, load: ++loads })
    const a = await cache(db, 'a', 'item:1', load('a'))
    const b = await cache(db, 'b', 'item:1', load('b'))
    expect([a.brand, b.brand]).toEqual(['a', 'b'])
    scope.invalidate('a')
    expect((await cache(db, 'a', 'item:1', load('a'))).load).toBe(3)
    expect(await cache(db, 'b', 'item:1', load('b'))).toBe(b)
  })

  it('keeps databases apart', async () => {
    const scope = new BrandScope()
    const cache = scope.cache<string>({ ttlMs: 60_000, maxEntries: 10 })
    expect(await cache({}, 'a', 'k', async () => 'first')).toBe('first')
    expect(await cache({}, 'a', 'k', async () => 'second')).toBe('second')
  })

  it('freezes what it hands out', async () => {
    const scope = new BrandScope()
    const cache = scope.cache<{ list: number[] }>({ ttlMs: 60_000, maxEntries: 10 })
    const value = await cache(db, 'a', 'k', async () => ({ list: [1] }))
    expect(Object.isFrozen(value.list)).toBe(true)
    expect(deepFreeze(null)).toBe(null)
  })
})
