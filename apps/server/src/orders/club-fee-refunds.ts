/**
 * A refund of a club fee that bought no order: a paused month's price (its ledger row names no
 * order, decision 221). The same door of the payment engine as an order's refund
 * (orders/refund-door.ts): a `pending` ledger row giving back from the fee's charge row, written
 * under the charge's lock before the provider is asked; the provider refunds it under the row's key;
 * the record turns it `succeeded` once and e-mails the member. The same key again refunds nothing
 * more; of two refunds racing for what is left of the fee, one is made and the other refused (409).
 */
import { randomUUID } from 'node:crypto'
import { formatPrice, fromCents, monthName } from '@store/core'
import type { Transaction } from 'kysely'
import { dialectOf } from '../db/connection.ts'
import { readJson } from '../db/json.ts'
import type { Database, PaymentsRow } from '../db/schema.ts'
import { conflict, notFound } from '../http/errors.ts'
import { clubFeeRefundedEmail } from '../membership/club-email.ts'
import { tellMember } from '../membership/tell-member.ts'
import { settlePendingRefunds } from '../payments/ledger.ts'
import { answeredAlready, sendRefund, type OrderScope, type RefundDeps, type RefundOutcome } from './refund-door.ts'

export interface FeeRefundRequest {
  /** the fee's charge row in the payments ledger (order_number null) */
  chargeId: string
  /** the member it is given back to, and the month it paid */
  customerId: string
  period: string
  amountCents: number
  /** the request's Idempotency-Key: the same key again refunds nothing more */
  idempotencyKey: string
  /** why (the operator's words) */
  reason: string
  notify: boolean
}

/** What the request asked, kept on its ledger row for whoever completes it (the request, or the sweeper). */
interface FeeRefundDetail {
  notify: boolean
  customer_id: string
  period: string
}

const money = (cents: number) => formatPrice(fromCents(cents), { keepZeroCents: true })

/** Refunds (part of) a club fee that bought no order; `audit` is written in the transaction that reserves it. */
export async function refundClubFee(ctx: OrderScope, request: FeeRefundRequest, deps: RefundDeps, audit?: (trx: Transaction<Database>) => Promise<void>): Promise<RefundOutcome> {
  const group = `fee:${request.chargeId}:${request.idempotencyKey}`
  const rows = await planFeeRefund(ctx, request, group, audit)
  return answeredAlready(rows) ?? sendRefund(ctx, { orderNumber: null, group, record: (refundIds) => completeFeeRefund(ctx, group, refundIds) }, deps)
}

async function planFeeRefund(ctx: OrderScope, request: FeeRefundRequest, group: string, audit?: (trx: Transaction<Database>) => Promise<void>): Promise<PaymentsRow[]> {
  const { db, brandId } = ctx.data
  const now = ctx.now().toISOString()
  return db.transaction().execute(async (trx) => {
    // the fee's row, locked until the transaction ends on PostgreSQL (SQLite runs one transaction at a time)
    const charge = await trx
      .selectFrom('payments')
      .selectAll()
      .where('brand_id', '=', brandId)
      .where('id', '=', request.chargeId)
      .where('kind', '=', 'charge')
      .where('status', '=', 'succeeded')
      .$if(dialectOf(trx) === 'postgres', (query) => query.forUpdate())
      .executeTakeFirst()
    if (!charge) throw notFound(`Nothing was charged for ${request.period}, so there is nothing to refund.`)
    const given = await trx.selectFrom('payments').selectAll().where('brand_id', '=', brandId).where('kind', '=', 'refund').where('refund_of', '=', charge.id).execute()
    const seen = given.filter((row) => row.refund_group === group)
    // the same key again: what it did then stands
    if (seen.length > 0) return seen
    const left = charge.amount_cents - given.filter((row) => row.status === 'succeeded' || row.status === 'pending').reduce((sum, row) => sum + row.amount_cents, 0)
    if (left <= 0) throw conflict(`The price of ${monthName(request.period)} has been refunded already.`, 'period')
    if (request.amountCents > left) throw conflict(`That is more than is left to refund of ${monthName(request.period)} (${money(left)}).`, 'period')
    await audit?.(trx)
    const detail: FeeRefundDetail = { notify: request.notify, customer_id: request.customerId, period: request.period }
    const row: PaymentsRow = {
      id: randomUUID(),
      brand_id: brandId,
      order_number: null,
      offer_id: null,
      gateway: charge.gateway,
      gateway_payment_id: null,
      idempotency_key: `refund:${group}`,
      amount_cents: request.amountCents,
      status: 'pending',
      decline_reason: null,
      card_brand: charge.card_brand,
      last4: charge.last4,
      exp_month: null,
      exp_year: null,
      saved_method: null,
      offer_line: null,
      created_at: now,
      updated_at: now,
      kind: 'refund',
      order_line_id: null,
      refund_of: charge.id,
      reason: request.reason,
      refund_group: group,
      refund_detail: JSON.stringify(detail),
    }
    await trx.insertInto('payments').values(row).execute()
    return [row]
  })
}

/** The fee's refund recorded: its row succeeded and the member e-mailed, once, by whoever turns it from pending. */
export async function completeFeeRefund(ctx: OrderScope, group: string, refundIds: Map<string, string | null>): Promise<void> {
  const { db, brandId } = ctx.data
  const now = ctx.now().toISOString()
  await db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('payments')
      .selectAll()
      .where('brand_id', '=', brandId)
      .where('order_number', 'is', null)
      .where('kind', '=', 'refund')
      .where('refund_group', '=', group)
      .execute()
    const flipped = await settlePendingRefunds(trx, rows, refundIds, now)
    const first = rows[0]
    if (flipped === 0 || !first) return
    const detail = readJson<FeeRefundDetail | null>(first.refund_detail, null)
    if (!detail?.notify) return
    const amountCents = rows.reduce((sum, row) => sum + row.amount_cents, 0)
    await tellMember(trx, brandId, ctx.brand, detail.customer_id, now, (brand, member) =>
      clubFeeRefundedEmail(brand, member, { period: detail.period, amountCents }, { cardBrand: first.card_brand, last4: first.last4 }),
    )
  })
}
