import { describe, expect, it } from 'vitest'
import { ERROR_REPORTING, FILTERED, scrubReport, scrubText } from './error-reporting.ts'

describe('error reporting rules', () => {
  it('samples 5% of traces and 2% of sessions, and ignores the Object Not Found Matching Id rejection (SPEC §8-§9)', () => {
    expect(ERROR_REPORTING.tracesSampleRate).toBe(0.05)
    expect(ERROR_REPORTING.replaysSessionSampleRate).toBe(0.02)
    expect(ERROR_REPORTING.ignoreErrors).toContain('Non-Error promise rejection captured with value: Object Not Found Matching Id')
  })

  it('takes card numbers, passwords, tokens, cookies, authorization, payment tokens and security codes out of a report', () => {
    const event = {
      message: 'charge failed for 4242 4242 4242 4242',
      exception: { values: [{ type: 'Error', value: 'card 4000056655665556 declined' }] },
      request: {
        url: 'https://popfitclothing.com/reset?token=abc123secret&page=2',
        headers: { cookie: 'sid=s3cr3t-session; did=device', authorization: 'Bearer eyJhbGciOi.payload.sig', 'user-agent': 'Chrome' },
        cookies: { sid: 's3cr3t-session' },
        data: { email: 'mia@example.com', password: 'hunter2-long', payment_token: 'tok_visa_123', cvc: '123', card_number: 4111111111111111, qty: 2 },
        query_string: 'password=hunter2-long&size=M',
      },
      breadcrumbs: [{ message: 'POST /api/checkout {"payment_token":"tok_live_9","cvc":"321","size":"M"}' }],
      extra: { body: 'name=Mia&password=hunter2-long&cvc=999' },
    }
    const scrubbed = scrubReport(event)
    const text = JSON.stringify(scrubbed)
    for (const secret of [
      '4242 4242 4242 4242',
      '4000056655665556',
      '4111111111111111',
      'hunter2',
      'abc123secret',
      's3cr3t',
      'eyJhbGciOi',
      'tok_visa',
      'tok_live_9',
      '"123"',
      '321',
      '999',
      'mia@example.com',
    ]) {
      expect(text).not.toContain(secret)
    }
    expect(scrubbed.message).toBe('charge failed for **** **** **** 4242')
    expect(scrubbed.request.headers).toEqual({ cookie: FILTERED, authorization: FILTERED, 'user-agent': 'Chrome' })
    expect(scrubbed.request.url).toBe('https://popfitclothing.com/reset?page=2')
    expect(scrubbed.request.data.qty).toBe(2)
    expect(scrubbed.request.query_string).toBe(`password=${FILTERED}&size=M`)
    expect(scrubbed.breadcrumbs[0]!.message).toContain('"size":"M"')
    // the value given is left as it was
    expect(event.request.data.password).toBe('hunter2-long')
  })

  it('leaves ordinary text alone', () => {
    expect(scrubText('Order 1234 of item 1001 failed: Unknown size XL')).toBe('Order 1234 of item 1001 failed: Unknown size XL')
  })
})
