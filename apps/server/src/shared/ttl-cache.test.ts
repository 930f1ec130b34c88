import { describe, expect, it } from 'vitest'
import { TtlCache } from './ttl-cache.ts'

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
})
