/**
 * Contact Us: a message to customer service, stored and e-mailed to the
 * brand's support address; the shopper reads a confirmation with a reference.
 * A logged-in customer's name and e-mail are filled in.
 */
import { CONTACT_TOPICS } from '@store/core'
import { data, Form } from 'react-router'
import '../components/members/members.css'
import { FormErrors, FormField } from '../components/forms/form-field'
import { MessageSent, readMessage, SenderFields, senderDefaults, senderErrors } from '../components/forms/message-form'
import { SelectField, TextAreaField } from '../components/forms/select-field'
import { useFormErrors } from '../components/forms/use-form-errors'
import { Page } from '../components/page/page'
import { StoreLink } from '../components/store-link'
import { formResult } from '../lib/api/post-form'
import type { ApiErrorItem } from '../lib/api/types'
import { pageMeta } from '../lib/meta'
import type { Route } from './+types/contact-us'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Contact Us')

export async function loader({ context }: Route.LoaderArgs) {
  return senderDefaults(context.services)
}

const FIELDS = ['name', 'email', 'topic', 'order_number', 'message'] as const

export async function action({ request, context }: Route.ActionArgs) {
  const values = await readMessage(request, FIELDS)
  const errors = senderErrors(values, 'Enter a valid email address, so we can reply.')
  if (!values.topic) errors.push({ message: 'Choose what your message is about.', field: 'topic' })
  if (values.message.length < 10) errors.push({ message: 'Tell us a little more: your message needs at least 10 characters.', field: 'message' })
  if (errors.length) return data({ errors, values, done: null }, { status: 400 })
  const result = await formResult(context.services.sendContact(values))
  if (!result.ok) return data({ errors: result.errors, values, done: null }, { status: result.status })
  return { errors: [] as ApiErrorItem[], values, done: result.value.message }
}

export default function ContactUs({ loaderData, actionData }: Route.ComponentProps) {
  const { errorId, errors, fieldError, busy } = useFormErrors(actionData)
  if (actionData?.done) return <MessageSent title="Contact Us" message={actionData.done} />
  const value = (name: string) => (actionData?.values as Record<string, string> | undefined)?.[name]
  return (
    <Page title="Contact Us">
      <p>
        Questions about an order, sizing or your membership? Write to us and we will reply by email within one business day. Feedback about the store is welcome on the{' '}
        <StoreLink to="/customer-feedback">feedback page</StoreLink>.
      </p>
      <Form method="post" className="stack-form" aria-describedby={errors.length ? errorId : undefined} noValidate>
        <FormErrors id={errorId} errors={errors} />
        <SenderFields idPrefix="contact" defaults={{ name: value('name') ?? loaderData.name, email: value('email') ?? loaderData.email }} fieldError={fieldError} />
        <SelectField
          id="contact-topic"
          name="topic"
          label="What is it about?"
          placeholder="Choose a topic"
          options={CONTACT_TOPICS}
          defaultValue={value('topic') ?? ''}
          error={fieldError('topic')}
        />
        <FormField
          id="contact-order"
          name="order_number"
          label="Order number (optional)"
          hint="It is on your order confirmation email."
          defaultValue={value('order_number') ?? ''}
          error={fieldError('order_number')}
        />
        <TextAreaField id="contact-message" name="message" label="Message" rows={6} maxLength={4000} required defaultValue={value('message') ?? ''} error={fieldError('message')} />
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? 'Sending…' : 'Send message'}
        </button>
      </Form>
    </Page>
  )
}
