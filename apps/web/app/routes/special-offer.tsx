/**
 * One-time offers after payment (SPEC §3, §4): /special-offer/{id}?order={n}.
 * The offer's flags choose its pickers (product, full product list, category,
 * size; none for a digital product). Accepting charges the order's saved card
 * once: the browser posts to POST /api/one-time-offers/{id}/accept with the
 * offer's own Idempotency-Key (kept for the attempt); before JavaScript the
 * form posts to this page's action with a key made when the page was rendered,
 * so a double submit charges once too. A bank that asks to confirm the payment
 * (requires_action) gets its step in the browser (Stripe.js, or the test
 * gateway's dialog), then the same key goes again; without JavaScript the page
 * says so. No thanks (the offer's own button copy) moves on; the flow ends at
 * /thank-you.
 *
 * Each offer is a form of its own (keyed by order and offer): the next offer of the flow is the same
 * route, and a reused form carried the last one's "Adding…" (both buttons disabled for good), chosen
 * piece, category and errors onto it. An offer already answered for this order (Back, an old tab)
 * says so at once and leads on: accepted from the order's own lines, which the loader reads anyway;
 * declined from the page's own cookie (components/offers/declined-offers.ts). What the page says of
 * an offer of several pieces is in components/offers/offer-copy.ts (docs/checkout-pages.md).
 */
import '../styles/checkout.css'
import { formatPrice, isStoreError, sortSizes, type OfferChoice, type OneTimeOffer, type Order, type PaymentSetup } from '@store/core'
import { useState, type FormEvent } from 'react'
import { data, Form, redirect, useNavigate, useNavigation, useRevalidator } from 'react-router'
import { readForm } from '../lib/read-form'
import { AuthenticationDialog } from '../components/checkout/authentication-dialog'
import { SizePicker } from '../components/checkout/size-picker'
import { authenticateStripePayment, stripeKeyOf } from '../components/checkout/stripe-card'
import { AnsweredOffer, type OfferAnswer } from '../components/offers/answered-offer'
import { declinedOffersCookie, saidNoTo } from '../components/offers/declined-offers'
import { categoryCaption, nextStepLabel, offerChoiceSummary, offerPriceLine, pickerLegend } from '../components/offers/offer-copy'
import { StoreLink } from '../components/store-link'
import { useBrowserApi } from '../lib/api/browser'
import { acceptOneTimeOffer, authenticatePayment } from '../lib/api/checkout-api'
import { ApiError } from '../lib/api/client'
import { formResult } from '../lib/api/post-form'
import type { ApiErrorItem } from '../lib/api/types'
import { attemptFor, forgetAttempt } from '../lib/checkout/attempt-key'
import { orErrorPage } from '../lib/checkout/page-errors'
import { useSettings } from '../lib/store/store-provider'
import { checkoutMeta } from '../lib/meta'
import { formIntent, UNKNOWN_INTENT } from '../lib/intent'
import type { Route } from './+types/special-offer'

export const meta: Route.MetaFunction = (args) => checkoutMeta(args)

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const order = new URL(request.url).searchParams.get('order')
  // an offer follows an order: without one there is nothing to offer (and nothing personal to show)
  if (!order) return { offer: null, order: null, formKey: '', payment: null, answer: null, taxed: false }
  // the order must be this shopper's: anyone else gets the error page, and learns nothing
  const placed = await orErrorPage(context.services.order(order))
  if (!params.id) throw redirect(await context.services.afterPaymentPath(order))
  const offer = await orErrorPage(context.services.oneTimeOffer(params.id, order))
  const answer = answerOf(placed, offer.id, request)
  // an open offer with nothing left to offer this shopper (sold out, or no piece it would save them
  // money on: a member's own prices) is passed over, as "No thanks" would
  if (!answer && nothingToOffer(offer)) throw redirect(offer.next)
  // an order that paid sales tax pays it on the piece too (at the order's rate): the price says so
  return { offer, order, formKey: crypto.randomUUID(), payment: context.services.paymentSetup(), answer, taxed: placed.tax > 0 }
}

/** An offer of pieces with none to choose from (a digital product has no pieces to choose). */
const nothingToOffer = (offer: OneTimeOffer) => !offer.digital_product && offer.categories.length > 0 && offer.choices.length === 0

/**
 * The offer already answered for this order, from what the loader has: its lines on the order
 * (accepted), or this browser's "No thanks" (declined); null while it is open. Only the lines'
 * names, colours, sizes and counts go to the page.
 */
function answerOf(placed: Order, offerId: string, request: Request): OfferAnswer | null {
  const lines = placed.items.filter((line) => line.offer_id === offerId && !line.cancelled)
  if (lines.length > 0) return { kind: 'accepted', lines: lines.map(({ name, color, size, qty }) => ({ name, color, size, qty })) }
  if (saidNoTo(request.headers.get('cookie'), placed.order_number, offerId)) return { kind: 'declined' }
  return null
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const form = await readForm(request)
  const id = params.id ?? ''
  const order = String(form.get('order_number') ?? '')
  // only the page's own two buttons: anything else charges nothing and declines nothing
  const intent = formIntent(form, ['accept', 'decline'] as const)
  if (!intent) return data({ errors: [{ message: UNKNOWN_INTENT }], key: null }, { status: 400 })
  if (intent === 'decline') {
    const step = await orErrorPage(context.services.declineOneTimeOffer(id, order))
    // remembered for the page itself: Back to this offer says at once that it was passed on
    const cookie = declinedOffersCookie(request.headers.get('cookie'), order, id, context.secureCookies)
    throw redirect(step.next, cookie ? { headers: { 'Set-Cookie': cookie } } : undefined)
  }
  const key = String(form.get('key') ?? '')
  const result = await formResult(
    context.services.acceptOneTimeOffer(id, key, {
      order_number: order,
      item_id: String(form.get('item_id') ?? ''),
      size: String(form.get('size') ?? ''),
      category: String(form.get('category') ?? ''),
    }),
  ).catch((error: unknown) => {
    // the payment service out of reach: the charge may have gone through, so the form's next try sends
    // the same key (the store finishes that one charge), not the new one the page renders each time
    if (isStoreError(error) && error.status === 503) return { ok: false as const, status: 503, errors: error.errors, sameKey: true }
    throw error
  })
  if (!result.ok) {
    // closed for this order (added already, said no to, waiting for the payment service): the page offers the way on
    const closed = result.status === 409 && result.errors.some((e) => e.field === 'order_number')
    return data({ errors: result.errors, key: 'sameKey' in result ? key : null, closed }, { status: result.status })
  }
  // the bank wants the shopper to confirm, which takes its page in the browser: the same key goes on there
  if (result.value.next === null) {
    const message = 'Your bank wants you to confirm this payment, which needs JavaScript. Turn it on and press the button again, or choose No thanks.'
    return data({ errors: [{ message }], key }, { status: 402 })
  }
  throw redirect(result.value.next)
}

function choicesShown(offer: OneTimeOffer, category: string | null) {
  const inCategory = category ? offer.choices.filter((c) => c.category === category) : offer.choices
  if (offer.show_full_product_picker) return inCategory
  if (offer.show_product_picker) return inCategory.slice(0, 6)
  return []
}

/**
 * The piece an offer without a product picker adds: the first of the category chosen (or of the offer)
 * that is in stock, as the store picks it when no piece is named (one-time-offers.service.ts). The page
 * shows it and only its sizes, so a size offered is one the piece has: the sizes of every piece of the
 * category together offered a size ("L") that this piece lacks, and in no order the store keeps.
 */
function pieceOfCategory(offer: OneTimeOffer, category: string | null): OfferChoice | null {
  return offer.choices.find((c) => !category || c.category === category) ?? null
}

export default function SpecialOffer({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.offer || !loaderData.order) {
    return (
      <div className="container page page-narrow">
        <h1 className="page-title">Special offer</h1>
        <p>Our one-time offers follow an order, and there is none here.</p>
        <p>
          <StoreLink to="/" className="button button-primary">
            Continue shopping
          </StoreLink>
        </p>
      </div>
    )
  }
  const { offer, order, answer } = loaderData
  if (answer) {
    return <AnsweredOffer answer={answer} order={order} image={offer.image_1} imageAlt={offer.short_item_name} next={offer.next} />
  }
  return (
    <OfferForm
      // a form of its own for each offer: the next offer is this same route, and a reused form would
      // carry over its busy state ("Adding…", both buttons disabled), the piece chosen and the errors
      key={`${order}:${offer.id}`}
      offer={loaderData.offer}
      order={loaderData.order}
      formKey={actionData?.key || loaderData.formKey}
      errors={actionData?.errors}
      closed={actionData && 'closed' in actionData ? actionData.closed : false}
      payment={loaderData.payment}
      taxed={loaderData.taxed}
    />
  )
}

function OfferForm({
  offer,
  order,
  formKey,
  errors: initialErrors,
  closed: closedBefore,
  payment,
  taxed,
}: {
  offer: OneTimeOffer
  order: string
  formKey: string
  errors?: ApiErrorItem[]
  /** the form's answer before JavaScript said the offer is closed for this order */
  closed: boolean
  payment: PaymentSetup | null
  /** the order paid sales tax: the piece does too */
  taxed: boolean
}) {
  const api = useBrowserApi()
  const settings = useSettings()
  const stripeKey = payment ? stripeKeyOf(payment, settings) : null
  // the test gateway's stand-in for the bank's step: the payment it is for, and the send to make after it
  const [bankStep, setBankStep] = useState<{ paymentId: string; amount: number; after(): Promise<void> } | null>(null)
  const [stepBusy, setStepBusy] = useState(false)
  const navigate = useNavigate()
  const navigation = useNavigation()
  const revalidator = useRevalidator()
  // the offer is closed for this order (added already, said no to, still waiting for the payment
  // service): the answer says which, and the page offers the way on
  const [closed, setClosed] = useState(closedBefore)
  const [category, setCategory] = useState<string | null>(offer.show_category_picker ? (offer.categories[0] ?? null) : null)
  const shown = choicesShown(offer, category)
  const [itemId, setItemId] = useState<number | null>(shown[0]?.item_id ?? null)
  const [errors, setErrors] = useState<ApiErrorItem[]>(initialErrors ?? [])
  const [busy, setBusy] = useState(false)
  const chosen = offer.choices.find((c) => c.item_id === itemId) ?? shown[0] ?? null
  // no piece to pick: the piece the store adds for the category chosen (pieceOfCategory)
  const piece = shown.length > 0 ? chosen : pieceOfCategory(offer, category)
  // the sizes of that piece only, in the store's order (SPEC §5)
  const sizes = sortSizes(piece?.sizes ?? [])
  const pickSize = offer.show_sizepicker && !offer.digital_product
  const working = busy || navigation.state !== 'idle'
  // "Adding…" only for an accept: "No thanks" going on to the next page adds nothing
  const adding = busy || navigation.formData?.get('intent') === 'accept'

  async function accept(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (working) return
    const form = new FormData(event.currentTarget)
    const scope = `offer:${order}:${offer.id}`
    const key = attemptFor(scope).key
    setBusy(true)
    setErrors([])
    const fields = {
      order_number: order,
      item_id: (form.get('item_id') as string | null) || null,
      size: (form.get('size') as string | null) || null,
      category: (form.get('category') as string | null) || null,
    }
    // the bank's step once per press: asked again after it, the page says so rather than asking on and on
    let steps = 0
    const send = async (): Promise<void> => {
      const step = await acceptOneTimeOffer(api, offer.id, key, fields)
      if (step.next !== null) {
        forgetAttempt(scope)
        // busy stays: this offer is done, and the page going on to the next one is a form of its own
        // (keyed), which starts afresh; this one goes with the page
        void navigate(step.next)
        return
      }
      if (steps++ > 0) {
        setErrors([{ message: 'Your bank has not confirmed this payment yet. Press the button again to retry, or choose No thanks.' }])
        setBusy(false)
        return
      }
      // the bank wants the shopper to confirm: its step, then the same key again (the store confirms
      // the payment, or answers that the bank refused it)
      if (!stripeKey) {
        setBankStep({ paymentId: step.payment_id, amount: step.amount, after: send })
        return
      }
      const problem = await authenticateStripePayment(stripeKey, step.client_secret)
      if (problem) {
        // the key stays: pressing again asks the store, which finishes the payment or says the bank refused
        setErrors([{ message: problem }])
        setBusy(false)
        return
      }
      await send()
    }
    try {
      await send()
    } catch (error) {
      fail(error, scope)
    }
  }

  /** A send that did not end on the next page: what to say, and whether the next try keeps the key. */
  function fail(error: unknown, scope: string) {
    if (error instanceof ApiError) {
      // refused (4xx): nothing charged, the next try is a new attempt; the payment service out of
      // reach (503): the charge may have gone through, so the next try sends the same key and the
      // store finishes that one charge rather than making another
      if (error.status < 500) forgetAttempt(scope)
      setErrors(error.errors)
      // closed for this order (a 409 at the order, not at the size): the way on, and the page read
      // again, which shows an offer added already as added
      if (error.status === 409 && error.errors.some((e) => e.field === 'order_number')) {
        setClosed(true)
        void revalidator.revalidate()
      }
    } else {
      setErrors([{ message: 'We could not reach the store just now. Try again: you will not be charged twice.' }])
    }
    setBusy(false)
  }

  async function answerBankStep(outcome: 'complete' | 'cancel') {
    if (!bankStep) return
    setStepBusy(true)
    try {
      await authenticatePayment(api, bankStep.paymentId, outcome)
      setBankStep(null)
      await bankStep.after()
    } catch (error) {
      setBankStep(null)
      fail(error, `offer:${order}:${offer.id}`)
    } finally {
      setStepBusy(false)
    }
  }

  const sizeError = errors.find((e) => e.field === 'size')?.message
  // an offer of several pieces adds that many of the one piece chosen, in one size: said before "Yes"
  const summary = shown.length > 0 ? offerChoiceSummary(offer.how_many, chosen, pickSize) : null
  // an offer by category shows the piece its category adds: the offer's own picture names one for all ("Top")
  const byCategory = offer.show_category_picker && shown.length === 0 && piece !== null
  const image = (byCategory ? piece.image : null) ?? offer.image_1 ?? chosen?.image ?? null
  const imageAlt = byCategory ? `${piece.name}${piece.color ? ` · ${piece.color}` : ''}` : offer.short_item_name
  return (
    <div className="container offer-page">
      {offer.banner ? <p className="notice">{offer.banner}</p> : <p className="notice">Your order {order} is placed. One more thing, just once:</p>}
      <div className="offer-hero">
        {image ? <img src={image} alt={imageAlt} width={600} height={750} /> : null}
        <div className="offer-copy">
          <h1 className="page-title">{offer.headline}</h1>
          <p>{offer.text_copy}</p>
          {[offer.extended_copy_1, offer.extended_copy_2, offer.extended_copy_3].filter(Boolean).map((copy) => (
            <p key={copy}>{copy}</p>
          ))}
          <p className="offer-price">{offerPriceLine(offer, offer.show_category_picker && category ? category : null)}</p>
          {offer.digital_product ? <p className="field-hint">A digital product: it arrives by e-mail, nothing is shipped.</p> : null}

          <Form method="post" className="offer-actions" onSubmit={accept}>
            <input type="hidden" name="order_number" value={order} />
            <input type="hidden" name="key" value={formKey} />
            <input type="hidden" name="intent" value="accept" />
            <div role="alert" className="form-error">
              {errors
                .filter((e) => e.field !== 'size')
                .map((e) => (
                  <p key={e.message}>{e.message}</p>
                ))}
              {closed ? (
                <p>
                  <StoreLink to={offer.next}>{nextStepLabel(offer.next)}</StoreLink>
                </p>
              ) : null}
            </div>
            {offer.show_category_picker && offer.categories.length > 1 ? (
              <div className="field">
                <label htmlFor="offer-category">Category</label>
                <select
                  id="offer-category"
                  name="category"
                  value={category ?? ''}
                  onChange={(e) => {
                    setCategory(e.target.value)
                    setItemId(null)
                  }}
                >
                  {offer.categories.map((c) => (
                    <option key={c} value={c}>
                      {categoryCaption(c)}
                    </option>
                  ))}
                </select>
              </div>
            ) : null}
            {shown.length > 0 ? (
              <fieldset className="choice-grid">
                <legend>{pickerLegend(offer)}</legend>
                {shown.map((choice) => (
                  <label key={choice.item_id} className="choice">
                    <input type="radio" name="item_id" value={choice.item_id} checked={(chosen?.item_id ?? null) === choice.item_id} onChange={() => setItemId(choice.item_id)} />
                    {choice.image ? <img src={choice.image} alt="" width={160} height={200} loading="lazy" /> : null}
                    <span>
                      {choice.name}
                      {choice.color ? ` · ${choice.color}` : ''}
                    </span>
                  </label>
                ))}
              </fieldset>
            ) : null}
            {byCategory ? (
              <p className="offer-piece" aria-live="polite">
                You get: {imageAlt}
              </p>
            ) : null}
            {pickSize && sizes.length > 0 ? (
              <SizePicker key={piece?.item_id ?? category ?? 'all'} sizes={sizes} error={sizeError} />
            ) : sizeError ? (
              <p className="field-error">{sizeError}</p>
            ) : null}
            {summary ? (
              <p className="offer-summary" aria-live="polite">
                {summary}
              </p>
            ) : null}
            <button type="submit" className="button button-primary button-block" disabled={working}>
              {adding ? 'Adding to your order…' : `Yes, add it to my order for ${formatPrice(offer.price, { keepZeroCents: true })}${taxed ? ' + tax' : ''}`}
            </button>
          </Form>
          <Form method="post" className="offer-actions">
            <input type="hidden" name="order_number" value={order} />
            <button type="submit" name="intent" value="decline" className="button button-secondary button-block" disabled={working}>
              {offer.no_thanks_button_copy || 'No thanks'}
            </button>
          </Form>
          <p className="field-hint">Accepting charges the card you just paid with, once{taxed ? ', with sales tax at your order\u2019s rate' : ''}. It ships with your order.</p>
          {bankStep ? <AuthenticationDialog amount={bankStep.amount} busy={stepBusy} onAnswer={answerBankStep} /> : null}
        </div>
      </div>
    </div>
  )
}
