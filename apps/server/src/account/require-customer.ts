import type { RequestContext } from '../context/request-context.ts'
import { HttpError } from '../http/errors.ts'

const LOGIN_REQUIRED = 'Please log in to continue.'

/**
 * The logged-in customer's id, or a 401 for a visitor. Personal data is read
 * and written only through this id: a query names it and the brand, so another
 * customer's row is simply not found (404), never "forbidden".
 */
export async function requireCustomerId(ctx: RequestContext): Promise<string> {
  const { customerId } = await ctx.shopper()
  if (!customerId) throw new HttpError(401, LOGIN_REQUIRED)
  return customerId
}
