/**
 * Where first-party analytics events go (DESIGN §6 "analytics, pixel"): by
 * default the analytics_events table of the store's own database;
 * ANALYTICS_SINK=mixpanel sends them to Mixpanel instead (mixpanel-sink.ts,
 * docs/analytics.md).
 */
import { randomUUID } from 'node:crypto'
import type { AnalyticsEventName, AnalyticsProperties } from '@store/core'
import type { StoreDb } from '../db/connection.ts'
import type { Env } from '../env.ts'
import { mixpanelSink } from './mixpanel-sink.ts'

/** One accepted event, with who sent it and for which brand. */
export interface AnalyticsRecord {
  brandId: string
  visitorId: string
  customerId: string | null
  name: AnalyticsEventName
  /** already carrying `brand` */
  properties: AnalyticsProperties
  time: Date
}

export interface AnalyticsSink {
  /** 'local': the store's own table; 'mixpanel': a third party, to which an opted-out shopper's events never go */
  readonly kind: 'local' | 'mixpanel'
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

/** The sink ANALYTICS_SINK chooses (parseEnv has refused mixpanel without a token). */
export function createAnalyticsSink(env: Pick<Env, 'ANALYTICS_SINK' | 'MIXPANEL_TOKEN' | 'MIXPANEL_API_HOST'>, store: StoreDb, log: SinkLog): AnalyticsSink {
  switch (env.ANALYTICS_SINK) {
    case 'local':
      return databaseSink(store)
    case 'mixpanel':
      if (!env.MIXPANEL_TOKEN) throw new Error('ANALYTICS_SINK=mixpanel needs MIXPANEL_TOKEN (the project token)')
      return mixpanelSink({ token: env.MIXPANEL_TOKEN, apiHost: env.MIXPANEL_API_HOST, log })
  }
}

export interface SinkLog {
  warn(details: object, message: string): void
}
