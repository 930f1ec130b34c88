/**
 * Style Profile: the questions of SPEC §3 (birthday_day and birthday_month
 * among them) with the shopper's answers. A visitor's answers are kept with
 * their visit and follow them into their account; a customer's feed the
 * analytics identification on the next start-up (SPEC §4).
 */
import { data } from 'react-router'
import '../components/members/members.css'
import { StyleProfileForm, styleAnswersFrom } from '../components/members/style-profile-form'
import { useFormErrors } from '../components/forms/use-form-errors'
import { Page } from '../components/page/page'
import { formResult } from '../lib/api/post-form'
import type { ApiErrorItem } from '../lib/api/types'
import { pageMeta } from '../lib/meta'
import { readForm } from '../lib/read-form'
import type { Route } from './+types/styleprofile'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Style Profile', { noindex: true })

export async function loader({ context }: Route.LoaderArgs) {
  return { fields: await context.services.styleProfile() }
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request)
  const fields = await context.services.styleProfile()
  const result = await formResult(context.services.saveStyleProfile(styleAnswersFrom(form, fields)))
  if (!result.ok) return data({ saved: false, errors: result.errors }, { status: result.status })
  return { saved: true, errors: [] as ApiErrorItem[] }
}

export default function StyleProfile({ loaderData, actionData }: Route.ComponentProps) {
  const { errorId, errors, fieldError, busy } = useFormErrors(actionData)
  return (
    <Page title="Style Profile">
      <p>Tell us what you like and we will pick better for you. Every question is optional.</p>
      {actionData?.saved ? (
        <p role="status" className="member-status">
          Your style profile is saved.
        </p>
      ) : null}
      <StyleProfileForm fields={loaderData.fields} errors={errors} errorId={errorId} busy={busy} fieldError={fieldError} />
    </Page>
  )
}
