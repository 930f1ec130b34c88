/**
 * The operator hides a review from the command line (docs/reviews.md):
 *
 *     npm run review:hide -- <review id>        (after npm run build)
 *
 * It stays in the database (hidden = 1) and leaves every list, count and average; its
 * photos are deleted from the media storage (MEDIA_DIR, as the store uses).
 * Running instances drop their cached catalogue within 30 s (their cache's life);
 * the last line printed is a JSON summary: {"id": "...", "hidden": true|false}.
 */
import { openDatabase } from '../db/connection.ts'
import { migrateToLatest } from '../db/migrate.ts'
import { parseEnv } from '../env.ts'
import { mediaStorageFor } from '../media/storage.ts'
import { hideReview } from './review-moderation.ts'

export async function runHideReview(argv: string[], env = parseEnv()): Promise<{ id: string; hidden: boolean; found: boolean }> {
  const id = argv.find((arg) => !arg.startsWith('-'))?.trim()
  if (!id) throw new Error('Usage: npm run review:hide -- <review id>')
  const store = openDatabase(env.DATABASE_URL)
  try {
    await migrateToLatest(store.db)
    const result = await hideReview(store, mediaStorageFor(env), id)
    return { id, hidden: result.hidden, found: result.brandId !== null }
  } finally {
    await store.close()
  }
}

if (process.argv[1] && /hide-review\.(js|ts)$/.test(process.argv[1])) {
  runHideReview(process.argv.slice(2))
    .then((result) => {
      if (!result.found) console.error(`No review ${result.id}.`)
      else console.error(result.hidden ? `Review ${result.id} is hidden.` : `Review ${result.id} was already hidden.`)
      console.log(JSON.stringify({ id: result.id, hidden: result.hidden }))
      process.exit(result.found ? 0 : 1)
    })
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error)
      process.exit(2)
    })
}
