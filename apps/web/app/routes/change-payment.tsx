/**
 * Payment Methods: the customer's saved cards (brand, last four, expiry), the
 * default first. A card is added through the payment provider, as at checkout:
 * with the test gateway the card form (components/checkout/card-fields) hands the
 * card to the test tokenisation in the browser; with Stripe the card is typed into
 * Stripe.js's own field (components/checkout/stripe-card) and becomes a
 * PaymentMethod id. Only that token is posted to this page's action, which saves
 * it through the gateway's setup flow (no charge). A bank that wants the cardholder
 * to confirm the card first (3-D Secure on the setup) gets its step here (the test
 * gateway's dialog, or Stripe.js's handleNextAction), then the action completes the
 * setup. Make default and remove are plain forms. The default is what club billing
 * charges (docs/members.md).
 */
import { dayName, formatPrice, parseExpiryInput, savedCardName, validateCardForm, type PaymentMethod } from '@store/core'
import { cardExpiry } from '../components/checkout/saved-cards'
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { data, Form, redirect, useLocation, useNavigation, useSearchParams, useSubmit } from 'react-router'
import '../styles/checkout.css'
import '../components/members/members.css'
import { CardFields, type CardValues } from '../components/checkout/card-fields'
import { AuthenticationDialog } from '../components/checkout/authentication-dialog'
import { authenticateStripePayment, StripeCard, stripeKeyOf, type StripeCardHandle } from '../components/checkout/stripe-card'
import { FormErrors } from '../components/forms/form-field'
import { scrollToField } from '../components/forms/use-form-errors'
import { Page } from '../components/page/page'
import { useFreshFormKey } from '../components/forms/use-fresh-form-key'
import { useBrowserApi } from '../lib/api/browser'
import { authenticatePayment, createTestToken } from '../lib/api/checkout-api'
import { ApiError } from '../lib/api/client'
import { formResult } from '../lib/api/post-form'
import type { ApiErrorItem } from '../lib/api/types'
import { pageMeta } from '../lib/meta'
import { readForm } from '../lib/read-form'
import { useSettings } from '../lib/store/store-provider'
import type { Route } from './+types/change-payment'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Payment Methods', { noindex: true })

export async function loader({ context }: Route.LoaderArgs) {
  const [methods, membership] = await Promise.all([context.services.paymentMethods(), context.services.membership()])
  // an overdue member comes here to give the club a card that pays: the new card is offered as the default,
  // and the page says what is overdue until it is paid (also after a new card was refused it)
  const overdueMonth = membership?.status === 'overdue' ? { amount: membership.amount, nextRetry: membership.next_retry_date } : null
  return { methods, setup: context.services.paymentSetup(), overdueMonth }
}

const PAID_OVERDUE = 'it has paid your VIP membership\u2019s overdue month: nothing is overdue now.'
const NOTICES: Record<string, string> = {
  added: 'Your card is saved.',
  default: 'Your default card is changed.',
  removed: 'The card is removed.',
  'added-paid': `Your card is saved, and ${PAID_OVERDUE}`,
  'default-paid': `Your default card is changed, and ${PAID_OVERDUE}`,
}

/**
 * The notice of ?done=…, said until another action of this page answers: that answer (a refused card, the
 * bank's step) posts to the same address, query and all, and the old "Your card is saved." above a new
 * refusal read as if the new card were saved too. A redirect to ?done=… is a new page without an answer.
 */
export function doneNotice(done: string | null, answered: boolean): string | null {
  return !answered && done ? (NOTICES[done] ?? null) : null
}

/**
 * Done with a card that now bills the club: for a member who was overdue, whether the card paid the
 * overdue month there and then (payment-methods.service payOverdueMonth), read from the membership.
 */
async function doneWithBillingCard(context: Route.ActionArgs['context'], done: 'added' | 'default', wasOverdue: boolean): Promise<never> {
  const paid = wasOverdue && !(await isOverdue(context))
  throw redirect(`/change_payment?done=${done}${paid ? '-paid' : ''}`)
}

const isOverdue = async (context: Route.ActionArgs['context']) => (await context.services.membership())?.status === 'overdue'

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request)
  const intent = String(form.get('intent') ?? '')
  const id = String(form.get('id') ?? '')
  const fail = (status: number, errors: ApiErrorItem[]) => data({ id, errors, setup: null }, { status })
  // a card's refusal is said at the card field
  const atCard = (errors: ApiErrorItem[]) => errors.map((e) => (e.field === 'payment_token' ? { message: e.message, field: 'card_number' } : e))
  if (intent === 'add') {
    const wasOverdue = await isOverdue(context)
    const result = await formResult(
      context.services.addPaymentMethod({ payment_token: String(form.get('payment_token') ?? ''), make_default: String(form.get('make_default') ?? '') }),
    )
    if (!result.ok) return fail(result.status, atCard(result.errors))
    // the bank wants the cardholder to confirm the card first: the page takes that step, then completes
    if (result.value.status === 'requires_action') return data({ id: '', errors: [], setup: { id: result.value.setup_id, client_secret: result.value.client_secret } })
    return doneWithBillingCard(context, 'added', wasOverdue)
  }
  if (intent === 'complete') {
    const wasOverdue = await isOverdue(context)
    const result = await formResult(context.services.completeCardSetup(String(form.get('setup_id') ?? '')))
    if (!result.ok) return fail(result.status, atCard(result.errors))
    return doneWithBillingCard(context, 'added', wasOverdue)
  }
  if (intent === 'default') {
    const wasOverdue = await isOverdue(context)
    const result = await formResult(context.services.setDefaultPaymentMethod(id))
    if (!result.ok) return fail(result.status, result.errors)
    return doneWithBillingCard(context, 'default', wasOverdue)
  }
  if (intent === 'remove') {
    const result = await formResult(context.services.removePaymentMethod(id))
    if (!result.ok) return fail(result.status, result.errors)
    throw redirect('/change_payment?done=removed')
  }
  return fail(400, [{ message: 'Choose what to do with this card.' }])
}

const CARD_FIELDS: readonly string[] = ['card_number', 'card_exp', 'card_cvc']

const cardName = (m: PaymentMethod) => savedCardName(m.card_brand, m.last4)

/** The "Add a card" form around either card field: the default box, the button, the errors that are not the card's. */
function AddCardForm({
  errors,
  sending,
  onSubmit,
  makeDefault,
  setMakeDefault,
  overdue,
  children,
}: {
  errors: ApiErrorItem[]
  sending: boolean
  onSubmit: (event: FormEvent<HTMLFormElement>) => void
  makeDefault: boolean
  setMakeDefault: (value: boolean) => void
  overdue: boolean
  children: ReactNode
}) {
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="add-card-title" className="member-card">
      <h2 id="add-card-title" className="order-title">
        Add a card
      </h2>
      <FormErrors id="add-card-errors" errors={errors.filter((e) => !e.field || !CARD_FIELDS.includes(e.field))} />
      {children}
      <div className="field">
        <label>
          <input type="checkbox" checked={makeDefault} onChange={(e) => setMakeDefault(e.target.checked)} /> Make this my default card
          {overdue ? ': your VIP membership\u2019s unpaid month is charged to it now' : ''}
        </label>
      </div>
      <button type="submit" className="button button-primary" disabled={sending}>
        {sending ? 'Saving…' : 'Save card'}
      </button>
      <noscript>
        <p>Adding a card needs JavaScript: the card goes straight to our payment provider, never through our pages.</p>
      </noscript>
    </form>
  )
}

/** The token goes to this page's action, which saves the card through the gateway. */
function useAddCard(overdue: boolean) {
  const submit = useSubmit()
  const navigation = useNavigation()
  const [makeDefault, setMakeDefault] = useState(overdue)
  const [busy, setBusy] = useState(false)
  const save = (token: string) => submit({ intent: 'add', payment_token: token, make_default: makeDefault ? 'true' : '' }, { method: 'post' })
  return { makeDefault, setMakeDefault, busy, setBusy, save, sending: busy || navigation.state === 'submitting' }
}

/** Scrolls to the first card field with an error (card_number, card_exp, card_cvc: #card-number…) and puts the cursor there. */
function focusCardField(errors: readonly ApiErrorItem[]) {
  const field = errors.find((e) => e.field && CARD_FIELDS.includes(e.field))?.field
  const input = field ? document.getElementById(field.replace('_', '-')) : null
  if (input) scrollToField(input)
}

/** The test gateway: the checkout's card fields, tokenised by the store's test endpoint. */
function TestAddCard({ serverErrors, overdue }: { serverErrors: ApiErrorItem[]; overdue: boolean }) {
  const api = useBrowserApi()
  const add = useAddCard(overdue)
  const [card, setCard] = useState<CardValues>({ number: '', exp: '', cvc: '' })
  const [errors, setErrors] = useState<ApiErrorItem[]>([])
  const shown = errors.length ? errors : serverErrors
  const fieldError = (name: string) => shown.find((e) => e.field === name)?.message
  // SPEC §5: on a refusal the cursor goes to the first card field in error (the store's answer comes
  // to a form started afresh, so without this the focus was left on the page's body)
  useEffect(() => focusCardField(shown), [shown])

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const exp = parseExpiryInput(card.exp)
    const values = { number: card.number, cvc: card.cvc, exp_month: exp?.month ?? '', exp_year: exp?.year ?? '' }
    const field = (f: string) => (f === 'number' ? 'card_number' : f === 'cvc' ? 'card_cvc' : 'card_exp')
    const problems = validateCardForm(values).map((e) => ({ field: field(e.field), message: e.message }))
    if (problems.length) return setErrors(problems)
    setErrors([])
    add.setBusy(true)
    try {
      const { token } = await createTestToken(api, values)
      void add.save(token)
      setCard({ number: '', exp: '', cvc: '' })
    } catch (error) {
      setErrors(
        error instanceof ApiError
          ? error.errors.map((e) => ({ message: e.message, field: e.field ? field(e.field) : undefined }))
          : [{ message: 'We could not reach the store just now. Try again.' }],
      )
    } finally {
      add.setBusy(false)
    }
  }

  return (
    <AddCardForm errors={shown} sending={add.sending} onSubmit={onSubmit} makeDefault={add.makeDefault} setMakeDefault={add.setMakeDefault} overdue={overdue}>
      <CardFields values={card} fieldError={fieldError} onChange={setCard} disabled={add.sending} />
    </AddCardForm>
  )
}

/** Stripe: the card is typed into Stripe.js's field and comes back as a PaymentMethod id; the card itself never reaches the store. */
function StripeAddCard({ publishableKey, serverErrors, overdue }: { publishableKey: string; serverErrors: ApiErrorItem[]; overdue: boolean }) {
  const add = useAddCard(overdue)
  const card = useRef<StripeCardHandle>(null)
  const [cardError, setCardError] = useState<string | null>(null)

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!card.current) return
    setCardError(null)
    add.setBusy(true)
    try {
      const result = await card.current.tokenize()
      if ('error' in result) setCardError(result.error)
      else void add.save(result.token)
    } finally {
      add.setBusy(false)
    }
  }

  return (
    <AddCardForm errors={serverErrors} sending={add.sending} onSubmit={onSubmit} makeDefault={add.makeDefault} setMakeDefault={add.setMakeDefault} overdue={overdue}>
      <StripeCard
        handle={card}
        publishableKey={publishableKey}
        applePay={false}
        afterpayAvailable={false}
        total={0}
        error={cardError ?? serverErrors.find((e) => e.field === 'card_number')?.message}
        onWalletToken={add.save}
      />
    </AddCardForm>
  )
}

/**
 * The bank's step for a card being saved: the test gateway's dialog (its answer goes to the store's
 * stand-in for the bank), or Stripe.js's own (handleNextAction). Then the setup is completed here,
 * whatever the step's outcome: the store asks the gateway, which says kept or refused.
 */
function CardSetupStep({ setup, stripeKey }: { setup: { id: string; client_secret: string }; stripeKey: string | null }) {
  const api = useBrowserApi()
  const submit = useSubmit()
  const [busy, setBusy] = useState(false)
  const complete = () => submit({ intent: 'complete', setup_id: setup.id }, { method: 'post' })
  // biome-ignore lint/correctness/useExhaustiveDependencies: authenticates once per setup (its id)
  useEffect(() => {
    if (!stripeKey) return
    let current = true
    void authenticateStripePayment(stripeKey, setup.client_secret).then(() => {
      if (current) void complete()
    })
    return () => {
      current = false
    }
    // once per setup
  }, [setup.id])
  if (stripeKey) {
    return (
      <p className="notice" role="status">
        Your bank asks you to confirm this card…
      </p>
    )
  }
  return (
    <AuthenticationDialog
      card
      busy={busy}
      onAnswer={async (outcome) => {
        setBusy(true)
        // not reached: the store's answer to completing says the card was not confirmed, and the form is there to try again
        await authenticatePayment(api, setup.id, outcome).catch(() => undefined)
        void complete()
      }}
    />
  )
}

export default function ChangePayment({ loaderData, actionData }: Route.ComponentProps) {
  const { methods, setup, overdueMonth } = loaderData
  const overdue = overdueMonth !== null
  const [params] = useSearchParams()
  const done = doneNotice(params.get('done'), actionData != null)
  const errors = actionData?.errors ?? []
  const listErrors = errors.filter((e) => e.field !== 'card_number')
  const addErrors = actionData && !actionData.id ? errors : []
  const settings = useSettings()
  const stripeKey = stripeKeyOf(setup, settings)
  // after each answer the card form starts afresh (Stripe's field too), as the page would without JavaScript
  const fresh = useFreshFormKey()
  // the answer comes back to this same path (?done=…), where the page keeps its scroll: the outcome
  // is said at the top, so bring it into view (on a phone the card form is a screen below it)
  const notice = useRef<HTMLParagraphElement>(null)
  const { key: visit } = useLocation()
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls the notice into view again on each visit (location key)
  useEffect(() => {
    notice.current?.scrollIntoView({ block: 'center' })
  }, [visit])
  return (
    <Page title="Payment Methods">
      {done ? (
        <p className="notice" role="status" ref={notice}>
          {done}
        </p>
      ) : null}
      {overdueMonth ? (
        <p className="notice" data-testid="overdue-month">
          Your VIP membership’s payment of {formatPrice(overdueMonth.amount, { keepZeroCents: true })} is overdue: your card was refused. Add a card that pays, or make another card
          the default, to settle it{overdueMonth.nextRetry ? `; otherwise we try again on ${dayName(overdueMonth.nextRetry)}` : ''}.
        </p>
      ) : null}
      <p>
        {settings.brandHasClub ? 'Your default card pays your membership each month.' : 'Your default card is the one offered first at checkout.'} Card numbers are kept by our
        payment provider, never by us.
      </p>
      {methods.length === 0 ? (
        <p>You have no saved cards yet.</p>
      ) : (
        <ul className="member-cards" aria-label="Saved cards">
          {methods.map((method) => (
            <li key={method.id} className="member-card payment-method" data-testid="payment-method">
              <p>
                <strong>{cardName(method)}</strong>
                {method.default ? <span className="member-badge">Default</span> : null}
                <br />
                Expires {cardExpiry(method)}
              </p>
              {actionData?.id === method.id ? <FormErrors id={`method-${method.id}-errors`} errors={listErrors} /> : null}
              <div className="member-card-actions">
                {method.default ? null : (
                  <Form method="post">
                    <input type="hidden" name="intent" value="default" />
                    <input type="hidden" name="id" value={method.id} />
                    <button type="submit" className="button button-secondary" aria-label={`Make default: ${cardName(method)}`}>
                      Make default
                    </button>
                  </Form>
                )}
                <Form method="post">
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="id" value={method.id} />
                  <button type="submit" className="button button-secondary" aria-label={`Remove ${cardName(method)}`}>
                    Remove
                  </button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}
      {actionData?.setup ? <CardSetupStep key={actionData.setup.id} setup={actionData.setup} stripeKey={setup.gateway === 'test' ? null : stripeKey} /> : null}
      <div className="member-section">
        {setup.gateway === 'test' ? (
          <TestAddCard key={fresh} serverErrors={addErrors} overdue={overdue} />
        ) : stripeKey ? (
          <StripeAddCard key={fresh} publishableKey={stripeKey} serverErrors={addErrors} overdue={overdue} />
        ) : (
          <p>To add a card, pay with it at checkout: it is saved to your account.</p>
        )}
      </div>
    </Page>
  )
}
