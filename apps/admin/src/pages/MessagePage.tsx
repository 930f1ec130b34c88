/** One message and its thread: reply by e-mail to the sender, close it, or open it again. */
import type { AdminMessage, MessageReply } from '@store/core'
import { useCallback, useEffect, useState, type FormEvent } from 'react'
import { Link, useParams } from 'react-router'
import { api, ApiError, when } from '../api.ts'
import { Notice, PageTitle } from '../page-title.tsx'

interface Thread {
  message: AdminMessage
  replies: MessageReply[]
}

export function MessagePage() {
  const { id = '' } = useParams()
  const [thread, setThread] = useState<Thread | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [ok, setOk] = useState<string | null>(null)
  const [replyError, setReplyError] = useState<string | null>(null)

  const load = useCallback(async () => {
    try {
      setThread(await api<Thread>(`/messages/${encodeURIComponent(id)}`))
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'The message could not be loaded.')
    }
  }, [id])

  useEffect(() => {
    void load()
  }, [load])

  async function reply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const formElement = event.currentTarget
    setError(null)
    setOk(null)
    setReplyError(null)
    try {
      setThread(await api<Thread>(`/messages/${encodeURIComponent(id)}/replies`, { body: { body: new FormData(formElement).get('body') } }))
      formElement.reset()
      setOk('Your reply is on its way by e-mail.')
    } catch (caught) {
      if (caught instanceof ApiError && caught.about('body')) setReplyError(caught.about('body')!)
      setError(caught instanceof Error ? caught.message : 'The reply could not be sent.')
    }
  }

  async function move(event: 'close' | 'reopen') {
    setError(null)
    setOk(null)
    try {
      setThread(await api<Thread>(`/messages/${encodeURIComponent(id)}/${event}`, { method: 'POST', body: {} }))
      setOk(event === 'close' ? 'Closed.' : 'Opened again.')
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'The message could not be changed.')
    }
  }

  if (!thread) {
    return (
      <>
        <PageTitle title="Message">Message</PageTitle>
        <Notice error={error} />
      </>
    )
  }

  const { message, replies } = thread
  return (
    <>
      <p>
        <Link to="/messages">← Messages</Link>
      </p>
      <PageTitle title={`${message.subject} ${message.reference}`}>
        {message.subject} <span className="muted">{message.reference}</span>
      </PageTitle>
      <Notice error={error} ok={ok} />
      <dl className="facts">
        <dt>From</dt>
        <dd>
          {message.customer_id ? <Link to={`/customers/${message.customer_id}`}>{message.name}</Link> : message.name} ({message.email})
        </dd>
        <dt>Received</dt>
        <dd>{when(message.created_at)}</dd>
        <dt>Status</dt>
        <dd>{message.status}</dd>
        {message.order_number && (
          <>
            <dt>Order</dt>
            <dd>{message.order_number}</dd>
          </>
        )}
        {message.rating !== null && (
          <>
            <dt>Rating</dt>
            <dd>{message.rating} of 5</dd>
          </>
        )}
      </dl>
      <h2>Thread</h2>
      <ol className="cards thread">
        <li>
          <strong>{message.name}</strong>, {when(message.created_at)}
          <p className="message-text">{message.message}</p>
        </li>
        {replies.map((each) => (
          <li key={each.id}>
            <strong>{each.by ?? 'The store'}</strong>, {when(each.at)}
            <p className="message-text">{each.body}</p>
          </li>
        ))}
      </ol>
      <form onSubmit={(event) => void reply(event)}>
        <label htmlFor="body">Reply to {message.name} (sent by e-mail)</label>
        <textarea id="body" name="body" rows={6} required {...(replyError ? { 'aria-invalid': true, 'aria-describedby': 'body-error' } : {})} />
        {replyError && (
          <p id="body-error" className="field-error">
            {replyError}
          </p>
        )}
        <div className="actions">
          <button type="submit">Send reply</button>
          {message.status === 'closed' ? (
            <button type="button" onClick={() => void move('reopen')}>
              Open again
            </button>
          ) : (
            <button type="button" onClick={() => void move('close')}>
              Close
            </button>
          )}
        </div>
      </form>
    </>
  )
}
