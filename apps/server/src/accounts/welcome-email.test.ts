/** The welcome e-mail: one per account created, none for a registration refused; the worker sends it under the brand's name. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { brandById } from '../brands/registry.ts'
import { createRequestContext } from '../context/request-context.ts'
import type { Mailer, OutgoingEmail } from '../email/mailer.ts'
import { deliverOutbox } from '../email/outbox-worker.ts'
import { DIALECTS, startTestStore, TestShopper, type TestStore } from '../test/harness.ts'
import { createStoreServices } from '../web/store-services.ts'

const PASSWORD = 'leggings-forever'
const silent = { info() {}, warn() {}, error() {} }

describe.each(DIALECTS)('the welcome e-mail on %s', (dialect) => {
  let t: TestStore
  let n = 0
  beforeAll(async () => {
    t = await startTestStore(dialect)
  })
  afterAll(() => t.close())

  const address = (label: string) => `welcome-${label}-${n++}-${dialect}@example.com`
  const mailTo = (email: string) => t.store.db.selectFrom('outbox_emails').select(['subject', 'body', 'brand_id']).where('to_email', '=', email).execute()
  const welcomesTo = async (email: string) => (await mailTo(email)).filter((mail) => mail.subject.startsWith('Welcome to'))

  it('welcomes a new PopFit shopper once, by first name, with what the account gives and the VIP club, on the brand’s own origin', async () => {
    const email = address('popfit')
    // a forged forwarded host must not reach the e-mail: links come from the brand's configured origin
    const response = await new TestShopper(t.app).request({
      method: 'POST',
      url: '/api/register',
      payload: { name: 'Pat  Shopper', email: email.toUpperCase(), password: PASSWORD },
      headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    })
    expect(response.statusCode).toBe(200)
    const mails = await mailTo(email)
    expect(mails).toHaveLength(1)
    const [welcome] = mails
    const origin = t.app.env.publicOrigins.popfitclothing
    expect(welcome).toMatchObject({ subject: 'Welcome to PopFit Clothing', brand_id: 'popfitclothing' })
    expect(welcome!.body.startsWith('Hi Pat,\n')).toBe(true)
    for (const path of ['/members', '/orders', '/addresses', '/change_payment', '/wishlist', '/contact-us', '/vip']) expect(welcome!.body).toContain(`${origin}${path}`)
    expect(welcome!.body).toMatch(/order history/)
    expect(welcome!.body).toMatch(/VIP club/)
    expect(welcome!.body.trimEnd().endsWith('PopFit Clothing')).toBe(true)
    // nothing in it opens the account, and nothing of the request's headers
    expect(welcome!.body).not.toContain(PASSWORD)
    expect(welcome!.body).not.toMatch(/token|confirm=/)
    expect(welcome!.body).not.toContain('evil.example')
  })

  it('names CKB Intimates and its origin to a CKB shopper, never PopFit', async () => {
    const email = address('ckb')
    expect((await new TestShopper(t.app, 'ckb.localhost').post('/api/register', { name: 'Cara Ckb', email, password: PASSWORD })).statusCode).toBe(200)
    const [welcome, ...more] = await welcomesTo(email)
    expect(more).toHaveLength(0)
    expect(welcome).toMatchObject({ subject: 'Welcome to CKB Intimates', brand_id: 'ckb' })
    expect(welcome!.body).toContain(`${t.app.env.publicOrigins.ckb}/members`)
    expect(welcome!.body).toContain(`${t.app.env.publicOrigins.ckb}/vip`)
    expect(welcome!.body).not.toMatch(/popfit/i)
  })

  it('offers no club where the brand has none (Glow Lounge)', async () => {
    const email = address('glow')
    expect((await new TestShopper(t.app, 'glow.localhost').post('/api/register', { name: 'Gia Glow', email, password: PASSWORD })).statusCode).toBe(200)
    const welcomes = await welcomesTo(email)
    expect(welcomes).toHaveLength(1)
    const origin = t.app.env.publicOrigins.glow
    expect(welcomes[0]).toMatchObject({ subject: 'Welcome to Glow Lounge', brand_id: 'glow' })
    expect(welcomes[0]!.body.startsWith('Hi Gia,\n')).toBe(true)
    expect(welcomes[0]!.body).toContain(`${origin}/members`)
    expect(welcomes[0]!.body).toContain(`${origin}/contact-us`)
    expect(welcomes[0]!.body).not.toMatch(/VIP|club|\/vip/)
  })

  it('the /register page (its service) welcomes as the API does', async () => {
    const email = address('page')
    const services = createStoreServices(
      createRequestContext({ store: t.store, sessions: t.app.sessionStore, env: t.app.env }, { brand: brandById('glow')!, clientIp: '198.51.100.7', log: silent }),
    )
    await services.register({ name: 'Paige Page', email, password: PASSWORD })
    expect((await welcomesTo(email)).map((mail) => mail.subject)).toEqual(['Welcome to Glow Lounge'])
  })

  it('sends nothing for a registration refused: an address already taken, bad input', async () => {
    const taken = address('taken')
    expect((await new TestShopper(t.app).post('/api/register', { name: 'Tara Taken', email: taken, password: PASSWORD })).statusCode).toBe(200)
    const again = await new TestShopper(t.app).post('/api/register', { name: 'Tom Other', email: taken.toUpperCase(), password: 'another-password-9' })
    expect(again.statusCode).toBe(409)
    expect(await welcomesTo(taken)).toHaveLength(1)
    expect((await welcomesTo(taken))[0]!.body.startsWith('Hi Tara,')).toBe(true)

    const refused = [
      { name: 'Pat', password: PASSWORD, status: 422 },
      { name: 'Pat Shopper', password: 'short', status: 400 },
      { name: 'Pat Shopper', password: 'Password1', status: 422 },
    ]
    for (const input of refused) {
      const email = address('refused')
      const response = await new TestShopper(t.app).post('/api/register', { name: input.name, email, password: input.password })
      expect(response.statusCode).toBe(input.status)
      expect(await mailTo(email)).toHaveLength(0)
    }
  })

  it('two registrations racing for one address make one account and one welcome', async () => {
    const email = address('race')
    const answers = await Promise.all(['Rae Racer', 'Rex Racer'].map((name) => new TestShopper(t.app).post('/api/register', { name, email, password: PASSWORD })))
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409])
    const accounts = await t.store.db.selectFrom('customers').select('name').where('email', '=', email).execute()
    expect(accounts).toHaveLength(1)
    const welcomes = await welcomesTo(email)
    expect(welcomes).toHaveLength(1)
    // the welcome is the account's that stood
    expect(welcomes[0]!.body.startsWith(`Hi ${accounts[0]!.name.split(' ')[0]},`)).toBe(true)
  })

  it('is sent by the outbox worker once, from the brand’s name', async () => {
    const email = address('sent')
    expect((await new TestShopper(t.app, 'ckb.localhost').post('/api/register', { name: 'Sol Sent', email, password: PASSWORD })).statusCode).toBe(200)
    const sent: OutgoingEmail[] = []
    const mailer: Mailer = {
      via: 'log',
      send: async (outgoing) => {
        sent.push(outgoing)
        return { messageId: `test-${sent.length}` }
      },
      close() {},
    }
    // every due e-mail of this database, round after round, until none is left
    for (let round = 0; round < 20; round++) if ((await deliverOutbox(t.store, mailer, { from: 'Store <no-reply@store.test>' })).sent === 0) break
    for (let round = 0; round < 2; round++) await deliverOutbox(t.store, mailer, { from: 'Store <no-reply@store.test>' })
    const ours = sent.filter((outgoing) => outgoing.to === email)
    expect(ours).toHaveLength(1)
    expect(ours[0]).toMatchObject({ from: '"CKB Intimates" <no-reply@store.test>', subject: 'Welcome to CKB Intimates' })
    expect(ours[0]!.text).toContain('Hi Sol,')
  })
})
