/**
 * A club member's page (GET /api/admin/club/members/{id}): the membership as the member
 * sees it, its charges and history, and, for a role with club.act, the actions on their
 * behalf. Each action asks for a note for the audit log; the member is e-mailed.
 */
import type { ClubMemberDetail } from '@store/core'
import { useCallback, useEffect, useState, type FormEvent } from 'react'
import { useParams } from 'react-router'
import { api, ApiError, money, when } from '../../api.ts'
import { Notice, PageTitle } from '../../page-title.tsx'
import { useSession } from '../../session.tsx'
import { STATE_LABELS, type StateName } from './club-format.ts'

const ACTION_LABELS: Record<string, string> = {
  skip: 'Skip this month',
  unskip: 'Undo the skip',
  pause: 'Pause',
  resume: 'Resume',
  cancel: 'Cancel the membership',
  free_month: 'Give a month free',
}
const ACTION_PATHS: Record<string, string> = { free_month: 'free-month' }
const DONE: Record<string, string> = {
  skip: 'Skipped',
  unskip: 'The skip is undone',
  pause: 'Paused',
  resume: 'Resumed',
  cancel: 'Cancelled',
  free_month: 'A month is given free',
}

export function ClubMemberPage() {
  const { id = '' } = useParams()
  const { may } = useSession()
  const [detail, setDetail] = useState<ClubMemberDetail | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [ok, setOk] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const load = useCallback(async () => {
    try {
      setDetail(await api<ClubMemberDetail>(`/club/members/${encodeURIComponent(id)}`))
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'The member could not be loaded.')
    }
  }, [id])

  useEffect(() => {
    void load()
  }, [load])

  async function act(path: string, body: Record<string, unknown>, done: string, headers?: Record<string, string>) {
    setBusy(true)
    setError(null)
    setOk(null)
    try {
      if (headers) {
        const response = await fetch(`/api/admin/club/members/${encodeURIComponent(id)}/${path}`, {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify(body),
        })
        const payload = (await response.json().catch(() => ({}))) as { errors?: { message: string; field?: string }[] }
        if (!response.ok) throw new ApiError(response.status, payload.errors ?? [])
      } else {
        await api(`/club/members/${encodeURIComponent(id)}/${path}`, { body })
      }
      // the page shows the member as they now are before it says the action is done
      await load()
      setOk(`${done}. The member has been e-mailed.`)
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'That did not work.')
    } finally {
      setBusy(false)
    }
  }

  function onAction(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const action = (event.nativeEvent as SubmitEvent).submitter?.getAttribute('value') ?? ''
    const note = String(form.get('note') ?? '')
    const reasons = String(form.get('reasons') ?? '').trim()
    void act(ACTION_PATHS[action] ?? action, { note, ...(action === 'cancel' && reasons ? { reasons: [`Other: ${reasons}`] } : {}) }, DONE[action] ?? 'Done')
  }

  function onRetry(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    void act('next-retry', { day: String(form.get('day') ?? ''), note: String(form.get('retry-note') ?? '') }, `The next try is on ${String(form.get('day'))}`)
  }

  function onRefund(event: FormEvent<HTMLFormElement>, period: string) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    void act('refund', { period, note: String(form.get('note') ?? '') }, `${period} is refunded`, { 'idempotency-key': crypto.randomUUID() })
  }

  if (!detail) {
    return (
      <>
        <PageTitle title="Club member">Club member</PageTitle>
        <Notice error={error} />
        {!error && <p className="loading">Loading…</p>}
      </>
    )
  }
  const m = detail.membership
  const canAct = may('club.act')
  const actions = detail.actions.filter((action) => action in ACTION_LABELS)
  return (
    <>
      <PageTitle title={`${detail.customer.name} · Club`}>{detail.customer.name}</PageTitle>
      <Notice error={error} ok={ok} />
      <dl className="facts">
        <dt>E-mail</dt>
        <dd>{detail.customer.email}</dd>
        <dt>State</dt>
        <dd>{STATE_LABELS[m.status as StateName]}</dd>
        <dt>Monthly</dt>
        <dd>{money(m.amount)}</dd>
        <dt>Next billing</dt>
        <dd>{m.next_billing_date ?? '—'}</dd>
        <dt>Free months</dt>
        <dd>{m.prepaid_months}</dd>
        {m.next_retry_date && (
          <>
            <dt>Next retry</dt>
            <dd>{detail.charges.find((charge) => charge.status === 'failed')?.next_retry_on ?? m.next_retry_date}</dd>
          </>
        )}
        <dt>Card</dt>
        <dd>{m.card ? `${m.card.card_brand} ending ${m.card.last4}` : 'none on file'}</dd>
        <dt>Joined</dt>
        <dd>{m.joined_on ?? '—'}</dd>
      </dl>
      <p>{m.summary}</p>

      {canAct && actions.length > 0 && (
        <section aria-labelledby="act-title">
          <h2 id="act-title">On the member’s behalf</h2>
          <form onSubmit={onAction}>
            <label htmlFor="note">Note for the audit log (the member does not see it)</label>
            <textarea id="note" name="note" required minLength={3} maxLength={500} rows={2} />
            {actions.includes('cancel') && (
              <>
                <label htmlFor="reasons">The member’s reason for cancelling (if cancelling)</label>
                <input id="reasons" name="reasons" maxLength={190} />
              </>
            )}
            <div className="actions">
              {actions.map((action) => (
                <button key={action} type="submit" name="action" value={action} disabled={busy}>
                  {ACTION_LABELS[action]}
                </button>
              ))}
            </div>
          </form>
        </section>
      )}

      {canAct && detail.actions.includes('next_retry') && detail.last_retry_on && (
        <section aria-labelledby="retry-title">
          <h2 id="retry-title">Next try of the failed payment</h2>
          <form onSubmit={onRetry}>
            <label htmlFor="day">Try the card again on</label>
            <input id="day" name="day" type="date" required max={detail.last_retry_on} />
            <label htmlFor="retry-note">Note for the audit log</label>
            <input id="retry-note" name="retry-note" required minLength={3} maxLength={500} />
            <button type="submit" disabled={busy}>
              Move the next try
            </button>
          </form>
        </section>
      )}

      <section aria-labelledby="charges-title">
        <h2 id="charges-title">Charges</h2>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than the screen scrolls in its region, which must take focus to be scrolled by keyboard (axe: scrollable-region-focusable) */}
        <section className="table-wrap" aria-label="Charges" tabIndex={0}>
          <table>
            <thead>
              <tr>
                <th scope="col">Month</th>
                <th scope="col">Kind</th>
                <th scope="col">Amount</th>
                <th scope="col">Status</th>
                <th scope="col">Order</th>
                <th scope="col">Refunded</th>
                {canAct && <th scope="col">Refund</th>}
              </tr>
            </thead>
            <tbody>
              {detail.charges.map((charge) => (
                <tr key={charge.period}>
                  <th scope="row">{charge.period}</th>
                  <td>{charge.kind}</td>
                  <td>{money(charge.amount)}</td>
                  <td>
                    {charge.status}
                    {charge.next_retry_on ? ` (next try ${charge.next_retry_on})` : ''}
                  </td>
                  <td>{charge.order_number ?? '—'}</td>
                  <td>{charge.refunded > 0 ? money(charge.refunded) : '—'}</td>
                  {canAct && (
                    <td>
                      {charge.refundable && (
                        <form className="inline-form" onSubmit={(event) => onRefund(event, charge.period)}>
                          <label htmlFor={`refund-note-${charge.period}`}>Why refund {charge.period}</label>
                          <input id={`refund-note-${charge.period}`} name="note" required minLength={3} maxLength={500} />
                          <button type="submit" disabled={busy}>
                            Refund {money(charge.amount)}
                          </button>
                        </form>
                      )}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </section>

      <section aria-labelledby="history-title">
        <h2 id="history-title">History</h2>
        <ol className="history">
          {detail.history.map((entry) => (
            <li key={`${entry.at}-${entry.event}`}>
              {when(entry.at)}: {entry.event.replaceAll('_', ' ')}
              {entry.from !== entry.to ? ` (${entry.from ?? 'new'} → ${entry.to})` : ''}
              {entry.by ? `, by ${entry.by}` : ''}
              {entry.cause && entry.cause !== 'staff' ? `, ${entry.cause.replaceAll('_', ' ')}` : ''}
            </li>
          ))}
        </ol>
      </section>
    </>
  )
}
