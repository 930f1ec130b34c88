import { generate } from 'otplib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DIALECTS, dataOf, errorsOf, startTestStore, TestShopper, type TestStore } from '../test/harness.ts'
import { purgeExpired } from '../jobs/purge.ts'
import { STAFF_SESSION_TTL_MS } from './staff-sessions.ts'
import { addStaff, STAFF_PASSWORD, staffBrowser } from './staff-test-utils.ts'

type Me = { staff: { id: string; email: string; roles: { brand: string; role: string }[] }; role: string; may: string[] }

describe.each(DIALECTS)('staff accounts and sessions on %s', (dialect) => {
  let t: TestStore
  beforeAll(async () => {
    t = await startTestStore(dialect)
  })
  afterAll(() => t.close())

  it('logs a member of staff in with a staff_sid cookie of its own (HttpOnly, SameSite=Strict), and out', async () => {
    const owner = await addStaff(t.store, 'owner')
    const browser = new TestShopper(t.app)
    const response = await browser.postJson('/api/admin/login', { email: owner.email.toUpperCase(), password: STAFF_PASSWORD })
    expect(response.statusCode).toBe(200)
    const me = dataOf<Me>(response)
    expect(me.staff).toMatchObject({ id: owner.id, email: owner.email, roles: [{ brand: 'popfitclothing', role: 'owner' }] })
    expect(me.may).toContain('staff.manage')
    const cookie = response.cookies.find((c) => c.name === 'staff_sid')!
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' })
    expect(response.cookies.find((c) => c.name === 'sid')).toBeUndefined()
    expect(response.headers['cache-control']).toBe('private, no-store')

    expect(dataOf<Me>(await browser.get('/api/admin/me')).staff.email).toBe(owner.email)
    expect((await browser.post('/api/admin/logout')).statusCode).toBe(200)
    expect((await browser.get('/api/admin/me')).statusCode).toBe(401)
  })

  it('marks the cookie Secure where the brand is served over https', async () => {
    const secure = await startTestStore(dialect, { env: { PUBLIC_ORIGINS: 'popfitclothing=https://popfitclothing.com' } })
    try {
      const owner = await addStaff(secure.store, 'owner')
      const response = await new TestShopper(secure.app).postJson('/api/admin/login', { email: owner.email, password: STAFF_PASSWORD })
      expect(response.cookies.find((c) => c.name === 'staff_sid')).toMatchObject({ secure: true, sameSite: 'Strict' })
    } finally {
      await secure.close()
    }
  })

  it('refuses a wrong password alike for an unknown e-mail (401), and throttles guessing (429)', async () => {
    const owner = await addStaff(t.store, 'owner')
    const guesser = new TestShopper(t.app)
    const unknown = await guesser.postJson('/api/admin/login', { email: 'nobody@staff.example.com', password: 'wrong-password-1' })
    expect(unknown.statusCode).toBe(401)
    const wrong = await guesser.postJson('/api/admin/login', { email: owner.email, password: 'wrong-password-1' })
    expect(wrong.statusCode).toBe(401)
    expect(errorsOf(wrong)).toEqual(errorsOf(unknown))
    for (let i = 0; i < 4; i += 1) await guesser.postJson('/api/admin/login', { email: owner.email, password: `wrong-password-${i}` })
    const throttled = await guesser.postJson('/api/admin/login', { email: owner.email, password: STAFF_PASSWORD })
    expect(throttled.statusCode).toBe(429)
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0)
    // the owner, from another address, still gets in
    expect((await new TestShopper(t.app).postJson('/api/admin/login', { email: owner.email, password: STAFF_PASSWORD })).statusCode).toBe(200)
  })

  it('never lets a customer session open the operator area, nor a staff session act as a shopper', async () => {
    const customer = new TestShopper(t.app)
    dataOf(await customer.post('/api/register', { name: 'Pat Shopper', email: `pat-${dialect}@example.com`, password: 'leggings-forever' }))
    expect((await customer.get('/api/admin/me')).statusCode).toBe(401)
    expect((await customer.get('/api/admin/items')).statusCode).toBe(401)

    const owner = await addStaff(t.store, 'owner')
    const staff = await staffBrowser(t.app, owner.email)
    const cart = dataOf<{ loggedin: boolean }>(await staff.get('/api/cart'))
    expect(cart.loggedin).toBe(false)
    expect((await staff.get('/api/orders')).statusCode).toBe(401)
    // a customer's password does not open a staff account of the same e-mail, nor the other way round
    await addStaff(t.store, 'owner', ['popfitclothing'], `pat-${dialect}@example.com`)
    expect((await new TestShopper(t.app).postJson('/api/admin/login', { email: `pat-${dialect}@example.com`, password: 'leggings-forever' })).statusCode).toBe(401)
  })

  it('keeps a session to the brand whose host it was opened at, and refuses a brand without a role (403)', async () => {
    const owner = await addStaff(t.store, 'owner', ['popfitclothing'])
    const browser = await staffBrowser(t.app, owner.email)
    const atCkb = new TestShopper(t.app, 'ckb.localhost')
    const cookie = browser.cookieHeader
    expect((await atCkb.request({ method: 'GET', url: '/api/admin/me', headers: { cookie } })).statusCode).toBe(401)
    const login = await atCkb.postJson('/api/admin/login', { email: owner.email, password: STAFF_PASSWORD })
    expect(login.statusCode).toBe(403)
    expect(errorsOf(login)[0]).toMatch(/no role at CKB Intimates/)
  })

  it('turns on TOTP: login then asks for a code, takes a right one once, refuses a wrong one', async () => {
    const owner = await addStaff(t.store, 'owner')
    const browser = await staffBrowser(t.app, owner.email)
    const { secret, uri } = dataOf<{ secret: string; uri: string }>(await browser.post('/api/admin/totp/enrol'))
    expect(uri).toMatch(/^otpauth:\/\/totp\//)
    expect((await browser.postJson('/api/admin/totp/confirm', { code: '000000' })).statusCode).toBe(422)
    // the code of the previous time step: confirming uses it, so login's current one is new
    const previous = await generate({ secret, epoch: Math.floor(Date.now() / 1000) - 30 })
    expect((await browser.postJson('/api/admin/totp/confirm', { code: previous })).statusCode).toBe(200)

    const without = await new TestShopper(t.app).postJson('/api/admin/login', { email: owner.email, password: STAFF_PASSWORD })
    expect(without.statusCode).toBe(401)
    expect((without.json() as { errors: { field?: string }[] }).errors[0]!.field).toBe('totp')
    const wrong = await new TestShopper(t.app).postJson('/api/admin/login', { email: owner.email, password: STAFF_PASSWORD, totp: '123456' === previous ? '654321' : '123456' })
    expect(wrong.statusCode).toBe(401)
    const code = await generate({ secret })
    expect((await new TestShopper(t.app).postJson('/api/admin/login', { email: owner.email, password: STAFF_PASSWORD, totp: code })).statusCode).toBe(200)
    // the same code again is refused: a code is good once
    expect((await new TestShopper(t.app).postJson('/api/admin/login', { email: owner.email, password: STAFF_PASSWORD, totp: code })).statusCode).toBe(401)
  })

  it("turns one's own TOTP off with a code from the app, audited; not where an owner requires it", async () => {
    const owner = await addStaff(t.store, 'owner')
    const manager = await addStaff(t.store, 'manager')
    const browser = await staffBrowser(t.app, manager.email)
    expect((await browser.postJson('/api/admin/totp/disable', { code: '123456' })).statusCode).toBe(409)
    const { secret } = dataOf<{ secret: string }>(await browser.post('/api/admin/totp/enrol'))
    dataOf(await browser.postJson('/api/admin/totp/confirm', { code: await generate({ secret, epoch: Math.floor(Date.now() / 1000) - 30 }) }))
    // a session alone cannot: a wrong code is refused, and two-step verification stays on
    expect((await browser.postJson('/api/admin/totp/disable', { code: '000000' })).statusCode).toBe(422)
    expect((await new TestShopper(t.app).postJson('/api/admin/login', { email: manager.email, password: STAFF_PASSWORD })).statusCode).toBe(401)
    expect((await browser.postJson('/api/admin/totp/disable', { code: await generate({ secret }) })).statusCode).toBe(200)
    expect((await new TestShopper(t.app).postJson('/api/admin/login', { email: manager.email, password: STAFF_PASSWORD })).statusCode).toBe(200)
    const ownerBrowser = await staffBrowser(t.app, owner.email)
    const { entries } = dataOf<{ entries: { action: string }[] }>(await ownerBrowser.get(`/api/admin/audit?entity=staff&entity_id=${manager.id}`))
    expect(entries.map((e) => e.action)).toContain('staff.totp_off')

    // required by the owner: it stays on
    const again = dataOf<{ secret: string }>(await browser.post('/api/admin/totp/enrol')).secret
    dataOf(await browser.postJson('/api/admin/totp/confirm', { code: await generate({ secret: again, epoch: Math.floor(Date.now() / 1000) - 30 }) }))
    dataOf(await ownerBrowser.request({ method: 'PATCH', url: `/api/admin/staff/${manager.id}`, payload: { totp_required: true } }))
    const required = await browser.postJson('/api/admin/totp/disable', { code: await generate({ secret: again }) })
    expect(required.statusCode).toBe(403)
    expect(errorsOf(required)[0]).toMatch(/requires two-step verification/)
  })

  it('ends a session 12 hours after login, and the purge deletes it', async () => {
    const owner = await addStaff(t.store, 'owner')
    const browser = await staffBrowser(t.app, owner.email)
    const later = new Date(Date.now() + STAFF_SESSION_TTL_MS + 1000)
    const kept = await t.store.db.selectFrom('staff_sessions').select('id').where('staff_id', '=', owner.id).execute()
    expect(kept).toHaveLength(1)
    const counts = await purgeExpired(t.store, { now: later })
    expect(counts.staff_sessions).toBeGreaterThanOrEqual(1)
    expect(await t.store.db.selectFrom('staff_sessions').select('id').where('staff_id', '=', owner.id).execute()).toEqual([])
    expect((await browser.get('/api/admin/me')).statusCode).toBe(401)
  })

  it('lets an owner reset the TOTP of someone who lost their authenticator', async () => {
    const owner = await addStaff(t.store, 'owner')
    const support = await addStaff(t.store, 'support')
    const ownerBrowser = await staffBrowser(t.app, owner.email)
    const supportBrowser = await staffBrowser(t.app, support.email)
    const { secret } = dataOf<{ secret: string }>(await supportBrowser.post('/api/admin/totp/enrol'))
    dataOf(await supportBrowser.postJson('/api/admin/totp/confirm', { code: await generate({ secret }) }))
    expect((await new TestShopper(t.app).postJson('/api/admin/login', { email: support.email, password: STAFF_PASSWORD })).statusCode).toBe(401)
    const reset = dataOf<{ member: { totp_enabled: boolean } }>(
      await ownerBrowser.request({ method: 'PATCH', url: `/api/admin/staff/${support.id}`, payload: { totp_reset: true } }),
    )
    expect(reset.member.totp_enabled).toBe(false)
    expect((await supportBrowser.get('/api/admin/me')).statusCode).toBe(401)
    expect((await new TestShopper(t.app).postJson('/api/admin/login', { email: support.email, password: STAFF_PASSWORD })).statusCode).toBe(200)
    const { entries } = dataOf<{ entries: { action: string }[] }>(await ownerBrowser.get(`/api/admin/audit?entity=staff&entity_id=${support.id}`))
    expect(entries.map((e) => e.action)).toContain('staff.totp_reset')
  })

  it('lists a person’s sessions and revokes one', async () => {
    const owner = await addStaff(t.store, 'owner')
    const laptop = await staffBrowser(t.app, owner.email)
    const phone = await staffBrowser(t.app, owner.email)
    const { sessions } = dataOf<{ sessions: { id: string; current: boolean }[] }>(await laptop.get('/api/admin/sessions'))
    expect(sessions).toHaveLength(2)
    const other = sessions.find((s) => !s.current)!
    expect((await laptop.post(`/api/admin/sessions/${other.id}/revoke`)).statusCode).toBe(200)
    expect((await phone.get('/api/admin/me')).statusCode).toBe(401)
    expect((await laptop.get('/api/admin/me')).statusCode).toBe(200)
  })

  it('lets an owner invite, require TOTP of, suspend and remove staff; each is refused to a manager', async () => {
    const owner = await addStaff(t.store, 'owner')
    const manager = await addStaff(t.store, 'manager')
    const ownerBrowser = await staffBrowser(t.app, owner.email)
    const managerBrowser = await staffBrowser(t.app, manager.email)
    expect((await managerBrowser.postJson('/api/admin/staff', { email: 'x@staff.example.com', name: 'Sam Packer', role: 'fulfilment' })).statusCode).toBe(403)

    const invite = dataOf<{ member: { id: string; role: string }; link: string }>(
      await ownerBrowser.postJson('/api/admin/staff', { email: `sam-${dialect}@staff.example.com`, name: 'Sam Packer', role: 'fulfilment' }),
    )
    expect(invite.member.role).toBe('fulfilment')
    expect(invite.link).toMatch(/^http:\/\/localhost(:\d+)?\/admin\/set-password\?token=/)
    const token = new URL(invite.link).searchParams.get('token')!
    // a common password is refused, as for customers
    expect((await new TestShopper(t.app).postJson('/api/admin/set-password', { token, password: 'password123' })).statusCode).toBe(422)
    expect((await new TestShopper(t.app).postJson('/api/admin/set-password', { token, password: 'Packing-tape-Orchid-77' })).statusCode).toBe(200)
    expect((await new TestShopper(t.app).postJson('/api/admin/set-password', { token, password: 'Packing-tape-Orchid-78' })).statusCode).toBe(410)
    const sam = await staffBrowser(t.app, `sam-${dialect}@staff.example.com`, 'localhost', 'Packing-tape-Orchid-77')

    // required TOTP: everything but the account calls is refused until it is on
    dataOf(await ownerBrowser.request({ method: 'PATCH', url: `/api/admin/staff/${invite.member.id}`, payload: { totp_required: true } }))
    const refused = await sam.get('/api/admin/items')
    expect(refused.statusCode).toBe(403)
    expect(errorsOf(refused)[0]).toMatch(/two-step verification/)
    expect((await sam.get('/api/admin/me')).statusCode).toBe(200)

    // suspended: the session ends at once, and login is refused
    dataOf(await ownerBrowser.request({ method: 'PATCH', url: `/api/admin/staff/${invite.member.id}`, payload: { suspended: true } }))
    expect((await sam.get('/api/admin/me')).statusCode).toBe(401)
    expect((await new TestShopper(t.app).postJson('/api/admin/login', { email: `sam-${dialect}@staff.example.com`, password: 'Packing-tape-Orchid-77' })).statusCode).toBe(403)

    expect((await ownerBrowser.post(`/api/admin/staff/${invite.member.id}/remove`)).statusCode).toBe(200)
    const members = dataOf<{ members: { id: string }[] }>(await ownerBrowser.get('/api/admin/staff')).members
    expect(members.map((m) => m.id)).not.toContain(invite.member.id)
  })

  it('keeps an owner: the last one cannot suspend or remove themself', async () => {
    const solo = await startTestStore(dialect)
    try {
      const owner = await addStaff(solo.store, 'owner')
      const browser = await staffBrowser(solo.app, owner.email)
      expect((await browser.post(`/api/admin/staff/${owner.id}/remove`)).statusCode).toBe(409)
      expect((await browser.request({ method: 'PATCH', url: `/api/admin/staff/${owner.id}`, payload: { role: 'manager' } })).statusCode).toBe(409)
    } finally {
      await solo.close()
    }
  })
})
