import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { CheckoutResult, Review } from '@store/core'
import type { FastifyInstance } from 'fastify'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.ts'
import { itemWithStock, placeOrder, shopperWithCart, tokenFor } from '../checkout/checkout-test-kit.ts'
import { openDatabase, type StoreDb } from '../db/connection.ts'
import { parseEnv } from '../env.ts'
import { hideReview } from '../reviews/review-moderation.ts'
import { REVIEW_AFTER_DAYS } from '../reviews/reviews.service.ts'
import { startFakeS3 } from '../test/fake-s3.ts'
import { DIALECTS, dataOf, startTestStore, type TestShopper, type TestStore } from '../test/harness.ts'
import { S3MediaStorage } from './s3-storage.ts'
import { mediaStorageFor } from './storage.ts'

const BUCKET = 'store-media'
const ACCESS_KEY_ID = 'AKIASTORETEST'
const SECRET = 'a-secret-access-key-for-tests'

const s3Env = (endpoint: string, mediaDir: string): Record<string, string> => ({
  MEDIA_STORAGE: 's3',
  MEDIA_DIR: mediaDir,
  S3_BUCKET: BUCKET,
  S3_ENDPOINT: endpoint,
  S3_REGION: 'us-east-1',
  S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
  S3_SECRET_ACCESS_KEY: SECRET,
  S3_FORCE_PATH_STYLE: 'true',
})
const freshDir = () => mkdtempSync(join(tmpdir(), 'store-media-'))

async function streamed(body: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Buffer))
  return Buffer.concat(chunks)
}

describe('the S3 media storage against an S3-compatible service', () => {
  let s3: Awaited<ReturnType<typeof startFakeS3>>
  let storage: S3MediaStorage
  beforeAll(async () => {
    s3 = await startFakeS3({ bucket: BUCKET, accessKeyId: ACCESS_KEY_ID })
    storage = new S3MediaStorage({
      bucket: BUCKET,
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET },
    })
  })
  afterAll(async () => {
    await storage.close()
    await s3.close()
  })

  it('keeps an object under its key with its type, reads it whole and as a stream, and deletes it', async () => {
    const bytes = Buffer.from('not really a jpeg, but bytes all the same')
    expect(await storage.put('reviews/popfitclothing/0b8f-photo.jpg', bytes, 'image/jpeg')).toBe('/uploads/reviews/popfitclothing/0b8f-photo.jpg')
    const kept = s3.objects.get('reviews/popfitclothing/0b8f-photo.jpg')
    expect(kept?.bytes.equals(bytes)).toBe(true)
    expect(kept?.contentType).toBe('image/jpeg')
    expect(kept?.cacheControl).toBe('public, max-age=31536000, immutable')

    expect(await storage.get('reviews/popfitclothing/0b8f-photo.jpg')).toEqual({ bytes, contentType: 'image/jpeg' })
    const opened = await storage.open('reviews/popfitclothing/0b8f-photo.jpg')
    expect(opened).toMatchObject({ contentType: 'image/jpeg', size: bytes.length })
    expect((await streamed(opened!.body)).equals(bytes)).toBe(true)

    await storage.delete('reviews/popfitclothing/0b8f-photo.jpg')
    expect(s3.objects.has('reviews/popfitclothing/0b8f-photo.jpg')).toBe(false)
    expect(await storage.get('reviews/popfitclothing/0b8f-photo.jpg')).toBeNull()
    expect(await storage.open('reviews/popfitclothing/0b8f-photo.jpg')).toBeNull()
    // deleting what is gone is no error (S3 answers 204)
    await storage.delete('reviews/popfitclothing/0b8f-photo.jpg')
  })

  it('takes only keys the store makes, and answers the store its own addresses', async () => {
    await expect(storage.put('../etc/passwd', Buffer.from('x'), 'image/jpeg')).rejects.toThrow(/Not a media key/)
    expect(await storage.open('../secret.jpg')).toBeNull()
    expect(storage.keyOf('/uploads/reviews/ckb/abc.jpg')).toBe('reviews/ckb/abc.jpg')
    expect(storage.keyOf('https://elsewhere.example/reviews/ckb/abc.jpg')).toBeNull()
  })

  it('fails loudly with the wrong key pair (nothing is kept)', async () => {
    const wrong = new S3MediaStorage({
      bucket: BUCKET,
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'AKIAOTHER', secretAccessKey: SECRET },
    })
    try {
      await expect(wrong.put('reviews/x/wrong-pair.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toMatchObject({ name: 'InvalidAccessKeyId' })
      expect(s3.objects.has('reviews/x/wrong-pair.jpg')).toBe(false)
    } finally {
      await wrong.close()
    }
  })

  it('is chosen by MEDIA_STORAGE=s3, which needs a bucket and both halves of a key pair', () => {
    expect(() => parseEnv({ MEDIA_STORAGE: 's3' })).toThrow('MEDIA_STORAGE=s3 needs S3_BUCKET')
    expect(() => parseEnv({ MEDIA_STORAGE: 's3', S3_BUCKET: BUCKET, S3_ACCESS_KEY_ID: ACCESS_KEY_ID })).toThrow(/S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/)
    expect(() => parseEnv({ MEDIA_STORAGE: 's3', S3_BUCKET: BUCKET, S3_ENDPOINT: 'not an address' })).toThrow(/S3_ENDPOINT/)
    const env = parseEnv(s3Env(s3.endpoint, freshDir()))
    expect(env).toMatchObject({ MEDIA_STORAGE: 's3', S3_FORCE_PATH_STYLE: true, S3_REGION: 'us-east-1' })
    expect(mediaStorageFor(env)).toBeInstanceOf(S3MediaStorage)
    // the default is still files on this machine
    expect(mediaStorageFor(parseEnv({ MEDIA_DIR: freshDir() }))).not.toBeInstanceOf(S3MediaStorage)
  })
})

describe.each(DIALECTS)('review photos in a bucket, served by any instance, on %s', (dialect) => {
  let s3: Awaited<ReturnType<typeof startFakeS3>>
  let t: TestStore
  let second: { app: FastifyInstance; store: StoreDb; own: boolean }
  let buyer: TestShopper
  let itemId: number
  beforeAll(async () => {
    s3 = await startFakeS3({ bucket: BUCKET, accessKeyId: ACCESS_KEY_ID })
    t = await startTestStore(dialect, { env: s3Env(s3.endpoint, freshDir()) })
    // another instance: its own connection where the database has one to give, its own (empty) MEDIA_DIR
    const own = dialect === 'postgres'
    const store = own ? openDatabase(t.url!) : t.store
    const env = parseEnv({ LOG_LEVEL: 'silent', NODE_ENV: 'test', ...s3Env(s3.endpoint, freshDir()) })
    const app = await buildApp({ env, store, webBuildDir: '/nonexistent', adminBuildDir: '/nonexistent' })
    await app.ready()
    second = { app, store, own }
    const item = await itemWithStock(t, 5)
    itemId = item.itemId
    buyer = await shopperWithCart(t, item.itemId, item.size)
    await buyer.post('/api/register', { name: 'Bea Bucket', email: 'bea@example.com', password: 'a-long-password-1' })
    const order = dataOf<CheckoutResult>(await placeOrder(buyer, await tokenFor(buyer))).order_number
    const past = new Date(Date.now() - (REVIEW_AFTER_DAYS + 1) * 86_400_000).toISOString()
    await t.store.db.updateTable('orders').set({ created_at: past }).where('order_number', '=', order).execute()
  })
  afterAll(async () => {
    await second?.app.close()
    if (second?.own) await second.store.close()
    await t?.close()
    await s3?.close()
  })

  it('keeps an uploaded photo in the bucket; another instance streams it with the same headers; hiding the review deletes it', async () => {
    const form = new FormData()
    for (const [name, value] of Object.entries({ item_id: String(itemId), rating: '5', would_you_recommend_us: 'true', about_your_product: 'Soft.' })) form.append(name, value)
    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#33aa55' } })
      .png()
      .toBuffer()
    form.append('photo_1', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'IMG_1.png')
    const body = new Response(form)
    const posted = await buyer.request({
      method: 'POST',
      url: '/api/reviews',
      payload: Buffer.from(await body.arrayBuffer()),
      headers: { 'content-type': body.headers.get('content-type')! },
    })
    expect(posted.statusCode, posted.body).toBe(200)
    const review = dataOf<Review>(posted)
    expect(review.images).toHaveLength(1)
    const url = review.images[0]!
    expect(url).toMatch(/^\/uploads\/reviews\/popfitclothing\/[0-9a-f-]+\.jpg$/)
    const key = url.slice('/uploads/'.length)
    const kept = s3.objects.get(key)
    expect(kept?.contentType).toBe('image/jpeg')

    s3.calls.length = 0
    const served = await second.app.inject({ method: 'GET', url, headers: { host: 'localhost' } })
    expect(served.statusCode).toBe(200)
    expect(served.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'content-length': String(kept!.bytes.length),
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    })
    expect(served.rawPayload.equals(kept!.bytes)).toBe(true)
    expect((await sharp(served.rawPayload).metadata()).format).toBe('jpeg')
    // read from the bucket, not from a disk of its own
    expect(s3.calls).toContainEqual({ method: 'GET', bucket: BUCKET, key })
    const head = await second.app.inject({ method: 'HEAD', url, headers: { host: 'localhost' } })
    expect(head.statusCode, head.body).toBe(200)
    expect(head.headers['content-length']).toBe(String(kept!.bytes.length))

    // an unknown key answers 404 as local files do
    const missing = await second.app.inject({ method: 'GET', url: '/uploads/reviews/popfitclothing/no-such-photo.jpg', headers: { host: 'localhost' } })
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toEqual({ errors: [{ message: 'Not found' }] })

    // the operator hides it: the object leaves the bucket, and no instance serves it
    expect(await hideReview(t.store, mediaStorageFor(t.app.env), review.id)).toMatchObject({ hidden: true })
    expect(s3.objects.has(key)).toBe(false)
    for (const app of [t.app, second.app]) expect((await app.inject({ method: 'GET', url, headers: { host: 'localhost' } })).statusCode).toBe(404)
  })
})
