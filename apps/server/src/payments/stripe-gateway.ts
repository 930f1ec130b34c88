/**
 * The Stripe adapter: PaymentIntents confirmed on the server (confirmation_method
 * manual, so a card that asks for 3-D Secure comes back as requires_action and the
 * page finishes it with Stripe.js handleCardAction, then the store confirms).
 * Every call carries an idempotency key derived from the store's own, and every
 * PaymentIntent the store's key in its metadata: after a 500 that Stripe keeps for
 * the key, the charge is looked up rather than tried again blind (afterServerError).
 * A method kept for later is a Customer with the PaymentMethod attached
 * (setup_future_usage off_session), referenced as 'cus_…/pm_…'.
 */
import { randomUUID } from 'node:crypto'
import Stripe from 'stripe'
import type { BrandData } from '../context/request-context.ts'
import type { Env } from '../env.ts'
import {
  GatewayUnavailable,
  RefundRefused,
  type CardSummary,
  type ChargeRequest,
  type PostalAddress,
  type ChargeResult,
  type PaymentGateway,
  type SaveMethodRequest,
  type SaveMethodResult,
} from './gateway.ts'
import { declineMessage, setupDeclineMessage } from './test-cards.ts'

export interface StripeGatewayOptions {
  secretKey: string
  /** another API address (stripe-mock, tests) */
  apiUrl?: string
}

export class StripeGateway implements PaymentGateway {
  readonly name = 'stripe' as const
  readonly client: Stripe

  constructor(options: StripeGatewayOptions) {
    const url = options.apiUrl ? new URL(options.apiUrl) : null
    this.client = new Stripe(options.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(url ? { host: url.hostname, port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)), protocol: url.protocol === 'http:' ? 'http' : 'https' } : {}),
    })
  }

  static fromEnv(env: Env): StripeGateway {
    if (!env.STRIPE_SECRET_KEY) throw new Error('PAYMENT_GATEWAY=stripe needs STRIPE_SECRET_KEY')
    return new StripeGateway({ secretKey: env.STRIPE_SECRET_KEY, apiUrl: env.STRIPE_API_URL })
  }

  async charge(scope: BrandData, request: ChargeRequest): Promise<ChargeResult> {
    // the store's key rides along, so a charge whose answer was lost can be found again (afterServerError)
    const metadata = { ...request.metadata, brand: scope.brandId, store_key: request.idempotencyKey }
    try {
      let params: Partial<Stripe.PaymentIntentCreateParams>
      if (request.source.kind === 'afterpay') {
        // Afterpay's page takes the shopper's approval: the PaymentIntent answers requires_action with
        // next_action.redirect_to_url, and after the return (or payment_intent.succeeded) it says the outcome
        const { buyer, returnUrl } = request.source
        params = {
          allowed_payment_method_types: ['afterpay_clearpay'],
          payment_method_data: { type: 'afterpay_clearpay', billing_details: { name: buyer.name, email: buyer.email, address: stripeAddress(buyer.billing) } },
          shipping: { name: buyer.shipping.name, address: stripeAddress(buyer.shipping.address) },
          return_url: returnUrl,
        }
      } else if (request.source.kind === 'saved') {
        const [customer, paymentMethod] = request.source.reference.split('/')
        // off_session only when the customer is not in the checkout flow (Stripe's own rule):
        // at checkout the saved card is confirmed on-session, so a bank that asks gets its step
        params = request.source.customerPresent
          ? { customer, payment_method: paymentMethod, confirmation_method: 'manual' }
          : { customer, payment_method: paymentMethod, off_session: true }
      } else {
        const token = request.source.token
        // a PaymentMethod id from Stripe.js (pm_…), or a legacy card token (tok_…) turned into one
        params = token.startsWith('tok_')
          ? ({ payment_method_data: { type: 'card', card: { token } } } as unknown as Partial<Stripe.PaymentIntentCreateParams>)
          : { payment_method: token }
        if (request.saveForLater) {
          const customer = await this.customerFor(scope, request.idempotencyKey)
          params = { ...params, customer, setup_future_usage: 'off_session' }
        }
        params = { ...params, confirmation_method: 'manual' }
      }
      const create = (idempotencyKey: string) =>
        this.client.paymentIntents.create(
          {
            ...params,
            amount: request.amountCents,
            currency: 'usd',
            confirm: true,
            description: request.description,
            metadata,
            expand: ['payment_method'],
          },
          { idempotencyKey },
        )
      try {
        return resultOf(await create(request.idempotencyKey))
      } catch (error) {
        const customer = typeof params.customer === 'string' ? params.customer : null
        if (!answeredWithServerError(error) || !customer) throw error
        return resultOf(await this.afterServerError(customer, metadata, create, request.idempotencyKey))
      }
    } catch (error) {
      return this.failure(error)
    }
  }

  /**
   * The Customer a new card is kept on, made once per store key. After a 500 that Stripe keeps for
   * the key, the Customer that call may have made is looked for by the store's key in its metadata
   * (the newest Customers of the last day), else made under a new key. It must be the same one on
   * every retry: the PaymentIntent's key replays only for the same parameters.
   */
  private async customerFor(scope: BrandData, idempotencyKey: string): Promise<string> {
    const metadata = { brand: scope.brandId, store_key: idempotencyKey }
    try {
      return (await this.client.customers.create({ metadata }, { idempotencyKey: `${idempotencyKey}:customer` })).id
    } catch (error) {
      if (!answeredWithServerError(error)) throw error
      let seen = 0
      for await (const customer of this.client.customers.list({ created: { gte: aDayAgo() }, limit: 100 })) {
        if (customer.metadata?.store_key === idempotencyKey) return customer.id
        if (++seen >= MAX_LISTED) break
      }
      return (await this.client.customers.create({ metadata }, { idempotencyKey: `${idempotencyKey}:customer:after-500:${randomUUID()}` })).id
    }
  }

  /**
   * Stripe answered a 500, and keeps that answer for the key: "Retries with the same key return the
   * saved response, including 500 errors" (docs.stripe.com/api/idempotent_requests). The call may or
   * may not have made the PaymentIntent. So ask: the customer's PaymentIntents of the last day, by the
   * store's key in their metadata (a list is read from Stripe's records, unlike search, which lags).
   * One that holds or may take the money is this charge's: it stands, confirmed if it waits for that.
   * With none (or only ones that failed and hold nothing), a new key makes the PaymentIntent again.
   * Every retry of the store's key comes here again, so nothing is charged twice.
   */
  private async afterServerError(
    customer: string,
    metadata: Record<string, string>,
    create: (idempotencyKey: string) => Promise<Stripe.PaymentIntent>,
    idempotencyKey: string,
  ): Promise<Stripe.PaymentIntent> {
    let seen = 0
    for await (const intent of this.client.paymentIntents.list({ customer, created: { gte: aDayAgo() }, limit: 100, expand: ['data.payment_method'] })) {
      if (intent.metadata?.store_key === metadata.store_key && !NOTHING_HELD.has(intent.status)) {
        return intent.status === 'requires_confirmation'
          ? this.client.paymentIntents.confirm(intent.id, { expand: ['payment_method'] }, { idempotencyKey: `${idempotencyKey}:confirm:${randomUUID()}` })
          : intent
      }
      if (++seen >= MAX_LISTED) throw new GatewayUnavailable('Stripe answered 500 and the customer has too many payments to look through')
    }
    return create(`${idempotencyKey}:after-500:${randomUUID()}`)
  }

  /**
   * The PaymentIntent made under the store's key, found by the key in its metadata with Stripe's
   * search (which may lag up to a minute behind: the sweeper asks long after the charge). One that
   * holds the money (succeeded, or processing) is this charge's; any other holds none.
   */
  async find(_scope: BrandData, idempotencyKey: string): Promise<ChargeResult | null> {
    try {
      const found = await this.client.paymentIntents.search({
        query: `metadata['store_key']:'${idempotencyKey.replace(/[\\']/g, (c) => `\\${c}`)}'`,
        limit: 100,
        expand: ['data.payment_method'],
      })
      const paid = found.data.find((intent) => intent.metadata?.store_key === idempotencyKey && HOLDS_MONEY.has(intent.status))
      return paid ? resultOf(paid) : null
    } catch (error) {
      throw new GatewayUnavailable('Stripe could not be searched for a payment', { cause: error })
    }
  }

  async resume(_scope: BrandData, paymentId: string, idempotencyKey: string): Promise<ChargeResult> {
    try {
      const retrieve = () => this.client.paymentIntents.retrieve(paymentId, { expand: ['payment_method'] })
      const confirm = (key: string) => this.client.paymentIntents.confirm(paymentId, { expand: ['payment_method'] }, { idempotencyKey: key })
      let intent = await retrieve()
      if (intent.status === 'requires_confirmation') {
        try {
          intent = await confirm(`${idempotencyKey}:confirm`)
        } catch (error) {
          if (!answeredWithServerError(error)) throw error
          // Stripe keeps the 500 for the key; the PaymentIntent itself says whether it was confirmed, and
          // confirming it again under a new key cannot charge twice (it takes the money once at most)
          intent = await retrieve()
          if (intent.status === 'requires_confirmation') intent = await confirm(`${idempotencyKey}:confirm:after-500:${randomUUID()}`)
        }
      }
      return resultOf(intent)
    } catch (error) {
      return this.failure(error)
    }
  }

  async refund(_scope: BrandData, paymentId: string, idempotencyKey: string, amountCents?: number): Promise<string | null> {
    try {
      const refund = await this.client.refunds.create(
        { payment_intent: paymentId, ...(amountCents === undefined ? {} : { amount: amountCents }) },
        { idempotencyKey: `${idempotencyKey}:refund` },
      )
      return refund.id
    } catch (error) {
      // Stripe's answer that it will not refund this (more than is left): no retry makes it
      if (amountCents !== undefined && error instanceof Stripe.errors.StripeInvalidRequestError) throw new RefundRefused(error.message)
      throw new GatewayUnavailable('Stripe refund failed', { cause: error })
    }
  }

  /**
   * Stripe cancels a PaymentIntent that has not taken the money (requires_action, requires_confirmation
   * after the bank's step, …) and refuses one that succeeded: then, or when the answer is unclear, the
   * PaymentIntent itself says whether it is cancelled.
   */
  async cancel(_scope: BrandData, paymentId: string, idempotencyKey: string): Promise<boolean> {
    try {
      const intent = await this.client.paymentIntents.cancel(paymentId, {}, { idempotencyKey: `${idempotencyKey}:cancel` })
      return intent.status === 'canceled'
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError) && !answeredWithServerError(error)) {
        throw new GatewayUnavailable('Stripe could not be reached to cancel a payment', { cause: error })
      }
    }
    try {
      return (await this.client.paymentIntents.retrieve(paymentId)).status === 'canceled'
    } catch (error) {
      throw new GatewayUnavailable('Stripe could not say whether a payment is cancelled', { cause: error })
    }
  }

  /**
   * The PaymentMethod (or a legacy card token made into one) set up for payments without the shopper
   * on the shopper's Customer: a SetupIntent (usage off_session), confirmed at once. Stripe attaches
   * the method to the Customer when the bank agrees; a bank that wants the cardholder to confirm
   * leaves it requires_action, for Stripe.js's handleNextAction on the page, then completeSave.
   * Saved: 'cus_…/pm_…'.
   */
  async saveMethod(scope: BrandData, request: SaveMethodRequest): Promise<SaveMethodResult> {
    try {
      const customer =
        request.customerReference ??
        (await this.client.customers.create({ metadata: { ...request.metadata, brand: scope.brandId } }, { idempotencyKey: `${request.idempotencyKey}:customer` })).id
      const methodId = request.token.startsWith('tok_')
        ? (await this.client.paymentMethods.create({ type: 'card', card: { token: request.token } }, { idempotencyKey: `${request.idempotencyKey}:method` })).id
        : request.token
      const setup = await this.client.setupIntents.create(
        {
          customer,
          payment_method: methodId,
          allowed_payment_method_types: ['card'],
          // the bank's step, where it asks, is taken by Stripe.js on the page (handleNextAction)
          use_stripe_sdk: true,
          usage: 'off_session',
          confirm: true,
          metadata: { ...request.metadata, brand: scope.brandId, store_key: request.idempotencyKey },
          expand: ['payment_method'],
        },
        { idempotencyKey: `${request.idempotencyKey}:setup` },
      )
      return setupResultOf(setup)
    } catch (error) {
      return setupFailure(error)
    }
  }

  /** The SetupIntent after the cardholder's step on the page: succeeded (kept), requires_payment_method (refused), or still waiting. */
  async completeSave(_scope: BrandData, setupId: string): Promise<SaveMethodResult> {
    try {
      return setupResultOf(await this.client.setupIntents.retrieve(setupId, { expand: ['payment_method'] }))
    } catch (error) {
      return setupFailure(error)
    }
  }

  async removeMethod(_scope: BrandData, reference: string): Promise<void> {
    const methodId = reference.split('/')[1]
    if (!methodId) return
    try {
      await this.client.paymentMethods.detach(methodId)
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError) return // already detached
      throw new GatewayUnavailable('Stripe could not be reached or refused the request', { cause: error })
    }
  }

  private failure(error: unknown): ChargeResult {
    if (error instanceof Stripe.errors.StripeCardError) {
      const code = error.decline_code ?? error.code ?? 'card_declined'
      const intent = (error.raw as { payment_intent?: Stripe.PaymentIntent } | undefined)?.payment_intent
      return { status: 'declined', paymentId: intent?.id ?? null, code, message: declineMessage(code), card: intent ? cardOf(intent) : null }
    }
    throw new GatewayUnavailable('Stripe could not be reached or refused the request', { cause: error })
  }
}

/** A PaymentIntent in these states holds no money and can take none without a new confirmation. */
const NOTHING_HELD = new Set<Stripe.PaymentIntent.Status>(['requires_payment_method', 'canceled'])
/** A PaymentIntent in these states has taken the money, or is taking it. */
const HOLDS_MONEY = new Set<Stripe.PaymentIntent.Status>(['succeeded', 'processing'])
/** How many recent PaymentIntents (a customer has a handful) or Customers are looked through after a 500. */
const MAX_LISTED = 500
/** Where the look-ups after a 500 start: a day ago, in Stripe's seconds. */
const aDayAgo = () => Math.floor(Date.now() / 1000) - 24 * 60 * 60

/** Stripe itself answered with a server error (not a dropped connection, which the same key retries cleanly). */
function answeredWithServerError(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeError && !(error instanceof Stripe.errors.StripeConnectionError) && (error.statusCode ?? 0) >= 500
}

function setupResultOf(setup: Stripe.SetupIntent): SaveMethodResult {
  const method = setup.payment_method
  const customer = typeof setup.customer === 'string' ? setup.customer : setup.customer?.id
  if (setup.status === 'succeeded') {
    if (!method || typeof method === 'string' || !method.card || !customer) return { status: 'declined', code: 'invalid_token', message: 'Only cards can be saved here.' }
    const { card } = method
    return { status: 'succeeded', reference: `${customer}/${method.id}`, card: { brand: card.brand, last4: card.last4, expMonth: card.exp_month, expYear: card.exp_year } }
  }
  if ((setup.status === 'requires_action' || setup.status === 'processing') && setup.client_secret) {
    return { status: 'requires_action', setupId: setup.id, clientSecret: setup.client_secret }
  }
  const code = setup.last_setup_error?.decline_code ?? setup.last_setup_error?.code ?? 'authentication_failed'
  return { status: 'declined', code, message: setupDeclineMessage(code) }
}

/** A card error is the bank's no; anything else leaves the outcome unknown (retry). */
function setupFailure(error: unknown): SaveMethodResult {
  if (error instanceof Stripe.errors.StripeCardError) {
    const code = error.decline_code ?? error.code ?? 'card_declined'
    return { status: 'declined', code, message: setupDeclineMessage(code) }
  }
  throw new GatewayUnavailable('Stripe could not be reached or refused the request', { cause: error })
}

function stripeAddress(address: PostalAddress): Stripe.AddressParam {
  return { line1: address.line1, line2: address.line2 ?? undefined, city: address.city, state: address.state, postal_code: address.postalCode, country: address.country }
}

/** What a Stripe webhook event says of a PaymentIntent (stripeEventOf). */
export interface StripePaymentEvent {
  /** Stripe's event id (evt_…) */
  id: string
  type: string
  /** the PaymentIntent it is about, else null (an event of another kind) */
  paymentIntent: { id: string; brand: string | null; status: string } | null
}

/**
 * A webhook delivery, checked against its Stripe-Signature (HMAC-SHA256 of the timestamp and the raw
 * body with the endpoint's signing secret, within Stripe's five-minute tolerance): the event, or null
 * when the signature is missing, wrong or too old.
 */
export function stripeEventOf(rawBody: Buffer, signature: string | undefined, secret: string): StripePaymentEvent | null {
  if (!signature) return null
  let event: Stripe.Event
  try {
    event = Stripe.webhooks.constructEvent(rawBody, signature, secret)
  } catch {
    return null
  }
  const object = event.data.object as { object?: string; id?: string; status?: string; metadata?: Record<string, string> }
  const paymentIntent = object.object === 'payment_intent' && object.id ? { id: object.id, brand: object.metadata?.brand ?? null, status: object.status ?? '' } : null
  return { id: event.id, type: event.type, paymentIntent }
}

function cardOf(intent: Stripe.PaymentIntent): CardSummary | null {
  const method = intent.payment_method
  if (!method || typeof method === 'string' || !method.card) return null
  return { brand: method.card.brand, last4: method.card.last4, expMonth: method.card.exp_month, expYear: method.card.exp_year }
}

function resultOf(intent: Stripe.PaymentIntent): ChargeResult {
  const card = cardOf(intent)
  if (intent.status === 'succeeded' || intent.status === 'processing') {
    const method = intent.payment_method
    const methodId = typeof method === 'string' ? method : method?.id
    const customer = typeof intent.customer === 'string' ? intent.customer : intent.customer?.id
    return { status: 'succeeded', paymentId: intent.id, card, savedMethod: customer && methodId ? `${customer}/${methodId}` : null }
  }
  if (intent.status === 'requires_action' && intent.client_secret) {
    // a payment method approved on its own page (Afterpay): where the shopper goes to approve it
    const redirectUrl = intent.next_action?.type === 'redirect_to_url' ? intent.next_action.redirect_to_url?.url : null
    return { status: 'requires_action', paymentId: intent.id, clientSecret: intent.client_secret, card, ...(redirectUrl ? { redirectUrl } : {}) }
  }
  const code = intent.last_payment_error?.decline_code ?? intent.last_payment_error?.code ?? 'authentication_failed'
  return { status: 'declined', paymentId: intent.id, code, message: declineMessage(code), card }
}
