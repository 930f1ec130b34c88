/**
 * `npm run content:export -- [--brand ckb] [--out content.ndjson]`: writes the store's own content
 * (the database of DATABASE_URL) as the NDJSON that `sanity dataset import content.ndjson production`
 * takes (content-export.ts), every brand's unless --brand names one; to the file of --out, else to
 * standard output. The last line on standard error says how many documents were written.
 */
import { writeFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { BRANDS, isBrandId } from '../brands/registry.ts'
import { openDatabase } from '../db/connection.ts'
import { migrateOrRequireCurrent } from '../db/migrate.ts'
import { parseEnv } from '../env.ts'
import { exportContentNdjson } from './content-export.ts'

/** The value of `--name value` or `--name=value`. */
function readOption(argv: readonly string[], name: string): string | undefined {
  const index = argv.findIndex((arg) => arg === `--${name}` || arg.startsWith(`--${name}=`))
  if (index === -1) return undefined
  const arg = argv[index]!
  return arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : argv[index + 1]
}

async function main() {
  const argv = process.argv.slice(2)
  const brand = readOption(argv, 'brand')
  if (brand !== undefined && !isBrandId(brand)) throw new Error(`--brand is one of ${BRANDS.map((each) => each.id).join(', ')}, got '${brand}'`)
  const out = readOption(argv, 'out')
  const env = parseEnv()
  const store = openDatabase(env.DATABASE_URL)
  try {
    // a database behind this build is refused, saying what to run
    await migrateOrRequireCurrent(store.db, false)
    const ndjson = await exportContentNdjson(store.db, brand ? [brand] : BRANDS.map((each) => each.id))
    if (out) writeFileSync(out, ndjson)
    else process.stdout.write(ndjson)
    const count = ndjson.split('\n').filter(Boolean).length
    process.stderr.write(`${count} documents written${out ? ` to ${out}` : ''}: import them with \`sanity dataset import ${out ?? '<file>'} ${env.SANITY_DATASET} --replace\`\n`)
  } finally {
    await store.close()
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
    process.exit(1)
  })
}
