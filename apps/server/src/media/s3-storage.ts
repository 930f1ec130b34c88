/**
 * Review photos in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, ...):
 * MEDIA_STORAGE=s3 with S3_BUCKET and the other S3_* settings (env.ts, README).
 * Objects are kept under the store's keys and served by the store at
 * /uploads/<key> (streamed from the bucket), so any instance serves any photo and
 * the bucket need not be public. The SDK is loaded on first use only: a store on
 * local files never loads it.
 */
import type { GetObjectCommandOutput, S3Client, S3ClientConfig } from '@aws-sdk/client-s3'
import { Readable } from 'node:stream'
import { contentTypeOf, MEDIA_KEY, uploadsKeyOf, uploadsUrlOf, type MediaObject, type MediaStorage } from './storage.ts'

export interface S3MediaOptions {
  bucket: string
  /** e.g. us-east-1; S3-compatible services often take any (R2: auto) */
  region: string
  /** another S3-compatible service's address (http://127.0.0.1:9000); unset: AWS */
  endpoint?: string | undefined
  /** bucket in the path (http://host/bucket/key), as most S3-compatible services need */
  forcePathStyle: boolean
  /** unset: the SDK's own chain (instance role, AWS_* variables, ...) */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined
}

type Sdk = typeof import('@aws-sdk/client-s3')

/** A missing object: S3 answers 404 NoSuchKey (a HEAD answers a bare 404, NotFound). */
function isMissing(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } }
  return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404
}

export class S3MediaStorage implements MediaStorage {
  private loaded: Promise<{ sdk: Sdk; client: S3Client }> | null = null
  constructor(private readonly options: S3MediaOptions) {}

  private connect(): Promise<{ sdk: Sdk; client: S3Client }> {
    this.loaded ??= import('@aws-sdk/client-s3').then((sdk) => {
      const config: S3ClientConfig = {
        region: this.options.region,
        forcePathStyle: this.options.forcePathStyle,
        // checksums only where S3 requires them: many S3-compatible services refuse the newer default ones
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }
      if (this.options.endpoint) config.endpoint = this.options.endpoint
      if (this.options.credentials) config.credentials = this.options.credentials
      return { sdk, client: new sdk.S3Client(config) }
    })
    return this.loaded
  }

  private checked(key: string): string {
    if (!MEDIA_KEY.test(key)) throw new Error(`Not a media key: ${key.slice(0, 80)}`)
    return key
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<string> {
    const { sdk, client } = await this.connect()
    await client.send(
      new sdk.PutObjectCommand({
        Bucket: this.options.bucket,
        Key: this.checked(key),
        Body: bytes,
        ContentType: contentType,
        ContentLength: bytes.length,
        // the same life as the store's own answer: a key never changes
        CacheControl: 'public, max-age=31536000, immutable',
      }),
    )
    return this.urlOf(key)
  }

  private async fetch(key: string): Promise<GetObjectCommandOutput | null> {
    if (!MEDIA_KEY.test(key)) return null
    const { sdk, client } = await this.connect()
    try {
      return await client.send(new sdk.GetObjectCommand({ Bucket: this.options.bucket, Key: key }))
    } catch (error) {
      if (isMissing(error)) return null
      throw error
    }
  }

  async get(key: string): Promise<{ bytes: Buffer; contentType: string } | null> {
    const found = await this.fetch(key)
    if (!found?.Body) return null
    const bytes = Buffer.from(await found.Body.transformToByteArray())
    return { bytes, contentType: found.ContentType ?? contentTypeOf(key) }
  }

  async open(key: string): Promise<MediaObject | null> {
    const found = await this.fetch(key)
    if (!found?.Body) return null
    // in Node the SDK's body is the response's own stream (IncomingMessage)
    const body = found.Body instanceof Readable ? found.Body : Readable.fromWeb(found.Body.transformToWebStream() as import('node:stream/web').ReadableStream)
    return { body, contentType: found.ContentType ?? contentTypeOf(key), size: found.ContentLength }
  }

  async delete(key: string): Promise<void> {
    const { sdk, client } = await this.connect()
    // S3 answers 204 for a key it does not have: deleting twice is fine
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.options.bucket, Key: this.checked(key) }))
  }

  urlOf(key: string): string {
    return uploadsUrlOf(key)
  }

  keyOf(url: string): string | null {
    return uploadsKeyOf(url)
  }

  /** Closes the client's connections (tests, shutdown). */
  async close(): Promise<void> {
    if (!this.loaded) return
    const { client } = await this.loaded
    client.destroy()
  }
}
