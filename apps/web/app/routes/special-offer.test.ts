/**
 * The offer form before JavaScript (this page's action): a try the payment service did not answer
 * keeps its Idempotency-Key for the next submit, so the store finishes that one charge instead of
 * making another under the new key the page renders; a refusal starts afresh.
 */
import { StoreError } from '@store/core'
import { describe, expect, it } from 'vitest'
import { action } from './special-offer'

type ActionArgs = Parameters<typeof action>[0]

/** The action answering a submitted offer form, the store's accept failing with `status` (or asking for the bank's step: 'bank'). */
async function submit(status: number | 'bank', key: string) {
  const body = new URLSearchParams({ intent: 'accept', order_number: '1234567890', key, item_id: '1001', size: 'M' })
  const request = new Request('http://localhost/special-offer/pf-oto-1?order=1234567890', { method: 'POST', body })
  const services = {
    acceptOneTimeOffer: async () => {
      if (status === 'bank') return { status: 'requires_action', payment_id: 'pi_1', client_secret: 'pi_1_secret_1', amount: 29.99, next: null }
      throw new StoreError(status, [{ message: status === 503 ? 'We could not reach the payment service.' : 'Sold out.' }])
    },
  }
  const answer = (await action({ params: { id: 'pf-oto-1' }, request, context: { services } } as unknown as ActionArgs)) as unknown as {
    data: { errors: { message: string }[]; key: string | null }
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
      const services = { acceptOneTimeOffer: async () => ((charged = true), { next: '/thank-you' }), declineOneTimeOffer: async () => ({ next: '/thank-you' }) }
      const answer = (await action({ params: { id: 'pf-oto-1' }, request, context: { services } } as unknown as ActionArgs)) as unknown as { init: { status: number } }
      expect(answer.init.status, intent).toBe(400)
      expect(charged).toBe(false)
    }
  })

  it('keeps the key after a 503, so the next submit finishes the same charge', async () => {
    expect(await submit(503, 'key-of-the-first-try')).toEqual({ status: 503, errors: [{ message: 'We could not reach the payment service.' }], key: 'key-of-the-first-try' })
  })
  it("says the bank's step needs JavaScript, keeping the key for the page once it runs", async () => {
    const answer = await submit('bank', 'key-of-the-first-try')
    expect(answer).toMatchObject({ status: 402, key: 'key-of-the-first-try' })
    expect(answer.errors[0]!.message).toMatch(/confirm this payment, which needs JavaScript/)
  })
  it('drops the key after a refusal (nothing was charged): the next submit is a new attempt', async () => {
    expect(await submit(409, 'key-of-the-first-try')).toMatchObject({ status: 409, key: null })
  })
})
