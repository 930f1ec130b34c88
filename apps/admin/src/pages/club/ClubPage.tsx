/**
 * The club's health (GET /api/admin/club/summary): monthly recurring revenue, members by
 * state, joins, cancels, churn, skips, the save offer, cancel reasons, payment recovery and
 * cohorts for a range of months. Every figure links to the members behind it. The charts
 * (recharts) load only here; the tables are their text alternative.
 */
import type { ClubFigure, ClubSummary } from '@store/core'
import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react'
import { Link, useSearchParams } from 'react-router'
import { api, money } from '../../api.ts'
import { Notice, PageTitle } from '../../page-title.tsx'
import { membersHref, percent, STATE_LABELS, STATE_NAMES } from './club-format.ts'

const ClubCharts = lazy(() => import('./ClubCharts.tsx'))

/** A figure: its number, linking to its members (a plain number when there are none). */
function Figure({ figure, label }: { figure: ClubFigure; label: string }) {
  if (figure.value === 0) return <>0</>
  return (
    <Link to={membersHref(figure.members)} aria-label={`${figure.value} ${label}: see the members`}>
      {figure.value}
    </Link>
  )
}

/** A wide table in a region that scrolls by keyboard. */
function TableWrap({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than the screen scrolls in its region, which must take focus to be scrolled by keyboard (axe: scrollable-region-focusable)
    <section className="table-wrap" aria-label={label} tabIndex={0}>
      {children}
    </section>
  )
}

export function ClubPage() {
  const [params, setParams] = useSearchParams()
  const [summary, setSummary] = useState<ClubSummary | null>(null)
  const [error, setError] = useState<string | null>(null)
  const key = params.toString()

  useEffect(() => {
    let current = true
    setError(null)
    api<ClubSummary>(`/club/summary?${key}`)
      .then((data) => current && setSummary(data))
      .catch((caught: unknown) => current && setError(caught instanceof Error ? caught.message : 'The club figures could not be loaded.'))
    return () => {
      current = false
    }
  }, [key])

  function pick(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const next = new URLSearchParams()
    for (const name of ['from', 'to']) {
      const value = String(form.get(name) ?? '').trim()
      if (value) next.set(name, value)
    }
    setParams(next)
  }

  return (
    <>
      <PageTitle title="Club health">Club health</PageTitle>
      <Notice error={error} />
      <form className="filters" onSubmit={pick} key={summary ? `${summary.from}-${summary.to}` : key}>
        <div>
          <label htmlFor="from">From month</label>
          <input id="from" name="from" type="month" defaultValue={summary?.from ?? params.get('from') ?? ''} />
        </div>
        <div>
          <label htmlFor="to">To month</label>
          <input id="to" name="to" type="month" defaultValue={summary?.to ?? params.get('to') ?? ''} />
        </div>
        <button type="submit">Show</button>
      </form>
      {!summary && !error && <p className="loading">Loading the club’s figures…</p>}
      {summary && (
        <>
          <section aria-labelledby="today-title">
            <h2 id="today-title">Today ({summary.today})</h2>
            <dl className="kpis">
              <div>
                <dt>Monthly recurring revenue</dt>
                <dd>{money(summary.mrr)}</dd>
              </div>
              {STATE_NAMES.map((state) => (
                <div key={state}>
                  <dt>{STATE_LABELS[state]}</dt>
                  <dd>
                    <Figure figure={summary.states_today[state]} label={`${STATE_LABELS[state].toLowerCase()} members`} />
                  </dd>
                </div>
              ))}
            </dl>
          </section>

          <Suspense fallback={<p className="loading">Loading the charts…</p>}>
            <ClubCharts summary={summary} />
          </Suspense>

          <section aria-labelledby="months-title">
            <h2 id="months-title">Month by month</h2>
            <TableWrap label="Members, joins, cancels, churn and skips by month">
              <table>
                <caption className="visually-hidden">Members by state at each month's end, joins, cancels, lapses, churn and skips by month</caption>
                <thead>
                  <tr>
                    <th scope="col">Month</th>
                    {STATE_NAMES.map((state) => (
                      <th scope="col" key={state}>
                        {STATE_LABELS[state]}
                      </th>
                    ))}
                    <th scope="col">Joins</th>
                    <th scope="col">Cancels</th>
                    <th scope="col">Lapses</th>
                    <th scope="col">Net growth</th>
                    <th scope="col">Churn</th>
                    <th scope="col">Skips</th>
                    <th scope="col">Skip rate</th>
                  </tr>
                </thead>
                <tbody>
                  {summary.months.map((m) => (
                    <tr key={m.month}>
                      <th scope="row">{m.month}</th>
                      {STATE_NAMES.map((state) => (
                        <td key={state}>
                          <Figure figure={m.states[state]} label={`${STATE_LABELS[state].toLowerCase()} on ${m.counted_on}`} />
                        </td>
                      ))}
                      <td>
                        <Figure figure={m.joins} label={`joins in ${m.month}`} />
                      </td>
                      <td>
                        <Figure figure={m.cancels} label={`cancels in ${m.month}`} />
                      </td>
                      <td>
                        <Figure figure={m.lapses} label={`lapses in ${m.month}`} />
                      </td>
                      <td>{m.net_growth}</td>
                      <td>{percent(m.churn)}</td>
                      <td>
                        <Figure figure={m.skips} label={`skips in ${m.month}`} />
                      </td>
                      <td>{percent(m.skip_rate)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableWrap>
          </section>

          <section aria-labelledby="save-title">
            <h2 id="save-title">The cancel page’s save offer</h2>
            <p className="hint">A skip or pause within a week of the offer counts as saved.</p>
            <dl className="kpis">
              <div>
                <dt>Shown</dt>
                <dd>
                  <Figure figure={summary.save_offer.shown} label="members shown the offer" />
                </dd>
              </div>
              <div>
                <dt>Saved by a skip</dt>
                <dd>
                  <Figure figure={summary.save_offer.saved_by_skip} label="members saved by a skip" />
                </dd>
              </div>
              <div>
                <dt>Saved by a pause</dt>
                <dd>
                  <Figure figure={summary.save_offer.saved_by_pause} label="members saved by a pause" />
                </dd>
              </div>
              <div>
                <dt>Cancelled anyway</dt>
                <dd>
                  <Figure figure={summary.save_offer.cancelled_anyway} label="members who cancelled anyway" />
                </dd>
              </div>
              <div>
                <dt>No answer</dt>
                <dd>
                  <Figure figure={summary.save_offer.no_answer} label="members who did not answer" />
                </dd>
              </div>
              <div>
                <dt>Save rate</dt>
                <dd>{percent(summary.save_offer.save_rate)}</dd>
              </div>
            </dl>
          </section>

          <section aria-labelledby="reasons-title">
            <h2 id="reasons-title">Cancel reasons</h2>
            {summary.cancel_reasons.length === 0 ? (
              <p>No cancels in these months.</p>
            ) : (
              <ol className="reasons">
                {summary.cancel_reasons.map((reason) => (
                  <li key={reason.reason}>
                    {reason.reason}:{' '}
                    <Link to={membersHref(reason.members)} aria-label={`${reason.count} cancels giving ${reason.reason}: see the members`}>
                      {reason.count}
                    </Link>
                    {reason.answers.length > 0 && (
                      <details>
                        <summary>What members wrote ({reason.answers.length})</summary>
                        <ul>
                          {reason.answers.map((answer, i) => (
                            // answers repeat: their place in the list is what tells them apart
                            // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
                            <li key={i}>{answer}</li>
                          ))}
                        </ul>
                      </details>
                    )}
                  </li>
                ))}
              </ol>
            )}
          </section>

          <section aria-labelledby="recovery-title">
            <h2 id="recovery-title">Payment recovery</h2>
            <dl className="kpis">
              <div>
                <dt>Charges failed</dt>
                <dd>
                  <Figure figure={summary.recovery.failed} label="members whose charge failed" />
                </dd>
              </div>
              <div>
                <dt>Recovered by a retry</dt>
                <dd>
                  <Figure figure={summary.recovery.recovered_by_retry} label="members recovered by a retry" />
                </dd>
              </div>
              <div>
                <dt>Recovered by a new card</dt>
                <dd>
                  <Figure figure={summary.recovery.recovered_by_new_card} label="members recovered by a new card" />
                </dd>
              </div>
              <div>
                <dt>Lapsed</dt>
                <dd>
                  <Figure figure={summary.recovery.lapsed} label="members lapsed" />
                </dd>
              </div>
              <div>
                <dt>Recovery rate</dt>
                <dd>{percent(summary.recovery.recovery_rate)}</dd>
              </div>
              <div>
                <dt>Overdue now</dt>
                <dd>
                  <Figure figure={summary.recovery.overdue_now} label="members overdue now" />
                </dd>
              </div>
            </dl>
            {summary.recovery.by_retry_day.length > 0 && (
              <TableWrap label="Payment recovery by retry day">
                <table>
                  <thead>
                    <tr>
                      <th scope="col">Days after the failure</th>
                      <th scope="col">Recovered by a retry</th>
                      <th scope="col">Recovered by a new card</th>
                      <th scope="col">Lapsed</th>
                    </tr>
                  </thead>
                  <tbody>
                    {summary.recovery.by_retry_day.map((row) => (
                      <tr key={row.day}>
                        <th scope="row">{row.day}</th>
                        <td>
                          <Figure figure={row.recovered_by_retry} label={`recovered by a retry on day ${row.day}`} />
                        </td>
                        <td>
                          <Figure figure={row.recovered_by_new_card} label={`recovered by a new card on day ${row.day}`} />
                        </td>
                        <td>
                          <Figure figure={row.lapsed} label={`lapsed on day ${row.day}`} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableWrap>
            )}
          </section>

          <section aria-labelledby="cohorts-title">
            <h2 id="cohorts-title">Retention by join month</h2>
            <TableWrap label="Retention by join month">
              <table>
                <thead>
                  <tr>
                    <th scope="col">Joined</th>
                    <th scope="col">Members</th>
                    {summary.months.map((m) => (
                      <th scope="col" key={m.month}>
                        {m.month}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {summary.cohorts.map((cohort) => (
                    <tr key={cohort.cohort}>
                      <th scope="row">{cohort.cohort}</th>
                      <td>
                        <Figure figure={cohort.size} label={`joined in ${cohort.cohort}`} />
                      </td>
                      {summary.months.map((m) => {
                        const cell = cohort.retained.find((r) => r.month === m.month)
                        return (
                          <td key={m.month}>
                            {cell ? (
                              <>
                                <Figure figure={cell.members} label={`of ${cohort.cohort} still members at the end of ${m.month}`} /> ({percent(cell.rate)})
                              </>
                            ) : (
                              ''
                            )}
                          </td>
                        )
                      })}
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableWrap>
          </section>
        </>
      )}
    </>
  )
}
