/**
 * Where uploaded images live (DESIGN §6: local files under data/ by default,
 * S3-compatible storage at scale: MEDIA_STORAGE=s3, s3-storage.ts). Both keep
 * objects under the same keys and are served by the store at /uploads/<key>, so
 * with a bucket any instance serves any photo. Keys are made by the store
 * (`reviews/<brand>/<uuid>.jpg`, `items/<brand>/<item>/<uuid>-<width>.avif`), never from a
 * client's file name.
 */
import { type FileHandle, mkdir, open, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { dirname, join, resolve, sep } from 'node:path'
import { randomUUID } from 'node:crypto'
import type { Readable } from 'node:stream'
import type { Env } from '../env.ts'
import { S3MediaStorage } from './s3-storage.ts'

/** What /uploads/<key> sends: the bytes as a stream, read as they go out. */
export interface MediaObject {
  body: Readable
  contentType: string
  /** bytes, when the storage knows (Content-Length) */
  size: number | undefined
}

export interface MediaStorage {
  /** Keeps the bytes under the key; answers the address a page shows it at. */
  put(key: string, bytes: Buffer, contentType: string): Promise<string>
  /** The stored bytes, or null (local storage serves them at /uploads/<key>). */
  get(key: string): Promise<{ bytes: Buffer; contentType: string } | null>
  /** The stored object as a stream, or null when there is none. */
  open(key: string): Promise<MediaObject | null>
  delete(key: string): Promise<void>
  /** The address of a key. */
  urlOf(key: string): string
  /** The key of an address this storage gave (urlOf), or null for any other address. */
  keyOf(url: string): string | null
}

/** A key the store made: folders and a file name of letters, digits, dashes and one extension. */
export const MEDIA_KEY = /^(?:[a-z0-9-]+\/)*[a-zA-Z0-9-]+\.(?:jpg|png|webp|avif)$/

const TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp', avif: 'image/avif' }

/** The content type of a key, by its extension. */
export function contentTypeOf(key: string): string {
  return TYPES[key.split('.').pop()!] ?? 'application/octet-stream'
}

/** The address both storages give a key: served by the store itself (uploads.routes.ts). */
export const uploadsUrlOf = (key: string): string => `/uploads/${key}`

/** The key of an /uploads/ address, or null. */
export function uploadsKeyOf(url: string): string | null {
  const key = url.startsWith('/uploads/') ? url.slice('/uploads/'.length) : null
  return key !== null && MEDIA_KEY.test(key) ? key : null
}

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
      return { bytes, contentType: contentTypeOf(key) }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
      throw error
    }
  }

  async open(key: string): Promise<MediaObject | null> {
    if (!MEDIA_KEY.test(key)) return null
    let handle: FileHandle
    try {
      handle = await open(this.pathOf(key), 'r')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
      throw error
    }
    try {
      const { size } = await handle.stat()
      // the stream owns the handle from here and closes it when done or destroyed
      return { body: handle.createReadStream(), contentType: contentTypeOf(key), size }
    } catch (error) {
      await handle.close()
      throw error
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true })
  }

  urlOf(key: string): string {
    return uploadsUrlOf(key)
  }

  keyOf(url: string): string | null {
    return uploadsKeyOf(url)
  }
}

/** The settings that choose and point the media storage (env.ts). */
export type MediaEnv = Pick<Env, 'MEDIA_STORAGE' | 'MEDIA_DIR' | 'S3_BUCKET' | 'S3_ENDPOINT' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE'>

const made = new Map<string, MediaStorage>()

/** One storage per directory (or bucket), shared by the routes and the page services of an app. */
export function mediaStorageFor(env: MediaEnv): MediaStorage {
  const s3 = env.MEDIA_STORAGE === 's3'
  const id = s3 ? `s3:${env.S3_ENDPOINT ?? ''}:${env.S3_BUCKET ?? ''}:${env.S3_ACCESS_KEY_ID ?? ''}` : `local:${env.MEDIA_DIR}`
  let storage = made.get(id)
  if (!storage) {
    if (s3) {
      // env.ts refuses MEDIA_STORAGE=s3 without S3_BUCKET
      if (!env.S3_BUCKET) throw new Error('MEDIA_STORAGE=s3 needs S3_BUCKET')
      storage = new S3MediaStorage({
        bucket: env.S3_BUCKET,
        region: env.S3_REGION,
        endpoint: env.S3_ENDPOINT,
        forcePathStyle: env.S3_FORCE_PATH_STYLE,
        credentials: env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY } : undefined,
      })
    } else storage = new LocalMediaStorage(env.MEDIA_DIR)
    made.set(id, storage)
  }
  return storage
}
