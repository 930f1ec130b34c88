/**
 * Thank You says an order is confirmed only once it is paid: an order still waiting for the
 * shopper's bank (or a payment settling) goes to /please-wait, which follows it.
 */
import type { Order } from '@store/core'
import { describe, expect, it } from 'vitest'
import { loader } from './thank-you'

type LoaderArgs = Parameters<typeof loader>[0]

async function load(status: Order['status']) {
  const order = { order_number: '1234567890', status, email: 'ada@example.com', items: [], payments: [] } as unknown as Order
  const services = { order: async () => order, cart: async () => ({ loggedin: false }) }
  const request = new Request('http://localhost/thank-you?order=1234567890')
  try {
    return await loader({ request, params: {}, context: { services } } as unknown as LoaderArgs)
  } catch (thrown) {
    return thrown
  }
}

describe('the thank-you page', () => {
  it('sends an order that is not paid yet to /please-wait instead of calling it confirmed', async () => {
    const answer = (await load('pending_payment')) as Response
    expect(answer).toBeInstanceOf(Response)
    expect(answer.status).toBe(302)
    expect(answer.headers.get('location')).toBe('/please-wait?order=1234567890')
  })
  it('shows a paid order', async () => {
    expect(await load('paid')).toMatchObject({ order: { order_number: '1234567890' }, missing: false })
  })
})
