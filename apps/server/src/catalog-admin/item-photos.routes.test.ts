import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AdminItemPhoto, AuditEntry, ItemDetail } from '@store/core'
import type { FastifyInstance } from 'fastify'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.ts'
import { openDatabase, type StoreDb } from '../db/connection.ts'
import { parseEnv } from '../env.ts'
import { MAX_ITEM_PHOTO_BYTES } from '../media/responsive-photos.ts'
import { startFakeS3 } from '../test/fake-s3.ts'
import { addStaff, staffBrowser } from '../staff/staff-test-utils.ts'
import { DIALECTS, dataOf, startTestStore, TestShopper, type TestStore } from '../test/harness.ts'

type Photos = { images: AdminItemPhoto[] }

const picture = (width: number, height: number, colour: string) => sharp({ create: { width, height, channels: 3, background: colour } })

/** A multipart body as the operator's browser sends it: `file` repeated, each with a name and a declared type. */
async function upload(browser: TestShopper, itemId: number, files: { bytes: Buffer; name: string; type: string }[]) {
  const form = new FormData()
  for (const file of files) form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name)
  const response = new Response(form)
  const payload = Buffer.from(await response.arrayBuffer())
  return browser.request({ method: 'POST', url: `/api/admin/items/${itemId}/images`, payload, headers: { 'content-type': response.headers.get('content-type')! } })
}

describe.each(DIALECTS)("an item's photos on %s", (dialect) => {
  let t: TestStore
  let manager: TestShopper
  let fulfilment: TestShopper
  let mediaDir: string
  let itemId: number
  beforeAll(async () => {
    mediaDir = mkdtempSync(join(tmpdir(), 'item-photos-'))
    t = await startTestStore(dialect, { env: { MEDIA_DIR: mediaDir } })
    manager = await staffBrowser(t.app, (await addStaff(t.store, 'manager')).email)
    fulfilment = await staffBrowser(t.app, (await addStaff(t.store, 'fulfilment')).email)
    const row = await t.store.db.selectFrom('items').select('id').where('brand_id', '=', 'popfitclothing').where('active', '=', 1).orderBy('id').executeTakeFirstOrThrow()
    itemId = row.id
  })
  afterAll(async () => {
    await t.close()
    rmSync(mediaDir, { recursive: true, force: true })
  })

  const storeItem = async () => dataOf<ItemDetail>(await new TestShopper(t.app).get(`/api/items/${itemId}`))
  const fetchFile = (url: string) => t.app.inject({ method: 'GET', url, headers: { host: 'localhost' } })

  it('takes a PNG named .jpg for what it is, strips a JPEG of its EXIF (turned upright), and makes AVIF, WebP and JPEG at a few widths', async () => {
    const drawn = await storeItem()
    expect(drawn.images.image1!.url).toMatch(/^\/media\/product\//)
    expect(drawn.images.image1!.sources).toBeUndefined()

    const png = await picture(1000, 1250, '#d04060').png().toBuffer()
    // a phone's photo: stored sideways (orientation 6) with the camera's owner and position in its EXIF
    const phone = await picture(1800, 1200, '#2060a0')
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Artist: 'Pat Photographer', Copyright: 'Pat' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
      .toBuffer()
    expect((await sharp(phone).metadata()).exif).toBeDefined()

    const answer = await upload(manager, itemId, [
      { bytes: png, name: 'front.jpg', type: 'image/jpeg' },
      { bytes: phone, name: 'IMG_2040.JPG', type: 'image/jpeg' },
    ])
    expect(answer.statusCode).toBe(200)
    const { images } = dataOf<Photos>(answer)
    expect(images).toHaveLength(2)
    const [front, side] = images as [AdminItemPhoto, AdminItemPhoto]
    expect(front).toMatchObject({ width: 1000, height: 1250, position: 1, focal_x: 50, focal_y: 50 })
    // 1000 wide: 400 and 800, then its own width
    expect(front.variants.filter((v) => v.format === 'avif').map((v) => v.width)).toEqual([400, 800, 1000])
    expect(new Set(front.variants.map((v) => v.format))).toEqual(new Set(['avif', 'webp', 'jpeg']))
    // upright: 1200 wide, 1800 high
    expect(side).toMatchObject({ width: 1200, height: 1800, position: 2 })

    for (const variant of front.variants) {
      const file = await fetchFile(variant.url)
      expect(file.statusCode).toBe(200)
      expect(file.headers['content-type']).toBe(`image/${variant.format}`)
      const meta = await sharp(file.rawPayload).metadata()
      expect(meta.width).toBe(variant.width)
      expect(meta.format).toBe(variant.format === 'avif' ? 'heif' : variant.format)
    }
    const largest = side.variants.find((v) => v.format === 'jpeg' && v.width === 1200)!
    const kept = await sharp((await fetchFile(largest.url)).rawPayload).metadata()
    expect(kept).toMatchObject({ width: 1200, height: 1800 })
    expect(kept.exif).toBeUndefined()
    expect(kept.orientation).toBeUndefined()
    expect((await fetchFile(side.url)).rawPayload.includes(Buffer.from('Pat Photographer'))).toBe(false)

    // the storefront shows the uploads instead of the drawn images, each with its sources
    const shown = await storeItem()
    expect(shown.orderedImageKeys).toEqual(['image1', 'image2'])
    expect(shown.images.image1).toMatchObject({ url: front.url, width: 1000, height: 1250, focus: '50% 50%' })
    expect(shown.images.image1!.sources!.map((s) => s.type)).toEqual(['image/avif', 'image/webp', 'image/jpeg'])
    expect(shown.images.image1!.sources![0]!.srcset).toMatch(/-400\.avif 400w, .*-800\.avif 800w, .*-1000\.avif 1000w$/)
  })

  it('refuses a file that is not a picture, one too large, one too small, and a role that may not edit', async () => {
    const text = await upload(manager, itemId, [{ bytes: Buffer.from('just some words, not a photo'), name: 'photo.jpg', type: 'image/jpeg' }])
    expect(text.statusCode).toBe(422)
    expect(text.json().errors[0]).toMatchObject({ field: 'file' })
    expect(text.json().errors[0].message).toMatch(/not a photo/)
    // an SVG is a picture, but not a photo we take (it can carry script)
    const svg = await upload(manager, itemId, [{ bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="900" height="900"/>'), name: 'a.png', type: 'image/png' }])
    expect(svg.statusCode).toBe(422)
    const small = await upload(manager, itemId, [{ bytes: await picture(300, 300, '#000').png().toBuffer(), name: 'tiny.png', type: 'image/png' }])
    expect(small.statusCode).toBe(422)
    expect(small.json().errors[0].message).toMatch(/at least 400/)
    const big = await upload(manager, itemId, [
      { bytes: Buffer.concat([await picture(800, 800, '#fff').jpeg().toBuffer(), Buffer.alloc(MAX_ITEM_PHOTO_BYTES)]), name: 'big.jpg', type: 'image/jpeg' },
    ])
    expect(big.statusCode).toBe(413)
    expect(big.json().errors[0].message).toMatch(/larger/)
    const jpeg = await picture(800, 800, '#fff').jpeg().toBuffer()
    expect((await upload(fulfilment, itemId, [{ bytes: jpeg, name: 'a.jpg', type: 'image/jpeg' }])).statusCode).toBe(403)
    expect((await upload(manager, 999_999_999, [{ bytes: jpeg, name: 'a.jpg', type: 'image/jpeg' }])).statusCode).toBe(404)
    // nothing of these was kept
    expect(dataOf<Photos>(await manager.get(`/api/admin/items/${itemId}/images`)).images).toHaveLength(2)
  })

  it('reorders (the front image changes on the storefront), sets alt text and focal point, deletes with its files, all audited', async () => {
    const [first, second] = dataOf<Photos>(await manager.get(`/api/admin/items/${itemId}/images`)).images as [AdminItemPhoto, AdminItemPhoto]
    const order = (ids: string[]) => manager.request({ method: 'PUT', url: `/api/admin/items/${itemId}/images/order`, payload: { ids } })
    expect((await order([second.id])).statusCode).toBe(409)
    const reordered = dataOf<Photos>(await order([second.id, first.id])).images
    expect(reordered.map((p) => p.id)).toEqual([second.id, first.id])
    expect((await storeItem()).images.image1!.url).toBe(second.url)

    const changed = await manager.request({
      method: 'PATCH',
      url: `/api/admin/items/${itemId}/images/${second.id}`,
      payload: { alt: 'Back view, on a model', focal_x: 30, focal_y: 70 },
    })
    expect(dataOf<{ image: AdminItemPhoto }>(changed).image).toMatchObject({ alt: 'Back view, on a model', focal_x: 30, focal_y: 70 })
    expect((await storeItem()).images.image1).toMatchObject({ alt: 'Back view, on a model', focus: '30% 70%' })
    const wrong = await manager.request({ method: 'PATCH', url: `/api/admin/items/${itemId}/images/${second.id}`, payload: { focal_x: 140 } })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().errors[0]).toMatchObject({ field: 'focal_x' })

    const left = dataOf<Photos>(await manager.request({ method: 'DELETE', url: `/api/admin/items/${itemId}/images/${second.id}` })).images
    expect(left.map((p) => [p.id, p.position])).toEqual([[first.id, 1]])
    for (const variant of second.variants) expect((await fetchFile(variant.url)).statusCode).toBe(404)
    expect((await storeItem()).images.image1!.url).toBe(first.url)
    expect((await manager.request({ method: 'DELETE', url: `/api/admin/items/${itemId}/images/${second.id}` })).statusCode).toBe(404)

    const owner = await staffBrowser(t.app, (await addStaff(t.store, 'owner')).email)
    const audit = dataOf<{ entries: AuditEntry[] }>(await owner.get(`/api/admin/audit?entity=item&limit=50`)).entries.filter((e) => e.entity_id === String(itemId))
    expect(audit.map((e) => e.action)).toEqual(expect.arrayContaining(['item.photos.add', 'item.photos.order', 'item.photo.update', 'item.photo.delete']))
  })

  it('takes two uploads at once in turn: each photo its own place', async () => {
    const one = async (colour: string) => upload(manager, itemId, [{ bytes: await picture(600, 750, colour).jpeg().toBuffer(), name: 'a.jpg', type: 'image/jpeg' }])
    const before = dataOf<Photos>(await manager.get(`/api/admin/items/${itemId}/images`)).images.length
    const answers = await Promise.all([one('#111111'), one('#eeeeee')])
    for (const answer of answers) expect(answer.statusCode).toBe(200)
    const photos = dataOf<Photos>(await manager.get(`/api/admin/items/${itemId}/images`)).images
    const places = Array.from({ length: before + 2 }, (_, i) => i + 1)
    expect(photos.map((p) => p.position)).toEqual(places)
    const kinds = await t.store.db.selectFrom('item_images').select('kind').where('item_id', '=', itemId).where('variants', 'is not', null).orderBy('position').execute()
    expect(kinds.map((k) => k.kind)).toEqual(places.map((n) => `image${n}`))
  })
})

describe.each(DIALECTS)("an item's photos in an S3 bucket, served by any instance, on %s", (dialect) => {
  let s3: Awaited<ReturnType<typeof startFakeS3>>
  let t: TestStore
  let second: { app: FastifyInstance; store: StoreDb; own: boolean; mediaDir: string }
  let manager: TestShopper
  let mediaDir: string
  const s3Env = (dir: string): Record<string, string> => ({
    MEDIA_STORAGE: 's3',
    MEDIA_DIR: dir,
    S3_BUCKET: 'store-media',
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY_ID: 'AKIASTORETEST',
    S3_SECRET_ACCESS_KEY: 'a-secret-access-key-for-tests',
    S3_FORCE_PATH_STYLE: 'true',
  })
  beforeAll(async () => {
    s3 = await startFakeS3({ bucket: 'store-media', accessKeyId: 'AKIASTORETEST' })
    mediaDir = mkdtempSync(join(tmpdir(), 'item-photos-s3-'))
    t = await startTestStore(dialect, { env: s3Env(mediaDir) })
    manager = await staffBrowser(t.app, (await addStaff(t.store, 'manager')).email)
    // another instance on the same database and bucket: its own connection where the database has
    // one to give, its own (empty) MEDIA_DIR, so whatever it serves came from the bucket
    const own = dialect === 'postgres'
    const store = own ? openDatabase(t.url!) : t.store
    const secondDir = mkdtempSync(join(tmpdir(), 'item-photos-s3-second-'))
    const app = await buildApp({ env: parseEnv({ LOG_LEVEL: 'silent', NODE_ENV: 'test', ...s3Env(secondDir) }), store, webBuildDir: '/nonexistent', adminBuildDir: '/nonexistent' })
    await app.ready()
    second = { app, store, own, mediaDir: secondDir }
  })
  afterAll(async () => {
    await second?.app.close()
    if (second?.own) await second.store.close()
    if (second) rmSync(second.mediaDir, { recursive: true, force: true })
    await t?.close()
    await s3?.close()
    rmSync(mediaDir, { recursive: true, force: true })
  })

  it('keeps every file of a photo in the bucket with its type; another instance shows it on the item and serves each file from the bucket; deleted with the photo', async () => {
    const item = await t.store.db.selectFrom('items').select('id').where('brand_id', '=', 'popfitclothing').where('active', '=', 1).orderBy('id').executeTakeFirstOrThrow()
    const answer = await upload(manager, item.id, [{ bytes: await picture(800, 1000, '#30a060').png().toBuffer(), name: 'green.png', type: 'image/png' }])
    const [photo] = dataOf<Photos>(answer).images as [AdminItemPhoto]
    expect(photo.variants).toHaveLength(6)
    // no file on either machine's disk: the bucket holds them all
    expect(readdirSync(mediaDir)).toEqual([])
    expect(readdirSync(second.mediaDir)).toEqual([])
    for (const variant of photo.variants) {
      const key = variant.url.slice('/uploads/'.length)
      expect(key).toMatch(new RegExp(`^items/popfitclothing/${item.id}/[0-9a-f-]+-${variant.width}\\.(avif|webp|jpg)$`))
      expect(s3.objects.get(key)?.contentType).toBe(`image/${variant.format}`)
    }

    // the other instance's storefront shows the uploaded photo as the item's front image
    const shown = dataOf<ItemDetail>(await new TestShopper(second.app).get(`/api/items/${item.id}`))
    expect(shown.images.image1!.url).toBe(photo.url)

    s3.calls.length = 0
    for (const variant of photo.variants) {
      const key = variant.url.slice('/uploads/'.length)
      const served = await second.app.inject({ method: 'GET', url: variant.url, headers: { host: 'localhost' } })
      expect(served.statusCode).toBe(200)
      expect(served.headers['content-type']).toBe(`image/${variant.format}`)
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      expect(served.rawPayload.equals(s3.objects.get(key)!.bytes)).toBe(true)
      expect((await sharp(served.rawPayload).metadata()).format).toBe(variant.format === 'jpeg' ? 'jpeg' : variant.format === 'webp' ? 'webp' : 'heif')
    }
    // read from the bucket, not from a disk of its own
    expect(s3.calls.filter((call) => call.method === 'GET').map((call) => call.key)).toEqual(photo.variants.map((variant) => variant.url.slice('/uploads/'.length)))

    await manager.request({ method: 'DELETE', url: `/api/admin/items/${item.id}/images/${photo.id}` })
    for (const variant of photo.variants) {
      expect(s3.objects.has(variant.url.slice('/uploads/'.length))).toBe(false)
      for (const app of [t.app, second.app]) expect((await app.inject({ method: 'GET', url: variant.url, headers: { host: 'localhost' } })).statusCode).toBe(404)
    }
  })
})
