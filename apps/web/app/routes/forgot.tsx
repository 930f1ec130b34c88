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

export default function Forgot({ actionData }: Route.ComponentProps) {
  const [params] = useSearchParams()
  // read once from the link and kept in the page's state (and the form's hidden field)
  const [token] = useState(() => params.get('token') ?? '')
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
            <p>Enter the email address of your account and we will send you a link to choose a new password.</p>
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
