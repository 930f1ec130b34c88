/**
 * First-party analytics (SPEC §3 Analytics user, §8, §9 analytics defaults and
 * event names; DESIGN §6): the event names we record, the batching rule the
 * browser queue follows, and the payload that identifies a known customer.
 * Pure: the caller supplies the time.
 */
import type { StyleProfileField } from './contract/index.ts'
import { ANALYTICS_DEFAULTS, SCROLL_CHECKPOINTS } from './constants.ts'
import { MIXPANEL_USER_ID_REQUIRED } from './errors.ts'

/**
 * The event names this store records: the SPEC §9 list, plus 'Page Viewed'
 * (page views are not automatic, §9) and 'Identify' (start-up, §4).
 */
export const ANALYTICS_EVENTS = [
  'Page Viewed',
  'Page Scrolled',
  'Identify',
  'Product Added to Cart',
  'Checkout Started',
  'Payment Success',
  'Payment Failed',
  'VIP Join Clicked',
  'VIP Cancellation Confirmed',
  'Subscription Skip Confirmed',
  'Subscription Pause Confirmed',
  'Style Profile Form Submitted',
] as const
export type AnalyticsEventName = (typeof ANALYTICS_EVENTS)[number]

export function isAnalyticsEvent(name: unknown): name is AnalyticsEventName {
  return typeof name === 'string' && (ANALYTICS_EVENTS as readonly string[]).includes(name)
}

/** An event's properties, serialized as JSON, are at most this many bytes (UTF-8). */
export const ANALYTICS_PROPERTIES_MAX_BYTES = 4096
/** The server accepts an event time this far beyond the batch timeout, or ahead of its clock. */
export const ANALYTICS_CLOCK_SKEW_MS = 30_000
/** One browser beacon carries at most this many bytes (browsers allow about 64 kB in flight). */
export const ANALYTICS_BEACON_MAX_BYTES = 60_000

export type AnalyticsProperties = Record<string, unknown>

/** UTF-8 size of the properties as JSON. */
export function propertiesBytes(properties: AnalyticsProperties): number {
  return new TextEncoder().encode(JSON.stringify(properties)).length
}

export function propertiesTooLarge(properties: AnalyticsProperties): boolean {
  return propertiesBytes(properties) > ANALYTICS_PROPERTIES_MAX_BYTES
}

/** An event waiting in the queue; time in epoch milliseconds. */
export interface QueuedEvent {
  name: AnalyticsEventName
  properties: AnalyticsProperties
  time: number
}

/** An event as POST /api/analytics-events takes it. */
export interface AnalyticsEventBody {
  name: AnalyticsEventName
  properties: AnalyticsProperties
  time: string
}

export interface EventQueueLimits {
  batchSize: number
  flushIntervalMs: number
  batchTimeoutMs: number
}

const DEFAULT_LIMITS: EventQueueLimits = {
  batchSize: ANALYTICS_DEFAULTS.batchSize,
  flushIntervalMs: ANALYTICS_DEFAULTS.flushIntervalMs,
  batchTimeoutMs: ANALYTICS_DEFAULTS.batchTimeoutMs,
}

/**
 * The batching rule (SPEC §9): events wait until 50 are queued or 5 s have
 * passed since the oldest unsent one; a batch that could not be sent goes back
 * to the front and is tried again one interval later; an event older than the
 * 90 s batch timeout is dropped, never sent.
 */
export class EventQueue {
  private events: QueuedEvent[] = []
  /** after a failed send, nothing is due before this time (unless forced) */
  private retryAt = 0
  readonly limits: EventQueueLimits

  constructor(limits: Partial<EventQueueLimits> = {}) {
    this.limits = { ...DEFAULT_LIMITS, ...limits }
  }

  get length(): number {
    return this.events.length
  }

  /** Queues an event; null (nothing queued) when its properties are over the size limit. */
  enqueue(name: AnalyticsEventName, properties: AnalyticsProperties, now: number): QueuedEvent | null {
    if (propertiesTooLarge(properties)) return null
    const event: QueuedEvent = { name, properties, time: now }
    this.events.push(event)
    return event
  }

  /** When the next batch is due by time alone, or null when the queue is empty. */
  dueAt(): number | null {
    const oldest = this.events[0]
    if (!oldest) return null
    return Math.max(oldest.time + this.limits.flushIntervalMs, this.retryAt)
  }

  /** A full batch is waiting, or the oldest unsent event has waited the flush interval. */
  isDue(now: number): boolean {
    if (this.events.length === 0 || now < this.retryAt) return false
    return this.events.length >= this.limits.batchSize || now >= (this.dueAt() ?? Infinity)
  }

  /** Removes the events older than the batch timeout; returns them. */
  dropExpired(now: number): QueuedEvent[] {
    const limit = now - this.limits.batchTimeoutMs
    const dropped = this.events.filter((event) => event.time < limit)
    if (dropped.length > 0) this.events = this.events.filter((event) => event.time >= limit)
    return dropped
  }

  /**
   * The next batch to send (at most batchSize, oldest first), removed from the
   * queue; empty when nothing is due. `force` takes a batch even when not due
   * (the page is going away). Expired events are dropped first.
   */
  take(now: number, force = false): QueuedEvent[] {
    this.dropExpired(now)
    if (!force && !this.isDue(now)) return []
    return this.events.splice(0, this.limits.batchSize)
  }

  /** Every unexpired event, in batches (the page is going away). */
  takeAll(now: number): QueuedEvent[][] {
    const batches: QueuedEvent[][] = []
    for (let batch = this.take(now, true); batch.length > 0; batch = this.take(now, true)) batches.push(batch)
    return batches
  }

  /**
   * A batch that could not be sent goes back to the front; the next try is one
   * flush interval later. Returns how many events were dropped as too old.
   */
  requeue(batch: QueuedEvent[], now: number): number {
    this.events = [...batch, ...this.events]
    this.retryAt = now + this.limits.flushIntervalMs
    return this.dropExpired(now).length
  }

  /** A batch was sent: any back-off ends. */
  sent(): void {
    this.retryAt = 0
  }
}

/** The request body of a batch. */
export function batchBody(batch: readonly QueuedEvent[]): { events: AnalyticsEventBody[] } {
  return { events: batch.map((event) => ({ name: event.name, properties: event.properties, time: new Date(event.time).toISOString() })) }
}

/** Splits a batch so that each part's body stays within maxBytes (a beacon's limit); an event is never split. */
export function splitBySize(batch: readonly QueuedEvent[], maxBytes = ANALYTICS_BEACON_MAX_BYTES): QueuedEvent[][] {
  const parts: QueuedEvent[][] = []
  let current: QueuedEvent[] = []
  for (const event of batch) {
    const candidate = [...current, event]
    if (current.length > 0 && bodyBytes(candidate) > maxBytes) {
      parts.push(current)
      current = [event]
    } else {
      current = candidate
    }
  }
  if (current.length > 0) parts.push(current)
  return parts
}

function bodyBytes(batch: readonly QueuedEvent[]): number {
  return new TextEncoder().encode(JSON.stringify(batchBody(batch))).length
}

/** The Analytics user of SPEC §3. */
export interface AnalyticsUser {
  id: string
  name: string | null
  email: string | null
  region: string | null
  city: string | null
  hasClub: boolean
  birthdayDay: number | null
  birthdayMonth: number | null
}

export interface AnalyticsUserInput {
  id?: string | number | null
  name?: string | null
  email?: string | null
  region?: string | null
  city?: string | null
  hasClub?: boolean | null
  birthdayDay?: string | number | null
  birthdayMonth?: string | number | null
}

function wholeNumberIn(value: string | number | null | undefined, min: number, max: number): number | null {
  if (value === null || value === undefined || value === '') return null
  const n = typeof value === 'number' ? value : Number(value.trim())
  return Number.isInteger(n) && n >= min && n <= max ? n : null
}

const textOrNull = (value: string | null | undefined): string | null => (value?.trim() ? value.trim() : null)

/**
 * The identify payload for a known customer (SPEC §3, §4). Throws
 * 'User ID is required for Mixpanel identification' (SPEC §8) without an id.
 * A birthday day outside 1-31 or month outside 1-12 reads as unknown (null).
 */
export function identifyPayload(user: AnalyticsUserInput): AnalyticsUser {
  const id = user.id === null || user.id === undefined ? '' : String(user.id).trim()
  if (!id) throw new Error(MIXPANEL_USER_ID_REQUIRED)
  return {
    id,
    name: textOrNull(user.name),
    email: textOrNull(user.email),
    region: textOrNull(user.region),
    city: textOrNull(user.city),
    hasClub: user.hasClub === true,
    birthdayDay: wholeNumberIn(user.birthdayDay, 1, 31),
    birthdayMonth: wholeNumberIn(user.birthdayMonth, 1, 12),
  }
}

/** The birthday answers of a style profile (fields birthday_day and birthday_month). */
export function birthdayOf(fields: readonly Pick<StyleProfileField, 'name' | 'value'>[]): { birthdayDay: string | null; birthdayMonth: string | null } {
  const value = (name: string) => fields.find((field) => field.name === name)?.value ?? null
  return { birthdayDay: value('birthday_day'), birthdayMonth: value('birthday_month') }
}

/**
 * The scroll checkpoints (SPEC §9: 25, 50, 75, 100 percent) a page has newly
 * reached: how far down the shopper has seen, less those already reported.
 */
export function newScrollCheckpoints(seenPercent: number, reported: ReadonlySet<number>): number[] {
  return SCROLL_CHECKPOINTS.filter((checkpoint) => seenPercent >= checkpoint && !reported.has(checkpoint))
}

/** How much of a page has been seen, in percent: the bottom of the window over the page's height. */
export function seenPercent(scrollTop: number, windowHeight: number, pageHeight: number): number {
  if (pageHeight <= 0) return 100
  return Math.min(100, Math.round(((scrollTop + windowHeight) / pageHeight) * 100))
}

/**
 * The advertising pixel's Purchase of an order (docs/analytics.md, decision 234): one event id for
 * the order, derived from its number, so the server (which queues Purchase itself when the order is
 * paid) and the page's fbq copy on the thank-you page make one pair Meta counts once, and a reload
 * of the page reports the same event again, never a second one.
 */
export function purchaseEventId(orderNumber: string): string {
  return `purchase-${orderNumber}`
}

/** A line of a paid order as the pixel names it: the item and how many. */
export interface PurchasedLine {
  itemId: number | string
  qty: number
}

/** What the pixel says of a cart or an order's lines: its item ids, each with how many, and the pieces. */
function contentsOf(lines: readonly PurchasedLine[]) {
  const contents = new Map<string, number>()
  for (const line of lines) contents.set(String(line.itemId), (contents.get(String(line.itemId)) ?? 0) + line.qty)
  return {
    content_type: 'product',
    content_ids: [...contents.keys()],
    contents: [...contents].map(([id, quantity]) => ({ id, quantity })),
    num_items: [...contents.values()].reduce((sum, qty) => sum + qty, 0),
  }
}

/** The pixel's InitiateCheckout payload for the cart the checkout opens with (value in dollars, currency USD). */
export function initiateCheckoutData(value: number, lines: readonly PurchasedLine[]) {
  return { currency: 'USD', value, ...contentsOf(lines) }
}

/** The pixel's Purchase payload (the same in the page and through the Conversions API): value in dollars, currency USD, the order's number. */
export function purchaseData(orderNumber: string, value: number, lines: readonly PurchasedLine[]) {
  return { currency: 'USD', value, ...contentsOf(lines), order_id: orderNumber }
}
