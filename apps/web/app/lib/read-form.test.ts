/**
 * Issue 8: a page action given a body that is not a form (JSON, text, none, a
 * broken multipart) answers 400/415 with a readable message, never a 500.
 */
import { describe, expect, it } from 'vitest'
import type { StoreServices } from '@store/core'
import { action as checkoutAction } from '../routes/checkout'
import { action as orderBumpAction } from '../routes/checkout-ob'
import { action as checkoutStyleProfileAction } from '../routes/checkout-styleprofile'
import { action as dnsmpiAction } from '../routes/dnsmpi'
import { action as forgotAction } from '../routes/forgot'
import { action as loginAction } from '../routes/login'
import { action as registerAction } from '../routes/register'
import { action as cartAction } from '../routes/resources.cart'
import { action as socialMediaSpecialAction } from '../routes/social-media-special'
import { action as specialOfferAction } from '../routes/special-offer'

const services = new Proxy({}, { get: () => async () => ({}) }) as StoreServices
const context = { services, brand: { id: 'popfitclothing' } } as never

const ACTIONS: [string, (args: never) => Promise<unknown>][] = [
  ['/login', loginAction as never],
  ['/register', registerAction as never],
  ['/forgot', forgotAction as never],
  ['/resources/cart', cartAction as never],
  ['/dnsmpi', dnsmpiAction as never],
  // the checkout funnel's forms (and /landing/:id, /form/*, which claim a special as this one does)
  ['/checkout', checkoutAction as never],
  ['/checkout-ob/1', orderBumpAction as never],
  ['/checkout-styleprofile', checkoutStyleProfileAction as never],
  ['/special-offer/1', specialOfferAction as never],
  ['/social_media_specials/1', socialMediaSpecialAction as never],
]

const BODIES: [string, RequestInit][] = [
  ['JSON', { body: '{"email":"pat@example.com"}', headers: { 'content-type': 'application/json' } }],
  ['text', { body: 'hello', headers: { 'content-type': 'text/plain' } }],
  ['no body', {}],
  ['multipart without a boundary', { body: 'email=x', headers: { 'content-type': 'multipart/form-data' } }],
  ['cut-off multipart', { body: '--xyz\r\nContent-Disposition: form-data; name="email"\r\n\r\npat', headers: { 'content-type': 'multipart/form-data; boundary=xyz' } }],
]

/** The status and message of what an action threw or returned. */
async function answerOf(run: () => Promise<unknown>): Promise<{ status: number; text: string }> {
  let outcome: unknown
  try {
    outcome = await run()
  } catch (thrown) {
    outcome = thrown
  }
  if (outcome instanceof Response) return { status: outcome.status, text: await outcome.text() }
  const shaped = outcome as { init?: { status?: number }; data?: unknown; type?: string }
  if (shaped && shaped.type === 'DataWithResponseInit') return { status: shaped.init?.status ?? 200, text: JSON.stringify(shaped.data) }
  if (outcome instanceof Error) return { status: 500, text: outcome.message }
  return { status: 200, text: JSON.stringify(outcome) }
}

describe('page actions refuse bodies that are not forms', () => {
  for (const [path, action] of ACTIONS) {
    it.each(BODIES)(`${path} with %s`, async (_what, init) => {
      const request = new Request(`http://localhost${path}`, { method: 'POST', ...init })
      const { status, text } = await answerOf(() => action({ request, context, params: {} } as never))
      expect(status).toBeGreaterThanOrEqual(400)
      expect(status).toBeLessThan(500)
      expect(text).toMatch(/form/i)
    })
  }
})
