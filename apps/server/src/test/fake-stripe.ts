/**
 * A stand-in for api.stripe.com in tests: answers the calls the Stripe adapter
 * makes (customers, payment_intents create, retrieve, confirm and cancel, setup_intents
 * create and retrieve, payment_methods detach, refunds) as Stripe's API documents them, and replays a
 * repeated Idempotency-Key as Stripe does. reachable(false) drops every connection
 * unanswered (an outage); serverErrorNext answers the next call to a path with a 500, kept for its
 * key as Stripe keeps it, having made its PaymentIntent (or Customer) or not; dropAnswers loses the
 * answers of calls that were carried out; a PaymentIntent is searched for by its metadata. The server under test reaches it
 * through STRIPE_API_URL. Test PaymentMethods: pm_card_visa, pm_card_mastercard,
 * pm_card_chargeDeclined (declined), pm_card_threeDSecure2Required (asks for the
 * bank's step on every payment: on session it waits for it, off session it is declined;
 * and on a setup). A SetupIntent is kept in `intents` too (seti_…): approve(id) is the
 * cardholder's step done in Stripe.js, after which a setup has succeeded and a payment
 * waits for the store's confirmation.
 *
 * Afterpay (afterpay_clearpay, confirmed with a return_url): fake-stripe-afterpay.ts, a page of
 * this server; afterpay(id, outcome) answers it without a browser. What the fake keeps (intents,
 * PaymentMethods, ids) is its book, fake-stripe-book.ts. event() signs a webhook delivery
 * (payment_intent.succeeded, …) as Stripe does, for POST /api/stripe/webhook.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import Stripe from 'stripe'
import { fakeAfterpay } from './fake-stripe-afterpay.ts'
import { type Answer, type Call, type Intent, metadataOf, stripeBook } from './fake-stripe-book.ts'

/** Answers like api.stripe.com for the calls the adapter makes; replays a repeated Idempotency-Key as Stripe does. */
export function fakeStripe() {
  const calls: Call[] = []
  const book = stripeBook()
  const { intents, paymentMethod, intentBody } = book
  const afterpay = fakeAfterpay(book)
  const customers: { id: string; object: 'customer'; created: number; metadata: Record<string, string> }[] = []
  const replays = new Map<string, Answer>()
  let unreachable = false
  const serverErrors: { path: string; made: boolean }[] = []
  const drops = new Map<string, number>()
  /** where this server is reached (the redirect page's address): set by the request being answered */
  let origin = ''

  const answer = (call: Call): Answer => {
    if (call.method === 'POST' && call.path === '/v1/customers') {
      const customer = { id: `cus_${book.next()}`, object: 'customer' as const, created: Math.floor(Date.now() / 1000), metadata: metadataOf(call.form) }
      customers.push(customer)
      return { status: 200, body: customer }
    }
    // the newest Customers first, since a time (GET /v1/customers?created[gte]=…)
    if (call.method === 'GET' && call.path === '/v1/customers') {
      const since = Number(call.form.get('created[gte]') ?? 0)
      return { status: 200, body: { object: 'list', url: '/v1/customers', has_more: false, data: customers.filter((c) => c.created >= since).reverse() } }
    }
    if (call.method === 'POST' && call.path === '/v1/payment_intents' && call.form.get('payment_method_data[type]') === 'afterpay_clearpay') return afterpay.start(call, origin)
    if (call.method === 'POST' && call.path === '/v1/payment_intents') {
      const pm = call.form.get('payment_method') ?? 'pm_card_visa'
      const n = book.next()
      const id = `pi_${n}`
      const base: Intent = {
        id,
        object: 'payment_intent',
        amount: Number(call.form.get('amount')),
        currency: call.form.get('currency'),
        client_secret: `${id}_secret_${n}`,
        confirmation_method: call.form.get('confirmation_method') ?? 'automatic',
        customer: call.form.get('customer'),
        payment_method: pm,
        status: 'succeeded',
        next_action: null,
        last_payment_error: null,
        livemode: false,
        created: Math.floor(Date.now() / 1000),
        metadata: metadataOf(call.form),
      }
      // a card error as Stripe answers it: 402, the PaymentIntent left waiting for another method
      const cardError = (code: string, declineCode: string, message: string) => {
        const intent = { ...base, status: 'requires_payment_method', last_payment_error: { type: 'card_error', code, decline_code: declineCode } }
        intents.set(id, intent)
        return { status: 402, body: { error: { type: 'card_error', code, decline_code: declineCode, message, payment_intent: intentBody(intent, true) } } }
      }
      if (pm === 'pm_card_chargeDeclined') return cardError('card_declined', 'generic_decline', 'Your card was declined.')
      // Stripe's 3184 card asks on every payment: off-session, with no one to answer, it fails
      if (pm === 'pm_card_threeDSecure2Required' && call.form.get('off_session') === 'true') {
        return cardError('authentication_required', 'authentication_required', 'Your card was declined. This transaction requires authentication.')
      }
      if (pm === 'pm_card_threeDSecure2Required') {
        const intent = {
          ...base,
          status: 'requires_action',
          next_action: { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: 'https://hooks.stripe.com/3d_secure_2/hosted' } },
        }
        intents.set(id, intent)
        return { status: 200, body: intentBody(intent, true) }
      }
      intents.set(id, base)
      return { status: 200, body: intentBody(base, true) }
    }
    // a customer's PaymentIntents since a time, newest first (GET /v1/payment_intents?customer=…&created[gte]=…)
    if (call.method === 'GET' && call.path === '/v1/payment_intents') {
      const since = Number(call.form.get('created[gte]') ?? 0)
      const data = [...intents.values()]
        .filter((intent) => intent.customer === call.form.get('customer') && Number(intent.created) >= since)
        .reverse()
        .map((intent) => intentBody(intent, true))
      return { status: 200, body: { object: 'list', url: '/v1/payment_intents', has_more: false, data } }
    }
    // Stripe's search, for the one query the adapter makes: metadata['name']:'value'
    if (call.method === 'GET' && call.path === '/v1/payment_intents/search') {
      const query = /^metadata\['([^']+)'\]:'((?:[^'\\]|\\.)*)'$/.exec(call.form.get('query') ?? '')
      if (!query) return { status: 400, body: { error: { type: 'invalid_request_error', message: 'This search query is not understood here' } } }
      const [, name, value] = query
      const wanted = value!.replace(/\\(.)/g, '$1')
      const data = [...intents.values()].filter((intent) => (intent.metadata as Record<string, string>)[name!] === wanted).map((intent) => intentBody(intent, true))
      return { status: 200, body: { object: 'search_result', url: '/v1/payment_intents/search', has_more: false, next_page: null, data } }
    }
    const retrieve = /^\/v1\/payment_intents\/([^/]+)$/.exec(call.path)
    if (call.method === 'GET' && retrieve) {
      const intent = intents.get(retrieve[1]!)
      return intent ? { status: 200, body: intentBody(intent, true) } : { status: 404, body: { error: { type: 'invalid_request_error', message: 'No such payment_intent' } } }
    }
    // cancelled unless it took the money (Stripe: 400 payment_intent_unexpected_state)
    const cancel = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(call.path)
    if (call.method === 'POST' && cancel) {
      const intent = intents.get(cancel[1]!)
      if (!intent) return { status: 404, body: { error: { type: 'invalid_request_error', message: 'No such payment_intent' } } }
      if (intent.status === 'succeeded' || intent.status === 'canceled') {
        return {
          status: 400,
          body: { error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: `This PaymentIntent's status is ${intent.status}.` } },
        }
      }
      intent.status = 'canceled'
      intent.next_action = null
      intent.cancellation_reason = 'requested_by_customer'
      return { status: 200, body: intentBody(intent, true) }
    }
    const confirm = /^\/v1\/payment_intents\/([^/]+)\/confirm$/.exec(call.path)
    if (call.method === 'POST' && confirm) {
      const intent = intents.get(confirm[1]!)!
      // a cancelled PaymentIntent is never confirmed
      if (intent.status === 'canceled') {
        return {
          status: 400,
          body: {
            error: {
              type: 'invalid_request_error',
              code: 'payment_intent_unexpected_state',
              message: 'This PaymentIntent could not be confirmed because it has a status of canceled.',
              payment_intent: intentBody(intent, true),
            },
          },
        }
      }
      intent.status = 'succeeded'
      intent.next_action = null
      return { status: 200, body: intentBody(intent, true) }
    }
    // the setup flow of /change_payment: a SetupIntent confirmed at once, which attaches the method
    // to the customer when the bank agrees (after the cardholder's step where it asks)
    if (call.method === 'POST' && call.path === '/v1/setup_intents') {
      const pm = call.form.get('payment_method') ?? 'pm_card_visa'
      const n = book.next()
      const id = `seti_${n}`
      const base: Intent = {
        id,
        object: 'setup_intent',
        client_secret: `${id}_secret_${n}`,
        customer: call.form.get('customer'),
        payment_method: pm,
        usage: call.form.get('usage') ?? 'off_session',
        status: 'succeeded',
        next_action: null,
        last_setup_error: null,
        livemode: false,
        created: Math.floor(Date.now() / 1000),
        metadata: metadataOf(call.form),
      }
      if (pm === 'pm_card_chargeDeclined') {
        const setup = { ...base, status: 'requires_payment_method', last_setup_error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline' } }
        intents.set(id, setup)
        return {
          status: 402,
          body: {
            error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.', setup_intent: intentBody(setup, true) },
          },
        }
      }
      const setup = pm === 'pm_card_threeDSecure2Required' ? { ...base, status: 'requires_action', next_action: { type: 'use_stripe_sdk', use_stripe_sdk: {} } } : base
      intents.set(id, setup)
      return { status: 200, body: intentBody(setup, true) }
    }
    const setup = /^\/v1\/setup_intents\/([^/]+)$/.exec(call.path)
    if (call.method === 'GET' && setup) {
      const intent = intents.get(setup[1]!)
      return intent ? { status: 200, body: intentBody(intent, true) } : { status: 404, body: { error: { type: 'invalid_request_error', message: 'No such setupintent' } } }
    }
    const detach = /^\/v1\/payment_methods\/([^/]+)\/detach$/.exec(call.path)
    if (call.method === 'POST' && detach) return { status: 200, body: { ...paymentMethod(detach[1]!), customer: null } }
    if (call.method === 'POST' && call.path === '/v1/refunds') {
      // the whole PaymentIntent, or `amount` of it; never more than is left of what it took
      const intentId = call.form.get('payment_intent') ?? ''
      const intent = intents.get(intentId)
      const captured = Number(intent?.amount ?? 0)
      const refunded = Number(intent?.amount_refunded ?? 0)
      const amount = call.form.has('amount') ? Number(call.form.get('amount')) : captured - refunded
      if (intent && (intent.status !== 'succeeded' || amount <= 0 || refunded + amount > captured)) {
        const code = refunded >= captured ? 'charge_already_refunded' : 'amount_too_large'
        return {
          status: 400,
          body: {
            error: {
              type: 'invalid_request_error',
              code,
              message: `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${((captured - refunded) / 100).toFixed(2)})`,
            },
          },
        }
      }
      if (intent) intent.amount_refunded = refunded + amount
      return { status: 200, body: { id: `re_${book.next()}`, object: 'refund', payment_intent: intentId, amount, currency: 'usd', status: 'succeeded' } }
    }
    return { status: 404, body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${call.method}: ${call.path})` } } }
  }

  const read = (request: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let text = ''
      request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')))
      request.on('end', () => resolve(text))
    })

  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://stripe.test')
    origin = `http://${request.headers.host ?? '127.0.0.1'}`
    if (request.method === 'GET' && afterpay.page(url.pathname, response)) return
    const body = await read(request)
    const call: Call = {
      method: request.method ?? 'GET',
      path: url.pathname,
      idempotencyKey: request.headers['idempotency-key'] as string | undefined,
      authorization: request.headers.authorization,
      form: new URLSearchParams(request.method === 'GET' ? url.search : body),
    }
    calls.push(call)
    // an outage: the connection drops with no answer, so the caller cannot know what happened
    if (unreachable) return void response.socket?.destroy()
    const replayKey = call.idempotencyKey ? `${call.path}|${call.idempotencyKey}` : null
    let result = replayKey ? replays.get(replayKey) : undefined
    if (!result) {
      const failing = call.method === 'POST' && serverErrors[0]?.path === call.path ? serverErrors.shift()! : null
      // Stripe's own failure, kept for the key like any answer: the call made its PaymentIntent or not
      if (!failing || failing.made) result = answer(call)
      if (failing) result = { status: 500, body: { error: { type: 'api_error', message: 'An unknown error occurred' } } }
      if (replayKey) replays.set(replayKey, result!)
    }
    // the answer lost on its way back: the call did what it does, the caller cannot know
    const dropping = drops.get(call.path) ?? 0
    if (dropping > 0) {
      drops.set(call.path, dropping - 1)
      return void response.socket?.destroy()
    }
    response.writeHead(result!.status, { 'content-type': 'application/json', 'request-id': `req_${calls.length}` })
    response.end(JSON.stringify(result!.body))
  })
  return {
    calls,
    intents,
    customers,
    /** the cardholder's step taken in Stripe.js (handleNextAction): a setup has succeeded, a payment waits for the store to confirm it */
    approve(clientSecretOrId: string) {
      const intent = intents.get(clientSecretOrId.split('_secret_')[0]!)
      if (intent?.status !== 'requires_action') return
      intent.status = intent.id.startsWith('seti_') ? 'succeeded' : 'requires_confirmation'
      intent.next_action = null
    },
    /** the cardholder's step failed or was cancelled */
    refuse(clientSecretOrId: string) {
      const intent = intents.get(clientSecretOrId.split('_secret_')[0]!)
      if (intent?.status !== 'requires_action') return
      intent.status = 'requires_payment_method'
      intent.next_action = null
      intent[intent.id.startsWith('seti_') ? 'last_setup_error' : 'last_payment_error'] = {
        type: 'card_error',
        code: 'authentication_required',
        decline_code: 'authentication_failed',
      }
    },
    /** the shopper's answer on Afterpay's page, without a browser: where Stripe sends them back (null: the payment was not waiting for Afterpay) */
    afterpay(paymentIntentId: string, outcome: 'approve' | 'decline') {
      return afterpay.decide(paymentIntentId, outcome)
    },
    /** A webhook delivery of `type` about a PaymentIntent as it is now, signed with `secret` as Stripe signs it (Stripe-Signature). */
    event(type: string, paymentIntentId: string, secret: string, signedAt = Math.floor(Date.now() / 1000)) {
      const intent = intents.get(paymentIntentId)
      const payload = JSON.stringify({
        id: `evt_${book.next()}`,
        object: 'event',
        api_version: '2025-01-27.acacia',
        created: signedAt,
        livemode: false,
        pending_webhooks: 1,
        type,
        data: { object: intent ? intentBody(intent, false) : { id: paymentIntentId, object: 'payment_intent' } },
      })
      return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: signedAt }) }
    },
    /** false: every call's connection drops unanswered (Stripe cannot be reached), until set back to true */
    reachable(on: boolean) {
      unreachable = !on
    },
    /** the next POST to `path` answers 500 (kept for its key); `made`: what the call makes was made all the same */
    serverErrorNext(path: string, options: { made: boolean }) {
      serverErrors.push({ path, made: options.made })
    },
    /** the next `times` calls to `path` are carried out, and their connections then drop unanswered */
    dropAnswers(path: string, times: number) {
      drops.set(path, times)
    },
    async listen() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
