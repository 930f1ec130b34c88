/**
 * Club checkout (/checkout-club): join VIP in one form. The card goes to the
 * payment provider's tokenisation (the test gateway's /payments/test-tokens, or
 * with Stripe its card element and createPaymentMethod, as at /checkout), never
 * to the store; the form then posts to
 * POST /checkout with checkout_flow=checkout_club_flow and an Idempotency-Key
 * kept for the page's life, so a retried click charges once. The first period
 * is charged with the order; any cart lines come along at member prices.
 */
// the checkout's styles: the saved cards, Stripe's card element and the bank's dialog are the checkout's parts
import '../styles/checkout.css'
import {
  dayName,
  formatPrice,
  parseExpiryInput,
  US_STATE_NAMES,
  US_STATE_OPTIONS,
  validateCardForm,
  type AddressEntry,
  type CheckoutQuote,
  type CheckoutResult,
  type DefaultAddresses,
  type MembershipLanding,
  type PaymentMethod,
} from '@store/core'
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { useRevalidator } from 'react-router'
import { AuthenticationDialog } from '../components/checkout/authentication-dialog'
import { CardFields, TestCardsHint, type CardValues } from '../components/checkout/card-fields'
import { OrderSummary } from '../components/checkout/order-summary'
import { NEW_CARD, payableCards, SavedCards } from '../components/checkout/saved-cards'
import { authenticateStripePayment, StripeCard, stripeKeyOf, type StripeCardHandle } from '../components/checkout/stripe-card'
import { FormErrors } from '../components/forms/form-field'
import { scrollToField } from '../components/forms/use-form-errors'
import { Page } from '../components/page/page'
import { StoreLink } from '../components/store-link'
import { useFocusAfterAction } from '../lib/action-focus'
import { useBrowserApi } from '../lib/api/browser'
import { authenticatePayment, createTestToken, getCheckoutQuote } from '../lib/api/checkout-api'
import { requestCart } from '../lib/api/server'
import type { ApiErrorItem } from '../lib/api/types'
import { useSettings, useStore } from '../lib/store/store-provider'
import { checkoutMeta } from '../lib/meta'
import { requireClubBrand } from '../lib/club.server'
import type { Route } from './+types/checkout-club'

export const meta: Route.MetaFunction = (args) => checkoutMeta(args)

export async function loader({ context }: Route.LoaderArgs) {
  await requireClubBrand(context)
  const cart = await requestCart(context)
  const joining = cart.loggedin && !cart.has_club
  const [landing, membership, defaults, methods] = await Promise.all([
    context.services.membershipLanding().catch((): MembershipLanding | null => null),
    cart.loggedin ? context.services.membership() : Promise.resolve(null),
    // the address book's default shipping address fills the form, and a saved card may pay, as at /checkout
    joining ? context.services.defaultAddresses().catch((): DefaultAddresses | null => null) : Promise.resolve(null),
    joining ? context.services.paymentMethods().catch((): PaymentMethod[] => []) : Promise.resolve([]),
  ])
  // with items in the cart, what joining charges today: the first month and the items at member prices (the
  // checkout's own quote); with none, the page names the monthly price
  const shipTo = usAddress(defaults?.shipping ?? null)
  const quote = joining && cart.items.length > 0 ? await context.services.checkoutQuote(joinQuote(shipTo?.state ?? '')).catch((): CheckoutQuote | null => null) : null
  return {
    loggedin: cart.loggedin,
    email: cart.customer?.e_mail_address ?? '',
    name: cart.customer?.name ?? '',
    member: cart.has_club,
    former: membership !== null && !cart.has_club,
    // a former member whose paid month has not run out rejoins at no charge (from /vip-rejoin-test), not here
    paidThrough: !cart.has_club ? (membership?.paid_through ?? null) : null,
    price: landing?.price ?? cart.club_monthly ?? null,
    howMany: landing?.how_many ?? 1,
    lines: cart.items.length,
    payment: context.services.paymentSetup(),
    shipTo,
    savedCards: payableCards(methods),
    cart,
    quote,
  }
}

/**
 * The order summary's figures of a join with an empty cart: the first month, nothing to ship or tax (the
 * checkout's own pricing: a join is priced as a member, who ships free; the club's fee is not taxed).
 */
function joinOnlyFigures(price: number): CheckoutQuote {
  return {
    shipping_options: [],
    shipping_method: 'standard',
    subtotal: price,
    discount: 0,
    bundle_discount: 0,
    shipping: 0,
    tax: 0,
    total: price,
    club_fee: price,
    code_refusal: null,
  }
}

const JOIN_FLOW = 'checkout_club_flow'

/**
 * The default shipping address that may fill the form: the boxes ship to the US only and the form has a
 * US state list and a Zip Code, so an address abroad (Tokyo, 100-0001) would fill it with a city and a
 * postcode the join then refuses, or worse, ships to a US state it never named. Abroad, only the name is filled.
 */
function usAddress(address: AddressEntry | null): AddressEntry | null {
  return address && (address.country || 'US').toUpperCase() === 'US' ? address : null
}

/** The checkout's quote of joining with the cart, shipped (standard, as the join is) to a US state. */
const joinQuote = (state: string) => ({ country: 'US', state, shipping_method: 'standard', checkout_flow: JOIN_FLOW })

type Joined = { order_number: string }

const ADDRESS_FIELDS: { name: string; label: string; autoComplete: string; required?: boolean }[] = [
  { name: 'shipping_name', label: 'Full name', autoComplete: 'name', required: true },
  { name: 'shipping_address', label: 'Address', autoComplete: 'address-line1', required: true },
  { name: 'shipping_address_2', label: 'Apartment, suite (optional)', autoComplete: 'address-line2' },
  { name: 'shipping_city', label: 'City', autoComplete: 'address-level2', required: true },
  { name: 'shipping_state', label: 'State', autoComplete: 'address-level1', required: true },
  { name: 'shipping_zip', label: 'Zip Code', autoComplete: 'postal-code', required: true },
  { name: 'shipping_phone', label: 'Phone', autoComplete: 'tel', required: true },
]

const FIELD_NAMES = new Set(['email', ...ADDRESS_FIELDS.map((f) => f.name), 'card_number', 'card_exp', 'card_cvc', 'payment_method_id'])

/** A card field's name as the tokenisation says it ('number', 'exp', 'cvc'), as this page's (the checkout's CardFields: card_number, card_exp, card_cvc). */
const cardField = (field: string | undefined) => (field ? `card_${field}` : undefined)

/**
 * POST /checkout's errors where this page shows them: a refused card at the card (at the saved cards when one
 * paid), a field this page lacks (the cart, the key) above the form.
 */
function onThisPage(errors: ApiErrorItem[], savedCardPaid = false): ApiErrorItem[] {
  return errors.map((error) =>
    error.field === 'payment_token'
      ? { ...error, field: savedCardPaid ? 'payment_method_id' : 'card_number' }
      : error.field && !FIELD_NAMES.has(error.field)
        ? { message: error.message }
        : error,
  )
}

export default function CheckoutClub({ loaderData }: Route.ComponentProps) {
  const { brand } = useStore()
  const settings = useSettings()
  const api = useBrowserApi()
  const stripeCard = useRef<StripeCardHandle>(null)
  const { payment } = loaderData
  const stripeKey = stripeKeyOf(payment, settings)
  const revalidator = useRevalidator()
  const key = useRef<string | null>(null)
  /**
   * An attempt whose answer was lost (503: the charge may or may not have gone through; `key` stays): the
   * next click sends it again as it was, same key and same token, so the store finishes that attempt
   * instead of refusing the key with a new token (a token pays once) or charging a second attempt. Only
   * while the form still says what it said; kept in memory only.
   */
  const unanswered = useRef<{ body: URLSearchParams; fields: string } | null>(null)
  const sentFields = useRef('')
  const [errors, setErrors] = useState<ApiErrorItem[]>([])
  const [busy, setBusy] = useState(false)
  // SPEC §5, as at /checkout: each refusal's first field in error is scrolled to (60 px above it) and gets the
  // cursor, in an effect, once the errors are drawn (a frame requested at once now and then came before them)
  const [refusal, setRefusal] = useState<ApiErrorItem[] | null>(null)
  useEffect(() => {
    // once the form is usable again: the card's inputs are disabled while busy, and a disabled input takes no cursor
    if (busy || !refusal) return
    const field = refusal.find((error) => error.field)?.field
    // the card's inputs (the checkout's CardFields) carry no name, only data-field: the card never goes with a form
    const input = field ? document.querySelector<HTMLElement>(`.club-form [name="${CSS.escape(field)}"], .club-form [data-field="${CSS.escape(field)}"]`) : null
    if (input) scrollToField(input)
    // said once: a later press does not bring the cursor back here
    setRefusal(null)
  }, [refusal, busy])
  const refuse = (list: ApiErrorItem[]) => {
    setErrors(list)
    setRefusal(list)
  }
  // a refusal with no field of this page (the cart changed, a new total) leaves the cursor on its message,
  // not on the body where the disabled button dropped it (lib/action-focus.ts)
  useFocusAfterAction(busy, () => document.querySelector('main'))
  const [joined, setJoined] = useState<Joined | null>(null)
  const [authentication, setAuthentication] = useState<{ paymentId: string; body: URLSearchParams } | null>(null)
  const price = loaderData.price === null ? null : formatPrice(loaderData.price, { keepZeroCents: true })
  const { savedCards, shipTo } = loaderData
  const [payWith, setPayWith] = useState<string>(savedCards[0]?.id ?? NEW_CARD)
  // the card as the checkout's card form keeps it (grouped digits, expiry as MM / YY)
  const [card, setCard] = useState<CardValues>({ number: '', exp: '', cvc: '' })
  // what joining charges today when the cart's items come along (quoted again for the state typed)
  const [quote, setQuote] = useState<CheckoutQuote | null>(loaderData.quote)
  // the page read again (a code applied in the summary, a revalidation): its quote
  useEffect(() => setQuote(loaderData.quote), [loaderData.quote])
  const today = quote?.total ?? null
  const requote = (state: string) => {
    if (loaderData.lines === 0) return
    getCheckoutQuote(api, joinQuote(state))
      .then(setQuote)
      .catch(() => undefined)
  }
  const payingWithSaved = payWith !== NEW_CARD

  if (!loaderData.loggedin) {
    return (
      <Page title="Join VIP">
        <p>Your membership belongs to your account: create one, or log in, to join{price ? ` for ${price} a month` : ''}.</p>
        <p>
          <StoreLink to="/register?redirectTo=%2Fcheckout-club" className="button button-primary">
            Create an account
          </StoreLink>{' '}
          <StoreLink to="/login?redirectTo=%2Fcheckout-club" className="button button-secondary">
            Log in
          </StoreLink>
        </p>
      </Page>
    )
  }
  if (joined || loaderData.member) {
    return (
      <Page title="Welcome to VIP">
        <div role="status" className="club-confirmation">
          <h2>{joined ? `You're a VIP member: order ${joined.order_number}` : 'You are already a VIP member'}</h2>
        </div>
        <p>Member prices apply to everything you shop now, and your first monthly pick is on its way. Skip, pause or cancel any time.</p>
        <p>
          <StoreLink to="/category/leggings">Shop with member prices</StoreLink> · <StoreLink to="/skip-vip">Skip a month</StoreLink> · <StoreLink to="/pause-vip">Pause</StoreLink>{' '}
          · <StoreLink to="/cancel-vip">Cancel</StoreLink>
        </p>
      </Page>
    )
  }

  if (loaderData.paidThrough && loaderData.lines === 0) {
    const until = dayName(loaderData.paidThrough)
    return (
      <Page title="Rejoin VIP">
        <p>
          Welcome back. Nothing is due until {until}: rejoin before then and nothing is charged today. Your membership then carries on{price ? ` at ${price} a month` : ''} from{' '}
          {until}.
        </p>
        <p>
          <StoreLink to="/vip-rejoin-test" className="button button-primary">
            Rejoin VIP at no charge today
          </StoreLink>
        </p>
      </Page>
    )
  }

  /** The new card's token from Stripe.js or the test gateway; null, with the card's errors shown, when there is none. */
  async function newCardToken(): Promise<string | null> {
    if (stripeKey) {
      const card = await stripeCard.current?.tokenize()
      if (card && !('error' in card)) return card.token
      refuse([{ message: card?.error ?? 'The card form is still loading. Try again in a moment.', field: 'card_number' }])
      return null
    }
    // the checkout's rules for the card, before anything is sent (SPEC §5)
    const expiry = parseExpiryInput(card.exp)
    const values = { number: card.number, cvc: card.cvc, exp_month: expiry?.month ?? '', exp_year: expiry?.year ?? '' }
    const problems = validateCardForm(values)
    if (problems.length > 0) {
      refuse(problems.map((e) => ({ message: e.message, field: cardField(e.field) })))
      return null
    }
    try {
      return (await createTestToken(api, values)).token
    } catch (error) {
      const items = (error as { errors?: ApiErrorItem[] }).errors ?? [{ message: 'Your card could not be read. Check it and try again.' }]
      refuse(items.map((item) => ({ ...item, field: cardField(item.field) })))
      return null
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const text = (name: string) => String(form.get(name) ?? '').trim()
    setBusy(true)
    setErrors([])
    try {
      // what the shopper asked for this time (card fields included): the same as an unanswered attempt's, that attempt again
      // (the card's inputs carry no name: the card is added as typed, so another card is another attempt)
      const fields =
        new URLSearchParams([...form.entries()].flatMap(([name, value]) => (typeof value === 'string' ? [[name, value]] : []))).toString() +
        `&pay_with=${payWith}&card=${encodeURIComponent(`${card.number}|${card.exp}|${card.cvc}`)}`
      sentFields.current = fields
      const retry = unanswered.current
      unanswered.current = null
      if (retry && retry.fields === fields) {
        await send(retry.body)
        return
      }
      // another attempt: another key
      if (retry) key.current = null
      // 1. a saved card, or a new card's token from the provider's tokenisation (only a token comes back)
      const token = payingWithSaved ? '' : await newCardToken()
      if (token === null) return
      // 2. the order that joins: one key for this page, so a second click is the same order
      key.current ??= crypto.randomUUID()
      const body = new URLSearchParams({
        email: text('email'),
        shipping_name: text('shipping_name'),
        shipping_company: '',
        shipping_country: 'US',
        shipping_address: text('shipping_address'),
        shipping_address_2: text('shipping_address_2'),
        shipping_city: text('shipping_city'),
        shipping_state: text('shipping_state'),
        shipping_zip: text('shipping_zip'),
        shipping_phone: text('shipping_phone'),
        billing_same: 'true',
        ...(payingWithSaved ? { payment_method_id: payWith } : { payment_token: token }),
        checkout_flow: JOIN_FLOW,
        // the total said on the page: the store refuses the join (409) rather than charge another
        ...(today !== null ? { expected_total: today.toFixed(2) } : {}),
      })
      await send(body)
    } finally {
      setBusy(false)
    }
  }

  /**
   * POST /checkout with this page's key. A card whose bank asks the shopper to confirm comes back as
   * requires_action: Stripe.js shows the bank's own step, the test gateway the stand-in dialog, and the
   * same key is sent again, which completes the payment the bank approved (or ends it refused).
   */
  async function send(body: URLSearchParams, authenticated = false): Promise<void> {
    const response = await fetch(`${brand.apiBaseUrl}/checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8', 'idempotency-key': key.current! },
      body,
      credentials: 'same-origin',
    })
    const answer = (await response.json().catch(() => ({}))) as { data?: CheckoutResult; errors?: ApiErrorItem[] }
    if (!response.ok || !answer.data) {
      // a refused card or form: a new attempt gets a new key; a lost answer: the next click sends this attempt again
      if (response.status === 503) unanswered.current = { body, fields: sentFields.current }
      else key.current = null
      // the total changed (the state's tax, a price): the page shows the new one before another try
      if (answer.errors?.some((e) => e.field === 'expected_total')) requote(body.get('shipping_state') ?? '')
      refuse(onThisPage(answer.errors ?? [{ message: 'Something went wrong. Please try again.' }], body.has('payment_method_id')))
      // the page reads the customer's state again, as a reload would: joined in another tab, the store no longer
      // takes this as a join and refused it as the checkout of an empty cart; the page now says they are a member
      if (response.status !== 503) void revalidator.revalidate()
      return
    }
    const result = answer.data
    if (result.status === 'requires_action') {
      // the bank's answer is said where the card was chosen: a saved card's list, or the card field
      const cardField = body.has('payment_method_id') ? 'payment_method_id' : 'card_number'
      if (authenticated) {
        key.current = null
        refuse([{ message: 'Your bank could not confirm this card. Try again, or use another card.', field: cardField }])
        return
      }
      if (stripeKey) {
        const problem = await authenticateStripePayment(stripeKey, result.client_secret)
        if (problem) {
          key.current = null
          refuse([{ message: problem, field: cardField }])
          return
        }
        return send(body, true)
      }
      setAuthentication({ paymentId: result.payment_id, body })
      return
    }
    setJoined({ order_number: result.order_number })
    void revalidator.revalidate()
  }

  /** The test gateway's stand-in for the bank's step: its answer is told to the store, then the same key goes again. */
  async function answerAuthentication(outcome: 'complete' | 'cancel') {
    if (!authentication) return
    setBusy(true)
    try {
      // a step no longer waiting (its payment cancelled: a join started again in another window replaced this
      // one) is refused; the store's answer to this attempt's key then says what became of it
      await authenticatePayment(api, authentication.paymentId, outcome).catch(() => undefined)
      setAuthentication(null)
      await send(authentication.body, true)
    } catch (error) {
      setAuthentication(null)
      refuse(onThisPage((error as { errors?: ApiErrorItem[] }).errors ?? [{ message: 'Something went wrong. Please try again.' }]))
    } finally {
      setBusy(false)
    }
  }

  const fieldError = (name: string) => errors.find((e) => e.field === name)?.message
  /** A field of this form: its label, its control (given the ids and error attributes it needs) and its error. */
  const field = (name: string, label: string, control: (attributes: Record<string, unknown>) => ReactNode) => (
    <div className="field" key={name}>
      <label htmlFor={`club-${name}`}>{label}</label>
      {control({
        id: `club-${name}`,
        name,
        'aria-invalid': fieldError(name) ? true : undefined,
        'aria-describedby': fieldError(name) ? `club-${name}-error` : undefined,
      })}
      {fieldError(name) ? (
        <p className="field-error" id={`club-${name}-error`}>
          {fieldError(name)}
        </p>
      ) : null}
    </div>
  )
  const input = (name: string, label: string, props: Record<string, unknown> = {}) => field(name, label, (attributes) => <input {...attributes} {...props} />)
  const stateSelect = (name: string, label: string, saved: unknown) =>
    field(name, label, (attributes) => (
      <select
        {...attributes}
        autoComplete="address-level1"
        required
        defaultValue={typeof saved === 'string' && US_STATE_NAMES[saved.toUpperCase()] ? saved.toUpperCase() : ''}
        onChange={(e) => requote(e.currentTarget.value)}
      >
        <option value="">Choose…</option>
        {US_STATE_OPTIONS.map(({ code, name: stateName }) => (
          <option key={code} value={code}>
            {stateName}
          </option>
        ))}
      </select>
    ))

  // the order summary of /checkout (the same component): the cart's lines at member prices and the join's
  // figures as the checkout quotes them, or the first month alone for a join with an empty cart
  const figures = quote ?? (loaderData.lines === 0 && loaderData.price !== null ? joinOnlyFigures(loaderData.price) : null)
  const cityStateZip = new Set(['shipping_city', 'shipping_state', 'shipping_zip'])
  const addressField = (field: (typeof ADDRESS_FIELDS)[number]) => {
    const saved = (shipTo ? shipTo[field.name.replace('shipping_', '') as keyof typeof shipTo] : undefined) || (field.name === 'shipping_name' ? loaderData.name : undefined)
    // a list of the states, as checkout's; the state's tax may change what joining with the cart's items charges today
    return field.name === 'shipping_state'
      ? stateSelect(field.name, field.label, saved)
      : input(field.name, field.label, { autoComplete: field.autoComplete, required: field.required, defaultValue: saved })
  }

  return (
    <div className="container checkout-page club-checkout">
      <h1 className="page-title">Join {settings.clubName || 'VIP'}</h1>
      <p className="club-checkout-terms">
        {price
          ? loaderData.former
            ? `${price} a month, charged today (unless you have paid for this month already) and on this day each month. `
            : `${price} a month, charged today and on this day each month. `
          : ''}
        {loaderData.howMany} new piece{loaderData.howMany === 1 ? '' : 's'} picked for you every month, member prices on everything, skip, pause or cancel any time.
        {loaderData.former ? ' Welcome back: your membership starts again today.' : ''}
      </p>
      <div className="checkout-grid">
        <form className="checkout-form club-form" onSubmit={submit} noValidate aria-describedby={errors.length ? 'club-errors' : undefined}>
          <FormErrors id="club-errors" errors={errors} />
          <fieldset className="checkout-step">
            <legend>Contact</legend>
            {input('email', 'Email', { type: 'email', autoComplete: 'email', required: true, defaultValue: loaderData.email })}
          </fieldset>
          <fieldset className="checkout-step" aria-describedby="club-ships-to">
            <legend>Shipping address</legend>
            {/* the form has a list of US states and a Zip Code: an address book's default abroad does not fill it (usAddress) */}
            <p id="club-ships-to" className="field-hint">
              VIP boxes ship to addresses in the United States only.
            </p>
            <div className="address-fields">
              {ADDRESS_FIELDS.filter((field) => !cityStateZip.has(field.name) && field.name !== 'shipping_phone').map(addressField)}
              <div className="field-row">{ADDRESS_FIELDS.filter((field) => cityStateZip.has(field.name)).map(addressField)}</div>
              {ADDRESS_FIELDS.filter((field) => field.name === 'shipping_phone').map(addressField)}
            </div>
          </fieldset>
          <fieldset className="checkout-step">
            <legend>Payment</legend>
            {savedCards.length > 0 ? (
              <SavedCards
                cards={savedCards}
                chosen={payWith}
                disabled={busy}
                error={fieldError('payment_method_id')}
                onChoose={(choice) => {
                  setPayWith(choice)
                  setErrors((current) => current.filter((e) => e.field !== 'payment_method_id'))
                }}
              />
            ) : null}
            {payingWithSaved ? null : stripeKey ? (
              <StripeCard
                handle={stripeCard}
                publishableKey={stripeKey}
                applePay={false}
                afterpayAvailable={false}
                total={today ?? loaderData.price ?? 0}
                error={fieldError('card_number')}
                onWalletToken={() => {}}
              />
            ) : (
              // the checkout's own card form: the brand while typing, digits in groups, the expiry as MM / YY
              <CardFields
                values={card}
                fieldError={fieldError}
                disabled={busy}
                onChange={(next) => {
                  setCard(next)
                  setErrors((current) => current.filter((e) => !e.field?.startsWith('card_')))
                }}
              />
            )}
            {payment.gateway === 'test' && !payingWithSaved ? <TestCardsHint /> : null}
          </fieldset>
          <button type="submit" className="button button-primary button-block place-order" disabled={busy}>
            {/* the button says what pressing it charges: with the cart's items along, today's total, not the monthly price */}
            {busy
              ? 'Joining…'
              : loaderData.lines > 0 && today !== null
                ? `Join VIP and pay ${formatPrice(today, { keepZeroCents: true })}`
                : price
                  ? `Join VIP for ${price} a month`
                  : 'Join VIP'}
          </button>
        </form>
        {figures ? (
          <OrderSummary
            cart={loaderData.cart}
            quote={figures}
            updating={false}
            clubName={settings.clubName}
            codes={loaderData.lines > 0}
            linePrices={loaderData.cart.has_club_in_cart}
          >
            {loaderData.lines > 0 && today !== null ? (
              <p className="field-hint">
                {loaderData.lines === 1 ? 'The item in your cart comes' : 'The items in your cart come'} along at member prices. Charged today:{' '}
                <strong data-testid="club-today">{formatPrice(today, { keepZeroCents: true })}</strong>, your first month included.
              </p>
            ) : null}
          </OrderSummary>
        ) : null}
      </div>
      {/* the join's amount is the club's price plus the cart's lines: the dialog names none rather than a wrong one */}
      {authentication ? (
        <AuthenticationDialog amount={today ?? (loaderData.lines === 0 && loaderData.price !== null ? loaderData.price : undefined)} busy={busy} onAnswer={answerAuthentication} />
      ) : null}
    </div>
  )
}
