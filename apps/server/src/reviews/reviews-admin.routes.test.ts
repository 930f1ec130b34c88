import { randomUUID } from 'node:crypto'
import type { AdminReview, AuditEntry, Review } from '@store/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mediaStorageFor } from '../media/storage.ts'
import { addStaff, staffBrowser } from '../staff/staff-test-utils.ts'
import { DIALECTS, dataOf, startTestStore, TestShopper, type TestStore } from '../test/harness.ts'
import { hideReview } from './review-moderation.ts'

type Page = { reviews: AdminReview[]; next_cursor: string | null }

describe.each(DIALECTS)('the operator’s reviews on %s', (dialect) => {
  let t: TestStore
  let support: TestShopper
  let manager: TestShopper
  let owner: TestShopper
  let itemId: number

  async function addReview(rating: number, brandId = 'popfitclothing', item = itemId, photo: string | null = null): Promise<string> {
    const id = randomUUID()
    await t.store.db
      .insertInto('reviews')
      .values({
        id,
        brand_id: brandId,
        item_id: item,
        first_name: 'Robin',
        last_initial: 'R',
        instagram: null,
        rating,
        about_your_product: `Rated ${rating}: lovely fabric`,
        created_at: new Date().toISOString(),
        photo_1: photo,
      })
      .execute()
    return id
  }

  beforeAll(async () => {
    t = await startTestStore(dialect)
    support = await staffBrowser(t.app, (await addStaff(t.store, 'support')).email)
    manager = await staffBrowser(t.app, (await addStaff(t.store, 'manager')).email)
    owner = await staffBrowser(t.app, (await addStaff(t.store, 'owner')).email)
    itemId = (await t.store.db.selectFrom('items').select('id').where('brand_id', '=', 'popfitclothing').where('active', '=', 1).orderBy('id', 'desc').executeTakeFirstOrThrow()).id
  })
  afterAll(() => t.close())

  it('lists reviews filtered by state, item and rating; only roles that moderate', async () => {
    const two = await addReview(2)
    const five = await addReview(5)
    const ofItem = dataOf<Page>(await support.get(`/api/admin/reviews?item_id=${itemId}`)).reviews
    expect(ofItem.map((r) => r.id)).toEqual(expect.arrayContaining([two, five]))
    expect(ofItem.every((r) => r.item_id === itemId)).toBe(true)
    const low = dataOf<Page>(await support.get(`/api/admin/reviews?item_id=${itemId}&rating=2`)).reviews
    expect(low.map((r) => r.id)).toEqual([two])
    expect(low[0]).toMatchObject({ author: 'Robin R.', rating: 2, hidden: false, text: 'Rated 2: lovely fabric' })
    expect((await support.get('/api/admin/reviews?rating=9')).statusCode).toBe(400)
    expect((await support.get('/api/admin/reviews?state=gone')).statusCode).toBe(400)
    // DESIGN §8: reviews are support's (and the owner's); a manager does not moderate them
    expect((await manager.get('/api/admin/reviews')).statusCode).toBe(403)
    expect((await manager.post(`/api/admin/reviews/${two}/hide`)).statusCode).toBe(403)
  })

  it('hides a review: gone from the storefront at once, listed as hidden, audited; shown again it is back', async () => {
    const id = await addReview(1, 'popfitclothing', itemId, 'https://cdn.example.com/review-photo.jpg')
    expect(dataOf<Page>(await support.get(`/api/admin/reviews?item_id=${itemId}&rating=1`)).reviews.find((r) => r.id === id)?.photos).toEqual([
      'https://cdn.example.com/review-photo.jpg',
    ])
    const shopper = new TestShopper(t.app)
    const shown = async () => dataOf<Review[]>(await shopper.get(`/api/reviews?item_id=${itemId}`)).map((r) => r.id)
    expect(await shown()).toContain(id)

    const hidden = dataOf<{ review: AdminReview }>(await support.post(`/api/admin/reviews/${id}/hide`))
    // its photos go with it (a review is often hidden for what a photo shows)
    expect(hidden.review).toMatchObject({ id, hidden: true, photos: [] })
    expect(await shown()).not.toContain(id)
    expect(dataOf<Page>(await support.get(`/api/admin/reviews?state=hidden&item_id=${itemId}`)).reviews.map((r) => r.id)).toEqual([id])
    // hiding twice changes nothing and writes no second entry
    expect((await support.post(`/api/admin/reviews/${id}/hide`)).statusCode).toBe(200)

    expect(dataOf<{ review: AdminReview }>(await support.post(`/api/admin/reviews/${id}/show`)).review.hidden).toBe(false)
    expect(await shown()).toContain(id)
    const audit = dataOf<{ entries: AuditEntry[] }>(await owner.get(`/api/admin/audit?entity=review&entity_id=${id}`)).entries
    expect(audit.map((e) => e.action)).toEqual(['review.show', 'review.hide'])
  })

  it('the command line and the operator hide through one service: the command line is audited as such', async () => {
    const id = await addReview(3)
    expect(await hideReview(t.store, mediaStorageFor(t.app.env), id)).toEqual({ hidden: true, brandId: 'popfitclothing' })
    const entry = dataOf<{ entries: AuditEntry[] }>(await owner.get(`/api/admin/audit?entity=review&entity_id=${id}`)).entries[0]
    expect(entry).toMatchObject({ action: 'review.hide', actor: null, ip: 'command line' })
    expect(dataOf<Page>(await support.get(`/api/admin/reviews?state=hidden&item_id=${itemId}`)).reviews.map((r) => r.id)).toContain(id)
  })

  it("does not reach another brand's review", async () => {
    const ckbItem = (await t.store.db.selectFrom('items').select('id').where('brand_id', '=', 'ckb').executeTakeFirstOrThrow()).id
    const id = await addReview(4, 'ckb', ckbItem)
    expect((await support.post(`/api/admin/reviews/${id}/hide`)).statusCode).toBe(404)
    expect((await support.post(`/api/admin/reviews/${id}/show`)).statusCode).toBe(404)
    expect(dataOf<Page>(await support.get('/api/admin/reviews?limit=200')).reviews.map((r) => r.id)).not.toContain(id)
  })
})
