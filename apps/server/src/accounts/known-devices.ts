/** Devices a customer has logged in from (the hash of their `did` cookie), per brand. */
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import type { RequestContext } from '../context/request-context.ts'
import { DEVICE_TTL_MS } from '../sessions/device-cookie.ts'

const hashDeviceToken = (token: string) => createHash('sha256').update(token).digest('base64url')

/** True when this request's device has logged in as this customer before (and not too long ago). */
export async function isKnownDevice(ctx: RequestContext, customerId: string): Promise<boolean> {
  const token = ctx.device.token
  if (!token || token.length > 100) return false
  const { db, brandId } = ctx.data
  const row = await db
    .selectFrom('known_devices')
    .select('id')
    .where('brand_id', '=', brandId)
    .where('token_hash', '=', hashDeviceToken(token))
    .where('customer_id', '=', customerId)
    .where('expires_at', '>', ctx.now().toISOString())
    .executeTakeFirst()
  return row !== undefined
}

/** After a successful login: this device is known for this customer for another year. */
export async function rememberDevice(ctx: RequestContext, customerId: string): Promise<void> {
  const { db, brandId } = ctx.data
  const current = ctx.device.token
  const token = current && /^[A-Za-z0-9_-]{20,100}$/.test(current) ? current : randomBytes(24).toString('base64url')
  const now = ctx.now()
  const expires = new Date(now.getTime() + DEVICE_TTL_MS)
  await db
    .insertInto('known_devices')
    .values({
      id: randomUUID(),
      brand_id: brandId,
      customer_id: customerId,
      token_hash: hashDeviceToken(token),
      created_at: now.toISOString(),
      expires_at: expires.toISOString(),
    })
    .onConflict((oc) => oc.columns(['brand_id', 'token_hash', 'customer_id']).doUpdateSet({ expires_at: expires.toISOString() }))
    .execute()
  ctx.device.remember(token, expires)
}
