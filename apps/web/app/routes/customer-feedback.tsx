/** Feedback: what a shopper thinks of the store, with an optional rating; stored and e-mailed to the brand's support address. */
import { data, Form } from 'react-router'
import '../components/members/members.css'
import { FormErrors, FormField } from '../components/forms/form-field'
import { MessageSent, readMessage, SenderFields, senderDefaults, senderErrors } from '../components/forms/message-form'
import { TextAreaField } from '../components/forms/select-field'
import { useFormErrors } from '../components/forms/use-form-errors'
import { Page } from '../components/page/page'
import { StoreLink } from '../components/store-link'
import { formResult } from '../lib/api/post-form'
import type { ApiErrorItem } from '../lib/api/types'
import { pageMeta } from '../lib/meta'
import type { Route } from './+types/customer-feedback'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Feedback')

export async function loader({ context }: Route.LoaderArgs) {
  return senderDefaults(context.services)
}

const FIELDS = ['name', 'email', 'rating', 'order_number', 'message'] as const

export async function action({ request, context }: Route.ActionArgs) {
  const values = await readMessage(request, FIELDS)
  const errors = senderErrors(values, 'Enter a valid email address.')
  if (values.message.length < 10) errors.push({ message: 'Tell us a little more: your feedback needs at least 10 characters.', field: 'message' })
  if (errors.length) return data({ errors, values, done: null }, { status: 400 })
  const result = await formResult(context.services.sendFeedback(values))
  if (!result.ok) return data({ errors: result.errors, values, done: null }, { status: result.status })
  return { errors: [] as ApiErrorItem[], values, done: result.value.message }
}

const RATINGS = [
  { value: '5', caption: '5 – Love it' },
  { value: '4', caption: '4 – Like it' },
  { value: '3', caption: '3 – It is fine' },
  { value: '2', caption: '2 – Not great' },
  { value: '1', caption: '1 – Poor' },
]

export default function CustomerFeedback({ loaderData, actionData }: Route.ComponentProps) {
  const { errorId, errors, fieldError, busy } = useFormErrors(actionData)
  if (actionData?.done) return <MessageSent title="Feedback" message={actionData.done} />
  const value = (name: string) => (actionData?.values as Record<string, string> | undefined)?.[name]
  const ratingError = fieldError('rating')
  return (
    <Page title="Feedback">
      <p>
        How are we doing? Every message is read by our team. Need an answer about an order? Use <StoreLink to="/contact-us">Contact Us</StoreLink>.
      </p>
      <Form method="post" className="stack-form" aria-describedby={errors.length ? errorId : undefined} noValidate>
        <FormErrors id={errorId} errors={errors} />
        <SenderFields idPrefix="feedback" defaults={{ name: value('name') ?? loaderData.name, email: value('email') ?? loaderData.email }} fieldError={fieldError} />
        <fieldset className="field fieldset-plain" aria-describedby={ratingError ? 'feedback-rating-error' : undefined}>
          <legend>Your rating (optional)</legend>
          <div className="rating-options">
            {RATINGS.map((rating) => (
              <label key={rating.value}>
                <input type="radio" name="rating" value={rating.value} defaultChecked={value('rating') === rating.value} /> {rating.caption}
              </label>
            ))}
          </div>
          {ratingError ? (
            <p className="field-error" id="feedback-rating-error">
              {ratingError}
            </p>
          ) : null}
        </fieldset>
        <FormField id="feedback-order" name="order_number" label="Order number (optional)" defaultValue={value('order_number') ?? ''} error={fieldError('order_number')} />
        <TextAreaField
          id="feedback-message"
          name="message"
          label="Your feedback"
          rows={6}
          maxLength={4000}
          required
          defaultValue={value('message') ?? ''}
          error={fieldError('message')}
        />
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? 'Sending…' : 'Send feedback'}
        </button>
      </Form>
    </Page>
  )
}
