/**
 * Where first-party analytics events go (DESIGN §6 "analytics, pixel"): by
 * default the analytics_events table of the store's own database.
 *
 * ANALYTICS_SINK=mixpanel is meant to choose a Mixpanel adapter (and a Meta
 * Conversions API adapter would sit beside it), but neither is built yet: rather
 * than pretend to send, start-up fails with a clear message
 * (docs/decisions/006-analytics-events.md).
 */
import { randomUUID } from 'node:crypto'
import type { AnalyticsEventName, AnalyticsProperties } from '@store/core'
import type { StoreDb } from '../db/connection.ts'
import type { Env } from '../env.ts'

export const MIXPANEL_SINK_NOT_BUILT = 'The Mixpanel analytics sink is not built yet; use ANALYTICS_SINK=local'

/** One accepted event, with who sent it and for which brand. */
interface AnalyticsRecord {
  brandId: string
  visitorId: string
  customerId: string | null
  name: AnalyticsEventName
  /** already carrying `brand` */
  properties: AnalyticsProperties
  time: Date
}

export interface AnalyticsSink {
  readonly kind: 'local'
  /** Stores a batch as a whole: all of it or none of it. */
  record(events: readonly AnalyticsRecord[]): Promise<void>
}

/** The first-party sink: one multi-row insert into analytics_events per batch. */
export function databaseSink({ db }: StoreDb): AnalyticsSink {
  return {
    kind: 'local',
    async record(events) {
      if (events.length === 0) return
      await db
        .insertInto('analytics_events')
        .values(
          events.map((event) => ({
            id: randomUUID(),
            brand_id: event.brandId,
            visitor_id: event.visitorId,
            customer_id: event.customerId,
            name: event.name,
            properties: JSON.stringify(event.properties),
            created_at: event.time.toISOString(),
          })),
        )
        .execute()
    },
  }
}

/** The sink ANALYTICS_SINK chooses; throws at start-up for one that is not built. */
export function createAnalyticsSink(env: Pick<Env, 'ANALYTICS_SINK'>, store: StoreDb): AnalyticsSink {
  switch (env.ANALYTICS_SINK) {
    case 'local':
      return databaseSink(store)
    case 'mixpanel':
      throw new Error(MIXPANEL_SINK_NOT_BUILT)
  }
}
