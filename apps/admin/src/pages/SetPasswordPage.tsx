import { useState, type FormEvent } from 'react'
import { Link, useSearchParams } from 'react-router'
import { api } from '../api.ts'
import { Notice, PageTitle } from '../page-title.tsx'

export function SetPasswordPage() {
  const [params] = useSearchParams()
  const [error, setError] = useState<string | null>(null)
  const [done, setDone] = useState(false)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    setError(null)
    try {
      await api('/set-password', { body: { token: params.get('token') ?? '', password: form.get('password') } })
      setDone(true)
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'Something went wrong.')
    }
  }

  return (
    <main id="main" className="narrow">
      <PageTitle title="Set your password">Set your password</PageTitle>
      <Notice error={error} ok={done ? 'Your password is set.' : null} />
      {done ? (
        <p>
          <Link to="/">Log in</Link>
        </p>
      ) : (
        <form onSubmit={(event) => void submit(event)}>
          <label htmlFor="password">New password</label>
          <input id="password" name="password" type="password" autoComplete="new-password" minLength={8} required aria-describedby="password-hint" />
          <p id="password-hint" className="hint">
            At least 8 characters, not a common password.
          </p>
          <button type="submit">Set password</button>
        </form>
      )}
    </main>
  )
}
