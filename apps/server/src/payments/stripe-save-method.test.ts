/**
 * The Stripe adapter's setup flow for /change_payment (saveMethod, removeMethod)
 * against a local HTTP server answering as Stripe's API documents: a Customer is
 * made once, the PaymentMethod attached to it, a card error is a decline, and a
 * removed method is detached.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { StripeGateway } from './stripe-gateway.ts'

const scope = { brandId: 'popfitclothing' } as never

describe('Stripe saved methods', () => {
  let server: Server
  let gateway: StripeGateway
  const calls: string[] = []
  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = ''
      request.on('data', (chunk) => (body += chunk))
      request.on('end', () => {
        calls.push(`${request.method} ${request.url}`)
        response.setHeader('content-type', 'application/json')
        const url = request.url ?? ''
        if (url === '/v1/customers') return response.end(JSON.stringify({ id: 'cus_new', object: 'customer' }))
        const attach = url.match(/^\/v1\/payment_methods\/([^/]+)\/attach$/)
        if (attach) {
          if (attach[1] === 'pm_card_chargeDeclined') {
            response.statusCode = 402
            return response.end(JSON.stringify({ error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } }))
          }
          const customer = new URLSearchParams(body).get('customer')
          return response.end(
            JSON.stringify({ id: attach[1], object: 'payment_method', type: 'card', customer, card: { brand: 'visa', last4: '4242', exp_month: 11, exp_year: 2031 } }),
          )
        }
        const detach = url.match(/^\/v1\/payment_methods\/([^/]+)\/detach$/)
        if (detach) return response.end(JSON.stringify({ id: detach[1], object: 'payment_method', customer: null }))
        response.statusCode = 404
        response.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'No such route' } }))
      })
    })
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
    gateway = new StripeGateway({ secretKey: 'sk_test_x', apiUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })
  })
  afterAll(() => new Promise<void>((done) => server.close(() => done())))

  it('attaches the PaymentMethod to a new Customer, or to the one the shopper has', async () => {
    const first = await gateway.saveMethod(scope, { token: 'pm_card_visa', customerReference: null, idempotencyKey: 'k1', metadata: {} })
    expect(first).toEqual({ status: 'succeeded', reference: 'cus_new/pm_card_visa', card: { brand: 'visa', last4: '4242', expMonth: 11, expYear: 2031 } })
    calls.length = 0
    const second = await gateway.saveMethod(scope, { token: 'pm_card_mastercard', customerReference: 'cus_old', idempotencyKey: 'k2', metadata: {} })
    expect(second).toMatchObject({ status: 'succeeded', reference: 'cus_old/pm_card_mastercard' })
    expect(calls).toEqual(['POST /v1/payment_methods/pm_card_mastercard/attach'])
  })

  it('answers a card error as a decline, and detaches on removal', async () => {
    const declined = await gateway.saveMethod(scope, { token: 'pm_card_chargeDeclined', customerReference: 'cus_old', idempotencyKey: 'k3', metadata: {} })
    expect(declined).toMatchObject({ status: 'declined', code: 'generic_decline' })
    calls.length = 0
    await gateway.removeMethod(scope, 'cus_old/pm_card_visa')
    expect(calls).toEqual(['POST /v1/payment_methods/pm_card_visa/detach'])
  })
})
