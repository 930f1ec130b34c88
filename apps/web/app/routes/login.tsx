/**
 * Member Login. A visitor sent here from a protected page comes back to it
 * after logging in (?redirectTo=); otherwise to the members area.
 */
import { useId } from 'react'
import { data, Form, redirect, useNavigation, useSearchParams } from 'react-router'
import { Page } from '../components/page/page'
import { StoreLink } from '../components/store-link'
import { ApiError } from '../lib/api/client'
import { requestCart, serverApi } from '../lib/api/server'
import type { ApiErrorItem } from '../lib/api/types'
import { pageMeta } from '../lib/meta'
import { safeRedirectPath } from '../lib/store/navigation-rules'
import type { Route } from './+types/login'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Member Login')

const AFTER_LOGIN = '/members'

export async function loader({ request, context }: Route.LoaderArgs) {
  const cart = await requestCart(context, request).catch(() => null)
  const back = safeRedirectPath(new URL(request.url).searchParams.get('redirectTo'), AFTER_LOGIN)
  if (cart?.loggedin) throw redirect(back)
  return null
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData()
  const email = String(form.get('email') ?? '').trim()
  const password = String(form.get('password') ?? '')
  const back = safeRedirectPath(form.get('redirectTo'), AFTER_LOGIN)
  const errors: ApiErrorItem[] = []
  if (!email) errors.push({ message: 'Enter your email address.', field: 'email' })
  if (!password) errors.push({ message: 'Enter your password.', field: 'password' })
  if (errors.length) return data({ errors, email }, { status: 400 })
  try {
    await serverApi(context, request).post('/login', { email, password })
  } catch (error) {
    if (error instanceof ApiError) {
      const list =
        error.status === 404
          ? [{ message: 'Logging in is not available yet. Please try again later.' }]
          : error.errors
      return data({ errors: list, email }, { status: error.status === 404 ? 503 : error.status })
    }
    throw error
  }
  throw redirect(back)
}

export default function Login({ actionData }: Route.ComponentProps) {
  const [params] = useSearchParams()
  const navigation = useNavigation()
  const errorId = useId()
  const errors = actionData?.errors ?? []
  const fieldError = (name: string) => errors.find((e) => e.field === name)?.message
  const busy = navigation.state === 'submitting'
  const redirectTo = params.get('redirectTo') ?? ''
  return (
    <Page title="Member Login">
      {redirectTo ? <p>Please log in to continue.</p> : null}
      <Form method="post" className="stack-form" aria-describedby={errors.length ? errorId : undefined} noValidate>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <div id={errorId} role="alert" className="form-error">
          {errors.filter((e) => !e.field).map((e) => (
            <p key={e.message}>{e.message}</p>
          ))}
        </div>
        <div className="field">
          <label htmlFor="login-email">Email</label>
          <input
            id="login-email"
            name="email"
            type="email"
            autoComplete="email"
            required
            defaultValue={actionData?.email ?? ''}
            aria-invalid={fieldError('email') ? true : undefined}
            aria-describedby={fieldError('email') ? 'login-email-error' : undefined}
          />
          {fieldError('email') ? (
            <p className="field-error" id="login-email-error">
              {fieldError('email')}
            </p>
          ) : null}
        </div>
        <div className="field">
          <label htmlFor="login-password">Password</label>
          <input
            id="login-password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            aria-invalid={fieldError('password') ? true : undefined}
            aria-describedby={fieldError('password') ? 'login-password-error' : undefined}
          />
          {fieldError('password') ? (
            <p className="field-error" id="login-password-error">
              {fieldError('password')}
            </p>
          ) : null}
        </div>
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? 'Logging in…' : 'Log in'}
        </button>
      </Form>
      <p>
        <StoreLink to="/forgot">Forgot your password?</StoreLink>
      </p>
      <p>
        New here? <StoreLink to="/register">Create an account</StoreLink>
      </p>
    </Page>
  )
}
