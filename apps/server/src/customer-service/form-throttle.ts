/**
 * Throttling of the public forms (contact, feedback) and of e-mail-change
 * requests, counted in the database (`form_counters`) so every instance counts
 * the same. Fixed windows: one row per brand, key and window start, bumped by
 * one atomic upsert that answers the new count.
 */
import type { RequestContext } from '../context/request-context.ts'
import { HttpError } from '../http/errors.ts'

export interface ThrottleRule {
  /** 'contact:ip:203.0.113.5', 'contact:email:pat@example.com' */
  key: string
  limit: number
}

export const THROTTLE_WINDOW_MS = 60 * 60 * 1000

/** Counts this attempt under every key; over any limit answers 429 with the minutes to wait. */
export async function countAttempt(ctx: RequestContext, rules: ThrottleRule[], what: string): Promise<void> {
  const { db, brandId } = ctx.data
  const now = ctx.now().getTime()
  const start = Math.floor(now / THROTTLE_WINDOW_MS) * THROTTLE_WINDOW_MS
  const windowStart = new Date(start).toISOString()
  let over = false
  for (const rule of rules) {
    const row = await db
      .insertInto('form_counters')
      .values({ brand_id: brandId, key: rule.key, window_start: windowStart, count: 1 })
      .onConflict((oc) => oc.columns(['brand_id', 'key', 'window_start']).doUpdateSet((eb) => ({ count: eb('form_counters.count', '+', 1) })))
      .returning('count')
      .executeTakeFirstOrThrow()
    if (Number(row.count) > rule.limit) over = true
  }
  if (over) {
    const minutes = Math.max(1, Math.ceil((start + THROTTLE_WINDOW_MS - now) / 60_000))
    throw new HttpError(429, `You have sent ${what} several times in a short while. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`)
  }
  // old windows are of no use: clear them now and then (one in fifty attempts)
  if (Math.random() < 0.02) {
    await db.deleteFrom('form_counters').where('brand_id', '=', brandId).where('window_start', '<', new Date(start - THROTTLE_WINDOW_MS).toISOString()).execute()
  }
}
