/**
 * Card testing: someone runs stolen card numbers through checkout to learn
 * which work. Its mark is many declines from one visitor or one network. A
 * visitor with DECLINES_PER_VISITOR declines in the hour, or a network with
 * DECLINES_PER_IP, gets a 429 before another card is tried; successful
 * checkouts are never counted. Counted in throttle_events like the account
 * limits (accounts/request-limits.ts), so every instance sees the same counts.
 */
import { checkRequestLimits, countRequests, type RequestLimit } from '../accounts/request-limits.ts'
import type { RequestContext } from '../context/request-context.ts'

const DECLINE_WINDOW_MS = 60 * 60 * 1000
export const DECLINES_PER_VISITOR = 5
const DECLINES_PER_IP = 15

const MESSAGE = 'Too many cards were declined here in the last hour. Wait a while, or contact your bank.'

function declineLimits(ctx: RequestContext, visitorId: string | null): RequestLimit[] {
  return [
    ...(visitorId ? [{ key: `decline-visitor:${visitorId}`, max: DECLINES_PER_VISITOR, windowMs: DECLINE_WINDOW_MS, message: MESSAGE }] : []),
    { key: `decline-ip:${ctx.clientIp}`, max: DECLINES_PER_IP, windowMs: DECLINE_WINDOW_MS, message: MESSAGE },
  ]
}

/** Refuses a new card attempt (429 with the wait) when this visitor or network declined too often of late. */
export function assertMayTryCard(ctx: RequestContext, visitorId: string | null): Promise<void> {
  return checkRequestLimits(ctx, declineLimits(ctx, visitorId))
}

/** Counts a declined card against the visitor and the network. */
export async function recordDecline(ctx: RequestContext, visitorId: string | null): Promise<void> {
  await countRequests(
    ctx,
    declineLimits(ctx, visitorId).map((limit) => limit.key),
  )
}
