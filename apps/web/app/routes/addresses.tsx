/**
 * Addresses: the customer's address book (SPEC §3 entry), shipping and billing,
 * one default of each (checkout fills its form from the defaults). Add, edit
 * (?edit=<id>), delete and make default; checked by the checkout's own rules.
 */
import { ADDRESS_PARTS, countryName, validateCheckoutAddress, type AddressEntry, type AddressForm as AddressFormInput, type AddressType } from '@store/core'
import { data, Form, redirect, useSearchParams } from 'react-router'
import '../components/members/members.css'
import { AddressForm } from '../components/members/address-form'
import { useFormErrors } from '../components/forms/use-form-errors'
import { useFreshFormKey } from '../components/forms/use-fresh-form-key'
import { FormErrors } from '../components/forms/form-field'
import { Page } from '../components/page/page'
import { StoreLink } from '../components/store-link'
import { formResult } from '../lib/api/post-form'
import { requireCustomer } from '../lib/auth.server'
import type { ApiErrorItem } from '../lib/api/types'
import { pageMeta } from '../lib/meta'
import { readForm } from '../lib/read-form'
import type { Route } from './+types/addresses'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Addresses', { noindex: true })

interface ActionAnswer {
  intent: string
  errors: ApiErrorItem[]
  values?: Record<string, string>
}

export async function loader({ context, request }: Route.LoaderArgs) {
  // personal data: a visitor goes to /login and comes back (SPEC §6 does not list /addresses; its own guard, docs/members.md)
  await requireCustomer(context, request)
  return { addresses: await context.services.addresses() }
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireCustomer(context, request)
  const form = await readForm(request)
  const text = (name: string) => String(form.get(name) ?? '')
  const intent = text('intent')
  const id = text('id')
  if (intent === 'save') {
    const type = (text('address_type') === 'billing' ? 'billing' : 'shipping') as AddressType
    const values: Record<string, string> = { address_type: type, default: text('default') }
    for (const part of ADDRESS_PARTS) values[part] = text(part)
    // every problem at once, by the checkout's rules; the service checks them again
    const prefixed = Object.fromEntries(ADDRESS_PARTS.map((part) => [`${type}_${part}`, values[part]]))
    const problems = validateCheckoutAddress(prefixed, type).map((e) => ({ message: e.message, field: e.field.slice(type.length + 1) }))
    if (problems.length) return data<ActionAnswer>({ intent, errors: problems, values }, { status: 422 })
    const result = await formResult(context.services.saveAddress({ ...(values as unknown as AddressFormInput), default: values.default === '1' }, id || undefined))
    if (!result.ok) return data<ActionAnswer>({ intent, errors: result.errors, values }, { status: result.status })
    throw redirect('/addresses?saved=1')
  }
  if (intent !== 'delete' && intent !== 'default') return data<ActionAnswer>({ intent, errors: [{ message: 'Choose what to do with the address.' }] }, { status: 400 })
  const result = await formResult<unknown>(intent === 'delete' ? context.services.deleteAddress(id) : context.services.setDefaultAddress(id))
  if (!result.ok) return data<ActionAnswer>({ intent, errors: result.errors.map((e) => ({ message: e.message })) }, { status: result.status })
  throw redirect(`/addresses?${intent === 'delete' ? 'deleted' : 'defaulted'}=1`)
}

function AddressLines({ address }: { address: AddressEntry }) {
  const cityLine = [address.city, [address.state, address.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ')
  return (
    <address>
      {[address.name, address.company, address.address, address.address_2, cityLine, countryName(address.country), address.phone].filter(Boolean).map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the list is drawn from the loader's data and never reordered in place; the index keeps equal entries apart
        <span key={index}>
          {line}
          <br />
        </span>
      ))}
    </address>
  )
}

function AddressCard({ address }: { address: AddressEntry }) {
  const label = `${address.name}, ${address.address}`
  return (
    <li className="member-card">
      <p>
        <strong>{address.address_type === 'billing' ? 'Billing' : 'Shipping'}</strong>
        {address.default ? <span className="member-badge">Default</span> : null}
      </p>
      <AddressLines address={address} />
      <div className="member-card-actions">
        <StoreLink to={`/addresses?edit=${address.id}`} className="button button-secondary button-small" aria-label={`Edit ${label}`}>
          Edit
        </StoreLink>
        {address.default ? null : (
          <Form method="post">
            <input type="hidden" name="intent" value="default" />
            <input type="hidden" name="id" value={address.id} />
            <button type="submit" className="button button-secondary button-small" aria-label={`Make default: ${label}, as your ${address.address_type} address`}>
              Make default
            </button>
          </Form>
        )}
        <Form method="post">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={address.id} />
          <button type="submit" className="button button-secondary button-small" aria-label={`Delete ${label}`}>
            Delete
          </button>
        </Form>
      </div>
    </li>
  )
}

export default function Addresses({ loaderData, actionData }: Route.ComponentProps) {
  const { addresses } = loaderData
  const [params] = useSearchParams()
  const answer = actionData as ActionAnswer | undefined
  const saving = useFormErrors(answer?.intent === 'save' ? answer : undefined)
  const other = useFormErrors(answer && answer.intent !== 'save' ? answer : undefined)
  // after each answer the form starts afresh (from what a refused save sent back), as without JavaScript
  const fresh = useFreshFormKey()
  const editId = params.get('edit')
  const editing = addresses.find((address) => address.id === editId)
  const notice = params.get('saved') ? 'Address saved.' : params.get('deleted') ? 'Address deleted.' : params.get('defaulted') ? 'Default address changed.' : null

  return (
    <Page title="Addresses">
      <p>
        Your shipping and billing addresses. Checkout starts from your default ones. <StoreLink to="/members">Back to the Members Area</StoreLink>
      </p>
      {notice ? (
        <p role="status" className="member-status">
          {notice}
        </p>
      ) : null}
      <FormErrors id={other.errorId} errors={other.errors} />
      {addresses.length ? (
        <ul className="member-cards" aria-label="Your addresses">
          {addresses.map((address) => (
            <AddressCard key={address.id} address={address} />
          ))}
        </ul>
      ) : (
        <p>You have no saved addresses yet.</p>
      )}
      <section className="member-section" aria-labelledby="address-form-title">
        <h2 id="address-form-title">{editing ? 'Edit address' : 'Add an address'}</h2>
        {editing ? (
          <p>
            <StoreLink to="/addresses">Cancel editing</StoreLink>
          </p>
        ) : null}
        <AddressForm
          key={`${editing?.id ?? 'new'}-${fresh}`}
          address={editing}
          values={answer?.intent === 'save' ? answer.values : undefined}
          errors={saving.errors}
          errorId={saving.errorId}
          busy={saving.busy}
          fieldError={saving.fieldError}
        />
      </section>
    </Page>
  )
}
