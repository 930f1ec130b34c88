import { useState, type FormEvent } from 'react'
import { api, ApiError, type Me } from '../api.ts'
import { Notice, PageTitle } from '../page-title.tsx'

export function LoginPage({ onLogin }: { onLogin: (me: Me) => void }) {
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [askTotp, setAskTotp] = useState(false)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const totp = String(form.get('totp') ?? '').trim()
    setBusy(true)
    setError(null)
    try {
      onLogin(await api<Me>('/login', { body: { email: form.get('email'), password: form.get('password'), ...(totp ? { totp } : {}) } }))
    } catch (caught) {
      const message = caught instanceof Error ? caught.message : 'Something went wrong.'
      setError(message)
      if (caught instanceof ApiError && caught.about('totp')) {
        setAskTotp(true)
        requestAnimationFrame(() => document.getElementById('totp')?.focus())
      }
    } finally {
      setBusy(false)
    }
  }

  return (
    <main id="main" className="narrow">
      <PageTitle title="Log in">Log in to the store admin</PageTitle>
      <Notice error={error} />
      <form onSubmit={(event) => void submit(event)} noValidate={false}>
        <label htmlFor="email">Email</label>
        <input id="email" name="email" type="email" autoComplete="username" required />
        <label htmlFor="password">Password</label>
        <input id="password" name="password" type="password" autoComplete="current-password" required />
        <label htmlFor="totp">Authentication code {askTotp ? '' : '(if you turned on two-step verification)'}</label>
        <input id="totp" name="totp" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9 ]{6,8}" required={askTotp} aria-describedby="totp-hint" />
        <p id="totp-hint" className="hint">
          The 6-digit code your authenticator app shows.
        </p>
        <button type="submit" disabled={busy}>
          {busy ? 'Logging in…' : 'Log in'}
        </button>
      </form>
    </main>
  )
}
