/**
 * The offer form before JavaScript (this page's action): a try the payment service did not answer
 * keeps its Idempotency-Key for the next submit, so the store finishes that one charge instead of
 * making another under the new key the page renders; a refusal starts afresh.
 */
import { StoreError } from '@store/core'
import { describe, expect, it } from 'vitest'
import { action, loader } from './special-offer'

type ActionArgs = Parameters<typeof action>[0]
type LoaderArgs = Parameters<typeof loader>[0]

/** The action answering a submitted offer form, the store's accept failing with `status` (or asking for the bank's step: 'bank'). */
async function submit(status: number | 'bank', key: string) {
  const body = new URLSearchParams({ intent: 'accept', order_number: '1234567890', key, item_id: '1001', size: 'M' })
  const request = new Request('http://localhost/special-offer/pf-oto-1?order=1234567890', { method: 'POST', body })
  const services = {
    acceptOneTimeOffer: async () => {
      if (status === 'bank') return { status: 'requires_action', payment_id: 'pi_1', client_secret: 'pi_1_secret_1', amount: 29.99, next: null }
      throw new StoreError(status, [status === 503 ? { message: 'We could not reach the payment service.' } : { message: 'Sold out.', field: 'size' }])
    },
  }
  const answer = (await action({ params: { id: 'pf-oto-1' }, request, context: { services } } as unknown as ActionArgs)) as unknown as {
    data: { errors: { message: string }[]; key: string | null; closed?: boolean }
    init: { status: number }
  }
  return { status: answer.init.status, ...answer.data }
}

describe('the offer form before JavaScript', () => {
  it('answers a form that names neither accept nor decline with a 400, charging nothing', async () => {
    for (const intent of ['', 'zzz', 'ACCEPT']) {
      let charged = false
      const body = new URLSearchParams({ intent, order_number: '1234567890', key: 'k', item_id: '1001', size: 'M' })
      const request = new Request('http://localhost/special-offer/pf-oto-1?order=1234567890', { method: 'POST', body })
      const services = {
        acceptOneTimeOffer: async () => {
          charged = true
          return { next: '/thank-you' }
        },
        declineOneTimeOffer: async () => ({ next: '/thank-you' }),
      }
      const answer = (await action({ params: { id: 'pf-oto-1' }, request, context: { services } } as unknown as ActionArgs)) as unknown as { init: { status: number } }
      expect(answer.init.status, intent).toBe(400)
      expect(charged).toBe(false)
    }
  })

  it('keeps the key after a 503, so the next submit finishes the same charge', async () => {
    expect(await submit(503, 'key-of-the-first-try')).toEqual({
      status: 503,
      errors: [{ message: 'We could not reach the payment service.' }],
      key: 'key-of-the-first-try',
      closed: false,
    })
  })
  it("says the bank's step needs JavaScript, keeping the key for the page once it runs", async () => {
    const answer = await submit('bank', 'key-of-the-first-try')
    expect(answer).toMatchObject({ status: 402, key: 'key-of-the-first-try' })
    expect(answer.errors[0]!.message).toMatch(/confirm this payment, which needs JavaScript/)
  })
  it('drops the key after a refusal (nothing was charged): the next submit is a new attempt', async () => {
    expect(await submit(409, 'key-of-the-first-try')).toMatchObject({ status: 409, key: null, closed: false })
  })
  it('says the offer is closed for the order when the store refuses it at the order (added already, said no to): the page leads on', async () => {
    const body = new URLSearchParams({ intent: 'accept', order_number: '1234567890', key: 'k', item_id: '1001', size: 'M' })
    const request = new Request('http://localhost/special-offer/pf-oto-1?order=1234567890', { method: 'POST', body })
    const services = {
      acceptOneTimeOffer: async () => {
        throw new StoreError(409, [{ message: 'You already added this offer to your order.', field: 'order_number' }])
      },
    }
    const answer = (await action({ params: { id: 'pf-oto-1' }, request, context: { services } } as unknown as ActionArgs)) as unknown as { data: { closed: boolean } }
    expect(answer.data.closed).toBe(true)
  })
})

describe('the offer answered already for this order', () => {
  const choice = { item_id: 1001, name: 'Signature High-Waist Legging', color: 'Black', image: null, category: 'leggings', sizes: ['M'] }
  const offer = {
    id: 'pf-oto-2',
    headline: 'Two more pairs for $39.99',
    next: '/special-offer/pf-oto-3?order=1234567890',
    digital_product: false,
    categories: ['leggings'],
    choices: [choice],
  }
  const line = (offerId: string | null, size = 'M') => ({
    name: 'Signature High-Waist Legging',
    color: 'Black',
    size,
    qty: 1,
    offer_id: offerId,
    cancelled: false,
    price: 20,
    total: 20,
  })
  async function load(items: ReturnType<typeof line>[], cookie?: string, shown: typeof offer = offer) {
    const request = new Request('http://localhost/special-offer/pf-oto-2?order=1234567890', { headers: cookie ? { cookie } : {} })
    const services = {
      order: async () => ({ order_number: '1234567890', items, shippingAddress: '12 Analytical Way' }),
      oneTimeOffer: async () => shown,
      paymentSetup: () => ({ gateway: 'test', publishable_key: null }),
    }
    return loader({ params: { id: 'pf-oto-2' }, request, context: { services } } as unknown as LoaderArgs)
  }

  it('is open while the order has none of its lines and this browser did not say no', async () => {
    expect((await load([line(null)])).answer).toBeNull()
    expect((await load([line(null), line('pf-oto-1')], 'declined_offers=1234567890%3Apf-oto-1')).answer).toBeNull()
  })
  it('is passed over while open with no piece to offer this shopper (sold out, or none it would save them money on): on to the next step', async () => {
    const empty = { ...offer, choices: [] }
    const thrown = await load([line(null)], undefined, empty).then(
      () => null,
      (response: unknown) => response as Response,
    )
    expect(thrown?.status).toBe(302)
    expect(thrown?.headers.get('location')).toBe(offer.next)
    // answered already, it still says its answer; a digital product has no pieces to choose
    expect((await load([line(null), line('pf-oto-2')], undefined, empty)).answer).toMatchObject({ kind: 'accepted' })
    expect((await load([line(null)], 'declined_offers=1234567890%3Apf-oto-2', empty)).answer).toEqual({ kind: 'declined' })
    expect((await load([line(null)], undefined, { ...empty, digital_product: true, categories: [] })).answer).toBeNull()
  })
  it('is accepted when the order has its lines: only their names, colours, sizes and counts go to the page', async () => {
    const { answer } = await load([line(null), line('pf-oto-2'), line('pf-oto-2')])
    expect(answer).toEqual({ kind: 'accepted', lines: [1, 2].map(() => ({ name: 'Signature High-Waist Legging', color: 'Black', size: 'M', qty: 1 })) })
  })
  it('is declined when this browser said no to it for this order', async () => {
    expect((await load([line(null)], 'sid=x; declined_offers=1234567890%3Apf-oto-2')).answer).toEqual({ kind: 'declined' })
    expect((await load([line(null)], 'declined_offers=5555555555%3Apf-oto-2')).answer).toBeNull()
  })
  it('"No thanks" on the page remembers the offer on its way to the next page', async () => {
    const body = new URLSearchParams({ intent: 'decline', order_number: '1234567890' })
    const request = new Request('http://localhost/special-offer/pf-oto-2?order=1234567890', { method: 'POST', body })
    const services = { declineOneTimeOffer: async () => ({ next: '/special-offer/pf-oto-3?order=1234567890' }) }
    const thrown = await action({ params: { id: 'pf-oto-2' }, request, context: { services, secureCookies: false } } as unknown as ActionArgs).then(
      () => null,
      (response: unknown) => response as Response,
    )
    expect(thrown?.status).toBe(302)
    expect(thrown?.headers.get('location')).toBe('/special-offer/pf-oto-3?order=1234567890')
    expect(thrown?.headers.get('set-cookie')).toMatch(/^declined_offers=1234567890%3Apf-oto-2; Path=\/special-offer;.*HttpOnly/)
    expect(thrown?.headers.get('set-cookie')).not.toMatch(/Secure/)
  })
  it('marks that cookie Secure as the session cookie is (an https origin, or COOKIE_SECURE), whatever scheme the request reached the server by', async () => {
    const body = new URLSearchParams({ intent: 'decline', order_number: '1234567890' })
    // behind a proxy that ends TLS, the request reaches the store over http
    const request = new Request('http://localhost/special-offer/pf-oto-2?order=1234567890', { method: 'POST', body })
    const services = { declineOneTimeOffer: async () => ({ next: '/thank-you?order=1234567890' }) }
    const thrown = await action({ params: { id: 'pf-oto-2' }, request, context: { services, secureCookies: true } } as unknown as ActionArgs).then(
      () => null,
      (response: unknown) => response as Response,
    )
    expect(thrown?.headers.get('set-cookie')).toMatch(/; Secure$/)
  })
})
