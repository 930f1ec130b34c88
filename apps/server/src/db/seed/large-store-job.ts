/**
 * `npm run seed:large -- [--brand popfitclothing] [--items 20000] [--orders 200000] [--customers 50000]`:
 * migrates and seeds the database of DATABASE_URL if it is new (as `npm run migrate` does, with the demo
 * store unless SEED_DEMO=false), then adds
 * the large generated store (large-store.ts) to the brand, and prints as its last line JSON of what it
 * wrote. Progress goes to stderr. The figures of docs/performance.md ("operator area") are measured on it.
 */
import { parseArgs } from 'node:util'
import { pathToFileURL } from 'node:url'
import { z } from 'zod'
import { migrateDatabase } from '../migrate-job.ts'
import { openDatabase } from '../connection.ts'
import { parseEnv } from '../../env.ts'
import { seedLargeStore, type LargeStoreCounts } from './large-store.ts'

const count = z.coerce.number().int().min(0).max(5_000_000)
const argsSchema = z.object({
  brand: z.string().min(1).default('popfitclothing'),
  items: count.default(20_000),
  orders: count.default(200_000),
  customers: count.default(50_000),
  seed: count.default(35),
})

export async function seedLargeStoreJob(argv: string[], source: Record<string, string | undefined> = process.env): Promise<LargeStoreCounts> {
  const { values } = parseArgs({
    args: argv,
    options: { brand: { type: 'string' }, items: { type: 'string' }, orders: { type: 'string' }, customers: { type: 'string' }, seed: { type: 'string' } },
  })
  const parsed = argsSchema.safeParse(values)
  if (!parsed.success) throw new Error(`seed:large: ${parsed.error.issues.map((issue) => `--${issue.path.join('.')}: ${issue.message}`).join('; ')}`)
  // a generated store stands beside the demo's (its categories file the items): seeded with it unless SEED_DEMO says otherwise
  await migrateDatabase({ ...source, SEED_DEMO: source.SEED_DEMO ?? 'true' })
  const env = parseEnv({ DATABASE_URL: source.DATABASE_URL })
  const store = openDatabase(env.DATABASE_URL)
  try {
    return await seedLargeStore(store.db, {
      brandId: parsed.data.brand,
      items: parsed.data.items,
      orders: parsed.data.orders,
      customers: parsed.data.customers,
      seed: parsed.data.seed,
      progress: (what, done, of) => process.stderr.write(`${what}: ${done}/${of}\n`),
    })
  } finally {
    await store.close()
  }
}

// run as a program (not when a test imports it)
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const started = Date.now()
  seedLargeStoreJob(process.argv.slice(2))
    .then((counts) => process.stdout.write(`${JSON.stringify({ ...counts, seconds: Math.round((Date.now() - started) / 100) / 10 })}\n`))
    .catch((error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
      process.exit(1)
    })
}
