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

  it('locks the current-password check after five wrong answers, the right one included, until the oldest is 15 minutes old', async () => {
    const { shopper, email } = await customer()
    const change = (current_password: string) => shopper.post('/api/account/password', { current_password, password: 'brand-new-pass-9' })
    for (let i = 0; i < 5; i++) expect((await change(`wrong-guess-${i}`)).statusCode).toBe(422)

    const locked = await change('wrong-guess-5')
    expect(locked.statusCode).toBe(429)
    expect(errorsOf(locked)[0]).toMatch(/^Too many wrong current passwords were entered\. Please try again in 15 minutes\.$/)
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60)
    // the right answer waits too, and the e-mail change (which asks for it as well) shares the lock
    expect((await change(PASSWORD)).statusCode).toBe(429)
    expect((await shopper.post('/api/account/email', { email: `locked-${n++}-${dialect}@example.com`, current_password: PASSWORD })).statusCode).toBe(429)
    expect((await new TestShopper(t.app).post('/api/login', { email, password: PASSWORD })).statusCode).toBe(200)

    // 16 minutes later (the wrong answers moved back in time), the right one is taken and clears the count
    const { id } = dataOf<AccountInfo>(await shopper.get('/api/account'))
    const earlier = new Date(Date.now() - 16 * 60 * 1000).toISOString()
    await t.store.db.updateTable('throttle_events').set({ created_at: earlier }).where('key', '=', `current-password:customer:${id}`).execute()
    for (let i = 0; i < 4; i++)
      expect((await shopper.post('/api/account/email', { email: `later-${n++}-${dialect}@example.com`, current_password: `wrong-again-${i}` })).statusCode).toBe(422)
    expect((await change(PASSWORD)).statusCode).toBe(200)
    expect((await shopper.post('/api/account/password', { current_password: 'wrong-once-more', password: 'other-new-pass-9' })).statusCode).toBe(422)
    expect((await shopper.post('/api/account/password', { current_password: 'brand-new-pass-9', password: 'other-new-pass-9' })).statusCode).toBe(200)
  })

  it('counts wrong current passwords sent all at once', async () => {
    const { shopper } = await customer()
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => shopper.post('/api/account/password', { current_password: `parallel-guess-${i}`, password: 'brand-new-pass-9' })),
    )
    expect(answers.every((a) => a.statusCode === 422 || a.statusCode === 429)).toBe(true)
    // a guess refused (429) takes its count back and is never checked: all eight may be refused
    // together, leaving the five for later; so the checked ones (422), with those sent one by one
    // after, are exactly the five the limit allows, then every answer waits, the right one too
    const checked = answers.filter((a) => a.statusCode === 422).length
    expect(checked).toBeLessThanOrEqual(5)
    const after: number[] = []
    for (let i = 0; i < 6; i++) after.push((await shopper.post('/api/account/password', { current_password: `one-by-one-${i}`, password: 'brand-new-pass-9' })).statusCode)
    expect(checked + after.filter((status) => status === 422).length).toBe(5)
    expect(after.at(-1)).toBe(429)
    expect((await shopper.post('/api/account/password', { current_password: PASSWORD, password: 'brand-new-pass-9' })).statusCode).toBe(429)
  })

  it('changes the name (first and last)', async () => {
    const { shopper } = await customer()
    expect((await shopper.post('/api/account/name', { name: 'Alex' })).statusCode).toBe(422)
    expect(dataOf<AccountInfo>(await shopper.post('/api/account/name', { name: '  Alex   Newname ' })).name).toBe('Alex Newname')
    // a text-direction override or a line break would show in every e-mail the name goes into
    const refusals = [
      ['Zoë Ünïcode\u202e evil', /invisible text-direction mark/],
      ['Alex\nNewname', /^Remove the line break from your name/],
      ['Alex\u2066Newname', /invisible text-direction mark/],
      ['Alex \u200B\u200B Newname', /invisible character \(such as a zero-width space\)/],
      ['Alex\uFEFF Newname', /invisible character/],
      // half of a UTF-16 pair, as JSON can send it, would be stored as the replacement sign
      ['\ud800 Adams', /^Type your name again: it holds a character that could not be read/],
      ['\uFFFD Adams', /could not be read/],
    ] as const
    for (const [name, message] of refusals) {
      const refused = await shopper.postJson('/api/account/name', { name })
      expect(refused.statusCode, JSON.stringify(name)).toBe(400)
      expect(errorsOf(refused)[0]).toMatch(message)
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

    // the e-mail change's two (the welcome of the account's registration aside)
    const mails = await t.store.db
      .selectFrom('outbox_emails')
      .select(['to_email', 'body'])
      .where('to_email', 'in', [next, email])
      .where('subject', 'in', ['Confirm your new email address', 'Your email address is being changed'])
      .execute()
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

  it("names the brand in the account e-mails, whose subjects every brand shares, with the brand's own links", async () => {
    const email = `ckb-acct-${n++}-${dialect}@example.com`
    const shopper = new TestShopper(t.app, 'ckb.localhost')
    expect((await shopper.post('/api/register', { name: 'Cara Ckb', email, password: PASSWORD })).statusCode).toBe(200)
    expect((await new TestShopper(t.app, 'ckb.localhost').post('/api/forgot', { email })).statusCode).toBe(200)
    const next = `ckb-moved-${n++}-${dialect}@example.com`
    expect((await shopper.post('/api/account/email', { email: next, current_password: PASSWORD })).statusCode).toBe(200)
    const mails = await t.store.db.selectFrom('outbox_emails').select(['to_email', 'subject', 'body']).where('to_email', 'in', [email, next]).execute()
    const body = (subject: string) => mails.find((m) => m.subject === subject)!.body
    const ckb = t.app.env.publicOrigins.ckb
    // 'Reset your password within the hour here': no shop named, so a customer of two brands could not tell which
    expect(body('Reset your password')).toContain('your CKB Intimates account')
    expect(body('Reset your password').trimEnd().endsWith('CKB Intimates')).toBe(true)
    // 'change your password now and contact us': where, it did not say
    expect(body('Your email address is being changed')).toContain(`${ckb}/change_password and tell us at ${ckb}/contact-us`)
    expect(body('Confirm your new email address').trimEnd().endsWith('CKB Intimates')).toBe(true)
    for (const m of mails) expect(m.body).not.toMatch(/popfit|PopFit/)
  })

  /** Asks for a reset link for the address and reads its token from the outbox (the newest one to that address). */
  async function resetTokenFor(email: string) {
    expect((await new TestShopper(t.app).post('/api/forgot', { email })).statusCode).toBe(200)
    const mail = await t.store.db
      .selectFrom('outbox_emails')
      .select('body')
      .where('to_email', '=', email)
      .where('subject', '=', 'Reset your password')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow()
    return mail.body.match(/\/forgot\?token=([A-Za-z0-9_-]+)/)![1]!
  }

  async function askEmailChange(shopper: TestShopper, to: string, password = PASSWORD) {
    expect((await shopper.post('/api/account/email', { email: to, current_password: password })).statusCode).toBe(200)
    const mail = await t.store.db.selectFrom('outbox_emails').select('body').where('to_email', '=', to).orderBy('created_at', 'desc').executeTakeFirstOrThrow()
    return mail.body.match(/confirm=([A-Za-z0-9_-]+)/)![1]!
  }

  it('voids the reset links sent to the old address once a new address is confirmed', async () => {
    const { shopper, email } = await customer()
    const oldLink = await resetTokenFor(email)
    const next = `moved-${n++}-${dialect}@example.com`
    await shopper.post('/api/account/email/confirm', { token: await askEmailChange(shopper, next) })
    expect(dataOf<AccountInfo>(await shopper.get('/api/account')).e_mail_address).toBe(next)

    // whoever holds the old mailbox cannot take the account back with its link
    const stale = await new TestShopper(t.app).post('/api/reset-password', { token: oldLink, password: 'taken-over-pass-1' })
    expect(stale.statusCode).toBe(422)
    expect(errorsOf(stale)[0]).toMatch(/expired or was already used/)
    expect((await new TestShopper(t.app).post('/api/login', { email: next, password: PASSWORD })).statusCode).toBe(200)
    // a link asked for the new address works
    const fresh = await resetTokenFor(next)
    expect((await new TestShopper(t.app).post('/api/reset-password', { token: fresh, password: 'owner-new-pass-1' })).statusCode).toBe(200)
  })

  it('voids reset links and a pending e-mail change when the password is changed', async () => {
    const { shopper, email } = await customer()
    const oldLink = await resetTokenFor(email)
    const pending = await askEmailChange(shopper, `pending-${n++}-${dialect}@example.com`)
    expect((await shopper.post('/api/account/password', { current_password: PASSWORD, password: 'brand-new-pass-9' })).statusCode).toBe(200)

    expect((await new TestShopper(t.app).post('/api/reset-password', { token: oldLink, password: 'taken-over-pass-1' })).statusCode).toBe(422)
    expect(dataOf<AccountInfo>(await shopper.get('/api/account')).pending_e_mail_address).toBeNull()
    expect((await shopper.post('/api/account/email/confirm', { token: pending })).statusCode).toBe(422)
    expect(dataOf<AccountInfo>(await shopper.get('/api/account')).e_mail_address).toBe(email)
    expect((await new TestShopper(t.app).post('/api/login', { email, password: 'brand-new-pass-9' })).statusCode).toBe(200)
  })

  it('drops a pending e-mail change when the password is reset with a link', async () => {
    const { shopper, email } = await customer()
    const pending = await askEmailChange(shopper, `pending-${n++}-${dialect}@example.com`)
    const link = await resetTokenFor(email)
    expect((await new TestShopper(t.app).post('/api/reset-password', { token: link, password: 'owner-new-pass-1' })).statusCode).toBe(200)

    // the owner, logged in again with the new password, finds no change waiting, and the old link does nothing
    const owner = new TestShopper(t.app)
    expect((await owner.post('/api/login', { email, password: 'owner-new-pass-1' })).statusCode).toBe(200)
    expect(dataOf<AccountInfo>(await owner.get('/api/account')).pending_e_mail_address).toBeNull()
    expect((await owner.post('/api/account/email/confirm', { token: pending })).statusCode).toBe(422)
    expect(dataOf<AccountInfo>(await owner.get('/api/account')).e_mail_address).toBe(email)
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
