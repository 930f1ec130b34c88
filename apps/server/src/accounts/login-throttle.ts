import { randomUUID } from 'node:crypto'
import type { StoreDb } from '../db/connection.ts'
import { HttpError } from '../http/errors.ts'

/**
 * Failed logins are counted in the database (so every instance sees them):
 * 5 failures for one e-mail, or 20 from one address, within 15 minutes lock
 * further attempts until the window has passed.
 */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000
const LIMITS = { email: 5, ip: 20 }

export interface ThrottleKeys {
  brandId: string
  email: string
  ip: string
}

const keysOf = ({ email, ip }: ThrottleKeys) => [
  { key: `email:${email}`, limit: LIMITS.email },
  { key: `ip:${ip}`, limit: LIMITS.ip },
]

export async function assertLoginAllowed({ db }: StoreDb, keys: ThrottleKeys, now = new Date()): Promise<void> {
  const since = new Date(now.getTime() - LOGIN_WINDOW_MS).toISOString()
  const rows = await db
    .selectFrom('login_attempts')
    .select(['key', (eb) => eb.fn.countAll<number>().as('failures'), (eb) => eb.fn.min<string>('created_at').as('oldest')])
    .where('brand_id', '=', keys.brandId)
    .where('key', 'in', keysOf(keys).map((entry) => entry.key))
    .where('created_at', '>', since)
    .groupBy('key')
    .execute()
  for (const { key, limit } of keysOf(keys)) {
    const row = rows.find((candidate) => candidate.key === key)
    if (row && Number(row.failures) >= limit) {
      const retryMs = new Date(row.oldest).getTime() + LOGIN_WINDOW_MS - now.getTime()
      const minutes = Math.max(1, Math.ceil(retryMs / 60_000))
      throw new HttpError(429, `Too many login attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or reset your password.`)
    }
  }
}

export async function recordLoginFailure({ db }: StoreDb, keys: ThrottleKeys, now = new Date()): Promise<void> {
  await db
    .insertInto('login_attempts')
    .values(keysOf(keys).map(({ key }) => ({ id: randomUUID(), brand_id: keys.brandId, key, created_at: now.toISOString() })))
    .execute()
}

/** A successful login clears the e-mail's failures (not the address's). */
export async function clearLoginFailures({ db }: StoreDb, keys: ThrottleKeys): Promise<void> {
  await db.deleteFrom('login_attempts').where('brand_id', '=', keys.brandId).where('key', '=', `email:${keys.email}`).execute()
}
