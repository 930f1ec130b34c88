/** The order bump form: only its own two buttons (accept, decline) do anything. */
import { describe, expect, it } from 'vitest'
import { action } from './checkout-ob'

type ActionArgs = Parameters<typeof action>[0]

describe('the order bump form', () => {
  it('answers a form that names neither accept nor decline with a 400, adding nothing', async () => {
    for (const intent of ['', 'zzz']) {
      let added = false
      const body = new URLSearchParams({ intent, size: 'M' })
      const request = new Request('http://localhost/checkout-ob/pf-ob-1', { method: 'POST', body })
      const services = {
        acceptOrderBump: async () => {
          added = true
          return { next: '/checkout' }
        },
        declineOrderBump: async () => ({ next: '/checkout' }),
      }
      const answer = (await action({ params: { id: 'pf-ob-1' }, request, context: { services } } as unknown as ActionArgs)) as unknown as { init: { status: number } }
      expect(answer.init.status, intent).toBe(400)
      expect(added).toBe(false)
    }
  })
  it('adds the bump for accept', async () => {
    const body = new URLSearchParams({ intent: 'accept', size: 'M' })
    const request = new Request('http://localhost/checkout-ob/pf-ob-1', { method: 'POST', body })
    const services = { acceptOrderBump: async () => ({ next: '/checkout-ob/pf-ob-2' }) }
    const thrown = await action({ params: { id: 'pf-ob-1' }, request, context: { services } } as unknown as ActionArgs).catch((r: unknown) => r)
    expect((thrown as Response).headers.get('location')).toBe('/checkout-ob/pf-ob-2')
  })
})
