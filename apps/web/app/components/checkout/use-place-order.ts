/**
 * Placing the order from the checkout page (with JavaScript): the form checked with core's rules,
 * the card handed to the payment provider for a token (the test gateway's POST
 * /api/payments/test-tokens, or Stripe.js), and the order placed with POST /api/checkout under an
 * Idempotency-Key kept for the attempt (lib/checkout/attempt-key.ts). A bank's authentication step
 * opens a dialog, then the same key is sent again; a decline shows at the card and keeps the form.
 * Then the page goes to the answer's `next`.
 */
import { type CheckoutResult, type FieldError, parseExpiryInput, validateCardForm, validateCheckoutForm } from '@store/core'
import { type FormEvent, type RefObject, useEffect, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { track } from '../../lib/analytics/analytics-client'
import { authenticatePayment, createTestToken, placeOrder, startAfterpay } from '../../lib/api/checkout-api'
import { type ApiClient, ApiError } from '../../lib/api/client'
import type { ApiErrorItem } from '../../lib/api/types'
import { attemptFor, forgetAttempt, saveAttempt } from '../../lib/checkout/attempt-key'
import type { CardValues } from './card-fields'
import { pageField, scrollToFirstError } from './checkout-form'
import { NEW_CARD } from './saved-cards'
import { authenticateStripePayment, type StripeCardHandle } from './stripe-card'

/** The checkout_flow that places a member's exchange held in the cart (the server's checkout/exchange-door.ts). */
const EXCHANGE_FLOW = 'exchange'

export type Phase = { kind: 'form' } | { kind: 'paying' } | { kind: 'authenticate'; paymentId: string; clientSecret: string }

export interface OrderToPlace {
  api: ApiClient
  phase: Phase
  setPhase: (phase: Phase) => void
  setErrors: (errors: ApiErrorItem[]) => void
  /** the form as POST /checkout takes it */
  orderFields: Record<string, string>
  /** the attempt's scope: another cart, form or way to pay is another attempt (its own key) */
  scope: string
  card: CardValues
  /** a saved card's id, or NEW_CARD */
  payWith: string
  exchange: boolean
  byAfterpay: boolean
  /** Stripe's publishable key, where Stripe takes the card (the test gateway's form otherwise) */
  stripeKey: string | null
  stripeCard: RefObject<StripeCardHandle | null>
  /** the total on the button: the store refuses the order (409) if it would charge another */
  total: number
}

export function usePlaceOrder(order: OrderToPlace) {
  const { api, phase, setPhase, orderFields, scope, card, payWith, exchange, byAfterpay, stripeKey, total } = order
  const navigate = useNavigate()
  const [authBusy, setAuthBusy] = useState(false)
  const cardChanged = useRef(true)
  const attemptScopeRef = useRef<string | null>(null)
  /** an order waiting for the bank's step: if its outcome gets lost, /please-wait follows it */
  const pendingOrder = useRef<string | null>(null)
  const payingWithSaved = payWith !== NEW_CARD

  // a refusal's errors are scrolled to once they are on the page: an effect runs after they render, where a
  // frame requested at once now and then came before React had drawn them and scrolled to an empty message box
  const [refusal, setRefusal] = useState<ApiErrorItem[] | null>(null)
  useEffect(() => {
    if (refusal) scrollToFirstError(refusal)
  }, [refusal])

  const show = (list: ApiErrorItem[]) => {
    order.setErrors(list)
    setPhase({ kind: 'form' })
    setRefusal(list)
  }

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
    track('Payment Success', { order_number: result.order_number, value: total })
    void navigate(result.next)
  }

  async function submitOrder(key: string, token: string) {
    try {
      const result = await placeOrder(api, key, { ...orderFields, ...paymentFields(token), expected_total: total.toFixed(2) })
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
      const result = await startAfterpay(api, key, { ...orderFields, expected_total: total.toFixed(2) })
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
    if (stripeKey === null && !payingWithSaved && !exchange) {
      for (const e of validateCardForm(cardValues)) problems.push({ field: pageField(e.field), message: e.message })
    }
    if (problems.length > 0) return show(problems)
    order.setErrors([])
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
        if (stripeKey !== null) {
          const result = await order.stripeCard.current!.tokenize()
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

  /** A wallet's token (Apple Pay, Google Pay through Stripe.js): the order placed with it at once. */
  function payWithWallet(token: string) {
    const attempt = { ...attemptFor(scope), token }
    saveAttempt(scope, attempt)
    setPhase({ kind: 'paying' })
    void submitOrder(attempt.key, token)
  }

  return {
    onSubmit,
    answerAuthentication,
    payWithWallet,
    authBusy,
    /** a card typed anew is another attempt's */
    cardChanged: () => {
      cardChanged.current = true
    },
  }
}
