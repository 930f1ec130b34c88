/**
 * Monthly items a member picks for the coming period (docs/club-membership.md
 * "Monthly items"): open until the period's cut-off (core isPastCutoff), at
 * most how_many, each an item of the brand in stock in that size. A later post
 * replaces the earlier picks. Without picks, the billing run chooses from the
 * style profile (monthly-order.ts).
 */
import { randomUUID } from 'node:crypto'
import { cutoffDate, isClubMember, isPastCutoff, periodOf, sortSizes, type MonthlyChoice, type MonthlyPicks } from '@store/core'
import type { RequestContext } from '../context/request-context.ts'
import { takeTurn } from '../db/take-turn.ts'
import { conflict, HttpError, unprocessable } from '../http/errors.ts'
import { findMembershipOf, type MembershipWithCard } from './membership.queries.ts'
import { statusOf } from './membership.view.ts'
import { todayOf } from './club-join.ts'

const MAX_CHOICES = 24

async function memberOf(ctx: RequestContext): Promise<MembershipWithCard> {
  const shopper = await ctx.shopper()
  if (!shopper.customerId) throw new HttpError(401, 'Log in to pick your monthly items.')
  const row = await findMembershipOf(ctx.data.db, ctx.data.brandId, shopper.customerId)
  if (!row || !isClubMember(statusOf(row)) || !row.next_billing_date) throw new HttpError(404, 'Monthly items are for VIP members. Join the club to pick yours.')
  return row
}

async function choices(ctx: RequestContext): Promise<MonthlyChoice[]> {
  const { db, brandId } = ctx.data
  const rows = await db
    .selectFrom('items')
    .innerJoin('item_sizes', 'item_sizes.item_id', 'items.id')
    .leftJoin('item_images', (join) => join.onRef('item_images.item_id', '=', 'items.id').on('item_images.kind', '=', 'image1'))
    .select(['items.id', 'items.name', 'items.color', 'item_images.url as image', 'item_sizes.size'])
    .where('items.brand_id', '=', brandId)
    .where('items.active', '=', 1)
    .where('item_sizes.stock', '>', 0)
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

async function view(ctx: RequestContext, row: MembershipWithCard): Promise<MonthlyPicks> {
  const date = row.next_billing_date!
  const period = periodOf(date)
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
    choices(ctx),
  ])
  return {
    period,
    cutoff_date: cutoffDate(date),
    open: !isPastCutoff(todayOf(ctx), date),
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
  if (isPastCutoff(todayOf(ctx), date)) {
    throw conflict(`Picks for this month closed on ${cutoffDate(date)}. You can pick for next month after your billing date.`)
  }
  if (wanted.length > row.how_many) throw unprocessable(`You can pick ${row.how_many} item${row.how_many === 1 ? '' : 's'} a month.`, 'item_id')
  const { db, brandId } = ctx.data
  if (wanted.length > 0) {
    const sellable = await db
      .selectFrom('items')
      .innerJoin('item_sizes', 'item_sizes.item_id', 'items.id')
      .select(['items.id', 'item_sizes.size'])
      .where('items.brand_id', '=', brandId)
      .where('items.active', '=', 1)
      .where('item_sizes.stock', '>', 0)
      .where('items.id', 'in', wanted.map((w) => w.item_id))
      .execute()
    for (const w of wanted) {
      if (!sellable.some((s) => s.id === w.item_id && s.size === w.size)) {
        throw unprocessable(`Item ${w.item_id} in size ${w.size} can't be picked: it is not sold in that size or is out of stock.`, 'item_id')
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
