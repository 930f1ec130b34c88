/**
 * VIP exclusives are sold to members only (docs/club-membership.md "VIP exclusives"):
 * the cart lets only a member add one, but a line stays in the cart when its member
 * cancels (or lapses), kept visible. Checkout is where it is stopped: a shopper who is
 * not a member, and does not join in this very checkout (a logged-in customer in
 * checkout_club_flow or vip_flow), cannot buy it. The refusal (409) names the items.
 *
 * The brand's VIP exclusive ids are read once a minute per database (a cached set),
 * so the check adds no statement to a checkout; a flag changed in the catalogue is
 * seen within CATALOG_TTL_MS. The cart marks the lines checkout would refuse (members_only,
 * from membersOnlyLines), so the shopper learns it in the cart drawer, not at "Place order".
 */
import type { Kysely } from 'kysely'
import type { Shopper } from '../accounts/shopper.ts'
import type { Database } from '../db/schema.ts'
import { conflict } from '../http/errors.ts'
import { isJoinFlow } from '../membership/club-join.ts'
import { cachePerDatabase, CATALOG_TTL_MS } from '../shared/ttl-cache.ts'

const exclusivesCache = cachePerDatabase<ReadonlySet<number>>(CATALOG_TTL_MS)

/** The brand's VIP exclusive item ids, cached (one frozen set until the cache loads again). */
export function vipExclusiveIds(db: Kysely<Database>, brandId: string): Promise<ReadonlySet<number>> {
  return exclusivesCache(db, `vip-exclusives:${brandId}`, async () => {
    const rows = await db.selectFrom('items').select('id').where('brand_id', '=', brandId).where('vip_exclusive', '=', 1).execute()
    return new Set(rows.map((row) => row.id))
  })
}

/** A shopper who may buy VIP exclusives in a checkout of this flow: a member, or a logged-in customer joining in it (membership/club-join.ts clubJoinTerms). */
function mayBuyVipExclusives(shopper: Shopper, flow: string | null | undefined): boolean {
  return shopper.hasClub || (isJoinFlow(flow) && shopper.customerId !== null)
}

/**
 * The lines checkout refuses as members only: the VIP exclusives among them, for a shopper who may
 * not buy them in this flow; none for one who may. The cart marks the same lines (members_only).
 */
export function membersOnlyLines<Line extends { item_id: number }>(
  checkout: { shopper: Shopper; flow: string | null | undefined; lines: readonly Line[] },
  exclusive: ReadonlySet<number>,
): Line[] {
  if (mayBuyVipExclusives(checkout.shopper, checkout.flow)) return []
  return checkout.lines.filter((line) => exclusive.has(line.item_id))
}

/** The checkout's refusal of VIP exclusives for a shopper who is not a member and is not joining in this checkout. */
export async function refuseVipExclusives(
  data: { db: Kysely<Database>; brandId: string },
  checkout: { shopper: Shopper; flow: string; lines: readonly { item_id: number; name: string }[] },
): Promise<void> {
  const { shopper, flow, lines } = checkout
  // a member, or one joining here, reads no set
  if (lines.length === 0 || mayBuyVipExclusives(shopper, flow)) return
  const refused = membersOnlyLines(checkout, await vipExclusiveIds(data.db, data.brandId))
  const names = [...new Set(refused.map((line) => line.name))]
  if (names.length === 0) return
  const join = shopper.club || shopper.cancelledBefore ? 'rejoin VIP' : 'join VIP'
  const what = names.length === 1 ? `${names[0]} is` : `${names.slice(0, -1).join(', ')} and ${names.at(-1)} are`
  throw conflict(`${what} for VIP members only: remove ${names.length === 1 ? 'it' : 'them'} from your cart or ${join}.`, 'cart')
}
