/**
 * What the two message pages share (Contact Us and Feedback): the sender's
 * name and e-mail (a logged-in customer's filled in), the fields read from the
 * posted form, the checks of the sender, and the confirmation shown once the
 * message is stored.
 */
import { isValidEmail, type StoreServices } from '@store/core'
import type { ApiErrorItem } from '../../lib/api/types'
import { readForm } from '../../lib/read-form'
import { Page } from '../page/page'
import { StoreLink } from '../store-link'
import { FormField } from './form-field'

/** The loader of a message page: a logged-in customer's name and e-mail, else empty fields. */
export async function senderDefaults(services: StoreServices) {
  const cart = await services.cart().catch(() => null)
  return { name: cart?.customer?.name ?? '', email: cart?.customer?.e_mail_address ?? '' }
}

/** The named fields of the posted form, each trimmed ('' when missing). */
export async function readMessage<const F extends readonly string[]>(request: Request, fields: F): Promise<Record<F[number], string>> {
  const form = await readForm(request)
  return Object.fromEntries(fields.map((name) => [name, String(form.get(name) ?? '').trim()])) as Record<F[number], string>
}

/** The sender's errors: a name, and an e-mail address to reply to. */
export function senderErrors(values: { name: string; email: string }, emailMessage: string): ApiErrorItem[] {
  const errors: ApiErrorItem[] = []
  if (!values.name) errors.push({ message: 'Enter your name.', field: 'name' })
  if (!isValidEmail(values.email)) errors.push({ message: emailMessage, field: 'email' })
  return errors
}

export function SenderFields({
  idPrefix,
  defaults,
  fieldError,
}: {
  idPrefix: string
  defaults: { name: string; email: string }
  fieldError: (name: string) => string | undefined
}) {
  return (
    <>
      <FormField id={`${idPrefix}-name`} name="name" label="Your name" autoComplete="name" required defaultValue={defaults.name} error={fieldError('name')} />
      <FormField id={`${idPrefix}-email`} name="email" label="Email" type="email" autoComplete="email" required defaultValue={defaults.email} error={fieldError('email')} />
    </>
  )
}

/** The page after sending: the store's confirmation (with its reference) and the way back. */
export function MessageSent({ title, message }: { title: string; message: string }) {
  return (
    <Page title={title}>
      <p role="status" className="member-status">
        {message}
      </p>
      <p>
        <StoreLink to="/" className="button button-secondary">
          Back to the shop
        </StoreLink>
      </p>
    </Page>
  )
}
