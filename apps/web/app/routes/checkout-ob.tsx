/**
 * Order bumps before payment (SPEC §3, §4): /checkout-ob/{id} offers one item at
 * its price; accepting adds it to the cart (quantity fixed), no thanks moves on.
 * Either way the next page is the post-offer flow's (core nextOfferPath):
 * the next bump, then /checkout. /checkout-ob without an id starts the flow (the
 * cart's "Checkout" link): the first bump, or /checkout for a brand without any.
 * Plain forms posting to this page's action: no JavaScript needed.
 */
import '../styles/checkout.css'
import { formatPrice } from '@store/core'
import { data, Form, redirect, useNavigation } from 'react-router'
import { readForm } from '../lib/read-form'
import { SizePicker } from '../components/checkout/size-picker'
import { formResult } from '../lib/api/post-form'
import { orErrorPage } from '../lib/checkout/page-errors'
import { checkoutMeta } from '../lib/meta'
import { formIntent, UNKNOWN_INTENT } from '../lib/intent'
import type { ApiErrorItem } from '../lib/api/types'
import type { Route } from './+types/checkout-ob'

export const meta: Route.MetaFunction = (args) => checkoutMeta(args)

export async function loader({ params, context }: Route.LoaderArgs) {
  if (!params.id) throw redirect((await context.services.orderBumps()).first)
  const cart = await context.services.cart()
  // nothing to add a bump to: back to shopping through checkout's empty state
  if (cart.items.length === 0) throw redirect('/checkout')
  return { bump: await orErrorPage(context.services.orderBump(params.id)) }
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const form = await readForm(request)
  const id = params.id ?? ''
  const intent = formIntent(form, ['accept', 'decline'] as const)
  if (!intent) return data({ errors: [{ message: UNKNOWN_INTENT } as ApiErrorItem] }, { status: 400 })
  if (intent === 'decline') {
    const step = await orErrorPage(context.services.declineOrderBump(id))
    throw redirect(step.next)
  }
  const result = await formResult(context.services.acceptOrderBump(id, { size: String(form.get('size') ?? '') }))
  if (!result.ok) return data({ errors: result.errors }, { status: result.status })
  throw redirect(result.value.next)
}

export default function CheckoutOrderBump({ loaderData, actionData }: Route.ComponentProps) {
  const { bump } = loaderData
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle'
  const sizeError = actionData?.errors.find((e) => e.field === 'size')?.message
  const other = actionData?.errors.filter((e) => e.field !== 'size') ?? []
  return (
    <div className="container offer-page">
      <p className="notice">Before you check out: a one-time add-on for your order.</p>
      <div className="offer-hero">
        {bump.image ? <img src={bump.image} alt={bump.short_item_name} width={600} height={750} /> : null}
        <div className="offer-copy">
          <h1 className="page-title">{bump.headline}</h1>
          <p>{bump.text_copy}</p>
          <p className="offer-price">
            {bump.short_item_name}: {formatPrice(bump.price, { keepZeroCents: true })}
          </p>
          <Form method="post" className="offer-actions">
            <div role="alert" className="form-error">
              {other.map((e) => (
                <p key={e.message}>{e.message}</p>
              ))}
            </div>
            {bump.sizes.length > 0 ? <SizePicker sizes={bump.sizes} error={sizeError} /> : <p>Sold out for now.</p>}
            <button type="submit" name="intent" value="accept" className="button button-primary button-block" disabled={busy || bump.sizes.length === 0}>
              Yes, add it to my order
            </button>
            <button type="submit" name="intent" value="decline" formNoValidate className="button button-secondary button-block" disabled={busy}>
              No thanks
            </button>
          </Form>
        </div>
      </div>
    </div>
  )
}
