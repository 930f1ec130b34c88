/**
 * Secure Checkout: contact, shipping address, billing address (same as shipping
 * by default), shipping method, card, and the order summary with the server's
 * figures.
 *
 * With JavaScript the form never posts to this page: the browser checks it with
 * core's rules (validateCheckoutForm, validateCardForm), hands the card to the
 * payment provider (the test gateway's POST /api/payments/test-tokens, or
 * Stripe.js) for a token, and places the order with POST /api/checkout under an
 * Idempotency-Key kept for the attempt (lib/checkout/attempt-key.ts). A bank's
 * authentication step opens a dialog, then the same key is sent again; a decline
 * shows at the card and keeps the form. Then the page goes to the answer's `next`.
 *
 * Without JavaScript the address part posts to this page's action, which checks
 * it with the same rules and stores nothing; the card step says why card
 * payment needs JavaScript (<noscript>).
 */
import '../styles/checkout.css'
import {
  AFTERPAY_REFUSALS,
  afterpayCovers,
  afterpayRefusalOf,
  billingSameAsShipping,
  formatPrice,
  validateCardForm,
  validateCheckoutForm,
  parseExpiryInput,
  type AddressEntry,
  type CheckoutQuote,
  type CheckoutResult,
  type DefaultAddresses,
  type FieldError,
  isStoreError,
  type StoreServices,
  toCents,
} from '@store/core'
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react'
import { data, Form, redirect, useNavigate } from 'react-router'
import { readForm } from '../lib/read-form'
import { AddressFields, type FormValues } from '../components/checkout/address-fields'
import { AuthenticationDialog } from '../components/checkout/authentication-dialog'
import { CardFields, TestCardsHint, type CardValues } from '../components/checkout/card-fields'
import { OrderSummary } from '../components/checkout/order-summary'
import { PaymentChoice, type PayBy } from '../components/checkout/payment-choice'
import { NEW_CARD, payableCards, SavedCards } from '../components/checkout/saved-cards'
import { authenticateStripePayment, StripeCard, stripeKeyOf, type StripeCardHandle } from '../components/checkout/stripe-card'
import { FormErrors } from '../components/forms/form-field'
import { scrollToField } from '../components/forms/use-form-errors'
import { StoreLink } from '../components/store-link'
import { track } from '../lib/analytics/analytics-client'
import { InitiateCheckoutPixel } from '../lib/analytics/pixel-events'
import { useBrowserApi } from '../lib/api/browser'
import { authenticatePayment, createTestToken, getCheckoutQuote, placeOrder, startAfterpay } from '../lib/api/checkout-api'
import { ApiError } from '../lib/api/client'
import { formResult } from '../lib/api/post-form'
import { requestCart } from '../lib/api/server'
import type { ApiErrorItem, Cart } from '../lib/api/types'
import { attemptFor, attemptScope, forgetAttempt, saveAttempt } from '../lib/checkout/attempt-key'
import { checkoutMeta } from '../lib/meta'
import { useCart, useSettings } from '../lib/store/store-provider'
import type { Route } from './+types/checkout'

export const meta: Route.MetaFunction = (args) => checkoutMeta(args)

const money = (n: number) => formatPrice(n, { keepZeroCents: true })

/** The checkout_flow that places a member's exchange held in the cart (the server's checkout/exchange-door.ts). */
const EXCHANGE_FLOW = 'exchange'

const ADDRESS_PARTS = ['name', 'company', 'country', 'address', 'address_2', 'city', 'state', 'zip', 'phone'] as const
const FIELD_NAMES = ['email', ...ADDRESS_PARTS.map((p) => `shipping_${p}`), 'billing_same', ...ADDRESS_PARTS.map((p) => `billing_${p}`), 'shipping_method']

/** The form's first values: the logged-in customer's e-mail, and their default addresses where the address book has them. */
function initialValues(email: string, name: string, defaults: DefaultAddresses | null): FormValues {
  const values: FormValues = { email, billing_same: 'true', shipping_method: 'standard', shipping_country: 'US', billing_country: 'US' }
  if (name) values.shipping_name = name
  const fill = (prefix: 'shipping' | 'billing', address: AddressEntry) => {
    for (const part of ADDRESS_PARTS) if (address[part]) values[`${prefix}_${part}`] = String(address[part])
  }
  if (defaults?.shipping) fill('shipping', defaults.shipping)
  if (defaults?.billing && defaults.shipping && !billingSameAsShipping(defaults.shipping, defaults.billing)) {
    fill('billing', defaults.billing)
    values.billing_same = 'false'
  }
  return values
}

/** An e-mail worth quoting for (the form's own rules say the rest when it is sent). */
const LOOKS_LIKE_EMAIL = /^\s*[^\s@]+@[^\s@]+\.[^\s@]{2,}\s*$/

/** The figures of an empty cart (nothing to quote). */
const NOTHING: CheckoutQuote = {
  shipping_options: [],
  shipping_method: 'standard',
  subtotal: 0,
  discount: 0,
  bundle_discount: 0,
  shipping: 0,
  tax: 0,
  total: 0,
  club_fee: 0,
  code_refusal: null,
}

/** The cart's own figures, for a page whose quote the store refused (the totals it shows still add up). */
function cartFigures(cart: Cart): CheckoutQuote {
  return {
    shipping_options: [],
    shipping_method: 'standard',
    subtotal: cart.cart_subtotal,
    discount: cart.cart_discount ?? 0,
    bundle_discount: cart.bundle_discount,
    shipping: cart.cart_shipping,
    tax: cart.cart_tax,
    total: cart.cart_total,
    club_fee: 0,
    code_refusal: null,
  }
}

/**
 * The checkout's quote, or the store's refusal of it said on the page rather than a 500: a cart that
 * would join the club for a shopper who cannot join here (a visitor: a membership needs an account).
 */
async function quoteOrRefusal(
  services: StoreServices,
  cart: Cart,
  input: Parameters<StoreServices['checkoutQuote']>[0],
): Promise<{ quote: CheckoutQuote; refusal: ApiErrorItem[] }> {
  if (cart.items.length === 0) return { quote: NOTHING, refusal: [] }
  try {
    return { quote: await services.checkoutQuote(input), refusal: [] }
  } catch (error) {
    if (!isStoreError(error) || error.status >= 500) throw error
    // said above the form: it is about the order, not a field the shopper typed
    return { quote: cartFigures(cart), refusal: error.errors.map((e) => ({ message: e.message })) }
  }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const cart = await requestCart(context)
  // back from Afterpay without an order (/checkout?afterpay=declined): why, in the store's words
  const afterpay = afterpayRefusalOf(new URL(request.url).searchParams.get('afterpay'))
  // a logged-in customer's default addresses fill the form (the members' address book)
  const defaults = cart.loggedin ? await context.services.defaultAddresses().catch(() => null) : null
  const country = defaults?.shipping?.country || 'US'
  const state = defaults?.shipping?.state ?? ''
  // a member's exchange in the cart is placed on its own with nothing to pay: no quote, no card (docs/decisions/223)
  const exchange = cart.exchange_label !== null
  const { quote, refusal } = exchange ? { quote: NOTHING, refusal: [] } : await quoteOrRefusal(context.services, cart, { country, state, shipping_method: 'standard' })
  // and their saved cards may pay (docs/checkout.md "Paying with a saved card")
  const savedCards = cart.loggedin && cart.items.length && !exchange ? payableCards(await context.services.paymentMethods().catch(() => [])) : []
  // without JavaScript an exchange is placed by this page's action, under a key made for this view
  const exchangeKey = exchange ? crypto.randomUUID() : null
  return {
    cart,
    quote,
    refusal,
    defaults,
    payment: context.services.paymentSetup(),
    savedCards,
    exchangeKey,
    afterpayRefusal: afterpay ? AFTERPAY_REFUSALS[afterpay] : null,
  }
}

/** The small form beside the club's notice: this order checks out without joining. */
const WITHOUT_CLUB = 'checkout-without-club'

/**
 * Without JavaScript: the address is checked with the checkout's own rules; nothing is stored, no card is taken.
 * With or without it: "Check out without joining" puts the cart back in the ordinary flow.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request)
  if (form.get('intent') === WITHOUT_CLUB) {
    const left = await formResult(context.services.setCheckoutFlow({ checkout_flow: 'free_flow', offer_code: '' }))
    if (!left.ok) return data({ values: {} as FormValues, errors: left.errors, addressReady: false, quote: NOTHING }, { status: left.status })
    throw redirect('/checkout')
  }
  const values: FormValues = {}
  for (const name of FIELD_NAMES) {
    const value = form.get(name)
    if (typeof value === 'string') values[name] = value
  }
  const cart = await requestCart(context)
  // an exchange's form has no billing part: billed as shipped (nothing is charged)
  if (!values.billing_same) values.billing_same = cart.exchange_label !== null ? 'true' : 'false'
  const errors: ApiErrorItem[] = validateCheckoutForm(values)
  // a member's exchange needs no card: without JavaScript it is placed here (with it, the page posts it itself)
  if (cart.exchange_label !== null && errors.length === 0) {
    const placed = await formResult(context.services.placeExchange(form.get('exchange_key')?.toString(), values))
    if (placed.ok) throw redirect(placed.value.next ?? '/orders')
    return data({ values, errors: placed.errors, addressReady: false, quote: NOTHING }, { status: placed.status })
  }
  // a refused quote is the loader's to say (loaderData.refusal), as on the first view
  const { quote } = await quoteOrRefusal(context.services, cart, {
    country: values.shipping_country,
    state: values.shipping_state,
    shipping_method: values.shipping_method === 'express' ? 'express' : 'standard',
    email: values.email,
  })
  return data({ values, errors, addressReady: errors.length === 0, quote }, { status: errors.length ? 400 : 200 })
}

type Phase = { kind: 'form' } | { kind: 'paying' } | { kind: 'authenticate'; paymentId: string; clientSecret: string }

/** The field an error of the API belongs to on this page. */
function pageField(field: string | undefined): string | undefined {
  if (!field) return undefined
  if (field === 'number' || field === 'payment_token') return 'card_number'
  if (field === 'cvc') return 'card_cvc'
  if (field === 'exp') return 'card_exp'
  return field
}

function scrollToFirstError(errors: readonly { field?: string }[]) {
  const field = errors.find((error) => error.field)?.field
  // a message for the whole order (the cart, a new total), or for a part the form has no field of (the
  // discount code: "First15 is for a first order…"), is said above the form: bring it into view
  // the form's own field only: the drawer's and the summary's discount inputs are named too, and may be hidden
  const form = document.querySelector('.checkout-form')
  const input = field ? form?.querySelector<HTMLElement>(`[name="${CSS.escape(field)}"], [data-field="${CSS.escape(field)}"]`) : null
  if (!input) {
    if (errors.length > 0) document.getElementById('checkout-errors')?.scrollIntoView({ block: 'center' })
    return
  }
  scrollToField(input)
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const { cart: rootCart, cartUpdating } = useCart()
  const settings = useSettings()
  const cart = rootCart ?? loaderData.cart
  const api = useBrowserApi()
  const navigate = useNavigate()
  const [values, setValues] = useState<FormValues>(() => actionData?.values ?? initialValues(cart.customer?.e_mail_address ?? '', cart.customer?.name ?? '', loaderData.defaults))
  const [card, setCard] = useState<CardValues>({ number: '', exp: '', cvc: '' })
  const [errors, setErrors] = useState<ApiErrorItem[]>(actionData?.errors ?? (loaderData.afterpayRefusal ? [{ message: loaderData.afterpayRefusal }] : []))
  const [quote, setQuote] = useState<CheckoutQuote>(actionData?.quote ?? loaderData.quote)
  const [quoting, setQuoting] = useState(false)
  const [phase, setPhase] = useState<Phase>({ kind: 'form' })
  const [authBusy, setAuthBusy] = useState(false)
  const stripeCard = useRef<StripeCardHandle>(null)
  const cardChanged = useRef(true)
  const attemptScopeRef = useRef<string | null>(null)
  /** an order waiting for the bank's step: if its outcome gets lost, /please-wait follows it */
  const pendingOrder = useRef<string | null>(null)
  const payment = loaderData.payment
  const stripeKey = stripeKeyOf(payment, settings)
  const useStripe = stripeKey !== null
  // a saved card (its id) or NEW_CARD; the default card is listed first and chosen first
  const savedCards = loaderData.savedCards
  const [payWith, setPayWith] = useState<string>(savedCards[0]?.id ?? NEW_CARD)
  const payingWithSaved = payWith !== NEW_CARD

  // this order joins the club (the cart's flow is a joining one): the page says so, and what it costs
  // (nothing today for a former member whose month is paid); a visitor's cart would, once they log in
  const joining = quote.club_fee > 0 || (cart.has_club_in_cart && cart.loggedin)
  const joinNeedsAccount = cart.has_club_in_cart && !cart.loggedin
  // a member's exchange in the cart: the page confirms its address only, nothing to pay (placed on its own, first)
  const exchange = cart.exchange_label !== null
  const clubName = settings.clubName ?? 'the club'

  // Afterpay: Stripe's, for a total within the brand's minimum and maximum, and not for a join (its club needs a card)
  const [payBy, setPayBy] = useState<PayBy>('card')
  const afterpayRange = { afterpay: settings.afterpay, minCents: toCents(settings.afterpayMinimum), maxCents: toCents(settings.afterpayMaximum) }
  const afterpayOffered = useStripe && !joining && !joinNeedsAccount && afterpayCovers(afterpayRange, toCents(quote.total))
  const byAfterpay = afterpayOffered && payBy === 'afterpay'

  const fieldError = (name: string) => errors.find((error) => error.field === name)?.message
  const change = (name: string, value: string) => {
    setValues((current) => ({ ...current, [name]: value }))
    if (errors.some((error) => error.field === name)) setErrors((current) => current.filter((error) => error.field !== name))
  }
  const billingSame = values.billing_same !== 'false'

  // Checkout Started, once per visit of the page with something to buy
  const started = useRef(false)
  useEffect(() => {
    if (started.current || cart.items.length === 0) return
    started.current = true
    track('Checkout Started', { value: cart.cart_total, items: cart.items.length, checkout_flow: cart.checkout_flow })
  }, [cart])

  // the figures again whenever what they depend on changes: method, country, state, the cart itself
  const country = values.shipping_country ?? 'US'
  const state = values.shipping_state ?? ''
  const method = values.shipping_method === 'express' ? 'express' : 'standard'
  // the e-mail once it looks like one: a code for a first order that it has used is left out of the figures (code_refusal)
  const email = LOOKS_LIKE_EMAIL.test(values.email ?? '') ? (values.email ?? '').trim() : ''
  const cartVersion = `${cart.cart_subtotal}|${cart.cart_discount}|${cart.items.length}|${cart.checkout_flow}`
  const firstQuote = useRef(true)
  // no quote while the order is being paid: the order is priced on the server, and once paid the
  // cart is spent (a quote then is refused); a form shown again after a refusal quotes afresh
  const onForm = phase.kind === 'form'
  // biome-ignore lint/correctness/useExhaustiveDependencies: quotes again when the cart changes (cartVersion); actionData counts for the first quote only
  useEffect(() => {
    if (cart.items.length === 0 || !onForm || exchange) return
    if (firstQuote.current) {
      firstQuote.current = false
      // the loader quoted the form's first values already
      if (!actionData && method === 'standard') return
    }
    let cancelled = false
    setQuoting(true)
    const timer = setTimeout(() => {
      getCheckoutQuote(api, { country, state, shipping_method: method, email })
        .then((next) => !cancelled && setQuote(next))
        .catch(() => undefined)
        .finally(() => !cancelled && setQuoting(false))
    }, 150)
    return () => {
      cancelled = true
      clearTimeout(timer)
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, country, state, method, email, cartVersion, onForm, exchange])

  useEffect(() => {
    if (actionData?.errors?.length) scrollToFirstError(actionData.errors)
  }, [actionData])

  // a refusal's errors are scrolled to once they are on the page: an effect runs after they render, where a
  // frame requested at once now and then came before React had drawn them and scrolled to an empty message box
  const [refusal, setRefusal] = useState<ApiErrorItem[] | null>(null)
  useEffect(() => {
    if (refusal) scrollToFirstError(refusal)
  }, [refusal])

  const show = (list: ApiErrorItem[]) => {
    setErrors(list)
    setPhase({ kind: 'form' })
    setRefusal(list)
  }

  /** The form as POST /checkout takes it (billing parts only when billing differs). */
  const orderFields = useMemo(() => {
    const fields: Record<string, string> = {}
    for (const name of FIELD_NAMES) {
      if (name.startsWith('billing_') && name !== 'billing_same' && billingSame) continue
      fields[name] = values[name] ?? ''
    }
    fields.billing_same = billingSame ? 'true' : 'false'
    return fields
  }, [values, billingSame])

  // another saved card is another attempt (its own key), as a new card is
  const scope = attemptScope('checkout', [...cart.items.map((line) => `${line.cartId}x${line.qty}`), JSON.stringify(orderFields), byAfterpay ? 'afterpay' : payWith])

  /** How the order pays: a new card's token, or the saved card chosen. */
  const paymentFields = (token: string): Record<string, string> => (payingWithSaved ? { payment_method_id: payWith } : { payment_token: token })

  async function finish(result: CheckoutResult, key: string, token: string) {
    if (result.status === 'requires_action') {
      pendingOrder.current = result.order_number
      setPhase({ kind: 'authenticate', paymentId: result.payment_id, clientSecret: result.client_secret })
      if (stripeKey) {
        // Stripe.js shows the bank's own step (a saved card's too), then the same key goes again
        const problem = await authenticateStripePayment(stripeKey, result.client_secret)
        if (problem) {
          forgetAttempt(scope)
          cardChanged.current = true
          track('Payment Failed', { reason: 'authentication' })
          return show([{ field: payingWithSaved ? 'payment_method_id' : 'card_number', message: problem }])
        }
        setPhase({ kind: 'paying' })
        return submitOrder(key, token)
      }
      return
    }
    forgetAttempt(scope)
    track('Payment Success', { order_number: result.order_number, value: quote.total })
    void navigate(result.next)
  }

  async function submitOrder(key: string, token: string) {
    try {
      // the total on the button: the store refuses the order (409) if it would charge another
      const result = await placeOrder(api, key, { ...orderFields, ...paymentFields(token), expected_total: quote.total.toFixed(2) })
      await finish(result, key, token)
    } catch (error) {
      void handleFailure(error)
    }
  }

  /** The cart's exchange placed (nothing charged): then the orders page, the original saying "Exchange requested". */
  async function submitExchange(key: string) {
    try {
      const result = await placeOrder(api, key, { ...orderFields, checkout_flow: EXCHANGE_FLOW })
      forgetAttempt(scope)
      void navigate(result.next ?? '/orders')
    } catch (error) {
      void handleFailure(error)
    }
  }

  /** Afterpay: the order reserved under the attempt's key, then the shopper goes to Afterpay's page (and comes back to its return URL). */
  async function goToAfterpay(key: string) {
    try {
      const result = await startAfterpay(api, key, { ...orderFields, expected_total: quote.total.toFixed(2) })
      // the key's work is done once the shopper is at Afterpay: coming back without an order, the next try is a new attempt
      forgetAttempt(scope)
      if (result.status === 'redirect') {
        window.location.assign(result.redirect_url)
        return
      }
      void navigate(result.next)
    } catch (error) {
      void handleFailure(error)
    }
  }

  function handleFailure(error: unknown) {
    if (error instanceof ApiError) {
      // a refused saved card is said at the saved cards
      const list = error.errors.map((e) => {
        const field = pageField(e.field)
        return { message: e.message, field: payingWithSaved && field === 'card_number' ? 'payment_method_id' : field }
      })
      if (error.status !== 409) pendingOrder.current = null
      if (error.status === 409 && pendingOrder.current && error.errors.some((e) => e.field !== 'cart')) {
        // the same attempt is still being paid (another tab, a double click): follow it rather than pay again
        return navigate(`/please-wait?order=${encodeURIComponent(pendingOrder.current)}`)
      }
      if (error.status === 402) {
        // declined: this attempt is over; the shopper may change the card and try again
        forgetAttempt(scope)
        cardChanged.current = true
        track('Payment Failed', { reason: list[0]?.message ?? 'declined' })
      } else if (error.status === 422 || error.status === 409) {
        forgetAttempt(scope)
      }
      return show(list.map((e) => (e.field === 'cart' || e.field === 'Idempotency-Key' || e.field === 'expected_total' ? { message: e.message } : e)))
    }
    // the network or the server had a bad moment: the attempt (and its key) stays for a retry
    if (pendingOrder.current) return navigate(`/please-wait?order=${encodeURIComponent(pendingOrder.current)}`)
    show([{ message: 'We could not reach the store just now. Try again: you will not be charged twice.' }])
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (phase.kind !== 'form') return
    const problems: ApiErrorItem[] = validateCheckoutForm(orderFields).map((e: FieldError) => ({ field: e.field, message: e.message }))
    const expiry = parseExpiryInput(card.exp)
    const cardValues = { number: card.number, cvc: card.cvc, exp_month: expiry?.month ?? '', exp_year: expiry?.year ?? '' }
    if (!useStripe && !payingWithSaved && !exchange) {
      for (const e of validateCardForm(cardValues)) problems.push({ field: pageField(e.field), message: e.message })
    }
    if (problems.length > 0) return show(problems)
    setErrors([])
    setPhase({ kind: 'paying' })

    if (attemptScopeRef.current && attemptScopeRef.current !== scope) forgetAttempt(attemptScopeRef.current)
    attemptScopeRef.current = scope
    let attempt = attemptFor(scope)
    if (exchange) {
      // nothing to pay: the address goes with the exchange's own flow, under the attempt's key
      saveAttempt(scope, attempt)
      return submitExchange(attempt.key)
    }
    if (byAfterpay) {
      saveAttempt(scope, attempt)
      return goToAfterpay(attempt.key)
    }
    if (payingWithSaved) {
      // nothing to tokenise: the saved card's id goes with the order
      saveAttempt(scope, attempt)
      return submitOrder(attempt.key, '')
    }
    if (!attempt.token || cardChanged.current) {
      // another card is another attempt: a key already sent with the old token gets no second use
      if (attempt.token) {
        forgetAttempt(scope)
        attempt = attemptFor(scope)
      }
      try {
        if (useStripe) {
          const result = await stripeCard.current!.tokenize()
          if ('error' in result) return show([{ field: 'card_number', message: result.error }])
          attempt = { ...attempt, token: result.token }
        } else {
          attempt = { ...attempt, token: (await createTestToken(api, cardValues)).token }
        }
      } catch (error) {
        return handleFailure(error)
      }
      saveAttempt(scope, attempt)
      cardChanged.current = false
    }
    await submitOrder(attempt.key, attempt.token!)
  }

  async function answerAuthentication(outcome: 'complete' | 'cancel') {
    if (phase.kind !== 'authenticate') return
    setAuthBusy(true)
    try {
      // a step no longer waiting (its payment cancelled: a join started again in another window replaced this
      // one) is refused; the store's answer to this attempt's key then says what became of it
      await authenticatePayment(api, phase.paymentId, outcome).catch(() => undefined)
      const attempt = attemptFor(scope)
      setPhase({ kind: 'paying' })
      await submitOrder(attempt.key, attempt.token ?? '')
    } catch (error) {
      void handleFailure(error)
    } finally {
      setAuthBusy(false)
    }
  }

  if (cart.items.length === 0) {
    // back here from the funnel after paying: the order this session placed last is where the shopper was
    const placed = cart.session_orders.at(-1)
    return (
      <div className="container page page-narrow">
        <h1 className="page-title">Secure Checkout</h1>
        {placed ? (
          <p role="status">
            Your order {placed} is placed. <StoreLink to={`/thank-you?order=${encodeURIComponent(placed)}`}>See your order</StoreLink>
          </p>
        ) : null}
        <p>Your cart is empty.</p>
        <p>
          <StoreLink to={settings.mainShoppingPath || '/'} className="button button-primary">
            Continue shopping
          </StoreLink>
        </p>
      </div>
    )
  }

  const paying = phase.kind !== 'form'
  // the store's refusal of the quote comes with the loader's data (gone once the shopper checks out without joining)
  const topErrors = [
    ...loaderData.refusal,
    ...errors.filter((error) => !error.field || !FIELD_NAMES.concat(['card_number', 'card_cvc', 'card_exp', 'payment_method_id']).includes(error.field)),
  ]
  return (
    <div className="container checkout-page">
      <InitiateCheckoutPixel cart={cart} />
      <h1 className="page-title">Secure Checkout</h1>
      <div className="checkout-grid">
        <Form method="post" className="checkout-form" noValidate onSubmit={onSubmit} aria-describedby={topErrors.length ? 'checkout-errors' : undefined}>
          <FormErrors id="checkout-errors" errors={topErrors.map((e) => ({ message: e.message }))} />

          <fieldset className="checkout-step">
            <legend>Contact</legend>
            <div className="field">
              <label htmlFor="checkout-email">Email</label>
              <input
                id="checkout-email"
                name="email"
                type="email"
                autoComplete="email"
                required
                value={values.email ?? ''}
                onChange={(e) => change('email', e.target.value)}
                aria-invalid={fieldError('email') ? true : undefined}
                aria-describedby={fieldError('email') ? 'checkout-email-error' : undefined}
              />
              {fieldError('email') ? (
                <p className="field-error" id="checkout-email-error">
                  {fieldError('email')}
                </p>
              ) : null}
            </div>
          </fieldset>

          <fieldset className="checkout-step">
            <legend>Shipping address</legend>
            <AddressFields prefix="shipping" values={values} fieldError={fieldError} onChange={change} />
          </fieldset>

          {exchange && loaderData.exchangeKey ? <input type="hidden" name="exchange_key" value={loaderData.exchangeKey} /> : null}
          {exchange ? (
            <p className="notice exchange-notice" id="exchange-notice" data-testid="exchange-notice">
              <strong>{cart.exchange_label}</strong>. A like-for-like exchange: nothing to pay. Confirm where it goes and we send it; send the piece you are exchanging back with
              the slip in your parcel.
            </p>
          ) : (
            <>
              <fieldset className="checkout-step">
                <legend>Billing address</legend>
                <div className="checkbox-field">
                  <input
                    id="billing-same"
                    name="billing_same"
                    type="checkbox"
                    value="true"
                    checked={billingSame}
                    onChange={(e) => change('billing_same', e.target.checked ? 'true' : 'false')}
                  />
                  <label htmlFor="billing-same">Same as shipping address</label>
                </div>
                {fieldError('billing_same') ? <p className="field-error">{fieldError('billing_same')}</p> : null}
                {billingSame ? null : <AddressFields prefix="billing" values={values} fieldError={fieldError} onChange={change} />}
              </fieldset>

              <fieldset className="checkout-step shipping-methods">
                <legend>Shipping method</legend>
                {quote.shipping_options.map((option) => (
                  <label key={option.method} className="shipping-option">
                    <input type="radio" name="shipping_method" value={option.method} checked={method === option.method} onChange={() => change('shipping_method', option.method)} />
                    <span className="shipping-option-label">{option.label}</span>
                    <span className="shipping-option-price">{option.free ? 'Free' : formatPrice(option.price, { keepZeroCents: true })}</span>
                  </label>
                ))}
                {fieldError('shipping_method') ? <p className="field-error">{fieldError('shipping_method')}</p> : null}
                {method === 'standard' && !quote.shipping_options[0]?.free && cart.free_shipping_threshold > 0 ? (
                  <p className="field-hint">Standard shipping is free on orders of {formatPrice(cart.free_shipping_threshold)} or more.</p>
                ) : null}
              </fieldset>

              <fieldset className="checkout-step">
                <legend>Payment</legend>
                <noscript>
                  <p className="noscript-card" role="note">
                    {actionData?.addressReady ? 'Your address is complete. ' : ''}
                    Card payment needs JavaScript: your card goes straight to our payment provider from your browser, never through our store. Turn JavaScript on and reload this
                    page to pay.
                  </p>
                </noscript>
                {afterpayOffered ? <PaymentChoice payBy={payBy} total={quote.total} disabled={paying} onChoose={setPayBy} /> : null}
                {savedCards.length > 0 && !byAfterpay ? (
                  <SavedCards
                    cards={savedCards}
                    chosen={payWith}
                    disabled={paying}
                    error={fieldError('payment_method_id')}
                    onChoose={(choice) => {
                      setPayWith(choice)
                      setErrors((current) => current.filter((e) => e.field !== 'payment_method_id'))
                    }}
                  />
                ) : null}
                {payingWithSaved ? null : useStripe ? (
                  // kept mounted while Afterpay is chosen, so a card typed already stays
                  <div hidden={byAfterpay}>
                    <StripeCard
                      handle={stripeCard}
                      publishableKey={stripeKey!}
                      applePay={settings.stripeJsApplePay}
                      afterpayAvailable={cart.afterpay_available && !afterpayOffered}
                      total={quote.total}
                      error={fieldError('card_number')}
                      onWalletToken={(token) => {
                        const attempt = { ...attemptFor(scope), token }
                        saveAttempt(scope, attempt)
                        setPhase({ kind: 'paying' })
                        void submitOrder(attempt.key, token)
                      }}
                    />
                  </div>
                ) : (
                  <CardFields
                    values={card}
                    fieldError={fieldError}
                    disabled={paying}
                    onChange={(next) => {
                      cardChanged.current = true
                      setCard(next)
                      setErrors((current) => current.filter((e) => !e.field?.startsWith('card_')))
                    }}
                  />
                )}
                {payment.gateway === 'test' && !payingWithSaved ? <TestCardsHint /> : null}
              </fieldset>
            </>
          )}
          {joining ? (
            <p className="notice club-join-notice" id="club-join-notice" data-testid="club-join-notice">
              {quote.club_fee > 0
                ? `Placing this order makes you a ${clubName} member: ${money(quote.club_fee)} today for your first month, then `
                : `Placing this order makes you a ${clubName} member again: nothing more today, this month is already paid, then `}
              {money(cart.club_monthly ?? quote.club_fee)} every month until you cancel. Skip a month, pause or cancel any time in the Members Area.
            </p>
          ) : null}
          {joinNeedsAccount ? (
            <p className="notice club-join-notice" data-testid="club-join-account">
              Your {clubName} membership belongs to your account: <StoreLink to="/login?redirectTo=%2Fcheckout">log in</StoreLink> or{' '}
              <StoreLink to="/register?redirectTo=%2Fcheckout">create an account</StoreLink> to join with this order, or check out without joining.
            </p>
          ) : null}
          <button
            type="submit"
            className="button button-primary button-block place-order"
            aria-disabled={paying || cartUpdating || undefined}
            aria-describedby={joining ? 'club-join-notice' : exchange ? 'exchange-notice' : undefined}
          >
            {paying
              ? 'Processing…'
              : exchange
                ? `Place exchange · ${money(0)}`
                : byAfterpay
                  ? `Continue to Afterpay · ${money(quote.total)}`
                  : joining
                    ? `Join ${clubName} and pay ${money(quote.total)}`
                    : `Place order · ${money(quote.total)}`}
          </button>
          {joining || joinNeedsAccount ? (
            // the form of its own (below the grid): a button of that form, shown here
            <button type="submit" form="club-leave-form" className="link-button club-leave" disabled={paying}>
              Check out without joining {clubName}
            </button>
          ) : null}
        </Form>

        <OrderSummary cart={cart} quote={quote} updating={quoting || cartUpdating} clubName={settings.clubName} />
      </div>

      {joining || joinNeedsAccount ? (
        <Form method="post" id="club-leave-form" hidden>
          <input type="hidden" name="intent" value={WITHOUT_CLUB} />
        </Form>
      ) : null}
      {phase.kind === 'paying' ? (
        <div className="please-wait-overlay" role="status" aria-live="assertive">
          <div className="please-wait-panel">
            <span className="spinner" aria-hidden="true" />
            <p>Please wait while we process your payment. Don't close or reload this page.</p>
          </div>
        </div>
      ) : null}
      {phase.kind === 'authenticate' && !useStripe ? <AuthenticationDialog amount={quote.total} busy={authBusy} onAnswer={answerAuthentication} /> : null}
    </div>
  )
}
