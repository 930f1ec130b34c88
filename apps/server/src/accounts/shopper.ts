import type { FastifyRequest } from 'fastify'
import type { StoreDb } from '../db/connection.ts'

export interface Shopper {
  customerId: string | null
  name: string | null
  email: string | null
  hasClub: boolean
  cancelledBefore: boolean
}

const VISITOR: Shopper = { customerId: null, name: null, email: null, hasClub: false, cancelledBefore: false }
const cache = new WeakMap<FastifyRequest, Promise<Shopper>>()

/** Who is shopping: a visitor, or the logged-in customer (read once per request). */
export function shopperOf({ db }: StoreDb, request: FastifyRequest): Promise<Shopper> {
  const customerId = request.session?.customerId
  if (!customerId) return Promise.resolve(VISITOR)
  let pending = cache.get(request)
  if (!pending) {
    pending = db
      .selectFrom('customers')
      .select(['id', 'name', 'email', 'has_club', 'cancelled_before'])
      .where('id', '=', customerId)
      .where('brand_id', '=', request.brand.id)
      .executeTakeFirst()
      .then((row) =>
        row
          ? { customerId: row.id, name: row.name, email: row.email, hasClub: row.has_club === 1, cancelledBefore: row.cancelled_before === 1 }
          : VISITOR,
      )
    cache.set(request, pending)
  }
  return pending
}
