import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emitReviewsChanged } from '../reviews/review-events.ts'
import { startTestStore, type TestStore } from '../test/harness.ts'
import { getReviews } from './catalog.service.ts'

describe('an item page reads its first reviews from the catalogue cache', () => {
  let t: TestStore
  beforeAll(async () => {
    t = await startTestStore('sqlite')
  })
  afterAll(() => t.close())

  it('one frozen value for every shopper, read again once reviews changed', async () => {
    const row = await t.store.db.selectFrom('reviews').select(['item_id']).where('brand_id', '=', 'popfitclothing').where('hidden', '=', 0).executeTakeFirstOrThrow()
    const itemId = row.item_id
    const first = await getReviews(t.store.db, 'popfitclothing', itemId, 1, 6)
    const before = t.store.queryCount()
    const again = await getReviews(t.store.db, 'popfitclothing', itemId, 1, 6)
    expect(again).toBe(first)
    expect(t.store.queryCount()).toBe(before)
    expect(Object.isFrozen(first)).toBe(true)
    expect(first.every((review) => Object.isFrozen(review))).toBe(true)
    // another page size, another brand: other entries
    expect(await getReviews(t.store.db, 'popfitclothing', itemId, 1, 2)).not.toBe(first)
    expect(await getReviews(t.store.db, 'ckb', itemId, 1, 6)).not.toBe(first)

    // a review hidden in the database shows until the brand's reviews change (a buyer's review, a hide in this process) ...
    const shown = first[0]!
    await t.store.db.updateTable('reviews').set({ hidden: 1 }).where('id', '=', shown.id).execute()
    expect(await getReviews(t.store.db, 'popfitclothing', itemId, 1, 6)).toBe(first)
    // ... then it is gone at once
    emitReviewsChanged('popfitclothing')
    const fresh = await getReviews(t.store.db, 'popfitclothing', itemId, 1, 6)
    expect(fresh.map((review) => review.id)).not.toContain(shown.id)
  })
})
