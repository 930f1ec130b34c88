/**
 * A backup of the store, and its restore (docs/operations.md "Backup and restore"):
 * a directory holding the database (SQLite: an online copy by SQLite's backup API,
 * consistent while the store keeps writing; PostgreSQL: `pg_dump -Fc`), the media
 * directory (uploaded photos) and manifest.json saying what is there.
 */
import { execFile } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { promisify } from 'node:util'
import SQLite from 'better-sqlite3'
import { sqlitePath } from '../db/connection.ts'

const run = promisify(execFile)

const MANIFEST = 'manifest.json'
const SQLITE_FILE = 'store.sqlite'
const POSTGRES_FILE = 'store.dump'
const MEDIA = 'media'

export interface BackupManifest {
  createdAt: string
  dialect: 'sqlite' | 'postgres'
  /** the database's file in the backup directory */
  database: string
  /** whether the media directory was copied (false: there was none) */
  media: boolean
}

export interface StoreLocation {
  /** DATABASE_URL (unset: the embedded SQLite file) */
  databaseUrl: string | undefined
  /** MEDIA_DIR */
  mediaDir: string
  /** what relative SQLite paths and MEDIA_DIR are relative to (default: the working directory) */
  root?: string
}

const isPostgres = (url: string | undefined): url is string => Boolean(url && /^postgres(ql)?:\/\//.test(url))

async function tool(command: string, args: string[]): Promise<void> {
  try {
    await run(command, args, { maxBuffer: 16 * 1024 * 1024 })
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stderr?: string }
    if (failure.code === 'ENOENT')
      throw new Error(`${command} is not installed: install PostgreSQL's client tools (apt-get install postgresql-client) of the server's version or newer`)
    throw new Error(`${command} failed: ${(failure.stderr ?? failure.message).trim()}`)
  }
}

/** Writes a backup of the store into `out` (made if missing; it must hold no other backup). */
export async function backupStore(location: StoreLocation, out: string): Promise<BackupManifest> {
  const root = location.root ?? process.cwd()
  mkdirSync(out, { recursive: true })
  if (readdirSync(out).length > 0) throw new Error(`${out} is not empty: give each backup a directory of its own`)
  let manifest: BackupManifest
  if (isPostgres(location.databaseUrl)) {
    await tool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${join(out, POSTGRES_FILE)}`, `--dbname=${location.databaseUrl}`])
    manifest = { createdAt: new Date().toISOString(), dialect: 'postgres', database: POSTGRES_FILE, media: false }
  } else {
    const file = sqlitePath(location.databaseUrl, root)
    if (file === ':memory:') throw new Error('An in-memory database cannot be backed up from another process')
    if (!existsSync(file)) throw new Error(`No database at ${file}`)
    const database = new SQLite(file, { readonly: true, fileMustExist: true })
    try {
      // SQLite's online backup: a consistent copy while the store reads and writes
      await database.backup(join(out, SQLITE_FILE))
    } finally {
      database.close()
    }
    manifest = { createdAt: new Date().toISOString(), dialect: 'sqlite', database: SQLITE_FILE, media: false }
  }
  const media = resolve(root, location.mediaDir)
  if (existsSync(media)) {
    cpSync(media, join(out, MEDIA), { recursive: true })
    manifest.media = true
  }
  writeFileSync(join(out, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`)
  return manifest
}

/**
 * Restores a backup into an empty database (a SQLite file that does not exist yet, or an
 * empty PostgreSQL database made with createdb) and the media directory. Stop the store first.
 */
export async function restoreStore(location: StoreLocation, from: string): Promise<BackupManifest> {
  const root = location.root ?? process.cwd()
  const manifestFile = join(from, MANIFEST)
  if (!existsSync(manifestFile)) throw new Error(`${from} holds no backup (no ${MANIFEST})`)
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as BackupManifest
  if (manifest.dialect === 'postgres') {
    if (!isPostgres(location.databaseUrl)) throw new Error('This backup is of a PostgreSQL database: set DATABASE_URL to an empty PostgreSQL database')
    await tool('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${location.databaseUrl}`, join(from, manifest.database)])
  } else {
    if (isPostgres(location.databaseUrl)) throw new Error('This backup is of a SQLite database: set DATABASE_URL to a sqlite: file that does not exist yet')
    const file = sqlitePath(location.databaseUrl, root)
    if (file === ':memory:') throw new Error('Restore into a SQLite file, not :memory:')
    if (existsSync(file)) throw new Error(`${file} exists: restore into a new file (move the old one away first)`)
    mkdirSync(dirname(file), { recursive: true })
    cpSync(join(from, manifest.database), file)
  }
  if (manifest.media) cpSync(join(from, MEDIA), resolve(root, location.mediaDir), { recursive: true })
  return manifest
}
