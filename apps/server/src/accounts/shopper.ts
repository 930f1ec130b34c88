import type { BrandData } from '../context/request-context.ts'

export interface Shopper {
  customerId: string | null
  name: string | null
  email: string | null
  hasClub: boolean
  cancelledBefore: boolean
}

export const VISITOR: Shopper = { customerId: null, name: null, email: null, hasClub: false, cancelledBefore: false }

/** The customer behind a session at this brand, or a visitor. */
export async function readShopper({ db, brandId }: BrandData, customerId: string | null): Promise<Shopper> {
  if (!customerId) return VISITOR
  const row = await db
    .selectFrom('customers')
    .select(['id', 'name', 'email', 'has_club', 'cancelled_before'])
    .where('id', '=', customerId)
    .where('brand_id', '=', brandId)
    .executeTakeFirst()
  return row
    ? { customerId: row.id, name: row.name, email: row.email, hasClub: row.has_club === 1, cancelledBefore: row.cancelled_before === 1 }
    : VISITOR
}
