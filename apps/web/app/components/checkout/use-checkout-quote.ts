/**
 * The checkout page's figures, quoted again (GET /api/checkout/quote) whenever what they depend on
 * changes: the shipping method, country and state, the e-mail, the cart itself.
 */
import type { CheckoutQuote } from '@store/core'
import { useEffect, useRef, useState } from 'react'
import type { ApiClient } from '../../lib/api/client'
import { getCheckoutQuote } from '../../lib/api/checkout-api'
import type { Cart } from '../../lib/api/types'
import type { FormValues } from './address-fields'

/** An e-mail worth quoting for (the form's own rules say the rest when it is sent). */
const LOOKS_LIKE_EMAIL = /^\s*[^\s@]+@[^\s@]+\.[^\s@]{2,}\s*$/

export interface QuoteInputs {
  api: ApiClient
  cart: Cart
  values: FormValues
  /** the figures the page came with (its loader's, or its action's after a post) */
  first: CheckoutQuote
  /** the page came from its action (a post without JavaScript): its values are quoted afresh */
  posted: boolean
  /** the form is shown: no quote while the order is being paid */
  onForm: boolean
  exchange: boolean
}

export function useCheckoutQuote({ api, cart, values, first, posted, onForm, exchange }: QuoteInputs) {
  const [quote, setQuote] = useState<CheckoutQuote>(first)
  const [quoting, setQuoting] = useState(false)
  const country = values.shipping_country ?? 'US'
  const state = values.shipping_state ?? ''
  const method = values.shipping_method === 'express' ? 'express' : 'standard'
  // the e-mail once it looks like one: a code for a first order that it has used is left out of the figures (code_refusal)
  const email = LOOKS_LIKE_EMAIL.test(values.email ?? '') ? (values.email ?? '').trim() : ''
  const cartVersion = `${cart.cart_subtotal}|${cart.cart_discount}|${cart.items.length}|${cart.checkout_flow}`
  const firstQuote = useRef(true)
  // no quote while the order is being paid: the order is priced on the server, and once paid the
  // cart is spent (a quote then is refused); a form shown again after a refusal quotes afresh
  // biome-ignore lint/correctness/useExhaustiveDependencies: quotes again when the cart changes (cartVersion); `posted` counts for the first quote only
  useEffect(() => {
    if (cart.items.length === 0 || !onForm || exchange) return
    if (firstQuote.current) {
      firstQuote.current = false
      // the loader quoted the form's first values already
      if (!posted && method === 'standard') return
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
  }, [api, country, state, method, email, cartVersion, onForm, exchange])
  return { quote, quoting, method }
}
