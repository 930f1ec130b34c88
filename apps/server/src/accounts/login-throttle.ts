import { randomUUID } from 'node:crypto'
import type { StoreDb } from '../db/connection.ts'
import { tooManyRequests } from '../http/errors.ts'

/**
 * Failed logins, counted in the database (every instance sees them), by keys no
 * client header chooses: the e-mail and the client address (the socket's, or a
 * proxy's word for it only where TRUST_PROXY says so). The policy
 * (docs/decisions/008-login-throttling.md):
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

const keyNames = ({ email, ip }: ThrottleKeys) => ({ pair: `pair:${email}|${ip}`, ip: `ip:${ip}`, email: `email:${email}` })

/** Throws 429 (with Retry-After) when this attempt must wait; a known device skips the e-mail's backoff. */
export async function assertLoginAllowed({ db }: StoreDb, keys: ThrottleKeys, options: { knownDevice?: boolean } = {}, now = new Date()): Promise<void> {
  const since = new Date(now.getTime() - LOGIN_WINDOW_MS).toISOString()
  const names = keyNames(keys)
  const rows = await db
    .selectFrom('login_attempts')
    .select(['key', (eb) => eb.fn.countAll<number>().as('failures'), (eb) => eb.fn.min<string>('created_at').as('oldest'), (eb) => eb.fn.max<string>('created_at').as('latest')])
    .where('brand_id', '=', keys.brandId)
    .where('key', 'in', [names.pair, names.ip, names.email])
    .where('created_at', '>', since)
    .groupBy('key')
    .execute()
  const of = (key: string) => rows.find((row) => row.key === key)
  const t = now.getTime()

  for (const [key, limit] of [
    [names.pair, LOGIN_LIMITS.pair],
    [names.ip, LOGIN_LIMITS.ip],
  ] as const) {
    const row = of(key)
    if (row && Number(row.failures) >= limit) throw tooManyRequests(TOO_MANY, new Date(row.oldest).getTime() + LOGIN_WINDOW_MS - t)
  }
  if (options.knownDevice) return
  const email = of(names.email)
  const failures = Number(email?.failures ?? 0)
  if (email && failures >= LOGIN_LIMITS.emailFree) {
    const waitMs = Math.min(2 ** (failures - LOGIN_LIMITS.emailFree) * 1000, LOGIN_LIMITS.emailMaxWaitMs)
    const retryMs = new Date(email.latest).getTime() + waitMs - t
    if (retryMs > 0) throw tooManyRequests(TOO_MANY, retryMs)
  }
}

export async function recordLoginFailure({ db }: StoreDb, keys: ThrottleKeys, now = new Date()): Promise<void> {
  const names = keyNames(keys)
  await db
    .insertInto('login_attempts')
    .values([names.pair, names.ip, names.email].map((key) => ({ id: randomUUID(), brand_id: keys.brandId, key, created_at: now.toISOString() })))
    .execute()
}

/** A successful login clears the e-mail's failures and the pair's (not the address's). */
export async function clearLoginFailures({ db }: StoreDb, keys: ThrottleKeys): Promise<void> {
  const names = keyNames(keys)
  await db.deleteFrom('login_attempts').where('brand_id', '=', keys.brandId).where('key', 'in', [names.pair, names.email]).execute()
}
