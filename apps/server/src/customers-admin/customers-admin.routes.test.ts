import type { AdminCustomer, AdminCustomerRow, AuditEntry } from '@store/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HOME } from '../addresses/test-address.ts'
import { itemWithStock, placeOrder, tokenFor } from '../checkout/checkout-test-kit.ts'
import { registered } from '../membership/club-test-kit.ts'
import { addStaff, staffBrowser } from '../staff/staff-test-utils.ts'
import { DIALECTS, dataOf, errorsOf, startTestStore, TestShopper, type TestStore } from '../test/harness.ts'

type Page = { customers: AdminCustomerRow[]; next_cursor: string | null }

describe.each(DIALECTS)('the operator’s customers on %s', (dialect) => {
  let t: TestStore
  let support: TestShopper
  let analyst: TestShopper
  let fulfilment: TestShopper
  let supportId: string

  /** A registered customer with an order (its address saved by the checkout), a second address, a wishlist entry and a contact message. */
  async function customerWithHistory(name = 'Pat Shopper') {
    const who = await registered(t)
    await t.store.db.updateTable('customers').set({ name }).where('id', '=', who.customerId).execute()
    const { itemId, size } = await itemWithStock(t)
    expect((await who.shopper.post('/api/cart/items', { item_id: itemId, size, qty: 1 })).statusCode).toBe(200)
    const order = dataOf<{ order_number: string }>(await placeOrder(who.shopper, await tokenFor(who.shopper), undefined, { email: who.email, shipping_name: name }))
    expect((await who.shopper.post('/api/addresses', { ...HOME, name, phone: '(415) 555-0199' })).statusCode).toBe(200)
    expect((await who.shopper.post('/api/wishlist', { item_id: itemId })).statusCode).toBe(200)
    const contact = await who.shopper.post('/api/contact', { name, email: who.email, topic: 'order', order_number: '', message: 'Where is my parcel? It was due on Monday.' })
    expect(contact.statusCode).toBe(200)
    return { ...who, order: order.order_number, itemId }
  }

  beforeAll(async () => {
    t = await startTestStore(dialect)
    const added = await addStaff(t.store, 'support')
    supportId = added.id
    support = await staffBrowser(t.app, added.email)
    analyst = await staffBrowser(t.app, (await addStaff(t.store, 'analyst')).email)
    fulfilment = await staffBrowser(t.app, (await addStaff(t.store, 'fulfilment')).email)
  })
  afterAll(() => t.close())

  it('finds a customer by part of the e-mail, the name or the phone; fulfilment has no customer pages', async () => {
    const pat = await customerWithHistory('Quinn Zebulon')
    const ids = async (query: string) => dataOf<Page>(await support.get(`/api/admin/customers?query=${encodeURIComponent(query)}`)).customers.map((c) => c.id)
    expect(await ids(pat.email.slice(0, 14).toUpperCase())).toContain(pat.customerId)
    expect(await ids('zebulon')).toContain(pat.customerId)
    expect(await ids('415-555-0199')).toContain(pat.customerId)
    expect(await ids('%')).toEqual([])
    const row = dataOf<Page>(await support.get(`/api/admin/customers?query=${encodeURIComponent(pat.email)}`)).customers[0]!
    expect(row).toMatchObject({ name: 'Quinn Zebulon', email: pat.email, phone: '(512) 555-0100', order_count: 1, erased_at: null })

    expect((await fulfilment.get('/api/admin/customers')).statusCode).toBe(403)
    expect((await fulfilment.get(`/api/admin/customers/${pat.customerId}`)).statusCode).toBe(403)
    expect((await new TestShopper(t.app).get('/api/admin/customers')).statusCode).toBe(401)
    // another brand's host does not show this brand's customer
    const ckbSupport = await staffBrowser(t.app, (await addStaff(t.store, 'support', ['ckb'])).email, 'ckb.localhost')
    expect((await ckbSupport.get(`/api/admin/customers/${pat.customerId}`)).statusCode).toBe(404)
  })

  it('answers a page of customers in a fixed number of statements, however many it holds', async () => {
    for (let i = 0; i < 3; i++) await customerWithHistory()
    const statements: string[] = []
    const stop = t.store.watchQueries((text) => statements.push(text))
    try {
      expect(dataOf<Page>(await support.get('/api/admin/customers?limit=50')).customers.length).toBeGreaterThanOrEqual(3)
    } finally {
      stop()
    }
    // the staff session, the customers, their orders counted, their phones
    expect(statements.length).toBeLessThanOrEqual(5)
  })

  it('pages through every customer newest first by cursor, none twice', async () => {
    const total = await t.store.db
      .selectFrom('customers')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('brand_id', '=', 'popfitclothing')
      .executeTakeFirstOrThrow()
    const seen: string[] = []
    let cursor: string | null = null
    do {
      const page: Page = dataOf<Page>(await support.get(`/api/admin/customers?limit=2${cursor ? `&cursor=${cursor}` : ''}`))
      seen.push(...page.customers.map((c) => c.id))
      cursor = page.next_cursor
    } while (cursor)
    expect(seen.length).toBe(Number(total.n))
    expect(new Set(seen).size).toBe(seen.length)
    expect((await support.get('/api/admin/customers?cursor=nonsense')).statusCode).toBe(400)
  })

  it('shows one customer with their orders, addresses, membership, reviews and messages; an analyst reads the e-mails masked and may not act', async () => {
    const pat = await customerWithHistory()
    const customer = dataOf<{ customer: AdminCustomer }>(await support.get(`/api/admin/customers/${pat.customerId}`)).customer
    expect(customer.email).toBe(pat.email)
    expect(customer.orders).toEqual([expect.objectContaining({ order_number: pat.order, pieces: 1 })])
    expect(customer.addresses).toEqual([
      expect.objectContaining({ address: '12 Analytical Way', default: true }),
      expect.objectContaining({ address: HOME.address, phone: '(415) 555-0199', default: false }),
    ])
    expect(customer.phone).toBe('(512) 555-0100')
    expect(customer.membership).toBeNull()
    expect(customer.messages).toEqual([expect.objectContaining({ kind: 'contact', status: 'new', email: pat.email, subject: 'An order or delivery' })])

    const masked = dataOf<{ customer: AdminCustomer }>(await analyst.get(`/api/admin/customers/${pat.customerId}`)).customer
    expect(masked.email).toMatch(/^m•••@example\.com$/)
    expect(masked.messages[0]!.email).toMatch(/^m•••@/)
    expect(dataOf<Page>(await analyst.get(`/api/admin/customers?query=${encodeURIComponent(pat.email)}`)).customers[0]!.email).toMatch(/•••/)
    expect((await analyst.post(`/api/admin/customers/${pat.customerId}/password-reset`)).statusCode).toBe(403)
    expect((await analyst.get(`/api/admin/customers/${pat.customerId}/export`)).statusCode).toBe(403)
    expect((await analyst.post(`/api/admin/customers/${pat.customerId}/erase`)).statusCode).toBe(403)
    expect((await support.get('/api/admin/customers/no-such-customer')).statusCode).toBe(404)
  })

  it("sends the shoppers' own reset e-mail, whose link sets a new password; audited", async () => {
    const pat = await customerWithHistory()
    const sent = dataOf<{ sent_to: string }>(await support.post(`/api/admin/customers/${pat.customerId}/password-reset`))
    expect(sent.sent_to).toBe(pat.email)
    const mail = await t.store.db
      .selectFrom('outbox_emails')
      .select(['subject', 'body'])
      .where('to_email', '=', pat.email)
      .where('subject', '=', 'Reset your password')
      .executeTakeFirstOrThrow()
    const token = /forgot\?token=([\w-]+)/.exec(mail.body)![1]!
    const reset = await new TestShopper(t.app).post('/api/reset-password', { token, password: 'a-brand-new-Password-77' })
    expect(reset.statusCode).toBe(200)
    expect((await new TestShopper(t.app).post('/api/login', { email: pat.email, password: 'a-brand-new-Password-77' })).statusCode).toBe(200)
    const audit = dataOf<{ entries: AuditEntry[] }>(
      await (await staffBrowser(t.app, (await addStaff(t.store, 'owner')).email)).get(`/api/admin/audit?entity=customer&entity_id=${pat.customerId}`),
    )
    expect(audit.entries).toEqual([expect.objectContaining({ action: 'customer.password_reset', actor: supportId })])
  })

  it("exports the customer's data, and nobody else's", async () => {
    const pat = await customerWithHistory('Pat Exported')
    const other = await customerWithHistory('Olive Other')
    const response = await support.get(`/api/admin/customers/${pat.customerId}/export`)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="customer-/)
    const document = response.json() as {
      account: { id: string; email: string; name: string }
      addresses: { name: string }[]
      orders: { order_number: string; lines: unknown[] }[]
      messages: { message: string }[]
      wishlist: { item_id: number }[]
      membership: unknown
      reviews: unknown[]
    }
    expect(document.account).toMatchObject({ id: pat.customerId, email: pat.email, name: 'Pat Exported' })
    expect(document.orders.map((o) => o.order_number)).toEqual([pat.order])
    expect(document.orders[0]!.lines).toHaveLength(1)
    expect(document.addresses).toHaveLength(2)
    expect(document.messages.map((m) => m.message)).toEqual(['Where is my parcel? It was due on Monday.'])
    expect(document.wishlist.map((w) => w.item_id)).toEqual([pat.itemId])
    expect(document).toHaveProperty('membership', null)
    expect(document.reviews).toEqual([])
    expect(response.body).not.toContain(other.email)
    expect(response.body).not.toContain(other.order)
    expect(response.body).not.toContain('Olive')
  })

  it('erases on request: orders kept for the books, personal data gone, sessions ended, no login, audited without personal data', async () => {
    const pat = await customerWithHistory('Erin Erasable')
    const before = await t.store.db.selectFrom('orders').select(['total_cents', 'status']).where('order_number', '=', pat.order).executeTakeFirstOrThrow()
    expect((await pat.shopper.get('/api/orders')).statusCode).toBe(200)

    const answer = dataOf<{ customer: AdminCustomer; erased: Record<string, number> }>(await support.post(`/api/admin/customers/${pat.customerId}/erase`))
    expect(answer.erased).toMatchObject({ orders_kept: 1, addresses_removed: 2, messages_anonymised: 1 })
    expect(answer.customer).toMatchObject({ name: 'Erased customer', addresses: [], erased_at: expect.any(String) })
    expect(answer.customer.email).not.toContain(pat.email)
    expect(answer.customer.orders.map((o) => o.order_number)).toEqual([pat.order])

    const order = await t.store.db.selectFrom('orders').selectAll().where('order_number', '=', pat.order).executeTakeFirstOrThrow()
    expect({ total_cents: order.total_cents, status: order.status }).toEqual(before)
    expect(order).toMatchObject({ shipping_name: 'Erased customer', shipping_address: '', shipping_phone: '', billing_name: 'Erased customer', shipping_country: 'US' })
    expect(order.email).not.toBe(pat.email)
    const row = await t.store.db.selectFrom('customers').selectAll().where('id', '=', pat.customerId).executeTakeFirstOrThrow()
    expect(row).toMatchObject({ name: 'Erased customer', password_hash: null })
    expect(await t.store.db.selectFrom('wishlist_entries').select('id').where('customer_id', '=', pat.customerId).execute()).toEqual([])
    const message = await t.store.db.selectFrom('contact_messages').select(['name', 'email', 'message']).where('customer_id', '=', pat.customerId).executeTakeFirstOrThrow()
    expect(JSON.stringify(message)).not.toMatch(/Erin|parcel|example\.com/)

    // their session ended; they cannot log in, nor ask for a reset that reaches them
    expect((await pat.shopper.get('/api/orders')).statusCode).toBe(401)
    expect((await new TestShopper(t.app).post('/api/login', { email: pat.email, password: 'leggings-forever-2026' })).statusCode).toBe(401)
    expect((await support.post(`/api/admin/customers/${pat.customerId}/password-reset`)).statusCode).toBe(409)
    expect((await support.post(`/api/admin/customers/${pat.customerId}/erase`)).statusCode).toBe(409)

    const audit = await t.store.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'customer')
      .where('entity_id', '=', pat.customerId)
      .where('action', '=', 'customer.erase')
      .executeTakeFirstOrThrow()
    expect(audit.staff_id).toBe(supportId)
    expect(`${audit.before_json}${audit.after_json}`).not.toMatch(/Erin|Erasable|example\.com|Monday|415/)
  })

  it('refuses to erase a club member until the membership is cancelled', async () => {
    const pat = await customerWithHistory()
    await t.store.db
      .insertInto('memberships')
      .values({
        id: `m-${pat.customerId}`,
        brand_id: 'popfitclothing',
        customer_id: pat.customerId,
        status: 'active',
        amount_cents: 4995,
        created_at: new Date().toISOString(),
        next_billing_date: '2030-01-01',
      })
      .execute()
    const refused = await support.post(`/api/admin/customers/${pat.customerId}/erase`)
    expect(refused.statusCode).toBe(409)
    expect(errorsOf(refused)[0]).toMatch(/cancel their membership first/)
    const customer = dataOf<{ customer: AdminCustomer }>(await support.get(`/api/admin/customers/${pat.customerId}`)).customer
    expect(customer.membership).toMatchObject({ status: 'active', amount: 49.95, next_billing_date: '2030-01-01', history: [] })
  })
})
