import { gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { encodedBody, FRESH_MS, PageCache, STALE_MS } from './page-cache.ts'

const page = (text: string) => ({ status: 200, headers: [['content-type', 'text/html']] as [string, string][], body: Buffer.from(text) })

describe('page cache', () => {
  it('serves an entry fresh, then stale while it is refreshed, then forgets it', () => {
    let now = 1_000
    const cache = new PageCache(() => now)
    const key = PageCache.key('ckb', '/category/underwear')
    cache.set(key, page('<h1>Underwear</h1>'))
    expect(cache.get(key)?.state).toBe('fresh')
    now += FRESH_MS + 1
    expect(cache.get(key)?.state).toBe('stale')
    expect(cache.startRefresh(key)).toBe(true)
    expect(cache.startRefresh(key)).toBe(false)
    cache.endRefresh(key)
    now += STALE_MS
    expect(cache.get(key)).toBeNull()
  })

  it("keeps brands apart and clears one brand's pages only", () => {
    const cache = new PageCache()
    cache.set(PageCache.key('ckb', '/'), page('ckb home'))
    cache.set(PageCache.key('popfitclothing', '/'), page('popfit home'))
    expect(cache.get(PageCache.key('ckb', '/'))?.page.body.toString()).toBe('ckb home')
    cache.clearBrand('ckb')
    expect(cache.get(PageCache.key('ckb', '/'))).toBeNull()
    expect(cache.get(PageCache.key('popfitclothing', '/'))?.page.body.toString()).toBe('popfit home')
  })

  it('compresses a page once per encoding the client takes', () => {
    const cache = new PageCache()
    const html = '<p>leggings</p>'.repeat(200)
    cache.set('k', page(html))
    const entry = cache.get('k')!.page
    const gz = encodedBody(entry, 'gzip, deflate')
    expect(gz.encoding).toBe('gzip')
    expect(gunzipSync(gz.body).toString()).toBe(html)
    expect(encodedBody(entry, 'gzip').body).toBe(gz.body)
    expect(encodedBody(entry, 'br, gzip').encoding).toBe('br')
    expect(encodedBody(entry, undefined).encoding).toBeNull()
  })
})
