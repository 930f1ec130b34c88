/**
 * Anonymous pages from memory. A page GET from a visitor who sends no cookie
 * at all shows nothing personal (no cart, no login, no split-test variant: those
 * are assigned in the browser), so its rendered answer is kept per brand and
 * URL for a short time and served again to the next such visitor. A stale entry
 * is served once more while it is rendered afresh in the background.
 *
 * Entries are per process and bounded; they are dropped when what they show
 * changes (`clearBrand`, called by writers such as checkout's stock changes), and
 * expire on their own within FRESH_MS + STALE_MS on every instance.
 */
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib'
import { COMPRESS_THRESHOLD, pageEncoding } from './page-compression.ts'
import { recordPageCacheLookup } from '../operations/metrics.ts'

export const FRESH_MS = 30_000
export const STALE_MS = 300_000
const MAX_ENTRIES = 400

/** What a CDN may do with an anonymous page: hold it as long as we do. */
export const PUBLIC_PAGE_CACHE_CONTROL = `public, max-age=0, s-maxage=${FRESH_MS / 1000}, stale-while-revalidate=${STALE_MS / 1000}`

export interface CachedPage {
  status: number
  headers: [string, string][]
  body: Buffer
  /** compressed copies, made on first demand */
  br?: Buffer
  gzip?: Buffer
  storedAt: number
}

export type Lookup = { page: CachedPage; state: 'fresh' | 'stale' } | null

export class PageCache {
  private readonly entries = new Map<string, CachedPage>()
  private readonly refreshing = new Set<string>()

  constructor(private readonly now: () => number = Date.now) {}

  static key(brandId: string, url: string): string {
    return `${brandId} ${url}`
  }

  get(key: string): Lookup {
    const lookup = this.lookup(key)
    recordPageCacheLookup(lookup !== null)
    return lookup
  }

  private lookup(key: string): Lookup {
    const page = this.entries.get(key)
    if (!page) return null
    const age = this.now() - page.storedAt
    if (age > FRESH_MS + STALE_MS) {
      this.entries.delete(key)
      return null
    }
    // recently used entries stay: a Map keeps insertion order, so re-insert
    this.entries.delete(key)
    this.entries.set(key, page)
    return { page, state: age <= FRESH_MS ? 'fresh' : 'stale' }
  }

  set(key: string, page: Omit<CachedPage, 'storedAt'>): void {
    this.entries.delete(key)
    this.entries.set(key, { ...page, storedAt: this.now() })
    while (this.entries.size > MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value
      if (oldest === undefined) break
      this.entries.delete(oldest)
    }
  }

  /** One background refresh per key at a time; returns false when one is already running. */
  startRefresh(key: string): boolean {
    if (this.refreshing.has(key)) return false
    this.refreshing.add(key)
    return true
  }

  endRefresh(key: string): void {
    this.refreshing.delete(key)
  }

  /** Everything of a brand goes (what its pages show has changed). */
  clearBrand(brandId: string): void {
    for (const key of this.entries.keys()) if (key.startsWith(`${brandId} `)) this.entries.delete(key)
  }

  clear(): void {
    this.entries.clear()
  }

  get size(): number {
    return this.entries.size
  }
}

/** The body in the encoding the client takes best: br, then gzip, else as is (compressed once per entry). */
export function encodedBody(page: CachedPage, acceptEncoding: string | undefined): { body: Buffer; encoding: string | null } {
  const encoding = page.body.length >= COMPRESS_THRESHOLD ? pageEncoding(acceptEncoding) : null
  if (encoding === 'br') {
    page.br ??= brotliCompressSync(page.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 6 } })
    return { body: page.br, encoding }
  }
  if (encoding === 'gzip') {
    page.gzip ??= gzipSync(page.body, { level: 6 })
    return { body: page.gzip, encoding }
  }
  return { body: page.body, encoding: null }
}
