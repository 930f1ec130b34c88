import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeSentry } from '../test/fake-sentry.ts'
import { startTestStore, type TestStore } from '../test/harness.ts'
import { flushErrorReports } from './error-reporting.ts'

const CARD = '4242424242424242'
const PASSWORD = 'correct-horse-battery-staple'
const COOKIE = 'sid=Zm9vYmFyYmF6cXV4c2Vzc2lvbg'
const BEARER = 'eyJhbGciOiJIUzI1NiJ9.c2VjcmV0.c2ln'
const PAYMENT_TOKEN = 'tok_1QxSecretPaymentToken'
const CVC = '731'

async function until<T>(read: () => T | undefined, ms = 5000): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const value = read()
    if (value !== undefined) return value
    if (Date.now() > end) throw new Error('nothing arrived in time')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe('error reporting to Sentry (SENTRY_DSN)', () => {
  let sentry: Awaited<ReturnType<typeof startFakeSentry>>
  let t: TestStore
  beforeAll(async () => {
    sentry = await startFakeSentry()
    t = await startTestStore('sqlite', {
      env: { SENTRY_DSN: sentry.dsn, SENTRY_ENVIRONMENT: 'staging' },
      beforeReady: (app) => {
        app.post('/api/test-failure', async (request) => {
          const body = request.body as { note?: string }
          throw new Error(`charge failed for card ${CARD}: ${body.note ?? ''}`)
        })
        app.get('/api/test-ignored', async () => {
          throw new Error('Non-Error promise rejection captured with value: Object Not Found Matching Id')
        })
      },
    })
  })
  afterAll(async () => {
    await t?.close()
    await sentry?.close()
  })

  it('reports a failed request, with no card number, password, cookie, token or security code in what is sent', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test-failure?password=' + PASSWORD + '&page=2',
      headers: { host: 'localhost', cookie: COOKIE, authorization: `Bearer ${BEARER}`, 'content-type': 'application/json' },
      payload: { note: 'retry', password: PASSWORD, payment_token: PAYMENT_TOKEN, cvc: CVC, card_number: CARD },
    })
    expect(response.statusCode).toBe(500)
    // the shopper sees the generic message as before
    expect(response.json()).toEqual({ errors: [{ message: 'Something went wrong on our side. Please try again.' }] })
    await flushErrorReports()
    const event = await until(() => sentry.events().find((e) => JSON.stringify(e).includes('charge failed')))
    expect(event).toMatchObject({
      environment: 'staging',
      level: 'error',
      tags: { brand: 'popfitclothing' },
      exception: { values: [expect.objectContaining({ type: 'Error', value: 'charge failed for card ************4242: retry' })] },
      request: { method: 'POST', headers: expect.objectContaining({ cookie: '[Filtered]', authorization: '[Filtered]' }) },
    })
    const raw = sentry.envelopes.map((envelope) => envelope.raw).join('\n')
    for (const secret of [CARD, PASSWORD, COOKIE.split('=')[1]!, BEARER, PAYMENT_TOKEN, `"${CVC}"`]) expect(raw).not.toContain(secret)
  })

  it('ignores the "Object Not Found Matching Id" rejection (SPEC §8)', async () => {
    const before = sentry.events().length
    expect((await t.app.inject({ method: 'GET', url: '/api/test-ignored', headers: { host: 'localhost' } })).statusCode).toBe(500)
    await t.app.inject({ method: 'POST', url: '/api/test-failure', headers: { host: 'localhost', 'content-type': 'application/json' }, payload: { note: 'marker' } })
    await flushErrorReports()
    // the later report arrives; the ignored one never does
    await until(() => sentry.events().find((e) => JSON.stringify(e).includes('marker')))
    expect(sentry.events().length).toBe(before + 1)
    const messages = sentry.events().map((e) => JSON.stringify((e as { exception?: unknown }).exception ?? {}).split('"stacktrace"')[0])
    expect(messages.join('\n')).not.toContain('Object Not Found Matching Id')
  })
})
