/**
 * A rendered page compressed in one go. entry.server.tsx answers a page whole,
 * as one buffer, so it is compressed in a single call on libuv's thread pool,
 * off the event loop that renders the next page, instead of through a compression
 * stream fed React's 4 kB chunks (about a third more CPU for the same bytes).
 *
 * Brotli at quality 3 (the API's answers, through @fastify/compress, at 4: app.ts);
 * gzip at level 6 for clients without brotli. A page compressed here is a shopper's
 * own, rendered for them alone and compressed once: quality 3 costs about half the
 * CPU of 4 (0.53-0.80 ms against 1.0-1.3 ms for a 60-100 kB page, docs/performance.md
 * "shopper-render") for ~5 % more bytes (+630 to +830 bytes on 13-17 kB). Pages of the
 * page cache, which every visitor (and Lighthouse) gets, are compressed once, harder
 * (quality 6, page-cache.ts).
 */
import { promisify } from 'node:util'
import { brotliCompress, constants as zlib, gzip } from 'node:zlib'

const brotli = promisify(brotliCompress)
const gzipped = promisify(gzip)

/** Bodies smaller than this go as they are (as @fastify/compress's threshold in app.ts). */
export const COMPRESS_THRESHOLD = 1024
const PAGE_BROTLI_QUALITY = 3
const PAGE_GZIP_LEVEL = 6

export type PageEncoding = 'br' | 'gzip'

/** The encoding to answer in: brotli when the client takes it, else gzip, else none. q=0 refuses one. */
export function pageEncoding(acceptEncoding: string | undefined): PageEncoding | null {
  const offered = new Map<string, number>()
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...parameters] = part.trim().split(';')
    if (!name) continue
    const q = parameters.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined)
    offered.set(name.trim(), q === undefined ? 1 : Number(q))
  }
  const takes = (name: string) => (offered.get(name) ?? offered.get('*') ?? 0) > 0
  if (takes('br')) return 'br'
  if (takes('gzip')) return 'gzip'
  return null
}

/** log2 of the smallest window holding the whole body, within brotli's 16-24 (22 is its default). */
function windowBits(length: number): number {
  return Math.max(16, Math.min(22, Math.ceil(Math.log2(length + 1))))
}

export async function compressPage(body: Buffer, encoding: PageEncoding): Promise<Buffer> {
  if (encoding === 'br') {
    return brotli(body, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: PAGE_BROTLI_QUALITY,
        [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
        [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
        // a window just big enough for the page: the same bytes out, and the encoder's
        // set-up (on the event loop) need not clear the default 4 MB window each time
        [zlib.BROTLI_PARAM_LGWIN]: windowBits(body.length),
      },
    })
  }
  return gzipped(body, { level: PAGE_GZIP_LEVEL })
}
