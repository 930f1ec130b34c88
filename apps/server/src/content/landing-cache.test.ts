import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStore, type TestStore } from '../test/harness.ts'
import { getMembershipLanding, invalidateContent } from './content.service.ts'

describe("the club's landing copy is cached like the settings", () => {
  let t: TestStore
  beforeAll(async () => {
    t = await startTestStore('sqlite')
  })
  afterAll(() => t.close())

  it('one frozen value per brand, read again once the content is invalidated', async () => {
    const first = await getMembershipLanding(t.store.db, 'popfitclothing')
    const before = t.store.queryCount()
    const again = await getMembershipLanding(t.store.db, 'popfitclothing')
    expect(again).toBe(first)
    expect(t.store.queryCount()).toBe(before)
    expect(Object.isFrozen(first)).toBe(true)
    expect(Object.isFrozen(first.founder_letter_bullets)).toBe(true)
    // another brand: its own copy, never this one
    const other = await getMembershipLanding(t.store.db, 'ckb')
    expect(other).not.toBe(first)

    // an edit shows once the brand's content is invalidated, and only for that brand
    await t.store.db.updateTable('membership_landings').set({ headline: 'A new headline' }).where('brand_id', '=', 'popfitclothing').execute()
    expect((await getMembershipLanding(t.store.db, 'popfitclothing')).headline).toBe(first.headline)
    invalidateContent('popfitclothing')
    expect((await getMembershipLanding(t.store.db, 'popfitclothing')).headline).toBe('A new headline')
    expect(await getMembershipLanding(t.store.db, 'ckb')).toBe(other)
  })

  it('a brand without a club is a 404, looked up again each time (a failed load is not kept)', async () => {
    await expect(getMembershipLanding(t.store.db, 'no-such-brand')).rejects.toMatchObject({ statusCode: 404 })
    const before = t.store.queryCount()
    await expect(getMembershipLanding(t.store.db, 'no-such-brand')).rejects.toMatchObject({ statusCode: 404 })
    expect(t.store.queryCount()).toBe(before + 1)
  })
})
