/**
 * `npm run backup -- --out DIR`: backs up the store of DATABASE_URL and MEDIA_DIR into
 * DIR (operations/backup.ts), while it runs. `npm run restore -- --from DIR`: restores
 * one into the empty database of DATABASE_URL and MEDIA_DIR, the store stopped. Last
 * line: the backup's manifest as JSON. Log lines and errors go to stderr.
 */
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseEnv } from '../env.ts'
import { backupStore, restoreStore, type BackupManifest } from './backup.ts'

/** The value of --name DIR or --name=DIR. */
export function argument(argv: readonly string[], name: string): string | undefined {
  const index = argv.findIndex((arg) => arg === name || arg.startsWith(`${name}=`))
  if (index === -1) return undefined
  const arg = argv[index]!
  return arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : argv[index + 1]
}

export async function backupCommand(argv: readonly string[], source: Record<string, string | undefined> = process.env): Promise<BackupManifest> {
  const env = parseEnv({ DATABASE_URL: source.DATABASE_URL, MEDIA_DIR: source.MEDIA_DIR })
  const location = { databaseUrl: env.DATABASE_URL, mediaDir: env.MEDIA_DIR }
  const from = argument(argv, '--from')
  if (argv.includes('restore')) {
    if (!from) throw new Error('npm run restore -- --from DIR: name the backup directory')
    return restoreStore(location, resolve(from))
  }
  const out = argument(argv, '--out')
  if (!out) throw new Error('npm run backup -- --out DIR: name a new directory for the backup')
  return backupStore(location, resolve(out))
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  backupCommand(process.argv.slice(2))
    .then((manifest) => process.stdout.write(`${JSON.stringify(manifest)}\n`))
    .catch((error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
      process.exit(1)
    })
}
