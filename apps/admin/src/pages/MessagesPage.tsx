/** The inbox: contact-us and feedback messages, newest first, by status (with the count of each) and kind. */
import { MESSAGE_STATUSES, type AdminMessage, type MessageStatus } from '@store/core'
import { useEffect, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { api, when } from '../api.ts'
import { Notice, PageTitle } from '../page-title.tsx'

interface InboxAnswer {
  messages: AdminMessage[]
  counts: Record<MessageStatus, number>
  next_cursor: string | null
}

const LABELS: Record<MessageStatus, string> = { new: 'New', answered: 'Answered', closed: 'Closed' }

export function MessagesPage() {
  const [params] = useSearchParams()
  const [answer, setAnswer] = useState<InboxAnswer | null>(null)
  const [error, setError] = useState<string | null>(null)
  const key = params.toString()
  const status = params.get('status')

  useEffect(() => {
    let current = true
    setError(null)
    api<InboxAnswer>(`/messages?${key}`)
      .then((data) => current && setAnswer(data))
      .catch((caught: unknown) => current && setError(caught instanceof Error ? caught.message : 'The messages could not be loaded.'))
    return () => {
      current = false
    }
  }, [key])

  const filters = new URLSearchParams([...params].filter(([name]) => name !== 'cursor'))

  return (
    <>
      <PageTitle title="Messages">Messages</PageTitle>
      <Notice error={error} />
      <nav aria-label="Messages by status" className="pager status-tabs">
        <Link to="?" aria-current={status === null ? 'page' : undefined}>
          All
        </Link>
        {MESSAGE_STATUSES.map((each) => (
          <Link key={each} to={`?status=${each}`} aria-current={status === each ? 'page' : undefined}>
            {LABELS[each]} ({answer ? answer.counts[each] : '…'})
          </Link>
        ))}
      </nav>
      {answer && (
        <>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than the screen scrolls in its region, which must take focus to be scrolled by keyboard (axe: scrollable-region-focusable) */}
          <section className="table-wrap" aria-label="Messages" tabIndex={0}>
            <table>
              <caption className="visually-hidden">{status ? `${LABELS[status as MessageStatus] ?? status} messages` : 'All messages'}, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Subject</th>
                  <th scope="col">Status</th>
                  <th scope="col">From</th>
                  <th scope="col">Received</th>
                </tr>
              </thead>
              <tbody>
                {answer.messages.map((message) => (
                  <tr key={message.id}>
                    <td>
                      <Link to={`/messages/${message.id}`}>{message.subject}</Link> <span className="muted">{message.reference}</span>
                    </td>
                    <td>{LABELS[message.status]}</td>
                    <td>
                      {message.name} <span className="muted">{message.email}</span>
                    </td>
                    <td>{when(message.created_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          {answer.messages.length === 0 && <p>No messages here.</p>}
          <nav aria-label="Pages of messages" className="pager">
            {params.get('cursor') && <Link to={`?${filters}`}>Newest</Link>}
            {answer.next_cursor && <Link to={`?${new URLSearchParams([...filters, ['cursor', answer.next_cursor]])}`}>Older messages</Link>}
          </nav>
        </>
      )}
    </>
  )
}
