import { randomUUID } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { itemWithStock, placeOrder, shopperWithCart, tokenFor } from '../checkout/checkout-test-kit.ts'
import { brandsWithOrigins } from '../brands/registry.ts'
import { DIALECTS, startTestStore, type TestStore } from '../test/harness.ts'
import { LogMailer, SmtpMailer } from './mailer.ts'
import { brandSender, deliverOutbox, pendingEmails } from './outbox-worker.ts'

interface Received {
  from: string
  to: string[]
  raw: string
}

/** A local SMTP server (smtp-server) on a random port; `failNext` refuses that many messages first. */
async function startSmtp() {
  const received: Received[] = []
  const state = { failNext: 0 }
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        if (state.failNext > 0) {
          state.failNext -= 1
          const error = new Error('mailbox busy, try later') as Error & { responseCode: number }
          error.responseCode = 451
          return callback(error)
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.server.address() as AddressInfo).port
  return {
    received,
    state,
    mailer: () => new SmtpMailer({ host: '127.0.0.1', port, secure: false, ignoreTLS: true }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

const decoded = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))

describe.each(DIALECTS)('e-mail outbox on %s', (dialect) => {
  let t: TestStore
  let smtp: Awaited<ReturnType<typeof startSmtp>>
  beforeAll(async () => {
    t = await startTestStore(dialect)
    smtp = await startSmtp()
  })
  afterAll(async () => {
    await smtp.close()
    await t.close()
  })

  const enqueue = async (n: number) => {
    const now = new Date().toISOString()
    await t.store.db
      .insertInto('outbox_emails')
      .values(
        Array.from({ length: n }, (_, i) => ({
          id: randomUUID(),
          brand_id: 'ckb',
          to_email: `reader${i}@example.com`,
          subject: `Note ${i}`,
          body: `Body ${i}`,
          created_at: now,
          sent_at: null,
        })),
      )
      .execute()
  }

  it('delivers the order confirmation and the password reset over SMTP, with lines, totals and links from the origin', async () => {
    const item = await itemWithStock(t, 5)
    const shopper = await shopperWithCart(t, item.itemId, item.size, 2)
    const placed = await placeOrder(shopper, await tokenFor(shopper))
    const orderNumber = placed.json().data.order_number as string
    await shopper.post('/api/register', { name: 'Ada Lovelace', email: 'ada.reset@example.com', password: 'a-long-password-1' })
    await shopper.post('/api/forgot', { email: 'ada.reset@example.com' })
    const mailer = smtp.mailer()
    const result = await deliverOutbox(t.store, mailer, { from: 'PopFit <orders@popfit.test>' })
    mailer.close()
    expect(result.sent).toBeGreaterThanOrEqual(2)
    const confirmation = smtp.received.find((m) => m.to.includes('ada@example.com'))!
    const text = decoded(confirmation.raw)
    expect(text).toContain(`order ${orderNumber}`)
    expect(text).toMatch(new RegExp(`2 x .+\\(.+, ${item.size}\\)`))
    expect(text).toMatch(/Total\s+\$\d+\.\d\d/)
    // the brand's configured public origin (in tests, the development one), never a request header
    expect(text).toMatch(new RegExp(`Track your order: http://(popfit\\.)?localhost:3000/tracker\\?order=${orderNumber}`))
    expect(confirmation.from).toBe('orders@popfit.test')
    const reset = decoded(smtp.received.find((m) => m.to.includes('ada.reset@example.com') && m.raw.includes('Subject: Reset your password'))!.raw)
    expect(reset).toMatch(/http:\/\/(popfit\.)?localhost:3000\/forgot\?token=/)
    const rows = await t.store.db.selectFrom('outbox_emails').selectAll().where('to_email', 'in', ['ada@example.com', 'ada.reset@example.com']).execute()
    for (const row of rows) expect(row).toMatchObject({ delivered_via: 'smtp', attempts: 1, last_error: null })
    expect(rows.every((row) => row.sent_at && row.message_id)).toBe(true)
    expect(await pendingEmails(t.store)).toBe(0)
  })

  it("sends the order confirmation as its text and, beside it, the HTML in the brand's colours with the order's pictures", async () => {
    const item = await itemWithStock(t, 5)
    const shopper = await shopperWithCart(t, item.itemId, item.size, 1)
    const orderNumber = (await placeOrder(shopper, await tokenFor(shopper))).json().data.order_number as string
    const row = await t.store.db.selectFrom('outbox_emails').selectAll().where('order_number', '=', orderNumber).executeTakeFirstOrThrow()
    const line = await t.store.db.selectFrom('order_lines').select(['name', 'image1']).where('order_number', '=', orderNumber).executeTakeFirstOrThrow()
    const before = smtp.received.length
    const mailer = smtp.mailer()
    await deliverOutbox(t.store, mailer, { from: 'PopFit <orders@popfit.test>', brands: brandsWithOrigins({ popfitclothing: 'http://shop.test:3000' }) })
    mailer.close()
    const message = smtp.received.slice(before).find((m) => m.raw.includes(orderNumber))!
    expect(message.raw).toMatch(/Content-Type: multipart\/alternative/)
    const [, textPart = '', htmlPart = ''] = decoded(message.raw).split(/Content-Type: text\/(?:plain|html)/)
    // the text is the e-mail as queued, every word of it
    expect(textPart.replace(/\r\n/g, '\n')).toContain(row.body)
    expect(htmlPart).toContain('#c2185b')
    expect(htmlPart).toContain('>PopFit Clothing</a>')
    expect(htmlPart).toContain(`${line.name}</strong>`)
    expect(line.image1).toBeTruthy()
    expect(htmlPart).toContain(`<img src="${new URL(line.image1!, 'http://shop.test:3000').href}"`)
  })

  it("sends each brand's e-mail under that brand's name, from SMTP_FROM's address (it said 'Store' for every brand)", async () => {
    const now = new Date().toISOString()
    await t.store.db
      .insertInto('outbox_emails')
      .values([
        { id: randomUUID(), brand_id: 'ckb', to_email: 'from-ckb@example.com', subject: 'Reset your password', body: 'b', created_at: now, sent_at: null },
        { id: randomUUID(), brand_id: 'popfitclothing', to_email: 'from-popfit@example.com', subject: 'Reset your password', body: 'b', created_at: now, sent_at: null },
      ])
      .execute()
    const mailer = smtp.mailer()
    await deliverOutbox(t.store, mailer, { from: 'Store <no-reply@store.test>' })
    mailer.close()
    const header = (to: string) => /^From: (.*)$/m.exec(smtp.received.find((m) => m.to.includes(to))!.raw)?.[1]
    expect(header('from-ckb@example.com')).toBe('CKB Intimates <no-reply@store.test>')
    expect(header('from-popfit@example.com')).toBe('PopFit Clothing <no-reply@store.test>')
    expect(smtp.received.find((m) => m.to.includes('from-ckb@example.com'))!.from).toBe('no-reply@store.test')
  })

  it('names the sender: a brand over the address, quoted where needed; no brand keeps SMTP_FROM', () => {
    expect(brandSender('Store <no-reply@store.test>', 'CKB Intimates')).toBe('"CKB Intimates" <no-reply@store.test>')
    expect(brandSender('no-reply@store.test', 'PopFit Clothing')).toBe('"PopFit Clothing" <no-reply@store.test>')
    expect(brandSender('no-reply@store.test', 'Say "hi"')).toBe('"Say \\"hi\\"" <no-reply@store.test>')
    expect(brandSender('Store <no-reply@store.test>', undefined)).toBe('Store <no-reply@store.test>')
  })

  it('retries a refused message after its backoff, recording the error', async () => {
    await enqueue(1)
    smtp.state.failNext = 1
    const before = smtp.received.length
    const mailer = smtp.mailer()
    const now = new Date()
    expect(await deliverOutbox(t.store, mailer, { from: 'a@b.test', now })).toEqual({ sent: 0, retrying: 1, failed: 0 })
    const row = await t.store.db.selectFrom('outbox_emails').selectAll().where('sent_at', 'is', null).executeTakeFirstOrThrow()
    expect(row.attempts).toBe(1)
    expect(row.last_error).toMatch(/mailbox busy/)
    // not due yet
    expect(await deliverOutbox(t.store, mailer, { from: 'a@b.test', now: new Date(now.getTime() + 10_000) })).toEqual({ sent: 0, retrying: 0, failed: 0 })
    expect(await deliverOutbox(t.store, mailer, { from: 'a@b.test', now: new Date(now.getTime() + 31_000) })).toEqual({ sent: 1, retrying: 0, failed: 0 })
    mailer.close()
    expect(smtp.received.length).toBe(before + 1)
    const sent = await t.store.db.selectFrom('outbox_emails').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow()
    expect(sent).toMatchObject({ attempts: 2, last_error: null, delivered_via: 'smtp' })
  })

  it('never sends one twice when several workers run at once', async () => {
    await enqueue(12)
    const before = smtp.received.length
    const mailers = [smtp.mailer(), smtp.mailer(), smtp.mailer()]
    let total = 0
    // rounds of three workers at once, until nothing is due
    for (let round = 0; round < 6 && total < 12; round++) {
      const results = await Promise.all(mailers.map((mailer) => deliverOutbox(t.store, mailer, { from: 'a@b.test', batch: 5 })))
      total += results.reduce((sum, r) => sum + r.sent, 0)
    }
    for (const mailer of mailers) mailer.close()
    expect(total).toBe(12)
    expect(await pendingEmails(t.store)).toBe(0)
    const newOnes = smtp.received.slice(before).flatMap((m) => m.to)
    expect(newOnes.length).toBe(12)
    expect(new Set(newOnes).size).toBe(12)
  })

  it('without SMTP, development prints the e-mail (and its links) to the log and marks it delivered to the log', async () => {
    await enqueue(1)
    const logged: object[] = []
    const log = { info: (details: object) => logged.push(details), warn: () => {}, error: () => {} }
    expect((await deliverOutbox(t.store, new LogMailer(log, true), { from: 'a@b.test' })).sent).toBe(1)
    expect(logged[0]).toMatchObject({ subject: 'Note 0', body: 'Body 0' })
    const row = await t.store.db.selectFrom('outbox_emails').selectAll().where('delivered_via', '=', 'log').executeTakeFirstOrThrow()
    expect(row.sent_at).not.toBeNull()
  })
})
