/**
 * The payment gateway: the one seam between the store and a card provider
 * (DESIGN §6). The built-in test gateway is the default; Stripe is chosen by
 * PAYMENT_GATEWAY=stripe. Card numbers never pass through here: a charge names
 * a token the provider issued to the browser, or a method saved for later.
 */
import type { BrandData } from '../context/request-context.ts'
import type { Env } from '../env.ts'
import { countedGateway } from './counted-gateway.ts'

/** The card as the provider describes it: all the store ever keeps of one. */
export interface CardSummary {
  brand: string
  last4: string
  expMonth: number
  expYear: number
}

type PaymentSource =
  /** a one-time token from the browser (test-tokens, Stripe.js) */
  | { kind: 'token'; token: string }
  /**
   * a method saved at an earlier charge (savedMethod of that result). customerPresent: the
   * shopper is on the page and can answer the bank (checkout with a saved card), so it is
   * charged on-session and a card whose bank asks comes back requires_action; otherwise
   * (one-time offers, club billing) it is charged off-session and such a card is declined.
   */
  | { kind: 'saved'; reference: string; customerPresent: boolean }
  /**
   * Afterpay through the provider (Stripe's afterpay_clearpay): no card; the shopper approves the
   * instalments on Afterpay's own page (the charge answers requires_action with its redirectUrl) and
   * comes back to returnUrl. Afterpay needs the buyer's name, e-mail and both addresses.
   */
  | { kind: 'afterpay'; returnUrl: string; buyer: AfterpayBuyer }

/** An address as Afterpay asks for it (Stripe's address shape). */
export interface PostalAddress {
  line1: string
  line2: string | null
  city: string
  state: string
  postalCode: string
  country: string
}

/** Who pays by Afterpay, and where the order goes. */
export interface AfterpayBuyer {
  name: string
  email: string
  billing: PostalAddress
  shipping: { name: string; address: PostalAddress }
}

export interface ChargeRequest {
  amountCents: number
  source: PaymentSource
  /** the provider's idempotency key: the same key never charges twice */
  idempotencyKey: string
  /** keep the method for off-session charges (one-time offers, club billing) */
  saveForLater?: boolean
  description?: string
  metadata: Record<string, string>
}

export type ChargeResult =
  | { status: 'succeeded'; paymentId: string; card: CardSummary | null; savedMethod: string | null }
  | { status: 'declined'; paymentId: string | null; code: string; message: string; card: CardSummary | null }
  /**
   * the bank wants the shopper to authenticate (3-D Secure): the page completes it with clientSecret;
   * or the shopper approves on the payment method's own page (Afterpay): redirectUrl, whence they come back
   */
  | { status: 'requires_action'; paymentId: string; clientSecret: string; card: CardSummary | null; redirectUrl?: string }

/** The provider could not be reached or answered oddly: the outcome is unknown, retry with the same key. */
export class GatewayUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'GatewayUnavailable'
  }
}

/** The provider will not make this refund (more than is left of the payment, or nothing was taken). */
export class RefundRefused extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'RefundRefused'
  }
}

export interface SaveMethodRequest {
  /** a one-time token from the browser (test-tokens, Stripe.js) */
  token: string
  /** the provider's customer this shopper already has (from an earlier saved method), or null */
  customerReference: string | null
  idempotencyKey: string
  metadata: Record<string, string>
}

export type SaveMethodResult =
  /** reference: what a later charge names as `{ kind: 'saved', reference }` */
  | { status: 'succeeded'; reference: string; card: CardSummary }
  | { status: 'declined'; code: string; message: string }
  /**
   * the bank wants the cardholder to confirm the card before it is kept for payments without them
   * (3-D Secure on a setup): the page takes the step with clientSecret, then the store asks again
   * with completeSave(setupId)
   */
  | { status: 'requires_action'; setupId: string; clientSecret: string }

export interface PaymentGateway {
  readonly name: 'test' | 'stripe'
  /** Charges once per idempotency key: a repeat returns the first outcome. */
  charge(scope: BrandData, request: ChargeRequest): Promise<ChargeResult>
  /**
   * What became of the charge made under this idempotency key, when its answer was lost and nobody
   * sent the key again (the reservation sweeper asks before giving the stock back): the payment that
   * took or is taking the money, else null (none was made, or none holds any). Throws
   * GatewayUnavailable when the provider cannot say.
   */
  find(scope: BrandData, idempotencyKey: string): Promise<ChargeResult | null>
  /** After the shopper's authentication step: the payment's outcome (confirming it where the provider needs that). */
  resume(scope: BrandData, paymentId: string, idempotencyKey: string): Promise<ChargeResult>
  /**
   * Gives a succeeded payment back: all of what is left of it (an order that could not be kept after
   * all), or `amountCents` of it (orders/refunds.ts). Once per idempotency key: the same key again
   * refunds nothing more and answers the same. The provider's refund id, when it gives one. Throws
   * GatewayUnavailable when the provider cannot be reached (the refund may or may not have been made:
   * ask again with the same key), RefundRefused when it will not refund (more than is left).
   */
  refund(scope: BrandData, paymentId: string, idempotencyKey: string, amountCents?: number): Promise<string | null>
  /**
   * Cancels a payment still waiting for the shopper's bank step, so it can never take the money (a
   * join left at that step and started again in another window: checkout/join-once.ts). True only
   * when the provider says the payment is cancelled; false when it took or is taking the money, or
   * will not be cancelled. Throws GatewayUnavailable when the provider cannot say.
   */
  cancel(scope: BrandData, paymentId: string, idempotencyKey: string): Promise<boolean>
  /**
   * The provider's setup flow: keeps a card for off-session charges without charging it (Stripe: a
   * SetupIntent for off-session use, which attaches the PaymentMethod to the Customer once the bank
   * agrees, asking the cardholder first where it wants to). Used by /change_payment.
   */
  saveMethod(scope: BrandData, request: SaveMethodRequest): Promise<SaveMethodResult>
  /**
   * After the cardholder's step on a setup that asked for one: kept (succeeded), refused (declined:
   * the step failed or was cancelled), or still waiting for the step (requires_action).
   */
  completeSave(scope: BrandData, setupId: string): Promise<SaveMethodResult>
  /** Forgets a saved method at the provider (Stripe: detach). A method already gone is no error. */
  removeMethod(scope: BrandData, reference: string): Promise<void>
}

/** The gateway the environment names (made once per app: it holds no shopper state). */
async function createGateway(env: Env): Promise<PaymentGateway> {
  if (env.PAYMENT_GATEWAY === 'stripe') {
    const { StripeGateway } = await import('./stripe-gateway.ts')
    return countedGateway(StripeGateway.fromEnv(env))
  }
  const { TestGateway } = await import('./test-gateway.ts')
  // charges, declines and refunds counted for /metrics (counted-gateway.ts)
  return countedGateway(new TestGateway())
}

const made = new WeakMap<Env, Promise<PaymentGateway>>()

/** One gateway per app (per parsed environment), shared by every route that charges. */
export function gatewayFor(env: Env): Promise<PaymentGateway> {
  let gateway = made.get(env)
  if (!gateway) {
    gateway = createGateway(env)
    made.set(env, gateway)
  }
  return gateway
}
