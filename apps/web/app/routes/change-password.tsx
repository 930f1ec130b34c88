/**
 * Account: change the password (current one required; every other session
 * ends), the name, and the e-mail address (a link goes to the new address; it
 * changes once the customer, logged in, opens the link and confirms here: a
 * GET never changes state, so a mail scanner opening the link changes nothing).
 */
import { passwordProblem, type AccountInfo } from '@store/core'
import { data, Form, useSearchParams } from 'react-router'
import '../components/members/members.css'
import { FormErrors, FormField, NewPasswordField } from '../components/forms/form-field'
import { useFormErrors } from '../components/forms/use-form-errors'
import { useFreshFormKey } from '../components/forms/use-fresh-form-key'
import { Page } from '../components/page/page'
import { StoreLink } from '../components/store-link'
import { formResult } from '../lib/api/post-form'
import type { ApiErrorItem } from '../lib/api/types'
import { pageMeta } from '../lib/meta'
import { readForm } from '../lib/read-form'
import type { Route } from './+types/change-password'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Account', { noindex: true })

type Intent = 'password' | 'name' | 'email' | 'confirm'
interface ActionAnswer {
  intent: Intent
  errors: ApiErrorItem[]
  done?: string
  values?: Record<string, string>
}

export async function loader({ context }: Route.LoaderArgs) {
  return { account: await context.services.account() }
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request)
  const text = (name: string) => String(form.get(name) ?? '')
  const intent = text('intent') as Intent
  const refuse = (errors: ApiErrorItem[], status: number, values?: Record<string, string>) => data<ActionAnswer>({ intent, errors, values }, { status })
  switch (intent) {
    case 'password': {
      const errors: ApiErrorItem[] = []
      if (!text('current_password')) errors.push({ message: 'Enter your current password.', field: 'current_password' })
      const problem = passwordProblem(text('password'))
      if (problem) errors.push({ message: problem, field: 'password' })
      if (errors.length) return refuse(errors, 400)
      const result = await formResult(context.services.changePassword({ current_password: text('current_password'), password: text('password') }))
      if (!result.ok) return refuse(result.errors, result.status)
      return { intent, errors: [], done: 'Your password is changed. You stay logged in here; everywhere else you are logged out.' } satisfies ActionAnswer
    }
    case 'name': {
      const result = await formResult(context.services.updateAccount({ name: text('name') }))
      if (!result.ok) return refuse(result.errors, result.status, { name: text('name') })
      return { intent, errors: [], done: 'Your name is saved.' } satisfies ActionAnswer
    }
    case 'email': {
      const result = await formResult(context.services.changeEmail({ email: text('email'), current_password: text('current_password') }))
      if (!result.ok) return refuse(result.errors, result.status, { email: text('email') })
      return {
        intent,
        errors: [],
        done: `We sent a link to ${result.value.pending_e_mail_address}. Open it while logged in to start using that address.`,
      } satisfies ActionAnswer
    }
    case 'confirm': {
      const result = await formResult(context.services.confirmEmail(text('token')))
      if (!result.ok)
        return refuse(
          result.errors.map((e) => ({ message: e.message })),
          result.status,
        )
      return { intent, errors: [], done: `Your email address is now ${result.value.e_mail_address}.` } satisfies ActionAnswer
    }
    default:
      return refuse([{ message: 'Choose what to change.' }], 400)
  }
}

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section className="member-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  )
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const account: AccountInfo = loaderData.account
  const [params] = useSearchParams()
  const confirmToken = params.get('confirm')
  const answer = actionData as ActionAnswer | undefined
  const of = (intent: Intent) => (answer?.intent === intent ? answer : undefined)
  const password = useFormErrors(of('password'))
  const name = useFormErrors(of('name'))
  const email = useFormErrors(of('email'))
  const confirm = useFormErrors(of('confirm'))
  const done = (intent: Intent) =>
    of(intent)?.done ? (
      <p role="status" className="member-status">
        {of(intent)!.done}
      </p>
    ) : null
  const confirmed = Boolean(of('confirm')?.done)
  // each answer renders its forms afresh, as a page without JavaScript would: typed passwords do not stay in the page
  const fresh = useFreshFormKey()

  return (
    <Page title="Account">
      <p>
        Logged in as <strong>{account.name}</strong> ({account.e_mail_address}). <StoreLink to="/members">Back to the Members Area</StoreLink>
      </p>

      {confirmToken && !confirmed ? (
        <Section id="confirm-title" title="Confirm your new email address">
          <Form method="post" className="stack-form" aria-describedby={confirm.errors.length ? confirm.errorId : undefined}>
            <input type="hidden" name="intent" value="confirm" />
            <input type="hidden" name="token" value={confirmToken} />
            <FormErrors id={confirm.errorId} errors={confirm.errors} />
            <p>{account.pending_e_mail_address ? `Use ${account.pending_e_mail_address} for your account from now on?` : 'Use the new address for your account from now on?'}</p>
            <button type="submit" className="button button-primary" disabled={confirm.busy}>
              Confirm my new email address
            </button>
          </Form>
        </Section>
      ) : null}
      {done('confirm')}

      <Section id="password-title" title="Change password">
        {done('password')}
        <Form key={`password-${fresh}`} method="post" className="stack-form" aria-describedby={password.errors.length ? password.errorId : undefined} noValidate>
          <input type="hidden" name="intent" value="password" />
          <FormErrors id={password.errorId} errors={password.errors} />
          <FormField
            id="account-current-password"
            name="current_password"
            label="Current password"
            type="password"
            autoComplete="current-password"
            required
            error={password.fieldError('current_password')}
          />
          <NewPasswordField id="account-new-password" label="New password" error={password.fieldError('password')} />
          <button type="submit" className="button button-primary" disabled={password.busy}>
            {password.busy ? 'Changing…' : 'Change password'}
          </button>
        </Form>
      </Section>

      <Section id="name-title" title="Your name">
        {done('name')}
        <Form key={`name-${fresh}`} method="post" className="stack-form" aria-describedby={name.errors.length ? name.errorId : undefined} noValidate>
          <input type="hidden" name="intent" value="name" />
          <FormErrors id={name.errorId} errors={name.errors} />
          <FormField
            id="account-name"
            name="name"
            label="Full name"
            autoComplete="name"
            required
            defaultValue={of('name')?.values?.name ?? account.name}
            error={name.fieldError('name')}
          />
          <button type="submit" className="button button-secondary" disabled={name.busy}>
            Save name
          </button>
        </Form>
      </Section>

      <Section id="email-title" title="Email address">
        {done('email')}
        {account.pending_e_mail_address && !of('email')?.done ? <p>We are waiting for you to open the link sent to {account.pending_e_mail_address}.</p> : null}
        <Form key={`email-${fresh}`} method="post" className="stack-form" aria-describedby={email.errors.length ? email.errorId : undefined} noValidate>
          <input type="hidden" name="intent" value="email" />
          <FormErrors id={email.errorId} errors={email.errors} />
          <FormField
            id="account-email"
            name="email"
            label="New email address"
            type="email"
            autoComplete="email"
            required
            defaultValue={of('email')?.values?.email ?? ''}
            error={email.fieldError('email')}
          />
          <FormField
            id="account-email-password"
            name="current_password"
            label="Current password"
            type="password"
            autoComplete="current-password"
            required
            error={email.fieldError('current_password')}
          />
          <button type="submit" className="button button-secondary" disabled={email.busy}>
            Send confirmation link
          </button>
        </Form>
      </Section>
    </Page>
  )
}
