/**
 * Reset Your Password. Without a token: ask for the e-mail and send a link
 * (the answer is the same whether an account exists). With ?token= from the
 * link: choose a new password, then log in with it.
 */
import { useEffect, useState } from 'react'
import { data, Form, redirect, useSearchParams } from 'react-router'
import { passwordProblem } from '@store/core'
import { useFormErrors } from '../components/forms/use-form-errors'
import { FormErrors, FormField, NewPasswordField } from '../components/forms/form-field'
import { Page } from '../components/page/page'
import { StoreLink } from '../components/store-link'
import { formResult } from '../lib/api/post-form'
import type { ApiErrorItem } from '../lib/api/types'
import { pageMeta } from '../lib/meta'
import { addressWithoutToken } from '../lib/reset-token'
import type { Route } from './+types/forgot'
import { readForm } from '../lib/read-form'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Reset Your Password', { noindex: true })

/** A link that no longer works (used, voided by a later change, or past its hour) is told at once, before a new password is typed for nothing. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token')
  if (!token) return data({ spentLink: false })
  const works = await context.services.resetLinkWorks(token)
  // the answer changes once the link is used (and the address carries a secret): never kept in the page cache
  return data({ spentLink: !works }, { headers: { 'Cache-Control': 'private, no-store' } })
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request)
  const token = String(form.get('token') ?? '')
  if (token) {
    const password = String(form.get('password') ?? '')
    const problem = passwordProblem(password)
    if (problem) return data({ sent: false, errors: [{ message: problem, field: 'password' }] as ApiErrorItem[] }, { status: 400 })
    const result = await formResult(context.services.resetPassword({ token, password }))
    if (!result.ok) return data({ sent: false, errors: result.errors }, { status: result.status })
    throw redirect('/login?reset=1')
  }
  const email = String(form.get('email') ?? '').trim()
  if (!email) return data({ sent: false, errors: [{ message: 'Enter your email address.', field: 'email' }] as ApiErrorItem[] }, { status: 400 })
  const result = await formResult(context.services.forgot(email))
  if (!result.ok) return data({ sent: false, errors: result.errors }, { status: result.status })
  return { sent: true, errors: [] as ApiErrorItem[] }
}

export default function Forgot({ loaderData, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams()
  const spentLink = loaderData?.spentLink === true
  // read once from the link and kept in the page's state (and the form's hidden field); a spent one is dropped, and the page asks for a new link
  const [token] = useState(() => (spentLink ? '' : (params.get('token') ?? '')))
  useEffect(() => {
    if (!new URL(window.location.href).searchParams.has('token')) return
    window.history.replaceState(window.history.state, '', addressWithoutToken(window.location.href))
  }, [])
  const { errorId, errors, fieldError, busy } = useFormErrors(actionData)

  if (actionData?.sent) {
    return (
      <Page title="Reset Your Password">
        <p role="status">If an account uses that address, a link to reset your password is on its way. It works for one hour.</p>
        <p>
          <StoreLink to="/login">Back to log in</StoreLink>
        </p>
      </Page>
    )
  }
  return (
    <Page title="Reset Your Password">
      <Form method="post" action="/forgot" className="stack-form" aria-describedby={errors.length ? errorId : undefined} noValidate>
        <FormErrors id={errorId} errors={errors.filter((e) => e.field !== 'token').concat(errors.filter((e) => e.field === 'token').map((e) => ({ message: e.message })))} />
        {token ? (
          <>
            <input type="hidden" name="token" value={token} />
            <NewPasswordField id="reset-password" label="New password" error={fieldError('password')} />
            <button type="submit" className="button button-primary" disabled={busy}>
              {busy ? 'Saving…' : 'Save new password'}
            </button>
          </>
        ) : (
          <>
            {spentLink ? (
              <p role="alert">This reset link has expired or was already used. Enter your email address and we will send you a new one.</p>
            ) : (
              <p>Enter the email address of your account and we will send you a link to choose a new password.</p>
            )}
            <FormField id="forgot-email" name="email" label="Email" type="email" autoComplete="email" required error={fieldError('email')} />
            <button type="submit" className="button button-primary" disabled={busy}>
              {busy ? 'Sending…' : 'Send reset link'}
            </button>
          </>
        )}
      </Form>
    </Page>
  )
}
