/**
 * Monthly items a member picks for the coming period (docs/club-membership.md
 * "Monthly items"): open until the period's cut-off (core isPastCutoff), at
 * most how_many, each one of the choices offered (`choices`: the brand's main
 * category, not VIP exclusives, active, in stock in that size, the first 24 by
 * id), the same rule for what GET offers and what POST takes. A later post
 * replaces the earlier picks. Without picks, the billing run chooses from the
 * style profile (monthly-order.ts).
 */
import { randomUUID } from 'node:crypto'
import { cutoffDate, dayName, isClubMember, isPastCutoff, monthName, periodOf, sortSizes, type MemberClub, type MonthlyChoice, type MonthlyPicks } from '@store/core'
import type { RequestContext } from '../context/request-context.ts'
import { takeTurn } from '../db/take-turn.ts'
import { conflict, HttpError, unprocessable } from '../http/errors.ts'
import { findMembershipOf, membershipsWithCard, type MembershipWithCard } from './membership.queries.ts'
import { membershipView, statusOf } from './membership.view.ts'
import { todayOf } from './club-join.ts'
import { mainCategoryOf } from './monthly-order.ts'

const MAX_CHOICES = 24

async function memberOf(ctx: RequestContext): Promise<MembershipWithCard> {
  const shopper = await ctx.shopper()
  if (!shopper.customerId) throw new HttpError(401, 'Log in to pick your monthly items.')
  const row = await findMembershipOf(ctx.data.db, ctx.data.brandId, shopper.customerId)
  if (!row || !isClubMember(statusOf(row)) || !row.next_billing_date) throw new HttpError(404, 'Monthly items are for VIP members. Join the club to pick yours.')
  return row
}

/**
 * What may be picked for a box, read live (stock now): what the billing run would
 * choose from (monthly-order.ts), the brand's main category without VIP exclusives,
 * active and in stock, by item, the first MAX_CHOICES by id. GET offers these and
 * POST takes nothing else.
 */
async function choices(ctx: RequestContext): Promise<MonthlyChoice[]> {
  const { db, brandId } = ctx.data
  const category = await mainCategoryOf(db, brandId)
  const rows = await db
    .selectFrom('items')
    .innerJoin('item_sizes', 'item_sizes.item_id', 'items.id')
    .leftJoin('item_images', (join) => join.onRef('item_images.item_id', '=', 'items.id').on('item_images.kind', '=', 'image1'))
    .select(['items.id', 'items.name', 'items.color', 'item_images.url as image', 'item_sizes.size'])
    .where('items.brand_id', '=', brandId)
    .where('items.active', '=', 1)
    .where('items.vip_exclusive', '=', 0)
    .where('item_sizes.stock', '>', 0)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('item_categories')
          .innerJoin('categories', 'categories.id', 'item_categories.category_id')
          .select('item_categories.item_id')
          .whereRef('item_categories.item_id', '=', 'items.id')
          .where('categories.brand_id', '=', brandId)
          .where('categories.name', '=', category),
      ),
    )
    .orderBy('items.id')
    .execute()
  const byItem = new Map<number, MonthlyChoice>()
  for (const row of rows) {
    const found = byItem.get(row.id)
    if (found) found.sizes.push(row.size)
    else if (byItem.size < MAX_CHOICES) byItem.set(row.id, { item_id: row.id, name: row.name, color: row.color, image: row.image, sizes: [row.size] })
  }
  return [...byItem.values()].map((choice) => ({ ...choice, sizes: sortSizes(choice.sizes) }))
}

/**
 * Why the coming period's picks cannot be changed, in words for the member, or null
 * while they can: a skipped or paused month sends no box, and after the cut-off the
 * box is being picked and packed.
 */
function closedReason(row: MembershipWithCard, today: string): string | null {
  const date = row.next_billing_date!
  const month = monthName(periodOf(date))
  const status = statusOf(row)
  if (status === 'skipped') return `You have skipped ${month}: no box is sent, so there is nothing to pick. Undo the skip to choose your item.`
  if (status === 'paused') return `Your membership is paused: no box is sent until you resume, so there is nothing to pick.`
  if (isPastCutoff(today, date)) return `Picks for ${month} closed on ${dayName(cutoffDate(date))}. You can pick for next month after your billing date.`
  return null
}

async function view(ctx: RequestContext, row: MembershipWithCard): Promise<MonthlyPicks> {
  const date = row.next_billing_date!
  const period = periodOf(date)
  const closed = closedReason(row, todayOf(ctx))
  const [picks, offered] = await Promise.all([
    ctx.data.db
      .selectFrom('membership_picks')
      .innerJoin('items', 'items.id', 'membership_picks.item_id')
      .leftJoin('item_images', (join) => join.onRef('item_images.item_id', '=', 'items.id').on('item_images.kind', '=', 'image1'))
      .select(['items.id as item_id', 'items.name', 'items.color', 'membership_picks.size', 'item_images.url as image'])
      .where('membership_picks.membership_id', '=', row.id)
      .where('membership_picks.period', '=', period)
      .orderBy('membership_picks.position')
      .execute(),
    // nothing is offered while the picks are closed (and nothing is read for it)
    closed ? Promise.resolve([]) : choices(ctx),
  ])
  return {
    period,
    cutoff_date: cutoffDate(date),
    open: closed === null,
    closed_reason: closed,
    how_many: row.how_many,
    picks,
    choices: offered,
  }
}

export async function getPicks(ctx: RequestContext): Promise<MonthlyPicks> {
  return view(ctx, await memberOf(ctx))
}

export async function savePicks(ctx: RequestContext, wanted: { item_id: number; size: string }[]): Promise<MonthlyPicks> {
  const row = await memberOf(ctx)
  const date = row.next_billing_date!
  const closed = closedReason(row, todayOf(ctx))
  if (closed) throw conflict(closed)
  if (wanted.length > row.how_many) throw unprocessable(`You can pick ${row.how_many} item${row.how_many === 1 ? '' : 's'} a month.`, 'item_id')
  const { db, brandId } = ctx.data
  if (wanted.length > 0) {
    const offered = await choices(ctx)
    for (const w of wanted) {
      const choice = offered.find((c) => c.item_id === w.item_id)
      if (!choice) {
        throw unprocessable(`Item ${w.item_id} is not one of this month's choices: pick one of the items offered in your Members Area.`, 'item_id')
      }
      if (!choice.sizes.includes(w.size)) {
        throw unprocessable(`${choice.name} can't be picked in size ${w.size}: it is not sold in that size or is out of stock. Choose ${choice.sizes.join(', ')}.`, 'size')
      }
    }
  }
  const period = periodOf(date)
  const now = ctx.now().toISOString()
  await db.transaction().execute(async (trx) => {
    // saves at once (two tabs) take turns: the last one's picks stand, never both sets
    await takeTurn(trx, 'customer', row.customer_id)
    await trx.deleteFrom('membership_picks').where('membership_id', '=', row.id).where('period', '=', period).execute()
    if (wanted.length > 0) {
      await trx
        .insertInto('membership_picks')
        .values(wanted.map((w, position) => ({ id: randomUUID(), brand_id: brandId, membership_id: row.id, period, item_id: w.item_id, size: w.size, position, created_at: now })))
        .execute()
    }
  })
  return view(ctx, row)
}

/**
 * The Members Area's club section in one read of the membership: the membership
 * (as GET /membership answers it) and, for a member with a coming box, its picks
 * (as GET /membership/picks). Null for a customer who never joined.
 */
export async function memberClub(ctx: RequestContext): Promise<MemberClub | null> {
  const shopper = await ctx.shopper()
  if (!shopper.customerId) throw new HttpError(401, 'Please log in to continue.')
  const { db, brandId } = ctx.data
  // findMembershipOf's row, and whether a box is being packed (findOrderInProgress, which blocks a cancel), in one statement
  const found = await membershipsWithCard(db, brandId)
    .select((eb) =>
      eb.exists(eb.selectFrom('orders').select('orders.order_number').whereRef('orders.membership_id', '=', 'memberships.id').where('orders.status', '=', 'packing')).as('packing'),
    )
    .where('memberships.customer_id', '=', shopper.customerId)
    .executeTakeFirst()
  if (!found) return null
  const { packing, ...row } = found
  const live = isClubMember(statusOf(row)) && row.next_billing_date !== null
  const picks = live ? await view(ctx, row) : null
  // PostgreSQL answers a boolean, SQLite 1 or 0
  return { membership: membershipView(row, todayOf(ctx), packing === true || Number(packing) === 1), picks }
}
