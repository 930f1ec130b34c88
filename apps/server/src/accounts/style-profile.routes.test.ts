/** The style profile's birthday: day and month make one date that exists in some year (no year is asked). */
import type { StyleProfile } from '@store/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dataOf, DIALECTS, startTestStore, TestShopper, type TestStore } from '../test/harness.ts'

describe.each(DIALECTS)('style profile birthday (%s)', (dialect) => {
  let t: TestStore
  beforeAll(async () => {
    t = await startTestStore(dialect)
  })
  afterAll(() => t.close())

  const birthday = (answer: StyleProfile) => Object.fromEntries(answer.style_profile.filter((f) => f.name.startsWith('birthday_')).map((f) => [f.name, f.value]))

  it('refuses an impossible day and month (31 February, 31 April) with a readable 422, and saves nothing', async () => {
    const shopper = new TestShopper(t.app)
    for (const [day, month, says] of [
      ['31', '2', /February has only 29 days/],
      ['30', '2', /February has only 29 days/],
      ['31', '4', /April has only 30 days/],
      ['31', '11', /November has only 30 days/],
    ] as const) {
      const refused = await shopper.postJson('/api/style-profile', { birthday_day: day, birthday_month: month })
      expect(refused.statusCode, `${day}/${month}`).toBe(422)
      expect(refused.json().errors[0]).toEqual({ message: expect.stringMatching(says), field: 'birthday_day' })
    }
    expect(birthday(dataOf<StyleProfile>(await shopper.get('/api/style-profile')))).toEqual({ birthday_day: null, birthday_month: null })
  })

  it('takes 29 February and 31 December; a month alone is checked against the day saved', async () => {
    const shopper = new TestShopper(t.app)
    expect((await shopper.postJson('/api/style-profile', { birthday_day: '29', birthday_month: '2' })).statusCode).toBe(200)
    expect((await shopper.postJson('/api/style-profile', { birthday_day: '31', birthday_month: '12' })).statusCode).toBe(200)
    // day 31 is saved: changing the month alone to June would make 31 June
    const june = await shopper.postJson('/api/style-profile', { birthday_month: '6' })
    expect(june.statusCode).toBe(422)
    expect(june.json().errors[0].message).toMatch(/June has only 30 days/)
    expect(birthday(dataOf<StyleProfile>(await shopper.get('/api/style-profile')))).toEqual({ birthday_day: '31', birthday_month: '12' })
  })
})
