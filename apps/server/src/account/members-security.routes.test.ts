/**
 * Personal data stays personal: a customer guessing another's ids gets 404 on
 * every route (not 403: nothing says the id exists), a visitor gets 401 on the
 * API, and a state change posted from another site is refused.
 */
import type { AddressEntry, WishlistEntry } from '@store/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HOME } from '../addresses/test-address.ts'
import { DIALECTS, dataOf, startTestStore, TestShopper, type TestStore } from '../test/harness.ts'

describe.each(DIALECTS)('members data is private on %s', (dialect) => {
  let t: TestStore
  let owner: TestShopper
  let intruder: TestShopper
  let address: AddressEntry
  let entry: WishlistEntry
  let size: string
  beforeAll(async () => {
    t = await startTestStore(dialect)
    owner = new TestShopper(t.app)
    intruder = new TestShopper(t.app)
    await owner.post('/api/register', { name: 'Olive Owner', email: `owner-${dialect}@example.com`, password: 'leggings-forever' })
    await intruder.post('/api/register', { name: 'Ivan Intruder', email: `intruder-${dialect}@example.com`, password: 'leggings-forever' })
    const item = dataOf<{ items: { id: number; availableSizes: string[] }[] }>(await owner.get('/api/categories/leggings')).items.find((i) => i.availableSizes.length)!
    size = item.availableSizes[0]!
    address = dataOf<AddressEntry>(await owner.post('/api/addresses', HOME))
    entry = dataOf<WishlistEntry[]>(await owner.post('/api/wishlist', { item_id: item.id }))[0]!
    await owner.post('/api/style-profile', { birthday_month: '7' })
  })
  afterAll(() => t.close())

  it("answers 404 to another customer's address and wishlist ids, on every route, and changes nothing", async () => {
    const attempts = [
      intruder.post(`/api/addresses/${address.id}`, { ...HOME, city: 'Stolen' }),
      intruder.post(`/api/addresses/${address.id}/remove`),
      intruder.post(`/api/addresses/${address.id}/default`),
      intruder.post(`/api/wishlist/${entry.id}/remove`),
      intruder.post(`/api/wishlist/${entry.id}/move-to-cart`, { size }),
    ]
    for (const response of await Promise.all(attempts)) expect(response.statusCode).toBe(404)
    expect(dataOf<AddressEntry[]>(await intruder.get('/api/addresses'))).toEqual([])
    expect(dataOf<WishlistEntry[]>(await intruder.get('/api/wishlist'))).toEqual([])
    expect(dataOf<AddressEntry[]>(await owner.get('/api/addresses'))).toEqual([address])
    expect(dataOf<WishlistEntry[]>(await owner.get('/api/wishlist')).map((e) => e.id)).toEqual([entry.id])
  })

  it("never shows another customer's style profile answers", async () => {
    const mine = dataOf<{ style_profile: { name: string; value: string | null }[] }>(await owner.get('/api/style-profile')).style_profile
    expect(mine.find((f) => f.name === 'birthday_month')?.value).toBe('7')
    const theirs = dataOf<{ style_profile: { name: string; value: string | null }[] }>(await intruder.get('/api/style-profile')).style_profile
    expect(theirs.every((f) => f.value === null)).toBe(true)
  })

  it('answers 404 for the same ids at another brand', async () => {
    const ckb = new TestShopper(t.app, 'ckb.localhost')
    await ckb.post('/api/register', { name: 'Olive Owner', email: `owner-${dialect}@example.com`, password: 'leggings-forever' })
    expect((await ckb.post(`/api/addresses/${address.id}/remove`)).statusCode).toBe(404)
    expect((await ckb.post(`/api/wishlist/${entry.id}/remove`)).statusCode).toBe(404)
  })

  it('answers 401 to a visitor on every members route', async () => {
    const visitor = new TestShopper(t.app)
    const calls = [
      visitor.get('/api/account'),
      visitor.get('/api/addresses'),
      visitor.get('/api/wishlist'),
      visitor.post('/api/addresses', HOME),
      visitor.post(`/api/addresses/${address.id}`, HOME),
      visitor.post(`/api/addresses/${address.id}/remove`),
      visitor.post(`/api/addresses/${address.id}/default`),
      visitor.post('/api/wishlist', { item_id: entry.item.id }),
      visitor.post(`/api/wishlist/${entry.id}/remove`),
      visitor.post(`/api/wishlist/${entry.id}/move-to-cart`, { size }),
      visitor.post('/api/account/password', { current_password: 'leggings-forever', password: 'whatever-new-1' }),
      visitor.post('/api/account/name', { name: 'Some One' }),
      visitor.post('/api/account/email', { email: 'x@example.com', current_password: 'leggings-forever' }),
      visitor.post('/api/account/email/confirm', { token: 'a'.repeat(43) }),
    ]
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode, response.raw.req.url).toBe(401)
      expect(response.json().errors[0].message).toBe('Please log in to continue.')
    }
    // a visitor's read makes no session
    expect(visitor.cookieHeader).toBe('')
    // default addresses for checkout prefill: none for a visitor, no error
    expect(dataOf(await visitor.get('/api/addresses/defaults'))).toEqual({ shipping: null, billing: null })
  })

  it('refuses a state change posted from another site (403)', async () => {
    const crossSite = (url: string, payload: string) =>
      owner.request({ method: 'POST', url, payload, headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' } })
    expect((await crossSite(`/api/addresses/${address.id}/remove`, '')).statusCode).toBe(403)
    expect((await crossSite('/api/account/password', 'current_password=leggings-forever&password=attacker-pass-1')).statusCode).toBe(403)
    expect((await crossSite('/api/wishlist', `item_id=${entry.item.id}`)).statusCode).toBe(403)
    expect((await crossSite('/api/contact', 'name=A+B&email=a@example.com&topic=other&message=hello+there+friends')).statusCode).toBe(403)
    expect(dataOf<AddressEntry[]>(await owner.get('/api/addresses'))).toHaveLength(1)
  })
})
