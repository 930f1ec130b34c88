/**
 * Please wait: /please-wait?order={n} is where a payment whose outcome the page
 * could not learn (the connection dropped after the bank's authentication step,
 * a reload mid-payment) is followed until it settles. It asks the order's status
 * again every 3 seconds (a meta refresh, so it works without JavaScript; with
 * JavaScript a revalidation, without reloading): paid goes on to the order's
 * next page (the one-time offers, then thank-you); an order that is not there
 * (declined, given back) says so and leads back to checkout.
 */
import '../styles/checkout.css'
import { isStoreError } from '@store/core'
import { useEffect } from 'react'
import { redirect, useRevalidator } from 'react-router'
import { StoreLink } from '../components/store-link'
import { checkoutMeta } from '../lib/meta'
import type { Route } from './+types/please-wait'

const POLL_SECONDS = 3

export const meta: Route.MetaFunction = (args) => {
  const base = checkoutMeta(args)
  return args.data?.state === 'waiting' ? [...base, { httpEquiv: 'refresh', content: String(POLL_SECONDS) }] : base
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const number = new URL(request.url).searchParams.get('order')
  if (!number) return { state: 'nothing' as const }
  try {
    const order = await context.services.order(number)
    if (order.status === 'pending_payment') return { state: 'waiting' as const }
    throw redirect(await context.services.afterPaymentPath(order.order_number))
  } catch (error) {
    if (isStoreError(error) && error.status === 404) return { state: 'failed' as const }
    throw error
  }
}

export default function PleaseWait({ loaderData }: Route.ComponentProps) {
  const revalidator = useRevalidator()
  const waiting = loaderData.state === 'waiting'
  useEffect(() => {
    if (!waiting) return
    const timer = setInterval(() => {
      if (revalidator.state === 'idle') void revalidator.revalidate()
    }, POLL_SECONDS * 1000)
    return () => clearInterval(timer)
  }, [waiting, revalidator])

  return (
    <div className="container page page-narrow">
      <h1 className="page-title">Please wait</h1>
      {waiting ? (
        <div className="please-wait-panel" role="status" aria-live="polite">
          <span className="spinner" aria-hidden="true" />
          <p>We're confirming your payment with your bank. This page moves on by itself as soon as it's done: please don't pay again.</p>
        </div>
      ) : loaderData.state === 'failed' ? (
        <>
          <p role="alert">Your payment didn't go through, and you have not been charged. Your cart is still there.</p>
          <p>
            <StoreLink to="/checkout" className="button button-primary">
              Back to checkout
            </StoreLink>
          </p>
        </>
      ) : (
        <>
          <p>There is no payment waiting here.</p>
          <p>
            <StoreLink to="/checkout" className="button button-primary">
              Go to checkout
            </StoreLink>
          </p>
        </>
      )}
    </div>
  )
}
