import { tooManyRequests } from '../http/errors.ts'
import type { ThrottleStore } from './throttle-store.ts'

/**
 * Failed logins, counted in the throttle store (accounts/throttle-store.ts: Redis
 * where REDIS_URL is set, else the database's throttle_events; every instance
 * sees them), by keys no client header chooses: the e-mail and the client
 * address (the socket's, or a proxy's word for it only where TRUST_PROXY says
 * so). The policy (docs/decisions/008-login-throttling.md):
 *
 * - one e-mail from one address: 5 failures in 15 minutes lock that pair until
 *   the oldest has aged out. A stranger locks only themself.
 * - one address, any e-mails: 20 failures in 15 minutes lock the address.
 * - one e-mail from anywhere: past 10 failures in 15 minutes, each attempt waits
 *   2^(n-10) seconds after the latest failure, at most 60 s: guessing spread over
 *   many addresses slows to one a minute, while the owner waits a minute at worst,
 *   and not at all from a device they have logged in from before.
 */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000
export const LOGIN_LIMITS = { pair: 5, ip: 20, emailFree: 10, emailMaxWaitMs: 60_000 }

const TOO_MANY = 'Too many login attempts.'

export interface ThrottleKeys {
  brandId: string
  email: string
  ip: string
}

const keyNames = ({ email, ip }: ThrottleKeys) => ({ pair: `login:pair:${email}|${ip}`, ip: `login:ip:${ip}`, email: `login:email:${email}` })

/** Throws 429 (with Retry-After) when this attempt must wait; a known device skips the e-mail's backoff. */
export async function assertLoginAllowed(throttle: ThrottleStore, keys: ThrottleKeys, options: { knownDevice?: boolean } = {}, now = new Date()): Promise<void> {
  const names = keyNames(keys)
  const since = new Date(now.getTime() - LOGIN_WINDOW_MS)
  const tallies = await throttle.tally(
    keys.brandId,
    [names.pair, names.ip, names.email].map((key) => ({ key, since })),
  )
  const of = (key: string) => {
    const tally = tallies.find((found) => found.key === key)
    return tally && { failures: tally.count, oldest: tally.oldest, latest: tally.latest }
  }
  const t = now.getTime()

  for (const [key, limit] of [
    [names.pair, LOGIN_LIMITS.pair],
    [names.ip, LOGIN_LIMITS.ip],
  ] as const) {
    const row = of(key)
    if (row && Number(row.failures) >= limit) throw tooManyRequests(TOO_MANY, row.oldest + LOGIN_WINDOW_MS - t)
  }
  if (options.knownDevice) return
  const email = of(names.email)
  const failures = Number(email?.failures ?? 0)
  if (email && failures >= LOGIN_LIMITS.emailFree) {
    const waitMs = Math.min(2 ** (failures - LOGIN_LIMITS.emailFree) * 1000, LOGIN_LIMITS.emailMaxWaitMs)
    const retryMs = email.latest + waitMs - t
    if (retryMs > 0) throw tooManyRequests(TOO_MANY, retryMs)
  }
}

export async function recordLoginFailure(throttle: ThrottleStore, keys: ThrottleKeys, now = new Date()): Promise<void> {
  const names = keyNames(keys)
  await throttle.add(keys.brandId, [names.pair, names.ip, names.email], now)
}

/** A successful login clears the e-mail's failures and the pair's (not the address's). */
export async function clearLoginFailures(throttle: ThrottleStore, keys: ThrottleKeys): Promise<void> {
  const names = keyNames(keys)
  await throttle.clear(keys.brandId, [names.pair, names.email])
}
