/**
 * The Stripe path of the card form (PAYMENT_GATEWAY=stripe with
 * STRIPE_PUBLISHABLE_KEY): Stripe.js is loaded asynchronously, only on this
 * page (SPEC §7), when the brand's settings ask for it (stripeJs). The card is
 * typed into Stripe's own field and becomes a PaymentMethod id, sent to POST
 * /checkout as payment_token; a bank's authentication step is Stripe.js's
 * handleNextAction. Apple Pay through the Payment Request Button where
 * stripeJsApplePay; Afterpay's message where the cart says afterpay_available.
 *
 * Used by /checkout, /checkout-club and /change_payment. With no network here the
 * browser tests take it against stand-ins (e2e/stripe.spec.ts: a Stripe.js of the
 * same shape, and a fake of Stripe's API), never the real Stripe.js.
 */
import { formatPrice } from '@store/core'
import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react'

const STRIPE_JS = 'https://js.stripe.com/v3/'

/** The publishable key when the card goes through Stripe.js here: the Stripe gateway, a key, and the brand's stripeJs setting; else null. */
export function stripeKeyOf(payment: { gateway: string; publishable_key: string | null }, settings: { stripeJs: boolean }): string | null {
  return payment.gateway === 'stripe' && settings.stripeJs ? payment.publishable_key || null : null
}

/** The few Stripe.js calls this page makes. */
interface StripeLike {
  elements(): { create(type: string, options?: Record<string, unknown>): StripeElement }
  createPaymentMethod(options: { type: 'card'; card: StripeElement }): Promise<{ paymentMethod?: { id: string }; error?: { message?: string } }>
  handleNextAction(options: { clientSecret: string }): Promise<{ error?: { message?: string } }>
  paymentRequest(options: Record<string, unknown>): WalletRequest
}
interface WalletRequest {
  canMakePayment(): Promise<Record<string, boolean> | null>
  on(event: 'paymentmethod', handler: (event: { paymentMethod: { id: string }; complete(status: string): void }) => void): void
  update(options: { total: { label: string; amount: number } }): void
}
interface StripeElement {
  mount(selector: string | HTMLElement): void
  destroy(): void
  on(event: string, handler: (event: { error?: { message?: string } }) => void): void
}

let loading: Promise<(key: string) => StripeLike> | null = null

function loadStripe(): Promise<(key: string) => StripeLike> {
  loading ??= new Promise((resolve, reject) => {
    const script = document.createElement('script')
    script.src = STRIPE_JS
    script.async = true
    script.onload = () => {
      const Stripe = (window as unknown as { Stripe?: (key: string) => StripeLike }).Stripe
      if (Stripe) resolve(Stripe)
      else reject(new Error('Stripe.js did not start'))
    }
    script.onerror = () => {
      loading = null
      reject(new Error('Stripe.js could not be loaded'))
    }
    document.head.appendChild(script)
  })
  return loading
}

const instances = new Map<string, StripeLike>()

/** One Stripe.js instance per publishable key: the card element's and the bank's step share it. */
async function stripeFor(publishableKey: string): Promise<StripeLike> {
  const Stripe = await loadStripe()
  let stripe = instances.get(publishableKey)
  if (!stripe) {
    stripe = Stripe(publishableKey)
    instances.set(publishableKey, stripe)
  }
  return stripe
}

/**
 * The bank's authentication step for a payment that asked for it (requires_action): Stripe.js's
 * handleNextAction. Also for a saved card, where no card element is on the page. An error
 * message when it failed or could not start, else null.
 */
export async function authenticateStripePayment(publishableKey: string, clientSecret: string): Promise<string | null> {
  let stripe: StripeLike
  try {
    stripe = await stripeFor(publishableKey)
  } catch {
    return 'The secure payment form could not be loaded. Check your connection and try again.'
  }
  const result = await stripe.handleNextAction({ clientSecret })
  return result.error ? (result.error.message ?? 'Your bank could not confirm this payment.') : null
}

export interface StripeCardHandle {
  /** the card as a PaymentMethod id, or the message to show at the card */
  tokenize(): Promise<{ token: string } | { error: string }>
}

interface StripeCardProps {
  publishableKey: string
  applePay: boolean
  afterpayAvailable: boolean
  total: number
  error?: string
  handle: Ref<StripeCardHandle>
  /** Apple Pay gave a PaymentMethod: place the order with it */
  onWalletToken(token: string): void
}

export function StripeCard({ publishableKey, applePay, afterpayAvailable, total, error, handle, onWalletToken }: StripeCardProps) {
  const cardHost = useRef<HTMLDivElement>(null)
  const walletHost = useRef<HTMLDivElement>(null)
  const stripe = useRef<StripeLike | null>(null)
  const card = useRef<StripeElement | null>(null)
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading')
  const [cardError, setCardError] = useState<string | null>(null)
  // the wallet's sheet is made once; it pays with the form as it is when the shopper uses it, for the total shown then
  const walletRequest = useRef<WalletRequest | null>(null)
  const placeWithWallet = useRef(onWalletToken)
  placeWithWallet.current = onWalletToken
  const walletTotal = { label: 'Order total', amount: Math.round(total * 100) }
  // biome-ignore lint/correctness/useExhaustiveDependencies: the amount is the total in cents
  useEffect(() => walletRequest.current?.update({ total: walletTotal }), [walletTotal.amount])

  // biome-ignore lint/correctness/useExhaustiveDependencies: the card element and the wallet's sheet are made once per key (their total and handler follow through refs)
  useEffect(() => {
    let cancelled = false
    let wallet: StripeElement | null = null
    stripeFor(publishableKey)
      .then((instance) => {
        if (cancelled || !cardHost.current) return
        stripe.current = instance
        const elements = stripe.current.elements()
        card.current = elements.create('card', { hidePostalCode: true })
        card.current.on('change', (event) => setCardError(event.error?.message ?? null))
        card.current.mount(cardHost.current)
        setState('ready')
        if (applePay && walletHost.current) {
          const request = stripe.current.paymentRequest({ country: 'US', currency: 'usd', total: walletTotal })
          // the brand's setting is Apple Pay's: the button shows only where Stripe.js says Apple Pay can pay here
          void request.canMakePayment().then((can) => {
            if (!can?.applePay || cancelled || !walletHost.current) return
            walletRequest.current = request
            wallet = elements.create('paymentRequestButton', { paymentRequest: request })
            wallet.mount(walletHost.current)
          })
          request.on('paymentmethod', (event) => {
            event.complete('success')
            placeWithWallet.current(event.paymentMethod.id)
          })
        }
      })
      .catch(() => !cancelled && setState('failed'))
    return () => {
      cancelled = true
      card.current?.destroy()
      wallet?.destroy()
      walletRequest.current = null
    }
  }, [publishableKey, applePay])

  useImperativeHandle(handle, () => ({
    async tokenize() {
      if (!stripe.current || !card.current) return { error: 'The card form is still loading. Try again in a moment.' }
      const result = await stripe.current.createPaymentMethod({ type: 'card', card: card.current })
      if (result.paymentMethod) return { token: result.paymentMethod.id }
      return { error: result.error?.message ?? 'Check your card details.' }
    },
  }))

  const message = error ?? cardError
  return (
    <div className="stripe-card">
      <div ref={walletHost} className="wallet-button" />
      <label htmlFor="stripe-card-element" className="field-label">
        Card
      </label>
      <div id="stripe-card-element" ref={cardHost} className="stripe-card-element" data-field="card_number" tabIndex={-1} />
      {state === 'loading' ? <p className="field-hint">Loading the secure card form…</p> : null}
      {state === 'failed' ? <p className="field-error">The secure card form could not be loaded. Check your connection and reload the page.</p> : null}
      {message ? (
        <p className="field-error" role="alert">
          {message}
        </p>
      ) : null}
      {afterpayAvailable ? (
        <p className="afterpay-note">Or pay in 4 interest-free instalments of {formatPrice(Math.round((total / 4) * 100) / 100, { keepZeroCents: true })} with Afterpay.</p>
      ) : null}
    </div>
  )
}
