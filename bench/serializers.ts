/**
 * npx tsx --conditions=@store/source bench/serializers.ts
 *
 * The cost of writing the API's biggest answers, three ways, on the seeded data:
 * - JSON.stringify: what Fastify did while routes declared no response schema (and
 *   what leaks anything a service adds);
 * - zod: fastify-type-provider-zod's serializerCompiler (safeParse, then JSON.stringify);
 * - fast-json-stringify: http/serializer.ts, the schema compiled once (what runs now).
 * CPU only, in process; ratios hold across machines better than the figures.
 */
import { performance } from 'node:perf_hooks'
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod'
import type { z } from 'zod'
import { buildApp } from '../apps/server/src/app.ts'
import { cartSchema } from '../apps/server/src/cart/cart.responses.ts'
import { categorySchema, itemDetailSchema } from '../apps/server/src/catalog/catalog.responses.ts'
import { openDatabase } from '../apps/server/src/db/connection.ts'
import { migrateToLatest } from '../apps/server/src/db/migrate.ts'
import { seedDatabase } from '../apps/server/src/db/seed/index.ts'
import { parseEnv } from '../apps/server/src/env.ts'
import { answers } from '../apps/server/src/http/response-schemas.ts'
import { compileResponseSerializer } from '../apps/server/src/http/serializer.ts'
import { storeSettingsSchema } from '../apps/server/src/settings/settings.responses.ts'

const ROUND_MS = Number(process.env.BENCH_ROUND_MS ?? 200)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9)

type Serialize = (data: unknown) => string

/** One round: how many times per second `serialize` writes `data`. */
function round(serialize: Serialize, data: unknown): number {
  let count = 0
  const start = performance.now()
  let elapsed = 0
  while (elapsed < ROUND_MS) {
    for (let i = 0; i < 20; i++) serialize(data)
    count += 20
    elapsed = performance.now() - start
  }
  return (count * 1000) / elapsed
}

/**
 * Operations per second of each serializer, the best of ROUNDS rounds; the rounds of the
 * serializers alternate, so other work on the machine weighs on all of them alike.
 */
function opsPerSecond(serializers: Serialize[], data: unknown): number[] {
  const best = serializers.map(() => 0)
  for (let r = 0; r < ROUNDS; r++) {
    serializers.forEach((serialize, index) => {
      best[index] = Math.max(best[index]!, round(serialize, data))
    })
  }
  return best
}

async function main() {
  const store = openDatabase('sqlite::memory:')
  await migrateToLatest(store.db)
  await seedDatabase(store.db)
  const app = await buildApp({ env: parseEnv({ LOG_LEVEL: 'silent' }), store, webBuildDir: '/nonexistent' })
  const payloads = new Map<string, unknown>()
  app.addHook('preSerialization', async (request, _reply, payload) => {
    payloads.set(request.url, payload)
    return payload
  })
  await app.ready()
  const get = (url: string, cookie = '') => app.inject({ method: 'GET', url, headers: { host: 'localhost', cookie } })
  const category = (await get('/api/categories/leggings')).json() as { data: { items: { id: number; availableSizes: string[] }[] } }
  const first = await get('/api/cart')
  const cookie = first.headers['set-cookie']?.toString().split(';')[0] ?? ''
  for (const item of category.data.items.slice(1, 3)) {
    await app.inject({
      method: 'POST',
      url: '/api/cart/items',
      headers: { host: 'localhost', cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `item_id=${item.id}&size=${item.availableSizes[0]}&qty=1`,
    })
  }
  const itemId = category.data.items[0]!.id
  for (const url of ['/api/settings', '/api/categories/leggings', `/api/items/${itemId}`]) await get(url)
  await get('/api/cart', cookie)

  const cases: [string, string, z.ZodType][] = [
    ['GET /api/settings', '/api/settings', storeSettingsSchema],
    ['GET /api/cart (2 lines)', '/api/cart', cartSchema],
    [`GET /api/items/${itemId}`, `/api/items/${itemId}`, itemDetailSchema],
    [`GET /api/categories/leggings (${category.data.items.length} items)`, '/api/categories/leggings', categorySchema],
  ]
  const rows: string[] = [
    '| answer | bytes | JSON.stringify ops/s | zod parse ops/s | fast-json-stringify ops/s | fjs / zod | fjs / JSON.stringify |',
    '|---|---:|---:|---:|---:|---:|---:|',
  ]
  for (const [name, url, schema] of cases) {
    const data = payloads.get(url)
    if (!data) throw new Error(`no answer captured for ${url}`)
    const success = answers(schema)[200]
    const zod = zodSerializerCompiler({ schema: success, method: 'GET', url, httpStatus: '200' } as never) as Serialize
    const written = compileResponseSerializer(success)
    // the captured answers are not shared ones: text, as zod's serializer writes
    const fast = (value: unknown) => String(written(value))
    if (fast(data) !== zod(data)) throw new Error(`${name}: the serializers disagree`)
    const [plain, viaZod, viaFast] = opsPerSecond([JSON.stringify, zod, fast], data) as [number, number, number]
    rows.push(
      `| ${name} | ${fast(data).length} | ${plain.toFixed(0)} | ${viaZod.toFixed(0)} | ${viaFast.toFixed(0)} | ${(viaFast / viaZod).toFixed(2)} | ${(viaFast / plain).toFixed(2)} |`,
    )
  }
  console.log(`\nSerialising answers, best of ${ROUNDS} rounds of ${ROUND_MS} ms:\n`)
  console.log(rows.join('\n'))
  await app.close()
  await store.close()
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
