/**
 * The carrier seam (DESIGN §6 style: a small interface, one default chosen by
 * configuration). A carrier tells the store what happened to a parcel; the
 * default is a carrier (or a shipping aggregator) that posts each event to
 * POST /api/tracking/webhook, signed with a shared secret (docs/tracking.md).
 * A carrier that must be polled instead would implement the same interface and
 * hand its events to recordCarrierEvent.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import { z } from 'zod'

/** What an event can move the order to; anything else only adds a line to the tracker. */
const CARRIER_STATUSES = ['label_created', 'in_transit', 'out_for_delivery', 'delivered', 'exception'] as const
export type CarrierStatus = (typeof CARRIER_STATUSES)[number]

export interface CarrierEvent {
  /** the carrier's id of this event: the same id twice is one event */
  id: string
  order_number: string
  carrier: string
  tracking_number: string
  status: CarrierStatus | null
  description: string
  /** ISO-8601 */
  occurred_at: string
}

export interface Carrier {
  readonly name: string
  /** The events of one webhook delivery, or null when it is not signed with our secret. Bad JSON or fields throw a 400. */
  readWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): CarrierEvent | null
}

const SIGNATURE_HEADER = 'x-tracking-signature'

/** `sha256=` + hex HMAC-SHA256 of the raw body under the secret: what the sender puts in X-Tracking-Signature. */
export function signTrackingBody(secret: string, rawBody: string | Buffer): string {
  return `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`
}

const carrierEventSchema = z.object({
  id: z.string().trim().min(1, 'id is required').max(200),
  order_number: z.string().trim().min(1, 'order_number is required').max(40),
  carrier: z.string().trim().min(1, 'carrier is required').max(60),
  tracking_number: z.string().trim().min(1, 'tracking_number is required').max(80),
  status: z
    .enum(CARRIER_STATUSES)
    .nullable()
    .optional()
    .transform((value) => value ?? null),
  description: z.string().trim().min(1, 'description is required').max(300),
  occurred_at: z.iso.datetime({ offset: true, message: 'occurred_at is an ISO-8601 time' }).transform((value) => new Date(value).toISOString()),
})

export class WebhookPayloadError extends Error {}

/** The default carrier: signed JSON posts, one event each. Without a secret nothing is believed. */
export class SignedWebhookCarrier implements Carrier {
  readonly name = 'webhook'
  constructor(private readonly secret: string | undefined) {}

  readWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): CarrierEvent | null {
    if (!this.secret) return null
    const given = headers[SIGNATURE_HEADER]
    if (typeof given !== 'string') return null
    const expected = Buffer.from(signTrackingBody(this.secret, rawBody))
    const received = Buffer.from(given.trim())
    if (received.length !== expected.length || !timingSafeEqual(received, expected)) return null
    let json: unknown
    try {
      json = JSON.parse(rawBody.toString('utf8'))
    } catch {
      throw new WebhookPayloadError('The body is not JSON.')
    }
    const parsed = carrierEventSchema.safeParse(json)
    if (!parsed.success) throw new WebhookPayloadError(parsed.error.issues[0]?.message ?? 'The event is not complete.')
    return parsed.data
  }
}
