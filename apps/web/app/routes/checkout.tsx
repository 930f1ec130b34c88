/**
 * Secure Checkout: contact, shipping address, billing address (same as shipping
 * by default), shipping method, card, and the order summary with the server's
 * figures.
 *
 * With JavaScript the form never posts to this page: the browser checks it with
 * core's rules, hands the card to the payment provider for a token and places the
 * order with POST /api/checkout under an Idempotency-Key kept for the attempt
 * (components/checkout/use-place-order.ts). The figures are quoted again as the
 * form changes (use-checkout-quote.ts).
 *
 * Without JavaScript the address part posts to this page's action, which checks
 * it with the same rules and stores nothing; the card step says why card
 * payment needs JavaScript (<noscript>).
 */
import '../styles/checkout.css'
import { AFTERPAY_REFUSALS, afterpayCovers, afterpayRefusalOf, formatPrice, toCents, validateCheckoutForm } from '@store/core'
import { useEffect, useMemo, useRef, useState } from 'react'
import { data, Form, redirect } from 'react-router'
import { readForm } from '../lib/read-form'
import { AddressFields, type FormValues } from '../components/checkout/address-fields'
import { AuthenticationDialog } from '../components/checkout/authentication-dialog'
import { CardFields, TestCardsHint, type CardValues } from '../components/checkout/card-fields'
import { FIELD_NAMES, initialValues, scrollToFirstError, WITHOUT_CLUB } from '../components/checkout/checkout-form'
import { BillingStep, ContactStep, ShippingMethodStep } from '../components/checkout/checkout-steps'
import { ClubJoinNotice } from '../components/checkout/club-join-notice'
import { EmptyCheckout } from '../components/checkout/empty-checkout'
import { OrderSummary } from '../components/checkout/order-summary'
import { PaymentChoice, type PayBy } from '../components/checkout/payment-choice'
import { NEW_CARD, payableCards, SavedCards } from '../components/checkout/saved-cards'
import { StripeCard, stripeKeyOf, type StripeCardHandle } from '../components/checkout/stripe-card'
import { useCheckoutQuote } from '../components/checkout/use-checkout-quote'
import { type Phase, usePlaceOrder } from '../components/checkout/use-place-order'
import { FormErrors } from '../components/forms/form-field'
import { track } from '../lib/analytics/analytics-client'
import { InitiateCheckoutPixel } from '../lib/analytics/pixel-events'
import { useBrowserApi } from '../lib/api/browser'
import { formResult } from '../lib/api/post-form'
import { requestCart } from '../lib/api/server'
import type { ApiErrorItem } from '../lib/api/types'
import { attemptScope } from '../lib/checkout/attempt-key'
import { NOTHING, quoteOrRefusal } from '../lib/checkout/checkout-quote.server'
import { checkoutMeta } from '../lib/meta'
import { useCart, useSettings } from '../lib/store/store-provider'
import type { Route } from './+types/checkout'

export const meta: Route.MetaFunction = (args) => checkoutMeta(args)

const money = (n: number) => formatPrice(n, { keepZeroCents: true })

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

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const { cart: rootCart, cartUpdating } = useCart()
  const settings = useSettings()
  const cart = rootCart ?? loaderData.cart
  const api = useBrowserApi()
  const [values, setValues] = useState<FormValues>(() => actionData?.values ?? initialValues(cart.customer?.e_mail_address ?? '', cart.customer?.name ?? '', loaderData.defaults))
  const [card, setCard] = useState<CardValues>({ number: '', exp: '', cvc: '' })
  const [errors, setErrors] = useState<ApiErrorItem[]>(actionData?.errors ?? (loaderData.afterpayRefusal ? [{ message: loaderData.afterpayRefusal }] : []))
  const [phase, setPhase] = useState<Phase>({ kind: 'form' })
  const stripeCard = useRef<StripeCardHandle>(null)
  const payment = loaderData.payment
  const stripeKey = stripeKeyOf(payment, settings)
  const useStripe = stripeKey !== null
  // a saved card (its id) or NEW_CARD; the default card is listed first and chosen first
  const savedCards = loaderData.savedCards
  const [payWith, setPayWith] = useState<string>(savedCards[0]?.id ?? NEW_CARD)
  const payingWithSaved = payWith !== NEW_CARD
  // a member's exchange in the cart: the page confirms its address only, nothing to pay (placed on its own, first)
  const exchange = cart.exchange_label !== null
  const { quote, quoting, method } = useCheckoutQuote({
    api,
    cart,
    values,
    first: actionData?.quote ?? loaderData.quote,
    posted: actionData !== undefined,
    onForm: phase.kind === 'form',
    exchange,
  })

  // this order joins the club (the cart's flow is a joining one): the page says so, and what it costs
  // (nothing today for a former member whose month is paid); a visitor's cart would, once they log in
  const joining = quote.club_fee > 0 || (cart.has_club_in_cart && cart.loggedin)
  const joinNeedsAccount = cart.has_club_in_cart && !cart.loggedin
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

  useEffect(() => {
    if (actionData?.errors?.length) scrollToFirstError(actionData.errors)
  }, [actionData])

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
  const placing = usePlaceOrder({ api, phase, setPhase, setErrors, orderFields, scope, card, payWith, exchange, byAfterpay, stripeKey, stripeCard, total: quote.total })

  if (cart.items.length === 0) return <EmptyCheckout placed={cart.session_orders.at(-1)} shoppingPath={settings.mainShoppingPath || '/'} />

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
        <Form method="post" className="checkout-form" noValidate onSubmit={placing.onSubmit} aria-describedby={topErrors.length ? 'checkout-errors' : undefined}>
          <FormErrors id="checkout-errors" errors={topErrors.map((e) => ({ message: e.message }))} />

          <ContactStep values={values} fieldError={fieldError} onChange={change} />

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
              <BillingStep values={values} fieldError={fieldError} onChange={change} />
              <ShippingMethodStep options={quote.shipping_options} method={method} freeFrom={cart.free_shipping_threshold} fieldError={fieldError} onChange={change} />
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
                      onWalletToken={placing.payWithWallet}
                    />
                  </div>
                ) : (
                  <CardFields
                    values={card}
                    fieldError={fieldError}
                    disabled={paying}
                    onChange={(next) => {
                      placing.cardChanged()
                      setCard(next)
                      setErrors((current) => current.filter((e) => !e.field?.startsWith('card_')))
                    }}
                  />
                )}
                {payment.gateway === 'test' && !payingWithSaved ? <TestCardsHint /> : null}
              </fieldset>
            </>
          )}
          <ClubJoinNotice joining={joining} joinNeedsAccount={joinNeedsAccount} clubName={clubName} fee={quote.club_fee} monthly={cart.club_monthly ?? quote.club_fee} />
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
      {phase.kind === 'authenticate' && !useStripe ? <AuthenticationDialog amount={quote.total} busy={placing.authBusy} onAnswer={placing.answerAuthentication} /> : null}
    </div>
  )
}
