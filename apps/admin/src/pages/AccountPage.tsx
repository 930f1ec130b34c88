/** One's own account: two-step verification (TOTP) and sessions. */
import { useCallback, useEffect, useState, type FormEvent } from 'react'
import { api, when } from '../api.ts'
import { Notice, PageTitle } from '../page-title.tsx'
import { useSession } from '../session.tsx'

interface SessionRow {
  id: string
  current: boolean
  ip: string
  user_agent: string
  created_at: string
  last_seen_at: string
}

export function AccountPage() {
  const { me, refresh } = useSession()
  const [enrolment, setEnrolment] = useState<{ secret: string; uri: string } | null>(null)
  const [sessions, setSessions] = useState<SessionRow[]>([])
  const [error, setError] = useState<string | null>(null)
  const [ok, setOk] = useState<string | null>(null)

  const loadSessions = useCallback(async () => {
    setSessions((await api<{ sessions: SessionRow[] }>('/sessions')).sessions)
  }, [])
  useEffect(() => {
    void loadSessions().catch(() => undefined)
  }, [loadSessions])

  async function run(what: () => Promise<void>, done: string) {
    setError(null)
    setOk(null)
    try {
      await what()
      setOk(done)
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'Something went wrong.')
    }
  }

  function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const code = String(new FormData(event.currentTarget).get('code') ?? '')
    void run(async () => {
      await api('/totp/confirm', { body: { code } })
      setEnrolment(null)
      await refresh()
    }, 'Two-step verification is on. Login now asks for a code.')
  }

  function turnOff(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const code = String(new FormData(event.currentTarget).get('code') ?? '')
    void run(async () => {
      await api('/totp/disable', { body: { code } })
      await refresh()
    }, 'Two-step verification is off. Login asks for your password only.')
  }

  return (
    <>
      <PageTitle title="Account">Your account</PageTitle>
      <Notice error={error} ok={ok} />
      <p>
        {me.staff.name}, {me.staff.email}
      </p>
      <h2>Two-step verification</h2>
      {me.staff.totp_enabled ? (
        <form onSubmit={turnOff}>
          <p>On: login asks for a code from your authenticator app.</p>
          <label htmlFor="off-code">Code from the app, to turn it off</label>
          <input id="off-code" name="code" inputMode="numeric" autoComplete="one-time-code" required />
          <button type="submit">Turn off</button>
        </form>
      ) : enrolment ? (
        <form onSubmit={confirm}>
          <p>Add this key to your authenticator app (or open the link on your phone), then enter the code it shows.</p>
          <p>
            Key: <code className="secret">{enrolment.secret}</code>
          </p>
          <p>
            <a href={enrolment.uri}>Open in an authenticator app</a>
          </p>
          <label htmlFor="code">Code from the app</label>
          <input id="code" name="code" inputMode="numeric" autoComplete="one-time-code" required />
          <button type="submit">Turn on</button>
        </form>
      ) : (
        <button type="button" onClick={() => void run(async () => setEnrolment(await api('/totp/enrol', { method: 'POST' })), 'A new key is ready for your app.')}>
          Set up two-step verification
        </button>
      )}
      <h2>Your sessions here</h2>
      <ul className="sessions">
        {sessions.map((session) => (
          <li key={session.id}>
            {session.current ? <strong>This browser</strong> : session.user_agent || 'A browser'} — from {session.ip}, since {when(session.created_at)}
            {!session.current && (
              <button
                type="button"
                className="link-button"
                onClick={() =>
                  void run(async () => {
                    await api(`/sessions/${session.id}/revoke`, { method: 'POST' })
                    await loadSessions()
                  }, 'That session has ended.')
                }
              >
                End this session
              </button>
            )}
          </li>
        ))}
      </ul>
    </>
  )
}
