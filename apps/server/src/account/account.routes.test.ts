import type { AccountInfo, Cart } from '@store/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DIALECTS, dataOf, errorsOf, startTestStore, TestShopper, type TestStore } from '../test/harness.ts'

const PASSWORD = 'leggings-forever'
const sidOf = (shopper: TestShopper) => shopper.cookieHeader.match(/sid=([^;]+)/)?.[1]

describe.each(DIALECTS)('account on %s', (dialect) => {
  let t: TestStore
  let n = 0
  beforeAll(async () => {
    t = await startTestStore(dialect)
  })
  afterAll(() => t.close())

  async function customer(email = `acct-${n++}-${dialect}@example.com`) {
    const shopper = new TestShopper(t.app)
    expect((await shopper.post('/api/register', { name: 'Alex Account', email, password: PASSWORD })).statusCode).toBe(200)
    return { shopper, email }
  }

  it('shows the account; membership status only when a membership exists', async () => {
    const { shopper, email } = await customer()
    const account = dataOf<AccountInfo>(await shopper.get('/api/account'))
    expect(account).toMatchObject({ name: 'Alex Account', e_mail_address: email, has_club: false, pending_e_mail_address: null, membership_status: null })
    await t.store.db
      .insertInto('memberships')
      .values({ id: `m-${account.id}`, brand_id: 'popfitclothing', customer_id: account.id, status: 'paused', amount_cents: 2499, created_at: new Date().toISOString() })
      .execute()
    expect(dataOf<AccountInfo>(await shopper.get('/api/account')).membership_status).toBe('paused')
  })

  it('changes the password: current one required, common ones refused, other sessions ended, this one rotated', async () => {
    const { shopper, email } = await customer()
    const elsewhere = new TestShopper(t.app)
    await elsewhere.post('/api/login', { email, password: PASSWORD })
    expect(dataOf<Cart>(await elsewhere.get('/api/cart')).loggedin).toBe(true)

    const wrong = await shopper.post('/api/account/password', { current_password: 'not-it-at-all', password: 'brand-new-pass-9' })
    expect(wrong.statusCode).toBe(422)
    expect(wrong.json().errors[0]).toEqual({ message: 'That is not your current password.', field: 'current_password' })
    const common = await shopper.post('/api/account/password', { current_password: PASSWORD, password: 'password123' })
    expect(common.statusCode).toBe(422)
    expect(common.json().errors[0].field).toBe('password')

    const before = sidOf(shopper)
    expect((await shopper.post('/api/account/password', { current_password: PASSWORD, password: 'brand-new-pass-9' })).statusCode).toBe(200)
    expect(sidOf(shopper)).not.toBe(before)
    expect(dataOf<Cart>(await shopper.get('/api/cart')).loggedin).toBe(true)
    expect(dataOf<Cart>(await elsewhere.get('/api/cart')).loggedin).toBe(false)

    expect((await new TestShopper(t.app).post('/api/login', { email, password: PASSWORD })).statusCode).toBe(401)
    expect((await new TestShopper(t.app).post('/api/login', { email, password: 'brand-new-pass-9' })).statusCode).toBe(200)
  })

  it('changes the name (first and last)', async () => {
    const { shopper } = await customer()
    expect((await shopper.post('/api/account/name', { name: 'Alex' })).statusCode).toBe(422)
    expect(dataOf<AccountInfo>(await shopper.post('/api/account/name', { name: '  Alex   Newname ' })).name).toBe('Alex Newname')
    // a text-direction override or a line break would show in every e-mail the name goes into
    for (const name of ['Zoë Ünïcode\u202e evil', 'Alex\nNewname', 'Alex\u2066Newname', 'Alex \u200B\u200B Newname', 'Alex\uFEFF Newname']) {
      const refused = await shopper.postJson('/api/account/name', { name })
      expect(refused.statusCode, JSON.stringify(name)).toBe(400)
      expect(errorsOf(refused)[0]).toMatch(/hidden characters/)
    }
    expect(dataOf<AccountInfo>(await shopper.get('/api/account')).name).toBe('Alex Newname')
    // a name of any script stands
    expect(dataOf<AccountInfo>(await shopper.post('/api/account/name', { name: 'Zoë Ünïcode' })).name).toBe('Zoë Ünïcode')
  })

  it('changes the e-mail only when the link is opened by the logged-in customer', async () => {
    const { shopper, email } = await customer()
    const next = `moved-${n++}-${dialect}@example.com`
    const wrong = await shopper.post('/api/account/email', { email: next, current_password: 'nope-nope-nope' })
    expect(wrong.statusCode).toBe(422)
    const asked = await shopper.post('/api/account/email', { email: next.toUpperCase(), current_password: PASSWORD })
    expect(dataOf(asked)).toEqual({ pending_e_mail_address: next })

    const mails = await t.store.db.selectFrom('outbox_emails').select(['to_email', 'body']).where('to_email', 'in', [next, email]).execute()
    expect(mails.map((m) => m.to_email).sort()).toEqual([email, next].sort())
    const body = mails.find((m) => m.to_email === next)!.body
    const token = body.match(/\/change_password\?confirm=([A-Za-z0-9_-]+)/)![1]!
    // the brand's configured origin, never the request's Host
    expect(body).toContain(`${t.app.env.publicOrigins.popfitclothing}/change_password?confirm=`)
    const stored = await t.store.db.selectFrom('email_changes').select('token_hash').where('new_email', '=', next).executeTakeFirstOrThrow()
    expect(stored.token_hash).not.toBe(token)

    const account = dataOf<AccountInfo>(await shopper.get('/api/account'))
    expect(account).toMatchObject({ e_mail_address: email, pending_e_mail_address: next })

    // a visitor, or another customer, holding the link changes nothing
    expect((await new TestShopper(t.app).post('/api/account/email/confirm', { token })).statusCode).toBe(401)
    const { shopper: other } = await customer()
    expect((await other.post('/api/account/email/confirm', { token })).statusCode).toBe(422)

    const confirmed = dataOf<AccountInfo>(await shopper.post('/api/account/email/confirm', { token }))
    expect(confirmed).toMatchObject({ e_mail_address: next, pending_e_mail_address: null })
    expect((await shopper.post('/api/account/email/confirm', { token })).statusCode).toBe(422)
    expect((await new TestShopper(t.app).post('/api/login', { email: next, password: PASSWORD })).statusCode).toBe(200)
  })

  it('keeps e-mail addresses unique per brand', async () => {
    const { email: taken } = await customer()
    const { shopper } = await customer()
    const refused = await shopper.post('/api/account/email', { email: taken, current_password: PASSWORD })
    expect(refused.statusCode).toBe(409)
    expect(errorsOf(refused)[0]).toMatch(/already uses/)

    // taken between the request and the link: refused at the link
    const { shopper: first } = await customer()
    const wanted = `race-${dialect}@example.com`
    await first.post('/api/account/email', { email: wanted, current_password: PASSWORD })
    const mail = await t.store.db.selectFrom('outbox_emails').select('body').where('to_email', '=', wanted).executeTakeFirstOrThrow()
    const token = mail.body.match(/confirm=([A-Za-z0-9_-]+)/)![1]!
    await customer(wanted)
    expect((await first.post('/api/account/email/confirm', { token })).statusCode).toBe(409)
  })
})
