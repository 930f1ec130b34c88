import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DIALECTS, errorsOf, startTestStore, TestShopper, type TestStore } from '../test/harness.ts'

/**
 * Issue 4: login throttling trusts no client header, and strangers cannot lock
 * an owner out (docs/decisions/008-login-throttling.md); /forgot and /register
 * are limited too; every 429 says when to come back (Retry-After, seconds).
 */
describe.each(DIALECTS)('login and account request limits on %s', (dialect) => {
  let t: TestStore
  beforeAll(async () => {
    t = await startTestStore(dialect)
  })
  afterAll(() => t.close())

  const PASSWORD = 'leggings-forever-7'
  const email = (n: string) => `throttle-${n}-${dialect}@example.com`
  let ipCounter = 0
  /** a fresh client address for each test (10.x.y.z) */
  const freshIp = () => {
    ipCounter += 1
    return `10.${dialect === 'sqlite' ? 1 : 2}.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`
  }

  const login = (address: string, password: string, ip: string, shopper = new TestShopper(t.app), headers: Record<string, string> = {}) =>
    shopper.request({ method: 'POST', url: '/api/login', payload: { email: address, password }, remoteAddress: ip, headers })

  async function register(n: string, ip = freshIp(), shopper = new TestShopper(t.app)) {
    const response = await shopper.request({ method: 'POST', url: '/api/register', payload: { name: 'Pat Owner', email: email(n), password: PASSWORD }, remoteAddress: ip })
    expect(response.statusCode).toBe(200)
    return shopper
  }

  const retryAfter = (response: { headers: Record<string, unknown> }) => Number(response.headers['retry-after'])

  it('does not let a self-chosen X-Forwarded-For reset the count (TRUST_PROXY is off)', async () => {
    await register('xff')
    const ip = freshIp()
    for (let i = 0; i < 5; i++) {
      const response = await login(email('xff'), `wrong-password-${i}`, ip, undefined, { 'x-forwarded-for': `198.18.0.${i + 1}` })
      expect(response.statusCode).toBe(401)
    }
    const sixth = await login(email('xff'), 'wrong-password-x', ip, undefined, { 'x-forwarded-for': '198.18.0.99' })
    expect(sixth.statusCode).toBe(429)
    expect(retryAfter(sixth)).toBeGreaterThan(0)
    expect(retryAfter(sixth)).toBeLessThanOrEqual(15 * 60)
    expect(errorsOf(sixth)[0]).toMatch(/Too many/)
  })

  it('locks the attacker out, not the owner logging in from elsewhere', async () => {
    await register('owner')
    const attacker = freshIp()
    for (let i = 0; i < 5; i++) expect((await login(email('owner'), `guess-${i}-password`, attacker)).statusCode).toBe(401)
    expect((await login(email('owner'), 'guess-x-password', attacker)).statusCode).toBe(429)
    // even the right password waits at the attacker's address
    expect((await login(email('owner'), PASSWORD, attacker)).statusCode).toBe(429)
    // the owner, from their own address and with no history, gets in
    expect((await login(email('owner'), PASSWORD, freshIp())).statusCode).toBe(200)
  })

  it('slows guessing spread over many addresses with a growing wait, which a known device does not see', async () => {
    const ownerDevice = await register('spread')
    // a distributed attack: one wrong guess from each of 14 addresses
    for (let i = 0; i < 14; i++) await login(email('spread'), `spread-guess-${i}`, freshIp())
    const stranger = await login(email('spread'), PASSWORD, freshIp())
    expect(stranger.statusCode).toBe(429)
    expect(retryAfter(stranger)).toBeGreaterThanOrEqual(1)
    expect(retryAfter(stranger)).toBeLessThanOrEqual(60)
    // the owner's browser has logged in before (its device cookie): it passes the e-mail's backoff
    expect(ownerDevice.cookieHeader).toMatch(/did=/)
    expect((await login(email('spread'), PASSWORD, freshIp(), ownerDevice)).statusCode).toBe(200)
  })

  it('limits one address across many e-mails', async () => {
    const ip = freshIp()
    let last = 0
    for (let i = 0; i < 21; i++) last = (await login(email(`spray-${i}`), 'wrong-password', ip)).statusCode
    expect(last).toBe(429)
    // another address is not affected
    expect((await login(email('spray-0'), 'wrong-password', freshIp())).statusCode).toBe(401)
  })

  it('queues at most 3 reset e-mails per address an hour, answering 429 after', async () => {
    await register('forgot')
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) {
      const response = await new TestShopper(t.app).request({ method: 'POST', url: '/api/forgot', payload: { email: email('forgot') }, remoteAddress: freshIp() })
      statuses.push(response.statusCode)
      if (response.statusCode === 429) expect(retryAfter(response)).toBeGreaterThan(0)
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429])
    const mails = await t.store.db.selectFrom('outbox_emails').select('id').where('to_email', '=', email('forgot')).where('subject', '=', 'Reset your password').execute()
    expect(mails).toHaveLength(3)
    // an unknown address is limited alike (the answer tells nothing about accounts)
    const unknown: number[] = []
    for (let i = 0; i < 4; i++) {
      unknown.push((await new TestShopper(t.app).request({ method: 'POST', url: '/api/forgot', payload: { email: email('nobody') }, remoteAddress: freshIp() })).statusCode)
    }
    expect(unknown).toEqual([200, 200, 200, 429])
  })

  it('limits reset requests from one client address', async () => {
    const ip = freshIp()
    const statuses: number[] = []
    for (let i = 0; i < 12; i++) {
      statuses.push((await new TestShopper(t.app).request({ method: 'POST', url: '/api/forgot', payload: { email: email(`many-${i}`) }, remoteAddress: ip })).statusCode)
    }
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true)
    expect(statuses.slice(10)).toEqual([429, 429])
  })

  it('limits registrations from one client address', async () => {
    const ip = freshIp()
    const statuses: number[] = []
    for (let i = 0; i < 11; i++) {
      const response = await new TestShopper(t.app).request({
        method: 'POST',
        url: '/api/register',
        payload: { name: 'Pat Many', email: email(`reg-${i}`), password: PASSWORD },
        remoteAddress: ip,
      })
      statuses.push(response.statusCode)
    }
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true)
    expect(statuses[10]).toBe(429)
  })
})

describe('the registration limit set by the operator (REGISTRATIONS_PER_IP_HOUR)', () => {
  let t: TestStore
  beforeAll(async () => {
    t = await startTestStore('sqlite', { env: { REGISTRATIONS_PER_IP_HOUR: '3' } })
  })
  afterAll(() => t.close())

  it('takes its figure: the fourth account from one address in the hour is refused', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 4; i++) {
      const response = await new TestShopper(t.app).request({
        method: 'POST',
        url: '/api/register',
        payload: { name: 'Pat Campus', email: `campus-${i}-${Date.now()}@example.com`, password: 'leggings-forever-5' },
        remoteAddress: '203.0.113.77',
      })
      statuses.push(response.statusCode)
    }
    expect(statuses).toEqual([200, 200, 200, 429])
  })
})
