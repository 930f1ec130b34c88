import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { CheckoutResult, Review, ReviewableItem } from '@store/core'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { itemWithStock, placeOrder, shopperWithCart, tokenFor } from '../checkout/checkout-test-kit.ts'
import { DIALECTS, dataOf, startTestStore, TestShopper, type TestStore } from '../test/harness.ts'
import { mediaStorageFor } from '../media/storage.ts'
import { runHideReview } from './hide-review.ts'
import { PHOTO_MAX_SIDE } from './photos.ts'
import { hideReview } from './review-moderation.ts'
import { REVIEW_AFTER_DAYS } from './reviews.service.ts'

const FIELDS = {
  rating: '5',
  would_you_recommend_us: 'true',
  instagram: '@mia.moves',
  about_your_product: 'Squat proof and soft.',
  sizing_fit: 'True to size',
  how_do_you_style: 'With a cropped hoodie',
  where_travel: 'The gym and the airport',
  how_was_your_first_order: 'Fast',
}

/** A multipart body as a browser's FormData sends it. */
async function multipart(fields: Record<string, string>, photos: Buffer[] = []) {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  photos.forEach((bytes, i) => {
    form.append(`photo_${i + 1}`, new Blob([new Uint8Array(bytes)], { type: 'image/png' }), `IMG_${i}.png`)
  })
  const response = new Response(form)
  return { payload: Buffer.from(await response.arrayBuffer()), contentType: response.headers.get('content-type')! }
}

async function postReview(shopper: TestShopper, fields: Record<string, string>, photos: Buffer[] = []) {
  const { payload, contentType } = await multipart(fields, photos)
  return shopper.request({ method: 'POST', url: '/api/reviews', payload, headers: { 'content-type': contentType } })
}

const bigPhoto = (colour: string) =>
  sharp({ create: { width: 3000, height: 2000, channels: 3, background: colour } })
    .png()
    .toBuffer()

describe.each(DIALECTS)("buyers' reviews on %s", (dialect) => {
  let t: TestStore
  let buyer: TestShopper
  let itemId: number
  let orderNumber: string
  beforeAll(async () => {
    t = await startTestStore(dialect, { env: { MEDIA_DIR: mkdtempSync(join(tmpdir(), 'store-media-')) } })
    const item = await itemWithStock(t, 5)
    itemId = item.itemId
    buyer = await shopperWithCart(t, item.itemId, item.size)
    await buyer.post('/api/register', { name: 'Mia Van Buyer', email: 'mia@example.com', password: 'a-long-password-1' })
    orderNumber = dataOf<CheckoutResult>(await placeOrder(buyer, await tokenFor(buyer))).order_number
  })
  afterAll(() => t.close())

  it('waits until the order has arrived, then shows the review at once as from a verified buyer, photos shrunk', async () => {
    expect(dataOf<ReviewableItem[]>(await buyer.get('/api/reviews/reviewable'))).toEqual([])
    const early = await postReview(buyer, { item_id: String(itemId), ...FIELDS })
    expect(early.statusCode).toBe(422)
    expect(early.json().errors[0]).toMatchObject({ field: 'item_id' })

    // REVIEW_AFTER_DAYS later the order counts as arrived
    const past = new Date(Date.now() - (REVIEW_AFTER_DAYS + 1) * 86_400_000).toISOString()
    await t.store.db.updateTable('orders').set({ created_at: past }).where('order_number', '=', orderNumber).execute()
    expect(dataOf<ReviewableItem[]>(await buyer.get('/api/reviews/reviewable'))).toEqual([{ item_id: itemId, order_number: orderNumber, name: expect.any(String) }])

    // the item's reviews are read (and cached) before
    const before = dataOf<Review[]>(await buyer.get(`/api/reviews?item_id=${itemId}`))
    const response = await postReview(buyer, { item_id: String(itemId), ...FIELDS }, [await bigPhoto('#ff0000'), await bigPhoto('#0000ff')])
    expect(response.statusCode, response.body).toBe(200)
    const review = dataOf<Review>(response)
    expect(review).toMatchObject({
      item_id: itemId,
      first_name: 'Mia',
      last_initial: 'B',
      instagram: 'mia.moves',
      rating: 5,
      would_you_recommend_us: true,
      about_your_product: 'Squat proof and soft.',
      sizing_fit: 'True to size',
      verified_buyer: true,
    })
    expect(review.images).toHaveLength(2)
    const after = dataOf<Review[]>(await new TestShopper(t.app).get(`/api/reviews?item_id=${itemId}`))
    expect(after.length).toBe(before.length + 1)
    expect(after.find((r) => r.id === review.id)?.verified_buyer).toBe(true)

    const photo = await t.app.inject({ method: 'GET', url: review.images[0]!, headers: { host: 'localhost' } })
    expect(photo.statusCode).toBe(200)
    expect(photo.headers['content-type']).toBe('image/jpeg')
    const meta = await sharp(photo.rawPayload).metadata()
    expect(meta.format).toBe('jpeg')
    expect(Math.max(meta.width!, meta.height!)).toBe(PHOTO_MAX_SIDE)
    expect(meta.exif).toBeUndefined()

    // once per item; nothing left to review
    expect((await postReview(buyer, { item_id: String(itemId), ...FIELDS })).statusCode).toBe(409)
    expect(dataOf<ReviewableItem[]>(await buyer.get('/api/reviews/reviewable'))).toEqual([])

    // the operator hides it: gone from the lists and the item's count at once
    const storage = mediaStorageFor(t.app.env)
    expect(await hideReview(t.store, storage, review.id)).toEqual({ hidden: true, brandId: 'popfitclothing' })
    expect(await hideReview(t.store, storage, review.id)).toEqual({ hidden: false, brandId: 'popfitclothing' })
    const hidden = dataOf<Review[]>(await buyer.get(`/api/reviews?item_id=${itemId}`))
    expect(hidden.map((r) => r.id)).not.toContain(review.id)
    expect(hidden.length).toBe(before.length)
    // and its photos with it: their addresses answer nothing, the row names none
    for (const url of review.images) expect((await t.app.inject({ method: 'GET', url, headers: { host: 'localhost' } })).statusCode).toBe(404)
    expect(await t.store.db.selectFrom('reviews').select(['photo_1', 'photo_2', 'photo_3']).where('id', '=', review.id).executeTakeFirst()).toEqual({
      photo_1: null,
      photo_2: null,
      photo_3: null,
    })
  })

  it('refuses what is not a photo, too many photos, a bad rating, a visitor, and an item not bought', async () => {
    const other = new TestShopper(t.app)
    expect((await postReview(other, { item_id: String(itemId), ...FIELDS })).statusCode).toBe(401)
    await other.post('/api/register', { name: 'Nora Nobuy', email: 'nora@example.com', password: 'a-long-password-1' })
    const notBought = await postReview(other, { item_id: String(itemId), ...FIELDS })
    expect(notBought.statusCode).toBe(422)
    expect(notBought.json().errors[0]).toMatchObject({ field: 'item_id' })
    const badRating = await postReview(other, { item_id: String(itemId), ...FIELDS, rating: '7' })
    expect(badRating.statusCode).toBe(400)
    // a buyer of another item, with a file that is not a picture
    const item = await itemWithStock(t, 5)
    const shopper = await shopperWithCart(t, item.itemId, item.size)
    await shopper.post('/api/register', { name: 'Pia Photo', email: 'pia@example.com', password: 'a-long-password-1' })
    const order = dataOf<CheckoutResult>(await placeOrder(shopper, await tokenFor(shopper))).order_number
    await t.store.db.updateTable('orders').set({ status: 'delivered' }).where('order_number', '=', order).execute()
    const notAPicture = await postReview(shopper, { item_id: String(item.itemId), ...FIELDS }, [Buffer.from('<?php echo 1; ?>')])
    expect(notAPicture.statusCode).toBe(422)
    expect(notAPicture.json().errors[0]).toMatchObject({ field: 'photos' })
    const four = await postReview(shopper, { item_id: String(item.itemId), ...FIELDS }, await Promise.all(['#111', '#222', '#333', '#444'].map(bigPhoto)))
    expect(four.statusCode).toBeGreaterThanOrEqual(400)
    expect(four.statusCode).toBeLessThan(500)
    // nothing was kept of the refused ones
    expect(await t.store.db.selectFrom('reviews').select('id').where('customer_id', 'is not', null).where('hidden', '=', 0).execute()).toEqual([])
    // a delivered order is reviewable at once, with a JSON body too (no photos)
    const json = await shopper.postJson('/api/reviews', { item_id: item.itemId, ...FIELDS, rating: 4 })
    expect(json.statusCode, json.body).toBe(200)
    expect(dataOf<Review>(json)).toMatchObject({ rating: 4, images: [], verified_buyer: true })
  })

  it("a review without its text says which field to fill in, in words (not the validator's own)", async () => {
    const { about_your_product: _left, ...rest } = FIELDS
    const response = await buyer.postJson('/api/reviews', { item_id: itemId, ...rest })
    expect(response.statusCode).toBe(400)
    expect(response.json().errors).toEqual([{ message: 'Tell us about the product.', field: 'about_your_product' }])
  })

  it('the command line hides by id and says when there is none', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'store-cli-')), 'store.sqlite')
    const { parseEnv } = await import('../env.ts')
    expect(await runHideReview(['no-such-review'], parseEnv({ DATABASE_URL: `sqlite:${file}`, LOG_LEVEL: 'silent' }))).toEqual({
      id: 'no-such-review',
      hidden: false,
      found: false,
    })
    await expect(runHideReview([], parseEnv({ DATABASE_URL: `sqlite:${file}` }))).rejects.toThrow(/Usage/)
  })
})
