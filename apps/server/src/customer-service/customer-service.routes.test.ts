import type { MessageReceived } from '@store/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DIALECTS, dataOf, errorsOf, startTestStore, TestShopper, type TestStore } from '../test/harness.ts'
import { MESSAGES_PER_EMAIL_PER_HOUR, MESSAGES_PER_IP_PER_HOUR } from './customer-service.service.ts'

const message = (email: string) => ({ name: 'Casey Asker', email, topic: 'sizing', order_number: '', message: 'Do the leggings run small in the waist?' })

describe.each(DIALECTS)('contact and feedback on %s', (dialect) => {
  let t: TestStore
  beforeAll(async () => {
    t = await startTestStore(dialect)
  })
  afterAll(() => t.close())

  const withIp = (shopper: TestShopper, ip: string) => ({
    post: (url: string, form: Record<string, string | number>) =>
      shopper.request({
        method: 'POST',
        url,
        payload: new URLSearchParams(Object.entries(form).map(([k, v]): [string, string] => [k, String(v)])).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        remoteAddress: ip,
      }),
  })

  it('stores the message and queues it to the brand support address, with the order number', async () => {
    const shopper = withIp(new TestShopper(t.app, 'ckb.localhost'), '203.0.113.1')
    const response = await shopper.post('/api/contact', { ...message(`ask-${dialect}@example.com`), order_number: '#ckb-100234' })
    expect(response.statusCode).toBe(200)
    const answer = dataOf<MessageReceived>(response)
    expect(answer.reference).toMatch(/^C-[0-9A-F]{8}$/)
    expect(answer.message).toContain('Thank you, Casey')
    const stored = await t.store.db.selectFrom('contact_messages').selectAll().where('reference', '=', answer.reference).executeTakeFirstOrThrow()
    expect(stored).toMatchObject({ brand_id: 'ckb', order_number: 'CKB-100234', topic: 'sizing', customer_id: null })
    const mail = await t.store.db.selectFrom('outbox_emails').selectAll().where('subject', 'like', `%${answer.reference}%`).executeTakeFirstOrThrow()
    expect(mail.to_email).toBe('support@ckbintimates.com')
    expect(mail.body).toContain('Do the leggings run small')
    expect(mail.body).toContain('CKB-100234')
  })

  it('checks the fields: the order number format only, a message of some length, a known topic', async () => {
    const shopper = withIp(new TestShopper(t.app), '203.0.113.2')
    const badOrder = await shopper.post('/api/contact', { ...message(`v-${dialect}@example.com`), order_number: 'no way!' })
    expect(badOrder.statusCode).toBe(400)
    expect(badOrder.json().errors[0].field).toBe('order_number')
    const short = await shopper.post('/api/contact', { ...message(`v-${dialect}@example.com`), message: 'hi' })
    expect(errorsOf(short)[0]).toMatch(/at least 10 characters/)
    const topic = await shopper.post('/api/contact', { ...message(`v-${dialect}@example.com`), topic: 'spam' })
    expect(topic.json().errors[0].field).toBe('topic')
    const rating = await shopper.post('/api/feedback', { ...message(`v-${dialect}@example.com`), rating: 9 })
    expect(rating.json().errors[0].field).toBe('rating')
  })

  it('takes feedback with a rating', async () => {
    const shopper = withIp(new TestShopper(t.app), '203.0.113.3')
    const answer = dataOf<MessageReceived>(await shopper.post('/api/feedback', { ...message(`fb-${dialect}@example.com`), rating: 5 }))
    expect(answer.reference).toMatch(/^F-/)
    const stored = await t.store.db.selectFrom('feedback_messages').selectAll().where('reference', '=', answer.reference).executeTakeFirstOrThrow()
    expect(stored.rating).toBe(5)
    const mail = await t.store.db.selectFrom('outbox_emails').select(['to_email', 'subject']).where('subject', 'like', `%${answer.reference}%`).executeTakeFirstOrThrow()
    expect(mail).toEqual({ to_email: 'support@popfitclothing.com', subject: `[${answer.reference}] Feedback (5/5): Casey Asker` })
  })

  it('throttles per e-mail address and per client address (429 with the minutes to wait)', async () => {
    const shopper = withIp(new TestShopper(t.app), '203.0.113.4')
    const email = `many-${dialect}@example.com`
    for (let i = 0; i < MESSAGES_PER_EMAIL_PER_HOUR; i++) expect((await shopper.post('/api/contact', message(email))).statusCode).toBe(200)
    const refused = await shopper.post('/api/feedback', message(email))
    expect(refused.statusCode).toBe(429)
    expect(errorsOf(refused)[0]).toMatch(/try again in \d+ minutes?/)

    const busy = withIp(new TestShopper(t.app), '203.0.113.5')
    for (let i = 0; i < MESSAGES_PER_IP_PER_HOUR; i++) expect((await busy.post('/api/contact', message(`ip-${i}-${dialect}@example.com`))).statusCode).toBe(200)
    expect((await busy.post('/api/contact', message(`ip-last-${dialect}@example.com`))).statusCode).toBe(429)
    // another address is not held up
    expect((await withIp(new TestShopper(t.app), '203.0.113.6').post('/api/contact', message(`other-${dialect}@example.com`))).statusCode).toBe(200)
  })

  it('many messages at once from one network never get past the limit, and refused ones do not use it up', async () => {
    const ip = '203.0.113.7'
    const burst = await Promise.all(
      Array.from({ length: MESSAGES_PER_IP_PER_HOUR + 6 }, (_, i) => withIp(new TestShopper(t.app), ip).post('/api/contact', message(`burst-${i}-${dialect}@example.com`))),
    )
    const taken = burst.filter((answer) => answer.statusCode === 200).length
    expect(burst.every((answer) => answer.statusCode === 200 || answer.statusCode === 429)).toBe(true)
    expect(taken).toBeLessThanOrEqual(MESSAGES_PER_IP_PER_HOUR)
    // the rest of the hour's places are still there, and no more
    let more = 0
    for (let i = 0; i < MESSAGES_PER_IP_PER_HOUR + 2; i++) {
      if ((await withIp(new TestShopper(t.app), ip).post('/api/contact', message(`after-${i}-${dialect}@example.com`))).statusCode === 200) more++
    }
    expect(taken + more).toBe(MESSAGES_PER_IP_PER_HOUR)
  })
})
