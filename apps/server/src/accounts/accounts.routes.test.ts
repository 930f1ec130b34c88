import type { Cart } from '@store/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DIALECTS, dataOf, errorsOf, startTestStore, TestShopper, type TestStore } from '../test/harness.ts'

type CartData = Cart

const sidOf = (shopper: TestShopper) => shopper.cookieHeader.match(/sid=([^;]+)/)?.[1]

describe.each(DIALECTS)('accounts on %s', (dialect) => {
  let t: TestStore
  let itemId: number
  let size: string
  beforeAll(async () => {
    t = await startTestStore(dialect)
    const items = dataOf<{ items: { id: number; availableSizes: string[] }[] }>(await new TestShopper(t.app).get('/api/categories/leggings')).items
    const item = items.find((candidate) => candidate.availableSizes.length > 0)!
    itemId = item.id
    size = item.availableSizes[0]!
  })
  afterAll(() => t.close())

  const account = (n: string) => ({ name: 'Pat Shopper', email: `pat-${n}-${dialect}@example.com`, password: 'leggings-forever' })

  it('registers, logs the shopper in with a new session id and keeps their cart', async () => {
    const shopper = new TestShopper(t.app)
    await shopper.post('/api/cart/items', { item_id: itemId, size, qty: 1 })
    const before = sidOf(shopper)
    const response = await shopper.post('/api/register', account('reg'))
    expect(response.statusCode).toBe(200)
    expect(dataOf<{ customer: { e_mail_address: string } }>(response).customer.e_mail_address).toBe(`pat-reg-${dialect}@example.com`)
    expect(sidOf(shopper)).not.toBe(before)
    const cart = dataOf<CartData>(await shopper.get('/api/cart'))
    expect(cart.loggedin).toBe(true)
    expect(cart.items.map((line) => line.item_id)).toEqual([itemId])
  })

  it('keeps no password in the clear', async () => {
    const row = await t.store.db.selectFrom('customers').select('password_hash').where('email', '=', `pat-reg-${dialect}@example.com`).executeTakeFirstOrThrow()
    expect(row.password_hash).toMatch(/^scrypt\$/)
    expect(row.password_hash).not.toContain('leggings-forever')
  })

  it('refuses a second account for the same email, a one-word name and a short password', async () => {
    const duplicate = await new TestShopper(t.app).post('/api/register', { ...account('reg'), email: `PAT-reg-${dialect}@Example.com` })
    expect(duplicate.statusCode).toBe(409)
    const oneWord = await new TestShopper(t.app).post('/api/register', { ...account('x1'), name: 'Pat' })
    expect(oneWord.statusCode).toBe(422)
    expect(errorsOf(oneWord)[0]).toMatch(/first and last name/)
    const short = await new TestShopper(t.app).post('/api/register', { ...account('x2'), password: 'short' })
    expect(short.statusCode).toBe(400)
    expect(errorsOf(short)[0]).toMatch(/at least 8 characters/)
  })

  it('logs in and out; the cart of the account comes back on login', async () => {
    const first = new TestShopper(t.app)
    await first.post('/api/register', account('inout'))
    await first.post('/api/cart/items', { item_id: itemId, size, qty: 2 })
    expect((await first.post('/api/logout')).statusCode).toBe(200)
    expect(dataOf<CartData>(await first.get('/api/cart')).loggedin).toBe(false)

    const second = new TestShopper(t.app)
    const login = await second.post('/api/login', { email: account('inout').email, password: 'leggings-forever' })
    expect(login.statusCode).toBe(200)
    const cart = dataOf<CartData>(await second.get('/api/cart'))
    expect(cart.loggedin).toBe(true)
    expect(cart.items).toHaveLength(1)
  })

  it('answers a wrong password and an unknown email alike, and locks after 5 failures', async () => {
    const owner = new TestShopper(t.app)
    await owner.post('/api/register', account('lock'))
    const unknown = await new TestShopper(t.app).post('/api/login', { email: `nobody-${dialect}@example.com`, password: 'whatever1' })
    const attacker = new TestShopper(t.app)
    const wrong = await attacker.post('/api/login', { email: account('lock').email, password: 'not-my-password' })
    expect(unknown.statusCode).toBe(401)
    expect(wrong.statusCode).toBe(401)
    expect(errorsOf(unknown)).toEqual(errorsOf(wrong))
    for (let i = 0; i < 4; i++) await attacker.post('/api/login', { email: account('lock').email, password: `wrong-${i}-password` })
    const locked = await attacker.post('/api/login', { email: account('lock').email, password: 'leggings-forever' })
    expect(locked.statusCode).toBe(429)
    expect(errorsOf(locked)[0]).toMatch(/Too many login attempts/)
  })

  it('resets a password with the e-mailed link, once', async () => {
    const shopper = new TestShopper(t.app)
    await shopper.post('/api/register', account('reset'))
    const silent = await new TestShopper(t.app).post('/api/forgot', { email: `nobody-${dialect}@example.com` })
    expect(dataOf<{ ok: boolean }>(silent).ok).toBe(true)
    expect((await new TestShopper(t.app).post('/api/forgot', { email: account('reset').email })).statusCode).toBe(200)
    const mail = await t.store.db
      .selectFrom('outbox_emails')
      .select(['body', 'to_email'])
      .where('to_email', '=', account('reset').email)
      .where('subject', '=', 'Reset your password')
      .executeTakeFirstOrThrow()
    const token = mail.body.match(/token=([A-Za-z0-9_-]+)/)![1]!
    const reset = await new TestShopper(t.app).post('/api/reset-password', { token, password: 'brand-new-secret' })
    expect(reset.statusCode).toBe(200)
    expect(dataOf<CartData>(await shopper.get('/api/cart')).loggedin).toBe(false)
    expect((await new TestShopper(t.app).post('/api/login', { email: account('reset').email, password: 'leggings-forever' })).statusCode).toBe(401)
    expect((await new TestShopper(t.app).post('/api/login', { email: account('reset').email, password: 'brand-new-secret' })).statusCode).toBe(200)
    const again = await new TestShopper(t.app).post('/api/reset-password', { token, password: 'another-secret-1' })
    expect(again.statusCode).toBe(422)
  })

  it('keeps accounts per brand', async () => {
    await new TestShopper(t.app).post('/api/register', account('brand'))
    const ckb = await new TestShopper(t.app, 'ckb.localhost').post('/api/login', { email: account('brand').email, password: 'leggings-forever' })
    expect(ckb.statusCode).toBe(401)
  })
})
