/**
 * Member Login. A visitor sent here from a protected page comes back to it
 * after logging in (?redirectTo=); otherwise to the members area.
 */
import { data, Form, redirect, useSearchParams } from 'react-router'
import { safeRedirectPath } from '@store/core'
import { useFormErrors } from '../components/forms/use-form-errors'
import { FormErrors, FormField } from '../components/forms/form-field'
import { Page } from '../components/page/page'
import { StoreLink } from '../components/store-link'
import { formResult } from '../lib/api/post-form'
import { requestCart } from '../lib/api/server'
import type { ApiErrorItem } from '../lib/api/types'
import { pageMeta } from '../lib/meta'
import type { Route } from './+types/login'
import { readForm } from '../lib/read-form'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Member Login')

const AFTER_LOGIN = '/members'

export async function loader({ request, context }: Route.LoaderArgs) {
  const cart = await requestCart(context).catch(() => null)
  const back = safeRedirectPath(new URL(request.url).searchParams.get('redirectTo'), AFTER_LOGIN)
  if (cart?.loggedin) throw redirect(back)
  return null
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request)
  const email = String(form.get('email') ?? '').trim()
  const password = String(form.get('password') ?? '')
  const back = safeRedirectPath(form.get('redirectTo'), AFTER_LOGIN)
  const errors: ApiErrorItem[] = []
  if (!email) errors.push({ message: 'Enter your email address.', field: 'email' })
  if (!password) errors.push({ message: 'Enter your password.', field: 'password' })
  if (errors.length) return data({ errors, email }, { status: 400 })
  const result = await formResult(context.services.login({ email, password }))
  if (!result.ok) return data({ errors: result.errors, email }, { status: result.status })
  throw redirect(back)
}

export default function Login({ actionData }: Route.ComponentProps) {
  const [params] = useSearchParams()
  const { errorId, errors, fieldError, busy } = useFormErrors(actionData)
  const redirectTo = params.get('redirectTo') ?? ''
  return (
    <Page title="Member Login">
      {redirectTo ? <p>Please log in to continue.</p> : null}
      {params.get('reset') === '1' ? <p role="status">Your password is changed. Log in with the new one.</p> : null}
      <Form method="post" className="stack-form" aria-describedby={errors.length ? errorId : undefined} noValidate>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <FormErrors id={errorId} errors={errors} />
        <FormField id="login-email" name="email" label="Email" type="email" autoComplete="email" required defaultValue={actionData?.email ?? ''} error={fieldError('email')} />
        <FormField id="login-password" name="password" label="Password" type="password" autoComplete="current-password" required error={fieldError('password')} />
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? 'Logging in…' : 'Log in'}
        </button>
      </Form>
      <p>
        <StoreLink to="/forgot">Forgot your password?</StoreLink>
      </p>
      <p>
        New here? <StoreLink to={redirectTo ? `/register?redirectTo=${encodeURIComponent(redirectTo)}` : '/register'}>Create an account</StoreLink>
      </p>
    </Page>
  )
}
