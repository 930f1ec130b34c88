/**
 * Meta's Conversions API, the server-side twin of the advertising pixel (META_PIXEL_ID,
 * META_CAPI_TOKEN, META_GRAPH_URL; docs/analytics.md). Each pixel event the page reports
 * (PageView, ViewContent, AddToCart, InitiateCheckout, Purchase) is also queued here, under the
 * same event id, so Meta counts the pair once; a worker sends the queue to
 * POST {META_GRAPH_URL}/{version}/{pixel}/events.
 *
 * - Queued, never sent from the request: a slow Graph API never slows a page (conversion_events,
 *   migration 034); one row per brand, event name and id, so an event is never queued twice.
 * - Sent by the outbox mechanism the e-mail outbox uses too (jobs/outbox.ts): claimed with a lease,
 *   so two workers never take one row; the claimed rows go in one POST, and a batch Meta refuses
 *   or does not answer is tried again after 30 s, 1, 2, 4 ... minutes, given up after 8.
 * - Customer data as the API requires: e-mail and ids normalised (trimmed, lower case) and
 *   SHA-256 hashed; the click id kept as `fbc` (fb.1.<ms>.<fbclid>); the address and browser as
 *   they are (the API takes them unhashed).
 * - A visitor who opted out of data sale: limited data use (data_processing_options ['LDU'],
 *   country and state 0: Meta works out the place).
 */
import { createHash, randomUUID } from 'node:crypto'
import type { Kysely, Transaction } from 'kysely'
import type { StoreDb } from '../db/connection.ts'
import type { Database } from '../db/schema.ts'
import type { Env } from '../env.ts'
import { type JobLoopLog, startJobLoop } from '../jobs/job-loop.ts'
import { type Outbox, type OutboxRound, type RoundOptions, sendDue } from '../jobs/outbox.ts'

/** The Graph API version the events go to. */
export const GRAPH_VERSION = 'v21.0'
/** The events sent server-side too. */
const CONVERSION_EVENTS = new Set(['PageView', 'ViewContent', 'AddToCart', 'InitiateCheckout', 'Purchase'])

const BATCH = 50
const TIMEOUT_MS = 10_000

export interface ConversionsConfig {
  pixelId: string
  token: string
  graphUrl: string
}

export function conversionsConfig(env: Pick<Env, 'META_PIXEL_ID' | 'META_CAPI_TOKEN' | 'META_GRAPH_URL'>): ConversionsConfig | null {
  if (!env.META_PIXEL_ID || !env.META_CAPI_TOKEN) return null
  return { pixelId: env.META_PIXEL_ID, token: env.META_CAPI_TOKEN, graphUrl: env.META_GRAPH_URL.replace(/\/+$/, '') }
}

/** SHA-256 of the value trimmed and in lower case, as the API asks of e-mails and ids. */
export function hashed(value: string): string {
  return createHash('sha256').update(value.trim().toLowerCase()).digest('hex')
}

/** The click id as the API's fbc: fb.1.<the time it was first seen, ms>.<fbclid>. */
export function fbcOf(fbclid: string, seenAtMs: number): string {
  return `fb.1.${seenAtMs}.${fbclid}`
}

export interface ConversionInput {
  brandId: string
  /** the pixel event's id in the page (its uuid) */
  eventId: string
  eventName: string
  time: Date
  sourceUrl: string | null
  customData: Record<string, unknown>
  fbclid: string | null
  /** the shopper's address and browser, when the event comes from their request (not a paid order's Purchase) */
  clientIp: string | null
  userAgent: string | null
  /** the visitor (and the customer, when logged in): sent hashed as external ids */
  externalIds: string[]
  email?: string | null
  limitedDataUse: boolean
}

/** The event as the Graph API takes it. */
function conversionEvent(input: ConversionInput) {
  const userData: Record<string, unknown> = {
    ...(input.clientIp ? { client_ip_address: input.clientIp } : {}),
    ...(input.userAgent ? { client_user_agent: input.userAgent } : {}),
    ...(input.fbclid ? { fbc: fbcOf(input.fbclid, input.time.getTime()) } : {}),
    ...(input.externalIds.length > 0 ? { external_id: input.externalIds.map(hashed) } : {}),
    ...(input.email ? { em: [hashed(input.email)] } : {}),
  }
  return {
    event_name: input.eventName,
    event_time: Math.floor(input.time.getTime() / 1000),
    event_id: input.eventId,
    action_source: 'website',
    ...(input.sourceUrl ? { event_source_url: input.sourceUrl } : {}),
    user_data: userData,
    custom_data: input.customData,
    ...(input.limitedDataUse ? { data_processing_options: ['LDU'], data_processing_options_country: 0, data_processing_options_state: 0 } : {}),
  }
}

/** Queues the event for the Conversions API (an event of another name is not sent; one already queued stays as it is). */
export async function queueConversion(db: Kysely<Database> | Transaction<Database>, input: ConversionInput): Promise<void> {
  if (!CONVERSION_EVENTS.has(input.eventName)) return
  const event = conversionEvent(input)
  await db
    .insertInto('conversion_events')
    .values({
      id: randomUUID(),
      brand_id: input.brandId,
      event_id: input.eventId,
      event_name: input.eventName,
      event_time: event.event_time,
      payload: JSON.stringify(event),
      created_at: input.time.toISOString(),
      sent_at: null,
      next_attempt_at: null,
      claimed_by: null,
      claimed_until: null,
      failed_at: null,
      last_error: null,
    })
    .onConflict((oc) => oc.columns(['brand_id', 'event_name', 'event_id']).doNothing())
    .execute()
}

/** POSTs one batch; resolves when Meta took it, throws with its message otherwise. */
async function post(config: ConversionsConfig, events: unknown[], timeoutMs: number): Promise<void> {
  const response = await fetch(`${config.graphUrl}/${GRAPH_VERSION}/${encodeURIComponent(config.pixelId)}/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ data: events, access_token: config.token }),
    signal: AbortSignal.timeout(timeoutMs),
  })
  const text = await response.text()
  if (!response.ok) {
    let message = text.slice(0, 300)
    try {
      message = (JSON.parse(text) as { error?: { message?: string } }).error?.message ?? message
    } catch {
      // not JSON: said as it came
    }
    throw new Error(`Conversions API ${response.status}: ${message}`)
  }
}

/** Claims the due events and sends them, a batch at a time; returns what happened. */
export function deliverConversions(store: StoreDb, config: ConversionsConfig, options: RoundOptions & { timeoutMs?: number } = {}): Promise<OutboxRound> {
  const outbox: Outbox<'conversion_events'> = {
    table: 'conversion_events',
    batch: BATCH,
    send: {
      together: (rows) =>
        post(
          config,
          rows.map((row) => JSON.parse(row.payload) as unknown),
          options.timeoutMs ?? TIMEOUT_MS,
        ),
    },
  }
  return sendDue(store, outbox, options)
}

interface ConversionsLog extends JobLoopLog {
  warn(details: object, message: string): void
}

/** Runs the worker in this process every OUTBOX_INTERVAL_MS where the Conversions API is configured; returns stop(). */
export function startConversionsWorker(store: StoreDb, env: Env, log: ConversionsLog): () => Promise<void> {
  const config = conversionsConfig(env)
  if (!config || env.OUTBOX_INTERVAL_MS <= 0) return async () => {}
  const workerId = randomUUID()
  const loop = startJobLoop({ job: 'conversions', intervalMs: env.OUTBOX_INTERVAL_MS, firstAfterMs: 0, log, failure: 'conversions: delivery round failed' }, async () => {
    const result = await deliverConversions(store, config, { workerId })
    if (result.retrying + result.failed > 0) log.warn({ ...result }, 'Conversions API: a batch was not taken')
  })
  return loop.stop
}
