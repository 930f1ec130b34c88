/**
 * The style profile after the order (/checkout-styleprofile?order={n}): the
 * questions of GET /style-profile, saved through the services (the same rules as
 * POST /api/style-profile), then back to the order's thank-you page. Skipping is
 * a link. The answers belong to the shopper's session (or customer).
 */
import { data, redirect } from 'react-router'
import { readForm } from '../lib/read-form'
import { StoreLink } from '../components/store-link'
import { useFormErrors } from '../components/forms/use-form-errors'
import { StyleProfileForm } from '../components/members/style-profile-form'
import { formResult } from '../lib/api/post-form'
import { checkoutMeta } from '../lib/meta'
import type { Route } from './+types/checkout-styleprofile'

export const meta: Route.MetaFunction = (args) => checkoutMeta(args)

const afterPath = (order: string | null) => (order ? `/thank-you?order=${encodeURIComponent(order)}` : '/thank-you')

export async function loader({ request, context }: Route.LoaderArgs) {
  const order = new URL(request.url).searchParams.get('order')
  return { fields: await context.services.styleProfile(), order }
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request)
  const order = new URL(request.url).searchParams.get('order')
  const answers: Record<string, string> = {}
  for (const [name, value] of form) if (typeof value === 'string' && value !== '') answers[name] = value
  const result = await formResult(context.services.saveStyleProfile(answers))
  if (!result.ok) return data({ errors: result.errors }, { status: result.status })
  throw redirect(afterPath(order))
}

export default function CheckoutStyleProfile({ loaderData, actionData }: Route.ComponentProps) {
  const { errorId, errors, fieldError, busy } = useFormErrors(actionData)
  return (
    <div className="container page page-narrow">
      <h1 className="page-title">Tell us your style</h1>
      <p>A few answers help us pick what you'll love. Every question is optional.</p>
      <StyleProfileForm fields={loaderData.fields} errors={errors} errorId={errorId} busy={busy} fieldError={fieldError} submitLabel="Save my style" placeholder="Choose…" />
      <p>
        <StoreLink to={afterPath(loaderData.order)}>Skip for now</StoreLink>
      </p>
    </div>
  )
}
