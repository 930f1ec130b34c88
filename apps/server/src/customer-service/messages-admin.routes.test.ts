import type { AdminMessage, AuditEntry, MessageReply } from '@store/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addStaff, staffBrowser } from '../staff/staff-test-utils.ts'
import { DIALECTS, dataOf, errorsOf, startTestStore, TestShopper, type TestStore } from '../test/harness.ts'

type Inbox = { messages: AdminMessage[]; counts: { new: number; answered: number; closed: number }; next_cursor: string | null }
type Thread = { message: AdminMessage; replies: MessageReply[] }

describe.each(DIALECTS)('the operator’s inbox on %s', (dialect) => {
  let t: TestStore
  let support: TestShopper
  let owner: TestShopper
  let n = 0

  async function contact(email = `asker-${dialect}-${++n}@example.com`, path = '/api/contact') {
    const shopper = new TestShopper(t.app)
    const form = { name: 'Casey Asker', email, topic: 'sizing', order_number: '', message: 'Do the leggings run small\nin the waist?', rating: 4 }
    const reference = dataOf<{ reference: string }>(await shopper.post(path, form)).reference
    const table = path === '/api/contact' ? 'contact_messages' : 'feedback_messages'
    const row = await t.store.db.selectFrom(table).select('id').where('reference', '=', reference).executeTakeFirstOrThrow()
    return { id: row.id, email, reference }
  }

  beforeAll(async () => {
    t = await startTestStore(dialect)
    support = await staffBrowser(t.app, (await addStaff(t.store, 'support')).email)
    owner = await staffBrowser(t.app, (await addStaff(t.store, 'owner')).email)
  })
  afterAll(() => t.close())

  it('lists contact and feedback messages together, newest first, with counts by status; only roles that answer', async () => {
    const asked = await contact()
    const feedback = await contact(undefined, '/api/feedback')
    const inbox = dataOf<Inbox>(await support.get('/api/admin/messages'))
    expect(inbox.messages.slice(0, 2).map((m) => [m.id, m.kind])).toEqual([
      [feedback.id, 'feedback'],
      [asked.id, 'contact'],
    ])
    expect(inbox.messages[1]).toMatchObject({ subject: 'Sizing and fit', status: 'new', reference: asked.reference })
    expect(inbox.messages[0]).toMatchObject({ subject: 'Feedback', rating: 4 })
    expect(inbox.counts.new).toBeGreaterThanOrEqual(2)
    expect(dataOf<Inbox>(await support.get('/api/admin/messages?kind=feedback')).messages.every((m) => m.kind === 'feedback')).toBe(true)
    const analyst = await staffBrowser(t.app, (await addStaff(t.store, 'analyst')).email)
    expect((await analyst.get('/api/admin/messages')).statusCode).toBe(403)
    expect((await support.get('/api/admin/messages?status=spam')).statusCode).toBe(400)
  })

  it('a reply queues an e-mail to the sender, joins the thread and answers the message, audited', async () => {
    const asked = await contact()
    const before = dataOf<Inbox>(await support.get('/api/admin/messages')).counts
    const thread = dataOf<Thread>(await support.postJson(`/api/admin/messages/${asked.id}/replies`, { body: 'They run true to size: take your usual.' }))
    expect(thread.message.status).toBe('answered')
    expect(thread.replies).toEqual([expect.objectContaining({ body: 'They run true to size: take your usual.', by: 'Test support' })])
    const mail = await t.store.db.selectFrom('outbox_emails').select(['subject', 'body']).where('to_email', '=', asked.email).executeTakeFirstOrThrow()
    expect(mail.subject).toBe(`Re: [${asked.reference}] Sizing and fit`)
    expect(mail.body).toContain('They run true to size')
    expect(mail.body).toContain('> Do the leggings run small\n> in the waist?')
    const after = dataOf<Inbox>(await support.get('/api/admin/messages')).counts
    expect(after).toEqual({ ...before, new: before.new - 1, answered: before.answered + 1 })
    const audit = dataOf<{ entries: AuditEntry[] }>(await owner.get(`/api/admin/audit?entity=message&entity_id=${asked.id}`)).entries
    expect(audit[0]).toMatchObject({ action: 'message.reply', before: { status: 'new' }, after: { status: 'answered' } })

    const empty = await support.postJson(`/api/admin/messages/${asked.id}/replies`, { body: '  ' })
    expect(empty.statusCode).toBe(400)
    expect(errorsOf(empty)).toEqual(['Write the reply'])
  })

  it('closes a message and opens it again; a second close is refused', async () => {
    const asked = await contact()
    expect(dataOf<Thread>(await support.post(`/api/admin/messages/${asked.id}/close`)).message.status).toBe('closed')
    expect((await support.post(`/api/admin/messages/${asked.id}/close`)).statusCode).toBe(409)
    expect(dataOf<Thread>(await support.post(`/api/admin/messages/${asked.id}/reopen`)).message.status).toBe('new')
    expect(dataOf<Inbox>(await support.get('/api/admin/messages?status=closed')).messages.map((m) => m.id)).not.toContain(asked.id)
    expect((await support.get('/api/admin/messages/no-such-message')).statusCode).toBe(404)
  })

  it("does not show another brand's messages", async () => {
    const ckbShopper = new TestShopper(t.app, 'ckb.localhost')
    const reference = dataOf<{ reference: string }>(
      await ckbShopper.post('/api/contact', {
        name: 'Other Brand',
        email: `ckb-${dialect}@example.com`,
        topic: 'order',
        order_number: '',
        message: 'A question for the other brand.',
      }),
    ).reference
    const row = await t.store.db.selectFrom('contact_messages').select('id').where('reference', '=', reference).executeTakeFirstOrThrow()
    expect((await support.get(`/api/admin/messages/${row.id}`)).statusCode).toBe(404)
    expect((await support.postJson(`/api/admin/messages/${row.id}/replies`, { body: 'Hello' })).statusCode).toBe(404)
  })
})
