/**
 * Where uploaded images live (DESIGN §6: local files under data/ by default,
 * S3-compatible storage at scale). Only the interface and the local
 * implementation exist: an S3 adapter would put objects under the same keys and
 * answer `urlOf` with its bucket's (or CDN's) address. Keys are made by the store
 * (`reviews/<uuid>.jpg`), never from a client's file name.
 */
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { dirname, join, resolve, sep } from 'node:path'
import { randomUUID } from 'node:crypto'

export interface MediaStorage {
  /** Keeps the bytes under the key; answers the address a page shows it at. */
  put(key: string, bytes: Buffer, contentType: string): Promise<string>
  /** The stored bytes, or null (local storage serves them at /uploads/<key>). */
  get(key: string): Promise<{ bytes: Buffer; contentType: string } | null>
  delete(key: string): Promise<void>
  /** The address of a key. */
  urlOf(key: string): string
  /** The key of an address this storage gave (urlOf), or null for any other address. */
  keyOf(url: string): string | null
}

/** A key the store made: folders and a file name of letters, digits, dashes and one extension. */
const MEDIA_KEY = /^(?:[a-z0-9-]+\/)*[a-zA-Z0-9-]+\.(?:jpg|png|webp)$/

const TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' }

/** Files under a directory (data/media by default: MEDIA_DIR), served by this server at /uploads/<key>. */
class LocalMediaStorage implements MediaStorage {
  private readonly root: string
  constructor(dir: string) {
    this.root = resolve(dir)
  }

  private pathOf(key: string): string {
    if (!MEDIA_KEY.test(key)) throw new Error(`Not a media key: ${key.slice(0, 80)}`)
    const path = resolve(join(this.root, key))
    if (!path.startsWith(this.root + sep)) throw new Error('A media key left its directory')
    return path
  }

  async put(key: string, bytes: Buffer): Promise<string> {
    const path = this.pathOf(key)
    await mkdir(dirname(path), { recursive: true })
    // written beside, then renamed: a reader never sees half a file
    const partial = `${path}.${randomUUID()}.part`
    await writeFile(partial, bytes)
    await rename(partial, path)
    return this.urlOf(key)
  }

  async get(key: string): Promise<{ bytes: Buffer; contentType: string } | null> {
    if (!MEDIA_KEY.test(key)) return null
    try {
      const bytes = await readFile(this.pathOf(key))
      return { bytes, contentType: TYPES[key.split('.').pop()!] ?? 'application/octet-stream' }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
      throw error
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true })
  }

  urlOf(key: string): string {
    return `/uploads/${key}`
  }

  keyOf(url: string): string | null {
    const key = url.startsWith('/uploads/') ? url.slice('/uploads/'.length) : null
    return key !== null && MEDIA_KEY.test(key) ? key : null
  }
}

const made = new Map<string, MediaStorage>()

/** One storage per directory, shared by the routes and the page services of an app. */
export function mediaStorageFor(env: { MEDIA_DIR: string }): MediaStorage {
  let storage = made.get(env.MEDIA_DIR)
  if (!storage) {
    storage = new LocalMediaStorage(env.MEDIA_DIR)
    made.set(env.MEDIA_DIR, storage)
  }
  return storage
}
