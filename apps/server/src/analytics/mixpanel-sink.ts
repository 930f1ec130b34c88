/**
 * The Mixpanel analytics sink (ANALYTICS_SINK=mixpanel, MIXPANEL_TOKEN, MIXPANEL_API_HOST;
 * docs/analytics.md): each batch the pages send (at most 50 events, SPEC §9) goes to Mixpanel
 * with the `mixpanel` library, events to /track (one request: the library's own batch of 50),
 * an 'Identify' to /engage as the customer's profile ($set).
 *
 * - distinct_id: the customer's id when logged in, else the visitor's; $insert_id: a random id
 *   per event, so a batch sent again (a retry) is counted once by Mixpanel.
 * - the brand and the visitor's split-test variants travel in every event's properties (the
 *   route adds the brand, the page the tests).
 * - an Identify without an id: SPEC §8's message in the log, nothing sent.
 * - the geolocation of the server's address is off (ip=0): it would place every shopper at the
 *   data centre.
 * - a Mixpanel that does not answer within 10 s, or refuses, fails the batch: the page keeps it
 *   and tries again within the 90 s batch timeout (analytics-client.ts).
 */
import { randomUUID } from 'node:crypto'
import { MIXPANEL_USER_ID_REQUIRED } from '@store/core'
import Mixpanel from 'mixpanel'
import type { AnalyticsRecord, AnalyticsSink, SinkLog } from './analytics-sink.ts'

const TIMEOUT_MS = 10_000

export interface MixpanelSinkOptions {
  token: string
  /** 'https://api.mixpanel.com', or a stand-in's 'http://127.0.0.1:4010' */
  apiHost: string
  log: SinkLog
  timeoutMs?: number
}

/** The Identify event's properties as the customer's profile (identifyPayload's fields, Mixpanel's reserved names where it has them). */
function profileOf(properties: Record<string, unknown>): { id: string; profile: Record<string, string | number | boolean> } | null {
  const id = typeof properties.id === 'string' || typeof properties.id === 'number' ? String(properties.id).trim() : ''
  if (!id) return null
  const profile: Record<string, string | number | boolean> = {}
  const put = (name: string, value: unknown) => {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') profile[name] = value
  }
  put('$name', properties.name)
  put('$email', properties.email)
  put('$region', properties.region)
  put('$city', properties.city)
  put('hasClub', properties.hasClub)
  put('birthdayDay', properties.birthdayDay)
  put('birthdayMonth', properties.birthdayMonth)
  put('brand', properties.brand)
  return { id, profile }
}

export function mixpanelSink(options: MixpanelSinkOptions): AnalyticsSink {
  const address = new URL(options.apiHost)
  const client = Mixpanel.init(options.token, {
    host: address.host,
    protocol: address.protocol.replace(':', ''),
    path: address.pathname.replace(/\/+$/, ''),
    keepAlive: true,
    geolocate: false,
  })
  const timeoutMs = options.timeoutMs ?? TIMEOUT_MS

  const sent = (send: (done: (error: Error | undefined) => void) => void) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`Mixpanel did not answer within ${timeoutMs / 1000} s`)), timeoutMs)
      send((error) => {
        clearTimeout(timer)
        if (error) reject(error)
        else resolve()
      })
    })

  return {
    kind: 'mixpanel',
    async record(events: readonly AnalyticsRecord[]) {
      const tracked = events.filter((event) => event.name !== 'Identify')
      const work: Promise<void>[] = []
      if (tracked.length > 0) {
        const batch = tracked.map((event) => ({
          event: event.name,
          properties: {
            ...event.properties,
            distinct_id: event.customerId ?? event.visitorId,
            time: event.time.getTime(),
            $insert_id: randomUUID().replace(/-/g, ''),
          },
        }))
        work.push(sent((done) => client.track_batch(batch, (errors) => done(errors?.[0]))))
      }
      for (const event of events.filter((candidate) => candidate.name === 'Identify')) {
        const who = profileOf(event.properties)
        if (!who) {
          options.log.warn({ brand: event.brandId }, MIXPANEL_USER_ID_REQUIRED)
          continue
        }
        work.push(sent((done) => client.people.set(who.id, who.profile, { $ip: '0', $ignore_time: true }, (error) => done(error ?? undefined))))
      }
      await Promise.all(work)
    },
  }
}
