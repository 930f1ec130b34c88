import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { compressPage, pageEncoding } from './page-compression.ts'

describe('page compression', () => {
  it('answers in brotli when the browser takes it, else gzip, else as is', () => {
    expect(pageEncoding('gzip, deflate, br')).toBe('br')
    expect(pageEncoding('gzip, deflate, br, zstd')).toBe('br')
    expect(pageEncoding('gzip, deflate')).toBe('gzip')
    expect(pageEncoding('BR;q=0, GZIP;q=0.5')).toBe('gzip')
    expect(pageEncoding('br;q=0, gzip;q=0')).toBeNull()
    expect(pageEncoding('*')).toBe('br')
    expect(pageEncoding('*, br;q=0')).toBe('gzip')
    expect(pageEncoding('identity')).toBeNull()
    expect(pageEncoding('')).toBeNull()
    expect(pageEncoding(undefined)).toBeNull()
  })

  it('gives back the same page', async () => {
    // small and large pages (the brotli window follows the page's size)
    for (const count of [40, 500, 12_000]) {
      const page = Buffer.from(`<!DOCTYPE html>${Array.from({ length: count }, (_, i) => `<p>Legging ${i} · ${(i * 7919) % 1013}</p>`).join('')}`)
      expect(brotliDecompressSync(await compressPage(page, 'br')).equals(page)).toBe(true)
      expect(gunzipSync(await compressPage(page, 'gzip')).equals(page)).toBe(true)
    }
  })
})
