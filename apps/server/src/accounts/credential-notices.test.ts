import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DIALECTS, startTestStore, TestShopper, type TestStore } from '../test/harness.ts'

const PASSWORD = 'leggings-forever'

/**
 * A shopper is told by e-mail when the password or the e-mail address of the account changes
 * (OWASP ASVS V2.5), queued with the change: on /change_password, by a reset link, and when a
 * new address is confirmed (to the old address and to the new one).
 */
describe.each(DIALECTS)('credential change notices on %s', (dialect) => {
  let t: TestStore
  let n = 0
  beforeAll(async () => {
    t = await startTestStore(dialect)
  })
  afterAll(() => t.close())

  async function customer(host = 'localhost') {
    const email = `notice-${n++}-${dialect}@example.com`
    const shopper = new TestShopper(t.app, host)
    expect((await shopper.post('/api/register', { name: 'Nora Notice', email, password: PASSWORD })).statusCode).toBe(200)
    return { shopper, email }
  }
  const mailTo = (email: string) => t.store.db.selectFrom('outbox_emails').select(['subject', 'body', 'brand_id']).where('to_email', '=', email).orderBy('created_at').execute()
  const notices = async (email: string) => (await mailTo(email)).filter((mail) => !/^(Welcome|Reset your password|Confirm your new|Your email address is being)/.test(mail.subject))

  it('tells the account when its password is changed on /change_password; a refused change tells nothing', async () => {
    const { shopper, email } = await customer()
    expect((await shopper.post('/api/account/password', { current_password: 'not-it-at-all', password: 'brand-new-pass-9' })).statusCode).toBe(422)
    expect(await notices(email)).toEqual([])

    expect((await shopper.post('/api/account/password', { current_password: PASSWORD, password: 'brand-new-pass-9' })).statusCode).toBe(200)
    const [notice, ...more] = await notices(email)
    expect(more).toEqual([])
    expect(notice!.subject).toBe('Your PopFit Clothing password was changed')
    expect(notice!.body).toContain('Hi Nora,')
    expect(notice!.body).toContain("changed, from your account's page")
    expect(notice!.body).toContain(`reset your password now at ${t.app.env.publicOrigins.popfitclothing}/forgot`)
    // nothing in it opens the account, and the new password is nowhere
    expect(notice!.body).not.toMatch(/token=|confirm=|brand-new-pass-9/)
  })

  it('tells the account when its password is reset with a link (/reset-password), once, in the brand it belongs to', async () => {
    const { email } = await customer('ckb.localhost')
    expect((await new TestShopper(t.app, 'ckb.localhost').post('/api/forgot', { email })).statusCode).toBe(200)
    const link = (await mailTo(email)).find((mail) => mail.subject === 'Reset your password')!.body
    const token = link.match(/\/forgot\?token=([A-Za-z0-9_-]+)/)![1]!
    expect((await new TestShopper(t.app, 'ckb.localhost').post('/api/reset-password', { token, password: 'owner-new-pass-1' })).statusCode).toBe(200)
    // the link again is refused, and tells nothing more
    expect((await new TestShopper(t.app, 'ckb.localhost').post('/api/reset-password', { token, password: 'owner-new-pass-2' })).statusCode).toBe(422)
    const told = await notices(email)
    expect(told.map((mail) => [mail.subject, mail.brand_id])).toEqual([['Your CKB Intimates password was changed', 'ckb']])
    expect(told[0]!.body).toContain('with a reset link sent to this address')
    expect(told[0]!.body).toContain(`${t.app.env.publicOrigins.ckb}/contact-us`)
  })

  it('tells the old address and the new one when a new address is confirmed, with links from the brand origin', async () => {
    const { shopper, email } = await customer()
    const next = `notice-moved-${n++}-${dialect}@example.com`
    expect((await shopper.post('/api/account/email', { email: next, current_password: PASSWORD })).statusCode).toBe(200)
    // asked, not yet changed: the request's own two e-mails, no change notice
    expect(await notices(email)).toEqual([])
    expect(await notices(next)).toEqual([])
    const token = (await mailTo(next))[0]!.body.match(/confirm=([A-Za-z0-9_-]+)/)![1]!
    // the request's Host is not where the links point
    const confirmed = await shopper.request({
      method: 'POST',
      url: '/api/account/email/confirm',
      payload: new URLSearchParams({ token }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-host': 'evil.example' },
    })
    expect(confirmed.statusCode).toBe(200)

    const origin = t.app.env.publicOrigins.popfitclothing
    const toOld = await notices(email)
    expect(toOld.map((mail) => mail.subject)).toEqual(['Your PopFit Clothing email address was changed'])
    expect(toOld[0]!.body).toContain(`was changed from ${email} to ${next}.`)
    expect(toOld[0]!.body).toContain(`tell us at once at ${origin}/contact-us`)
    const toNew = await notices(next)
    expect(toNew.map((mail) => mail.subject)).toEqual([`Your PopFit Clothing email address is now ${next}`])
    expect(toNew[0]!.body).toContain(`Log in with it from now on: ${origin}/login`)
    for (const mail of [...toOld, ...toNew]) expect(mail.body).not.toContain('evil.example')
    // the link used again changes nothing and tells nothing
    expect((await shopper.post('/api/account/email/confirm', { token })).statusCode).toBe(422)
    expect((await notices(email)).length + (await notices(next)).length).toBe(2)
  })
})
