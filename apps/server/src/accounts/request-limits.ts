/**
 * Limits on account requests that cost the store or a stranger something: a
 * reset e-mail (to someone's inbox) and a registration. Counted in the
 * database, so every instance counts the same (docs/decisions/008-login-throttling.md).
 */
import { randomUUID } from 'node:crypto'
import type { RequestContext } from '../context/request-context.ts'
import { tooManyRequests } from '../http/errors.ts'

export const HOUR_MS = 60 * 60 * 1000

export interface RequestLimit {
  key: string
  max: number
  windowMs: number
  message: string
}

const REQUEST_LIMITS = {
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
  {
    key: `register-ip:${ctx.clientIp}`,
    ...REQUEST_LIMITS.registerPerIp,
    // the operator's figure (env REGISTRATIONS_PER_IP_HOUR), 10 unless set
    max: ctx.env.REGISTRATIONS_PER_IP_HOUR,
    message: 'Too many accounts were made from this network.',
  },
]

type Event = { key: string; created_at: string }

/** The events under the limits' keys within the longest window. */
async function eventsInWindow(ctx: RequestContext, limits: RequestLimit[], now: Date): Promise<Event[]> {
  const longest = Math.max(...limits.map((limit) => limit.windowMs))
  return ctx.data.db
    .selectFrom('throttle_events')
    .select(['key', 'created_at'])
    .where('brand_id', '=', ctx.data.brandId)
    .where(
      'key',
      'in',
      limits.map((limit) => limit.key),
    )
    .where('created_at', '>', new Date(now.getTime() - longest).toISOString())
    .orderBy('created_at')
    .execute()
}

/** The 429 of the first limit with more than `allowed(limit)` events in its window, with the wait until its oldest leaves it. */
function spentLimit(events: Event[], limits: RequestLimit[], now: Date, allowed: (limit: RequestLimit) => number) {
  for (const limit of limits) {
    const since = now.getTime() - limit.windowMs
    const inWindow = events.filter((event) => event.key === limit.key && new Date(event.created_at).getTime() > since)
    if (inWindow.length > allowed(limit)) {
      return tooManyRequests(limit.message, new Date(inWindow[0]!.created_at).getTime() + limit.windowMs - now.getTime())
    }
  }
  return null
}

/** Refuses (429, with the wait) when any limit is spent in its window; counts nothing. */
export async function checkRequestLimits(ctx: RequestContext, limits: RequestLimit[], now = ctx.now()): Promise<void> {
  if (limits.length === 0) return
  const spent = spentLimit(await eventsInWindow(ctx, limits, now), limits, now, (limit) => limit.max - 1)
  if (spent) throw spent
}

/** Counts one event under each key (a request, a declined card, a missed guess). */
export async function countRequests(ctx: RequestContext, keys: string[], now = ctx.now()): Promise<string[]> {
  if (keys.length === 0) return []
  const events = keys.map((key) => ({ id: randomUUID(), brand_id: ctx.data.brandId, key, created_at: now.toISOString() }))
  await ctx.data.db.insertInto('throttle_events').values(events).execute()
  return events.map((event) => event.id)
}

/**
 * Counts this request against each limit, or throws 429 when one is spent (and
 * takes its count back). Counted first and checked after, so requests racing
 * for a limit's last place see each other: a limit is never overrun. Answers
 * the ids of the events it counted, for a caller that takes them back later.
 */
export async function takeRequest(ctx: RequestContext, limits: RequestLimit[], now = ctx.now()): Promise<string[]> {
  if (limits.length === 0) return []
  const ids = await countRequests(
    ctx,
    limits.map((limit) => limit.key),
    now,
  )
  const spent = spentLimit(await eventsInWindow(ctx, limits, now), limits, now, (limit) => limit.max)
  if (spent) {
    await ctx.data.db.deleteFrom('throttle_events').where('brand_id', '=', ctx.data.brandId).where('id', 'in', ids).execute()
    throw spent
  }
  return ids
}

/** Forgets every event counted under the keys (a right answer clears the wrong ones before it, as a login does). */
export async function clearRequests(ctx: RequestContext, keys: string[]): Promise<void> {
  if (keys.length === 0) return
  await ctx.data.db.deleteFrom('throttle_events').where('brand_id', '=', ctx.data.brandId).where('key', 'in', keys).execute()
}
