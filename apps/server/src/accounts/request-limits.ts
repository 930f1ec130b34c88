/**
 * Limits on requests that cost the store or a stranger something: a reset
 * e-mail, a registration, a guess (discount code, order number), a cart write,
 * a message, a review, a test card token. One mechanism for all of them
 * (and for login attempts, accounts/login-throttle.ts): events counted under a
 * key in the throttle store (accounts/throttle-store.ts: Redis where REDIS_URL
 * is set, else the database), so every instance counts the same
 * (docs/decisions/008-login-throttling.md, 217-one-throttle-shared-by-every-instance.md).
 */
import type { RequestContext } from '../context/request-context.ts'
import { tooManyRequests } from '../http/errors.ts'
import type { ThrottleTally, ThrottleMark } from './throttle-store.ts'

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

/**
 * A limit on what one shopper does, whoever they are: `perShopper` for the
 * logged-in account, or for the visitor's session; `perAddress` for a client
 * address, counted only for shoppers who are not logged in. So a stranger behind
 * the same address (an office, a phone network) spends the address's allowance,
 * never a logged-in shopper's, and a visitor's own session is held at its own figure.
 */
export interface ShopperLimit {
  /** the key's first word ('cart-write', 'discount-code') */
  name: string
  perShopper: number
  perAddress: number
  windowMs: number
  /** what the 429 says (the wait is added) */
  message: string
}

/** The limits a request of this shopper counts against: the account's when logged in, else the address's and the session's. */
export async function shopperLimits(ctx: RequestContext, limit: ShopperLimit): Promise<RequestLimit[]> {
  const session = await ctx.session.current()
  const { name, perShopper, perAddress, windowMs, message } = limit
  if (session?.customerId) return [{ key: `${name}:customer:${session.customerId}`, max: perShopper, windowMs, message }]
  return [
    { key: `${name}:ip:${ctx.clientIp}`, max: perAddress, windowMs, message },
    // a session's own figure only where it is below the address's
    ...(session && perShopper < perAddress ? [{ key: `${name}:visitor:${session.visitorId}`, max: perShopper, windowMs, message }] : []),
  ]
}

const MINUTE_MS = 60 * 1000

/** Adding to the cart and changing a line (the API and the storefront's forms alike): far above any shopper's pace, well below a script's. */
export const CART_WRITES: ShopperLimit = {
  name: 'cart-write',
  perShopper: 120,
  perAddress: 1200,
  windowMs: 10 * MINUTE_MS,
  message: 'Too many changes were made to the cart in a short while.',
}

/** Reviews written by one buyer (a buyer reviews what arrived: a handful at a time). */
export const REVIEWS: ShopperLimit = { name: 'review', perShopper: 10, perAddress: 30, windowMs: HOUR_MS, message: 'Too many reviews were sent in a short while.' }

/** Test card tokens (test gateway only: a card checked for nothing but its form). */
export const TEST_TOKENS: ShopperLimit = {
  name: 'test-token',
  perShopper: 30,
  perAddress: 300,
  windowMs: HOUR_MS,
  message: 'Too many test cards were tried in a short while.',
}

/** The 429 of the first limit with more than `allowed(limit)` events in its window, with the wait until its oldest leaves it. */
function spentLimit(tallies: ThrottleTally[], limits: RequestLimit[], now: Date, allowed: (limit: RequestLimit) => number) {
  for (const limit of limits) {
    const tally = tallies.find((found) => found.key === limit.key)
    if (tally && tally.count > allowed(limit)) return tooManyRequests(limit.message, tally.oldest + limit.windowMs - now.getTime())
  }
  return null
}

/** Each limit's events within its window, counted. */
function talliesInWindow(ctx: RequestContext, limits: RequestLimit[], now: Date): Promise<ThrottleTally[]> {
  return ctx.throttle.tally(
    ctx.data.brandId,
    limits.map((limit) => ({ key: limit.key, since: new Date(now.getTime() - limit.windowMs) })),
  )
}

/** Refuses (429, with the wait) when any limit is spent in its window; counts nothing. */
export async function checkRequestLimits(ctx: RequestContext, limits: RequestLimit[], now = ctx.now()): Promise<void> {
  if (limits.length === 0) return
  const spent = spentLimit(await talliesInWindow(ctx, limits, now), limits, now, (limit) => limit.max - 1)
  if (spent) throw spent
}

/** Counts one event under each key (a request, a declined card, a missed guess). */
export async function countRequests(ctx: RequestContext, keys: string[], now = ctx.now()): Promise<ThrottleMark[]> {
  return ctx.throttle.add(ctx.data.brandId, keys, now)
}

/**
 * Counts this request against each limit, or throws 429 when one is spent (and
 * takes its count back). Counted first and checked after, so requests racing
 * for a limit's last place see each other: a limit is never overrun. Answers
 * the events it counted, for a caller that takes them back later.
 */
export async function takeRequest(ctx: RequestContext, limits: RequestLimit[], now = ctx.now()): Promise<ThrottleMark[]> {
  if (limits.length === 0) return []
  const marks = await countRequests(
    ctx,
    limits.map((limit) => limit.key),
    now,
  )
  const spent = spentLimit(await talliesInWindow(ctx, limits, now), limits, now, (limit) => limit.max)
  if (spent) {
    await ctx.throttle.takeBack(ctx.data.brandId, marks)
    throw spent
  }
  return marks
}

/** Counts this shopper's request against a ShopperLimit (takeRequest), or throws its 429. */
export async function takeShopperRequest(ctx: RequestContext, limit: ShopperLimit): Promise<void> {
  await takeRequest(ctx, await shopperLimits(ctx, limit))
}

/** Forgets every event counted under the keys (a right answer clears the wrong ones before it, as a login does). */
export async function clearRequests(ctx: RequestContext, keys: string[]): Promise<void> {
  await ctx.throttle.clear(ctx.data.brandId, keys)
}
