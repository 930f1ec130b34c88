/**
 * Card testing: someone runs stolen card numbers through checkout to learn
 * which work. Its mark is many declines from one visitor or one network. A
 * visitor with DECLINES_PER_VISITOR declines in the hour, or a network with
 * DECLINES_PER_IP, gets a 429 before another card is tried; successful
 * checkouts are never counted. Counted in the database (throttle_events), so
 * every instance sees the same counts; purged with the other throttle rows.
 */
import { randomUUID } from 'node:crypto'
import type { RequestContext } from '../context/request-context.ts'
import { tooManyRequests } from '../http/errors.ts'

export const DECLINE_WINDOW_MS = 60 * 60 * 1000
export const DECLINES_PER_VISITOR = 5
export const DECLINES_PER_IP = 15

const keysOf = (ctx: RequestContext, visitorId: string | null) => ({
  visitor: visitorId ? `decline-visitor:${visitorId}` : null,
  ip: `decline-ip:${ctx.clientIp}`,
})

/** Refuses a new card attempt (429 with the wait) when this visitor or network declined too often of late. */
export async function assertMayTryCard(ctx: RequestContext, visitorId: string | null): Promise<void> {
  const { db, brandId } = ctx.data
  const keys = keysOf(ctx, visitorId)
  const now = ctx.now().getTime()
  const rows = await db
    .selectFrom('throttle_events')
    .select(['key', 'created_at'])
    .where('brand_id', '=', brandId)
    .where('key', 'in', [keys.ip, ...(keys.visitor ? [keys.visitor] : [])])
    .where('created_at', '>', new Date(now - DECLINE_WINDOW_MS).toISOString())
    .orderBy('created_at')
    .execute()
  for (const [key, max] of [
    [keys.visitor, DECLINES_PER_VISITOR],
    [keys.ip, DECLINES_PER_IP],
  ] as const) {
    const recent = rows.filter((row) => row.key === key)
    if (key && recent.length >= max) {
      throw tooManyRequests(
        'Too many cards were declined here in the last hour. Wait a while, or contact your bank.',
        new Date(recent[0]!.created_at).getTime() + DECLINE_WINDOW_MS - now,
      )
    }
  }
}

/** Counts a declined card against the visitor and the network. */
export async function recordDecline(ctx: RequestContext, visitorId: string | null): Promise<void> {
  const { db, brandId } = ctx.data
  const keys = keysOf(ctx, visitorId)
  const created_at = ctx.now().toISOString()
  await db
    .insertInto('throttle_events')
    .values([keys.ip, keys.visitor].filter((key): key is string => key !== null).map((key) => ({ id: randomUUID(), brand_id: brandId, key, created_at })))
    .execute()
}
