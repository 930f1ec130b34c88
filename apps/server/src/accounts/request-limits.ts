/**
 * Limits on account requests that cost the store or a stranger something: a
 * reset e-mail (to someone's inbox) and a registration. Counted in the
 * database, so every instance counts the same (docs/decisions/008-login-throttling.md).
 */
import { randomUUID } from 'node:crypto'
import type { RequestContext } from '../context/request-context.ts'
import { tooManyRequests } from '../http/errors.ts'

const HOUR_MS = 60 * 60 * 1000

export interface RequestLimit {
  key: string
  max: number
  windowMs: number
  message: string
}

export const REQUEST_LIMITS = {
  /** reset e-mails to one address, whether it has an account or not */
  forgotPerEmail: { max: 3, windowMs: HOUR_MS },
  forgotPerIp: { max: 10, windowMs: HOUR_MS },
  registerPerIp: { max: 10, windowMs: HOUR_MS },
}

export const forgotLimits = (ctx: RequestContext, email: string): RequestLimit[] => [
  { key: `forgot-email:${email}`, ...REQUEST_LIMITS.forgotPerEmail, message: 'Too many reset links were asked for this address.' },
  { key: `forgot-ip:${ctx.clientIp}`, ...REQUEST_LIMITS.forgotPerIp, message: 'Too many reset links were asked from this network.' },
]

export const registerLimits = (ctx: RequestContext): RequestLimit[] => [
  { key: `register-ip:${ctx.clientIp}`, ...REQUEST_LIMITS.registerPerIp, message: 'Too many accounts were made from this network.' },
]

/** Refuses (429, with the wait) when any limit is spent in its window; counts nothing. */
export async function checkRequestLimits(ctx: RequestContext, limits: RequestLimit[], now = ctx.now()): Promise<void> {
  if (limits.length === 0) return
  const { db, brandId } = ctx.data
  const longest = Math.max(...limits.map((limit) => limit.windowMs))
  const rows = await db
    .selectFrom('throttle_events')
    .select(['key', 'created_at'])
    .where('brand_id', '=', brandId)
    .where('key', 'in', limits.map((limit) => limit.key))
    .where('created_at', '>', new Date(now.getTime() - longest).toISOString())
    .orderBy('created_at')
    .execute()
  for (const limit of limits) {
    const since = now.getTime() - limit.windowMs
    const inWindow = rows.filter((row) => row.key === limit.key && new Date(row.created_at).getTime() > since)
    if (inWindow.length >= limit.max) {
      throw tooManyRequests(limit.message, new Date(inWindow[0]!.created_at).getTime() + limit.windowMs - now.getTime())
    }
  }
}

/** Counts one event under each key (a request, a declined card, a missed guess). */
export async function countRequests(ctx: RequestContext, keys: string[], now = ctx.now()): Promise<void> {
  if (keys.length === 0) return
  const { db, brandId } = ctx.data
  await db
    .insertInto('throttle_events')
    .values(keys.map((key) => ({ id: randomUUID(), brand_id: brandId, key, created_at: now.toISOString() })))
    .execute()
}

/** Counts this request against each limit, or throws 429 (nothing counted) when one is spent. */
export async function takeRequest(ctx: RequestContext, limits: RequestLimit[], now = ctx.now()): Promise<void> {
  await checkRequestLimits(ctx, limits, now)
  await countRequests(ctx, limits.map((limit) => limit.key), now)
}
