import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DIALECTS, dataOf, errorsOf, startTestStore, TestShopper, type TestStore } from '../test/harness.ts'

/**
 * Issue 5: common and trivial passwords are refused on the server (register,
 * reset), registration takes as long for a taken address as for a new one, and
 * a reset revokes the customer's other outstanding links.
 */
describe.each(DIALECTS)('password rules on %s', (dialect) => {
  let t: TestStore
  beforeAll(async () => {
    t = await startTestStore(dialect)
  })
  afterAll(() => t.close())

  const account = (n: string, password = 'leggings-forever-7') => ({ name: 'Pat Shopper', email: `pw-${n}-${dialect}@example.com`, password })

  it.each([
    ['password', 'password'],
    ['12345678', '12345678'],
    ['eight spaces', '        '],
    ['the address itself', `pw-self-${dialect}@example.com`],
    ['a common one with a capital', 'Password1'],
  ])('refuses %s on registration', async (_label, password) => {
    const response = await new TestShopper(t.app).post('/api/register', account('self', password))
    expect(response.statusCode).toBe(422)
    expect(errorsOf(response)[0]).toMatch(/\w/)
  })

  async function resetLinks(email: string, count: number): Promise<string[]> {
    for (let i = 0; i < count; i++) expect((await new TestShopper(t.app).post('/api/forgot', { email })).statusCode).toBe(200)
    const mails = await t.store.db
      .selectFrom('outbox_emails')
      .select(['body', 'created_at'])
      .where('to_email', '=', email)
      .where('subject', '=', 'Reset your password')
      .orderBy('created_at')
      .execute()
    return mails.map((mail) => mail.body.match(/token=([A-Za-z0-9_-]+)/)![1]!)
  }

  it('refuses a common password on reset, and the link still works afterwards', async () => {
    const { email } = account('reset-common')
    await new TestShopper(t.app).post('/api/register', account('reset-common'))
    const [token] = await resetLinks(email, 1)
    const weak = await new TestShopper(t.app).post('/api/reset-password', { token: token!, password: 'iloveyou' })
    expect(weak.statusCode).toBe(422)
    expect(errorsOf(weak)[0]).toMatch(/common|guess/i)
    const good = await new TestShopper(t.app).post('/api/reset-password', { token: token!, password: 'a-much-better-secret' })
    expect(good.statusCode).toBe(200)
  })

  it('revokes the other outstanding reset links once one is used', async () => {
    const { email } = account('revoke')
    await new TestShopper(t.app).post('/api/register', account('revoke'))
    const tokens = await resetLinks(email, 2)
    expect(tokens).toHaveLength(2)
    const used = await new TestShopper(t.app).post('/api/reset-password', { token: tokens[1]!, password: 'a-much-better-secret' })
    expect(used.statusCode).toBe(200)
    const older = await new TestShopper(t.app).post('/api/reset-password', { token: tokens[0]!, password: 'yet-another-secret-9' })
    expect(older.statusCode).toBe(422)
    const login = await new TestShopper(t.app).post('/api/login', { email, password: 'a-much-better-secret' })
    expect(dataOf<{ customer: { e_mail_address: string } }>(login).customer.e_mail_address).toBe(email)
  })

  it('answers a taken address in about the time of a new one (the password is hashed either way)', async () => {
    await new TestShopper(t.app).post('/api/register', account('taken'))
    const timed = async (body: ReturnType<typeof account>) => {
      const started = process.hrtime.bigint()
      const response = await new TestShopper(t.app).post('/api/register', body)
      return { status: response.statusCode, ms: Number(process.hrtime.bigint() - started) / 1e6 }
    }
    // warm up, then take the middle of three of each
    await timed(account('warm'))
    const taken: number[] = []
    const fresh: number[] = []
    for (let i = 0; i < 3; i++) {
      const a = await timed(account('taken'))
      expect(a.status).toBe(409)
      taken.push(a.ms)
      const b = await timed(account(`fresh-${i}`))
      expect(b.status).toBe(200)
      fresh.push(b.ms)
    }
    const median = (values: number[]) => [...values].sort((x, y) => x - y)[1]!
    const slower = Math.max(median(taken), median(fresh))
    expect(median(taken)).toBeGreaterThan(slower * 0.5)
    expect(median(fresh)).toBeGreaterThan(slower * 0.5)
  })
})
