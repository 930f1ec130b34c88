/**
 * The content service's webhook signature (Sanity's GROQ-powered webhooks, as its webhook toolkit
 * checks them): the header `sanity-webhook-signature: t=<unix ms>,v1=<signature>`, where the
 * signature is the base64url (unpadded) HMAC-SHA256, under the webhook's secret, of
 * `<t>.<raw body>`. Checked here with node:crypto.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'

export const SANITY_SIGNATURE_HEADER = 'sanity-webhook-signature'

const HEADER_FORMAT = /^t=(\d+)[, ]+v1=([^, ]+)$/

/** What the content service puts in the header for `rawBody` sent at `timestamp` (ms). */
export function signSanityWebhook(secret: string, rawBody: string | Buffer, timestamp: number): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('base64url')
  return `t=${timestamp},v1=${signature}`
}

/** Whether the header signs `rawBody` with `secret`. No secret: nothing is believed. */
export function isSignedBySanity(secret: string | undefined, rawBody: Buffer, header: string | string[] | undefined): boolean {
  if (!secret || typeof header !== 'string') return false
  const match = HEADER_FORMAT.exec(header.trim())
  if (!match) return false
  const expected = Buffer.from(signSanityWebhook(secret, rawBody, Number(match[1])))
  const received = Buffer.from(header.trim().replace(/[, ]+v1=/, ',v1='))
  return expected.length === received.length && timingSafeEqual(expected, received)
}
