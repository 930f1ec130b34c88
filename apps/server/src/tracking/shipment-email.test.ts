import type { CheckoutResult } from '@store/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { itemWithStock, placeOrder, shopperWithCart, tokenFor } from '../checkout/checkout-test-kit.ts'
import { DIALECTS, dataOf, startTestStore, type TestStore } from '../test/harness.ts'
import { signTrackingBody } from './carrier.ts'

const SECRET = 'test-webhook-secret-0123456789'

/**
 * When the carrier's events move an order to shipped and to delivered, the shopper gets an e-mail
 * with the carrier, the tracking number and a link to the store's tracker: exactly once per move,
 * whatever the carrier sends twice.
 */
describe.each(DIALECTS)('shipment e-mails on %s', (dialect) => {
  let t: TestStore
  let n = 0
  beforeAll(async () => {
    t = await startTestStore(dialect, { env: { TRACKING_WEBHOOK_SECRET: SECRET } })
  })
  afterAll(() => t.close())

  async function paidOrder(host = 'localhost') {
    const email = `parcel-${n++}-${dialect}@example.com`
    const item = await itemWithStock(t, 5, host === 'localhost' ? 'popfitclothing' : 'ckb')
    const shopper = await shopperWithCart(t, item.itemId, item.size, 1, host)
    return { email, number: dataOf<CheckoutResult>(await placeOrder(shopper, await tokenFor(shopper), undefined, { email })).order_number }
  }
  const deliver = (event: Record<string, unknown>, host = 'localhost', extraHeaders: Record<string, string> = {}) => {
    const body = JSON.stringify(event)
    return t.app.inject({
      method: 'POST',
      url: '/api/tracking/webhook',
      payload: body,
      headers: { host, 'content-type': 'application/json', 'x-tracking-signature': signTrackingBody(SECRET, body), ...extraHeaders },
    })
  }
  const event = (order: string, id: string, status: string | null, extra: Record<string, unknown> = {}) => ({
    id: `${order}-${id}`,
    order_number: order,
    carrier: 'UPS',
    tracking_number: '1Z999AA10123456784',
    status,
    description: 'Departed facility, Austin TX',
    occurred_at: '2030-01-02T10:00:00Z',
    ...extra,
  })
  const parcelMail = async (email: string) =>
    (await t.store.db.selectFrom('outbox_emails').select(['subject', 'body', 'brand_id']).where('to_email', '=', email).orderBy('created_at').execute()).filter((mail) =>
      /shipped|delivered/.test(mail.subject),
    )

  it('e-mails once when the order ships and once when it is delivered, with the carrier, the number and the tracker link', async () => {
    const { email, number } = await paidOrder()
    const origin = t.app.env.publicOrigins.popfitclothing
    // a label is no shipment yet
    expect(dataOf(await deliver(event(number, 'label', 'label_created')))).toEqual({ outcome: 'recorded' })
    expect(await parcelMail(email)).toEqual([])

    // links from the brand's configured origin, never from what the request says its host is
    expect(dataOf(await deliver(event(number, 'transit', 'in_transit'), 'localhost', { 'x-forwarded-host': 'evil.example' }))).toEqual({ outcome: 'recorded' })
    let mails = await parcelMail(email)
    expect(mails.map((mail) => mail.subject)).toEqual([`Your PopFit Clothing order ${number} has shipped`])
    expect(mails[0]!.body).toContain(`your order ${number} at PopFit Clothing is on its way.`)
    expect(mails[0]!.body).toContain('  Carrier  UPS\n  Tracking number  1Z999AA10123456784\n')
    expect(mails[0]!.body).toContain(`Track your order: ${origin}/tracker?order=${number}\n`)
    expect(mails[0]!.body).not.toContain('evil.example')

    // the same event delivered again, another event in transit, out for delivery: still shipped, nothing more to tell
    expect(dataOf(await deliver(event(number, 'transit', 'in_transit')))).toEqual({ outcome: 'duplicate' })
    expect(dataOf(await deliver(event(number, 'transit-2', 'in_transit', { description: 'Arrived at facility' })))).toEqual({ outcome: 'recorded' })
    expect(dataOf(await deliver(event(number, 'out', 'out_for_delivery')))).toEqual({ outcome: 'recorded' })
    expect(await parcelMail(email)).toHaveLength(1)

    expect(dataOf(await deliver(event(number, 'delivered', 'delivered', { description: 'Delivered, front porch' })))).toEqual({ outcome: 'recorded' })
    expect(dataOf(await deliver(event(number, 'delivered', 'delivered')))).toEqual({ outcome: 'duplicate' })
    expect(dataOf(await deliver(event(number, 'delivered-again', 'delivered')))).toEqual({ outcome: 'recorded' })
    // a late 'in transit' after delivery only adds its line
    expect(dataOf(await deliver(event(number, 'late', 'in_transit')))).toEqual({ outcome: 'recorded' })
    mails = await parcelMail(email)
    expect(mails.map((mail) => mail.subject)).toEqual([`Your PopFit Clothing order ${number} has shipped`, `Your PopFit Clothing order ${number} was delivered`])
    expect(mails[1]!.body).toContain(`Your order ${number} at PopFit Clothing was delivered.`)
    expect(mails[1]!.body).toContain('  Carrier  UPS\n  Tracking number  1Z999AA10123456784\n')
    expect(mails[1]!.body).toContain(`Track your order: ${origin}/tracker?order=${number}\n`)
  })

  it('the same event delivered several times at once, or two shipping events at once: one e-mail', async () => {
    const { email, number } = await paidOrder()
    const same = event(number, 'twice', 'in_transit')
    const outcomes = (await Promise.all([deliver(same), deliver(same), deliver(same)])).map((response) => dataOf<{ outcome: string }>(response).outcome)
    expect(outcomes.sort()).toEqual(['duplicate', 'duplicate', 'recorded'])
    expect(await parcelMail(email)).toHaveLength(1)

    const other = await paidOrder()
    const both = await Promise.all([deliver(event(other.number, 'a', 'in_transit')), deliver(event(other.number, 'b', 'out_for_delivery'))])
    expect(both.map((response) => response.statusCode)).toEqual([200, 200])
    expect((await parcelMail(other.email)).map((mail) => mail.subject)).toEqual([`Your PopFit Clothing order ${other.number} has shipped`])
  })

  it('delivered straight from paid: one delivered e-mail, in the brand of the order', async () => {
    const { email, number } = await paidOrder('ckb.localhost')
    expect(dataOf(await deliver(event(number, 'd', 'delivered', { carrier: 'USPS', tracking_number: '9400100000000000000000' }), 'ckb.localhost'))).toEqual({ outcome: 'recorded' })
    const mails = await parcelMail(email)
    expect(mails.map((mail) => [mail.subject, mail.brand_id])).toEqual([[`Your CKB Intimates order ${number} was delivered`, 'ckb']])
    expect(mails[0]!.body).toContain('  Carrier  USPS\n  Tracking number  9400100000000000000000\n')
    expect(mails[0]!.body).toContain(`${t.app.env.publicOrigins.ckb}/tracker?order=${number}`)
  })
})
