/**
 * Memory of the catalogue CSV export (docs/admin-catalogue.md): a SQLite store grown to
 * ROWS item-size rows, GET /api/admin/items.csv read over HTTP as a client reads it, the
 * process's heap and RSS sampled every 20 ms. Run twice, at 10,000 and 50,000 rows: a
 * streamed export's peak does not grow with the catalogue.
 *
 *   ROWS=50000 NODE_OPTIONS=--expose-gc npx tsx --conditions=@store/source bench/catalogue-csv-memory.ts   (ROWS=10000 for the small run)
 *
 * IMPORT=1 also sends the export back as a dry run (POST /api/admin/items.csv?dry_run=1) and says
 * how long it took and what it found (nothing to change, no errors).
 */
import { request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { addStaff, staffBrowser } from '../apps/server/src/staff/staff-test-utils.ts'
import { startTestStore } from '../apps/server/src/test/harness.ts'

const ROWS = Number(process.env.ROWS ?? 50_000)
const SIZES = ['XS', 'S', 'M', 'L', 'XL']
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1)

const t = await startTestStore('sqlite')
try {
  const db = t.store.db
  const have = await db
    .selectFrom('item_sizes')
    .innerJoin('items', 'items.id', 'item_sizes.item_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('items.brand_id', '=', 'popfitclothing')
    .executeTakeFirstOrThrow()
  const template = await db.selectFrom('items').selectAll().where('brand_id', '=', 'popfitclothing').orderBy('id').executeTakeFirstOrThrow()
  const top = await db
    .selectFrom('items')
    .select((eb) => eb.fn.max<number>('id').as('top'))
    .executeTakeFirstOrThrow()
  const add = Math.max(0, Math.ceil((ROWS - Number(have.n)) / SIZES.length))
  for (let start = 0; start < add; start += 500) {
    await db.transaction().execute(async (trx) => {
      const ids = Array.from({ length: Math.min(500, add - start) }, (_, i) => Number(top.top) + 1 + start + i)
      await trx
        .insertInto('items')
        .values(
          ids.map((id) => ({
            ...template,
            id,
            style_id: `bench-${id}`,
            name: `Bench Legging ${id}`,
            description: `A legging for the CSV bench, number ${id}, with a description of some length.`,
          })),
        )
        .execute()
      await trx
        .insertInto('item_sizes')
        .values(ids.flatMap((id) => SIZES.map((size, position) => ({ item_id: id, size, stock: 5, position }))))
        .execute()
    })
  }
  const browser = await staffBrowser(t.app, (await addStaff(t.store, 'manager')).email)
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = t.app.server.address() as AddressInfo

  global.gc?.()
  const base = process.memoryUsage()
  let peakHeap = base.heapUsed
  let peakRss = base.rss
  let peakLive = base.heapUsed
  let samples = 0
  const sampler = setInterval(() => {
    const now = process.memoryUsage()
    peakHeap = Math.max(peakHeap, now.heapUsed)
    peakRss = Math.max(peakRss, now.rss)
    // with --expose-gc, every 10th sample collects first: what the export keeps alive, garbage apart
    samples += 1
    if (global.gc && samples % 10 === 0) {
      global.gc()
      peakLive = Math.max(peakLive, process.memoryUsage().heapUsed)
    }
  }, 20)
  const started = Date.now()
  const chunks: Buffer[] = []
  const { bytes, lines } = await new Promise<{ bytes: number; lines: number }>((resolve, reject) => {
    const req = request({ port, path: '/api/admin/items.csv', headers: { host: 'localhost', cookie: browser.cookieHeader } }, (response) => {
      let bytes = 0
      let lines = 0
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length
        for (const byte of chunk) if (byte === 10) lines += 1
        // kept only when asked to import it back (IMPORT=1): that is the client's memory, not the export's
        if (process.env.IMPORT === '1') chunks.push(chunk)
      })
      response.on('end', () => resolve({ bytes, lines }))
      response.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
  clearInterval(sampler)
  console.log(
    `${lines - 1} rows, ${mb(bytes)} MB of CSV in ${Date.now() - started} ms; peak heap ${mb(peakHeap)} MB (+${mb(peakHeap - base.heapUsed)} over the start), peak RSS ${mb(peakRss)} MB (+${mb(peakRss - base.rss)})${global.gc ? `, peak live heap after a collection +${mb(peakLive - base.heapUsed)} MB` : ''}`,
  )
  if (process.env.IMPORT === '1') {
    // the export sent back as a dry run: every line read and compared, nothing to change
    const begun = Date.now()
    const report = await new Promise<string>((resolve, reject) => {
      const req = request(
        { port, method: 'POST', path: '/api/admin/items.csv?dry_run=1', headers: { host: 'localhost', cookie: browser.cookieHeader, 'content-type': 'text/csv' } },
        (response) => {
          let text = ''
          response.on('data', (chunk: Buffer) => {
            text += chunk.toString()
          })
          response.on('end', () => resolve(text))
          response.on('error', reject)
        },
      )
      req.on('error', reject)
      req.end(Buffer.concat(chunks))
    })
    const data = (JSON.parse(report) as { data?: { items: number; changes: unknown[]; errors: unknown[] } }).data
    if (!data) throw new Error(`the dry run answered ${report.slice(0, 300)}`)
    console.log(`dry run of the same file: ${data.items} items read in ${Date.now() - begun} ms, ${data.changes.length} changes, ${data.errors.length} errors`)
  }
} finally {
  await t.close()
}
