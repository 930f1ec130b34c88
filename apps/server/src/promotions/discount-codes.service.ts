/**
 * The operator's discount codes (docs/admin-promotions.md): listed by code (cursor pages, a status
 * filter), created, changed and ended; each change audited in its transaction, then the brand's
 * cached promotions and pages cleared, so the storefront takes the change at once. A code's uses
 * and sales come from the orders placed with it (orders.discount_code_id, migration 033).
 */
import { randomUUID } from 'node:crypto'
import { discountCodeStatus, fromCents, PLACED_ORDER_STATUSES, toCents, type AdminDiscountCode } from '@store/core'
import { sql, type Kysely, type Transaction } from 'kysely'
import { discountCodeTerms } from '../cart/cart-promotions.queries.ts'
import type { RequestContext } from '../context/request-context.ts'
import { readJson, readList } from '../db/json.ts'
import type { Database, DiscountCodesRow } from '../db/schema.ts'
import { badRequest, conflict, notFound, unprocessable } from '../http/errors.ts'
import { audited, type AuditActor } from '../staff/audit.ts'
import type { DiscountCodeInput } from './promotions.schemas.ts'
import type { PromotionCaches } from './promotion-caches.ts'

type Db = Kysely<Database> | Transaction<Database>

/** Orders that count as a use: being paid, or paid and kept (in whole or in part). */
const USE_STATUSES: readonly string[] = ['pending_payment', ...PLACED_ORDER_STATUSES]

interface CodeUse {
  uses: number
  taken: number
  revenueCents: number
}

/** Uses (being paid or placed), orders taken (placed) and their revenue, per code, in one statement. */
async function usesOf(db: Db, brandId: string, ids: string[]): Promise<Map<string, CodeUse>> {
  const found = new Map<string, CodeUse>()
  if (ids.length === 0) return found
  const rows = await db
    .selectFrom('orders')
    .select((eb) => ['discount_code_id', 'status', eb.fn.countAll<string | number>().as('orders'), eb.fn.sum<string | number>('total_cents').as('revenue')])
    .where('brand_id', '=', brandId)
    .where('discount_code_id', 'in', ids)
    .where('status', 'in', USE_STATUSES)
    .groupBy(['discount_code_id', 'status'])
    .execute()
  for (const row of rows) {
    const use = found.get(row.discount_code_id!) ?? { uses: 0, taken: 0, revenueCents: 0 }
    use.uses += Number(row.orders)
    if (row.status !== 'pending_payment') {
      use.taken += Number(row.orders)
      use.revenueCents += Number(row.revenue ?? 0)
    }
    found.set(row.discount_code_id!, use)
  }
  return found
}

function toAdmin(row: DiscountCodesRow, use: CodeUse | undefined, now: Date): AdminDiscountCode {
  const uses = use?.uses ?? 0
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    info: row.info,
    bullets: readJson<string[]>(row.bullets, []),
    details: row.custom,
    kind: row.amount_off_cents > 0 ? 'amount' : 'percentage',
    percentage: row.percentage_amount,
    amount: fromCents(row.amount_off_cents),
    included_classes: readList(row.included_classes),
    excluded_classes: readList(row.excluded_classes),
    minimum_order: fromCents(row.minimum_subtotal_cents),
    club_only: row.club_only === 1,
    first_order_only: row.first_order_only === 1,
    one_per_customer: row.one_per_customer === 1 || row.first_order_only === 1,
    starts_at: row.starts_at,
    ends_at: row.ends_at,
    max_uses: row.max_uses,
    uses,
    status: discountCodeStatus(discountCodeTerms(row, uses), now),
    sales: { shown: null, taken: use?.taken ?? 0, revenue: fromCents(use?.revenueCents ?? 0) },
  }
}

const PAGE_SIZE = 50

export async function listDiscountCodes(
  ctx: RequestContext,
  input: { query?: string; status?: AdminDiscountCode['status']; sort?: 'code' | '-code'; cursor?: string; limit?: number },
): Promise<{ discount_codes: AdminDiscountCode[]; next_cursor: string | null }> {
  const { db, brandId } = ctx.data
  const limit = input.limit ?? PAGE_SIZE
  const now = ctx.now().toISOString()
  const descending = input.sort === '-code'
  let q = db.selectFrom('discount_codes').selectAll().where('brand_id', '=', brandId)
  if (input.cursor) {
    if (!/^[A-Z0-9_-]{1,30}$/.test(input.cursor)) throw badRequest('This page of codes is not one we gave out. Start from the first page.', 'cursor')
    q = q.where('code', descending ? '<' : '>', input.cursor)
  }
  const query = input.query?.trim()
  if (query) {
    const like = `%${query.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    q = q.where((eb) => eb.or([sql<boolean>`lower(code) like ${like} escape '\\'`, sql<boolean>`lower(name) like ${like} escape '\\'`]))
  }
  // the status by its dates and switch (a code used up reads as running here, and as ended in its answer)
  if (input.status === 'ended') q = q.where((eb) => eb.or([eb('active', '=', 0), eb('ends_at', '<=', now)]))
  if (input.status === 'scheduled') q = q.where('active', '=', 1).where('starts_at', '>', now)
  if (input.status === 'running')
    q = q
      .where('active', '=', 1)
      .where((eb) => eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', now)]))
      .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
  const rows = await q
    .orderBy('code', descending ? 'desc' : 'asc')
    .limit(limit + 1)
    .execute()
  const page = rows.slice(0, limit)
  const uses = await usesOf(
    db,
    brandId,
    page.map((row) => row.id),
  )
  return {
    discount_codes: page.map((row) => toAdmin(row, uses.get(row.id), ctx.now())),
    next_cursor: rows.length > limit ? page.at(-1)!.code : null,
  }
}

async function readCode(db: Db, brandId: string, id: string): Promise<DiscountCodesRow> {
  const row = await db.selectFrom('discount_codes').selectAll().where('brand_id', '=', brandId).where('id', '=', id).executeTakeFirst()
  if (!row) throw notFound(`There is no discount code ${id} in this store.`)
  return row
}

async function answer(db: Db, brandId: string, row: DiscountCodesRow, now: Date): Promise<AdminDiscountCode> {
  return toAdmin(row, (await usesOf(db, brandId, [row.id])).get(row.id), now)
}

export async function getDiscountCode(ctx: RequestContext, id: string): Promise<AdminDiscountCode> {
  const { db, brandId } = ctx.data
  return answer(db, brandId, await readCode(db, brandId, id), ctx.now())
}

type CodeColumns = Omit<DiscountCodesRow, 'id' | 'brand_id' | 'active'>

/** The columns of a code after this input, checked as a whole (a percentage or an amount, an end after the start). */
function columnsOf(input: DiscountCodeInput, before: CodeColumns | null): CodeColumns {
  const code = input.code?.toUpperCase() ?? before?.code
  if (!code) throw unprocessable('Enter the code shoppers type.', 'code')
  const kind =
    input.kind ?? (input.amount !== undefined && input.amount > 0 ? 'amount' : before && before.amount_off_cents > 0 && input.percentage === undefined ? 'amount' : 'percentage')
  const percentage = kind === 'percentage' ? (input.percentage ?? before?.percentage_amount ?? 0) : 0
  const amountCents = kind === 'amount' ? (input.amount === undefined ? (before?.amount_off_cents ?? 0) : toCents(input.amount)) : 0
  if (kind === 'percentage' && percentage < 1) throw unprocessable('A percentage code takes 1 to 100 percent off.', 'percentage')
  if (kind === 'amount' && amountCents < 1) throw unprocessable('An amount code takes at least $0.01 off.', 'amount')
  const startsAt = input.starts_at === undefined ? (before?.starts_at ?? null) : input.starts_at
  const endsAt = input.ends_at === undefined ? (before?.ends_at ?? null) : input.ends_at
  if (startsAt && endsAt && endsAt <= startsAt) throw unprocessable('The end must come after the start.', 'ends_at')
  const included = input.included_classes ?? (before ? readList(before.included_classes) : [])
  const excluded = input.excluded_classes ?? (before ? readList(before.excluded_classes) : [])
  const both = included.find((name) => excluded.includes(name))
  if (both) throw unprocessable(`"${both}" cannot be both included and excluded.`, 'excluded_classes')
  const minimum = input.minimum_order === undefined ? (before?.minimum_subtotal_cents ?? 0) : toCents(input.minimum_order)
  if (kind === 'amount' && minimum > 0 && amountCents > minimum) throw unprocessable('The amount off cannot be more than the minimum order.', 'amount')
  const pick = (value: boolean | undefined, was: number | undefined) => (value === undefined ? (was ?? 0) : value ? 1 : 0)
  return {
    code,
    name: input.name ?? before?.name ?? input.code!,
    info: input.info === undefined ? (before?.info ?? null) : input.info || null,
    bullets: JSON.stringify(input.bullets ?? (before ? readJson<string[]>(before.bullets, []) : [])),
    included_classes: included.join(','),
    excluded_classes: excluded.join(','),
    percentage_amount: percentage,
    amount_off_cents: amountCents,
    custom: input.details === undefined ? (before?.custom ?? null) : input.details || null,
    club_only: pick(input.club_only, before?.club_only),
    first_order_only: pick(input.first_order_only, before?.first_order_only),
    one_per_customer: pick(input.one_per_customer, before?.one_per_customer),
    minimum_subtotal_cents: minimum,
    starts_at: startsAt,
    ends_at: endsAt,
    max_uses: input.max_uses === undefined ? (before?.max_uses ?? null) : input.max_uses,
  }
}

async function refuseTaken(db: Db, brandId: string, code: string, id: string | null): Promise<void> {
  const other = await db.selectFrom('discount_codes').select('id').where('brand_id', '=', brandId).where('code', '=', code).executeTakeFirst()
  if (other && other.id !== id) throw conflict(`There is a code ${code} already. Choose another code, or change that one.`, 'code')
}

export async function createDiscountCode(ctx: RequestContext, actor: AuditActor, caches: PromotionCaches, input: DiscountCodeInput): Promise<AdminDiscountCode> {
  const { db, brandId } = ctx.data
  const columns = columnsOf(input, null)
  const row: DiscountCodesRow = { id: randomUUID(), brand_id: brandId, active: 1, ...columns }
  await db.transaction().execute(async (trx) => {
    await refuseTaken(trx, brandId, columns.code, null)
    await trx.insertInto('discount_codes').values(row).execute()
    await audited(trx, actor, { action: 'discount_code.create', entity: 'discount_code', id: row.id, after: columns })
  })
  caches.clear(brandId)
  return answer(db, brandId, row, ctx.now())
}

export async function updateDiscountCode(ctx: RequestContext, actor: AuditActor, caches: PromotionCaches, id: string, input: DiscountCodeInput): Promise<AdminDiscountCode> {
  const { db, brandId } = ctx.data
  const row = await db.transaction().execute(async (trx) => {
    const before = await readCode(trx, brandId, id)
    const columns = columnsOf(input, before)
    if (columns.code !== before.code) await refuseTaken(trx, brandId, columns.code, id)
    await trx.updateTable('discount_codes').set(columns).where('brand_id', '=', brandId).where('id', '=', id).execute()
    await audited(trx, actor, { action: 'discount_code.update', entity: 'discount_code', id, before, after: columns })
    return { ...before, ...columns }
  })
  caches.clear(brandId)
  return answer(db, brandId, row, ctx.now())
}

/** Ends a code now: carts that hold it lose it at their next read, and it can no longer be typed. Its orders and figures stay. */
export async function endDiscountCode(ctx: RequestContext, actor: AuditActor, caches: PromotionCaches, id: string): Promise<AdminDiscountCode> {
  const { db, brandId } = ctx.data
  const now = ctx.now().toISOString()
  const row = await db.transaction().execute(async (trx) => {
    const before = await readCode(trx, brandId, id)
    const endsAt = before.ends_at && before.ends_at <= now ? before.ends_at : now
    await trx.updateTable('discount_codes').set({ active: 0, ends_at: endsAt }).where('brand_id', '=', brandId).where('id', '=', id).execute()
    await audited(trx, actor, {
      action: 'discount_code.end',
      entity: 'discount_code',
      id,
      before: { active: before.active, ends_at: before.ends_at },
      after: { active: 0, ends_at: endsAt },
    })
    return { ...before, active: 0, ends_at: endsAt }
  })
  caches.clear(brandId)
  return answer(db, brandId, row, ctx.now())
}
