/** Create Account: name, email and password; the new customer is logged in. */
import { data, Form, redirect, useSearchParams } from 'react-router'
import { isValidFullName, passwordProblem, safeRedirectPath } from '@store/core'
import { useFormErrors } from '../components/forms/use-form-errors'
import { FormErrors, FormField, NewPasswordField } from '../components/forms/form-field'
import { Page } from '../components/page/page'
import { StoreLink } from '../components/store-link'
import { formResult } from '../lib/api/post-form'
import { requestCart } from '../lib/api/server'
import type { ApiErrorItem } from '../lib/api/types'
import { pageMeta } from '../lib/meta'
import type { Route } from './+types/register'
import { readForm } from '../lib/read-form'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Create Account')

const AFTER_REGISTER = '/confirm-register'

export async function loader({ request, context }: Route.LoaderArgs) {
  const cart = await requestCart(context).catch(() => null)
  if (cart?.loggedin) throw redirect(safeRedirectPath(new URL(request.url).searchParams.get('redirectTo'), '/members'))
  // a guest who just ordered in this browser (/thank-you: "Create an account to follow this order"): the
  // form starts with that order's name and e-mail, the address the order joins the account under
  const last = cart?.session_orders.at(-1)
  const order = last ? await context.services.order(last).catch(() => null) : null
  return { guest: order ? { name: order.shipping_name, email: order.email } : null }
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request)
  const name = String(form.get('name') ?? '').trim()
  const email = String(form.get('email') ?? '').trim()
  const password = String(form.get('password') ?? '')
  const back = safeRedirectPath(form.get('redirectTo'), AFTER_REGISTER)
  const errors: ApiErrorItem[] = []
  if (!isValidFullName(name)) errors.push({ message: 'Enter your first and last name.', field: 'name' })
  if (!email) errors.push({ message: 'Enter your email address.', field: 'email' })
  const problem = passwordProblem(password)
  if (problem) errors.push({ message: problem, field: 'password' })
  if (errors.length) return data({ errors, name, email }, { status: 400 })
  const result = await formResult(context.services.register({ name, email, password }))
  if (!result.ok) return data({ errors: result.errors, name, email }, { status: result.status })
  throw redirect(back)
}

export default function Register({ actionData, loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams()
  const { errorId, errors, fieldError, busy } = useFormErrors(actionData)
  return (
    <Page title="Create Account">
      <Form method="post" className="stack-form" aria-describedby={errors.length ? errorId : undefined} noValidate>
        <input type="hidden" name="redirectTo" value={params.get('redirectTo') ?? ''} />
        <FormErrors id={errorId} errors={errors} />
        <FormField
          id="register-name"
          name="name"
          label="Full name"
          autoComplete="name"
          required
          defaultValue={actionData?.name ?? loaderData?.guest?.name ?? ''}
          error={fieldError('name')}
        />
        <FormField
          id="register-email"
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          required
          defaultValue={actionData?.email ?? loaderData?.guest?.email ?? ''}
          error={fieldError('email')}
        />
        <NewPasswordField id="register-password" error={fieldError('password')} />
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? 'Creating your account…' : 'Create account'}
        </button>
      </Form>
      <p>
        Already have an account? <StoreLink to="/login">Log in</StoreLink>
      </p>
    </Page>
  )
}
