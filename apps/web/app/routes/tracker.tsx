/**
 * Order Tracker (/tracker and its alias /track_package): an order's carrier and
 * events (SPEC §3 Tracking). The logged-in customer's own order opens from a
 * link (?order=N); anyone else gives the order number and the order's e-mail
 * in a form (posted, so the address never sits in a URL). A wrong pair is the
 * same "not found" as an unknown number, and misses are throttled per network.
 */
import type { Tracking } from '@store/core'
import { data, Form } from 'react-router'
import '../components/members/members.css'
import { FormErrors, FormField } from '../components/forms/form-field'
import { useFormErrors } from '../components/forms/use-form-errors'
import { orderStatusText } from '../components/members/order-card'
import { Page } from '../components/page/page'
import { formResult } from '../lib/api/post-form'
import type { ApiErrorItem } from '../lib/api/types'
import { pageMeta } from '../lib/meta'
import { readForm } from '../lib/read-form'
import type { Route } from './+types/tracker'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Order Tracker', { canonicalPath: '/tracker' })

export async function loader({ request, context }: Route.LoaderArgs) {
  const order = (new URL(request.url).searchParams.get('order') ?? '').trim().slice(0, 41)
  // a visitor without a session owns no order: the form asks for the e-mail (and the page stays cacheable)
  if (!order || !request.headers.get('cookie')) return { order, tracking: null as Tracking | null }
  const result = await formResult(context.services.tracking(order))
  return { order, tracking: result.ok ? result.value : null }
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request)
  const order = String(form.get('order') ?? '').trim()
  const email = String(form.get('email') ?? '').trim()
  if (!order) return data({ tracking: null, errors: [{ message: 'Enter your order number.', field: 'order' }] as ApiErrorItem[] }, { status: 400 })
  const result = await formResult(context.services.tracking(order, email))
  if (!result.ok) {
    const errors: ApiErrorItem[] =
      result.status === 404
        ? [{ message: `We couldn't find order ${order} with that e-mail address. Check both and try again.` }]
        : result.errors.map((e) => ({ message: e.message }))
    return data({ tracking: null, errors }, { status: result.status })
  }
  return { tracking: result.value, errors: [] as ApiErrorItem[] }
}

/** One formatter for every event (toLocaleString built a new Intl.DateTimeFormat per call); the same text. */
const EVENT_TIME = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'UTC', timeZoneName: 'short' })

function dateTime(iso: string) {
  const date = new Date(iso)
  // as toLocaleString answers for an address that is no date
  return Number.isNaN(date.getTime()) ? 'Invalid Date' : EVENT_TIME.format(date)
}

function TrackingView({ tracking }: { tracking: Tracking }) {
  return (
    <section className="member-card" aria-labelledby="tracking-title" data-testid="tracking">
      <h2 id="tracking-title" className="order-title">
        Order {tracking.order}
      </h2>
      <dl className="order-facts">
        <div>
          <dt>Status</dt>
          <dd>{orderStatusText(tracking.status)}</dd>
        </div>
        <div>
          <dt>Carrier</dt>
          <dd>{tracking.carrier ?? 'Not shipped yet'}</dd>
        </div>
        {tracking.tracking_number ? (
          <div>
            <dt>Tracking number</dt>
            <dd>{tracking.tracking_number}</dd>
          </div>
        ) : null}
      </dl>
      <h3 className="order-subtitle">Updates</h3>
      {tracking.events.length === 0 ? (
        <p>No updates yet.</p>
      ) : (
        <ol className="tracking-events">
          {tracking.events.map((event, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is drawn from the loader's data and never reordered in place; the index keeps equal entries apart
            <li key={`${event.date}-${i}`}>
              {event.description}
              <time dateTime={event.date}>{dateTime(event.date)}</time>
            </li>
          ))}
        </ol>
      )}
      {tracking.history.length > 0 ? (
        <>
          <h3 className="order-subtitle">Order history</h3>
          <ol className="tracking-events" data-testid="order-history">
            {tracking.history.map((entry, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the history is drawn from the loader's data and never reordered in place; the index keeps two entries of the same moment apart
              <li key={`${entry.at}-${i}`}>
                {entry.description}
                <time dateTime={entry.at}>{dateTime(entry.at)}</time>
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </section>
  )
}

export default function Tracker({ loaderData, actionData }: Route.ComponentProps) {
  const tracking = actionData?.tracking ?? loaderData.tracking
  const { errorId, errors, fieldError, busy } = useFormErrors(actionData)
  return (
    <Page title="Order Tracker">
      {tracking ? <TrackingView tracking={tracking} /> : null}
      <Form method="post" aria-describedby={errors.length ? errorId : undefined} className={tracking ? 'member-section' : undefined}>
        <p>Enter your order number and the e-mail address you ordered with. Logged in, your orders are on the Orders page.</p>
        <FormErrors id={errorId} errors={errors} />
        <FormField id="tracker-order" name="order" label="Order number" required maxLength={41} defaultValue={loaderData.order} error={fieldError('order')} />
        <FormField id="tracker-email" name="email" label="E-mail address" type="email" autoComplete="email" maxLength={254} error={fieldError('email')} />
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? 'Looking…' : 'Track order'}
        </button>
      </Form>
    </Page>
  )
}
