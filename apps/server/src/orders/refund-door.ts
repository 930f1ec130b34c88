/**
 * The refund's door into the payment engine (payments/payment-engine.ts, decision 220): a refund's
 * pending ledger rows are its reservation and its attempt; the gateway call refunds each row under
 * its own key; keep records the refund once (the caller's `record`: an order's completeRefund, or a
 * club fee's); the provider refusing, release marks the refused row failed and answers a 409.
 * Written once for every refund: of an order (orders/refunds.ts) and of a paused month's fee, which
 * bought no order (orders/club-fee-refunds.ts).
 */
import type { RequestContext } from '../context/request-context.ts'
import type { PaymentsRow } from '../db/schema.ts'
import { conflict } from '../http/errors.ts'
import { GatewayUnavailable, RefundRefused, type PaymentGateway } from '../payments/gateway.ts'
import { chargeAndSettle, type AttemptRecord, type ChargeDoor } from '../payments/payment-engine.ts'

/** What a refund needs of its caller: a request's context, the sweeper's, or a command's. */
export type OrderScope = Pick<RequestContext, 'data' | 'now' | 'brand' | 'origin' | 'log'>

export interface RefundDeps {
  gateway: PaymentGateway
  /** tests: called once the provider has refunded, before the refund is recorded (a crash there) */
  afterGatewayCall?: () => void | Promise<void>
}

/** 'succeeded': refunded and recorded; 'pending': the provider has not answered yet (the sweeper completes it); 'none': nothing was paid (a cancellation). */
export type RefundOutcome = 'succeeded' | 'pending' | 'none'

/** The answer to a refund the provider would not make (and to its key sent again). */
const REFUSED = 'The payment provider refused this refund. Nothing more was refunded.'

/** Which refund: its rows (the order's, or none's for a club fee) under the request's key, and how it is recorded once the provider refunded. */
export interface RefundOf {
  /** the order it gives back from; null for a club fee that bought no order (a paused month's) */
  orderNumber: string | null
  /** the request's key (payments.refund_group) */
  group: string
  /** keep: the rows turned succeeded and what follows, once, by whoever turns them */
  record: (refundIds: Map<string, string | null>) => Promise<void>
}

/** A refund's rows as its gateway call needs them: each row's key, amount, and the charge it gives back from. */
type RefundRow = Pick<PaymentsRow, 'id' | 'idempotency_key' | 'amount_cents' | 'status'> & { charge_payment_id: string | null }

/** What the provider answered a refund's pending rows: all refunded (their refund ids), or one refused. */
type RefundAnswer = { status: 'succeeded'; paymentId: string | null; refundIds: Map<string, string | null> } | { status: 'declined'; paymentId: null; message: string; row: string }

/** A refund's attempt is its pending ledger rows: a pause leaves them pending for the sweeper (or the same key) to ask again; the answer is the record. */
const PENDING_ROWS: AttemptRecord = { pause: async () => {}, finish: async () => {} }

/** The planned rows' answer without a gateway call: all refunded already, none to send, or refused before. */
export function answeredAlready(rows: Pick<PaymentsRow, 'status'>[]): RefundOutcome | null {
  if (rows.length === 0) return 'none'
  if (rows.every((row) => row.status === 'succeeded')) return 'succeeded'
  // the same key after the provider refused it: the same answer
  if (rows.some((row) => row.status === 'failed')) throw conflict(REFUSED, 'amount')
  return null
}

function refundDoor(ctx: OrderScope, of: RefundOf, deps: RefundDeps): ChargeDoor<RefundRow[], RefundOutcome, RefundAnswer> {
  const { brandId } = ctx.data
  const about = of.orderNumber ?? 'club fee'
  return {
    noun: 'refund',
    gatewayKey: `${brandId}:refund:${of.orderNumber ?? 'club'}:${of.group}`,
    charge: async (rows) => {
      const refundIds = new Map<string, string | null>()
      for (const row of rows) {
        if (row.status !== 'pending' || !row.charge_payment_id) continue
        try {
          refundIds.set(row.id, await deps.gateway.refund(ctx.data, row.charge_payment_id, `${brandId}:${row.idempotency_key}`, row.amount_cents))
        } catch (error) {
          if (error instanceof GatewayUnavailable)
            ctx.log.warn({ order: about, refund: row.id }, 'the payment provider did not answer a refund: it stays pending, and the sweeper asks again')
          if (error instanceof RefundRefused) return { status: 'declined', paymentId: null, message: error.message, row: row.id }
          throw error
        }
      }
      await deps.afterGatewayCall?.()
      return { status: 'succeeded', paymentId: [...refundIds.values()].find((id) => id !== null) ?? null, refundIds }
    },
    declined: () => ({ status: 409, error: { message: REFUSED, field: 'amount' } }),
    release: async (_rows, _answer, refused) => {
      if (!refused) throw new Error('a refund is given back only when the provider refuses it')
      // the provider will not give it back (refunded elsewhere, in its dashboard): recorded as failed, for the operator
      await ctx.data.db
        .updateTable('payments')
        .set({ status: 'failed', decline_reason: refused.message, updated_at: ctx.now().toISOString() })
        .where('id', '=', refused.row)
        .where('status', '=', 'pending')
        .execute()
      ctx.log.error({ order: about, refund: refused.row, reason: refused.message }, 'the payment provider refused a refund')
      return undefined
    },
    keep: async (_rows, result) => {
      await of.record(result.refundIds)
      return { kept: true, answer: { status: 200, data: 'succeeded' } }
    },
  }
}

/** The gateway call and the record for a request's pending rows, through the payment engine: the provider refunds each, then the refund is recorded once. */
export async function sendRefund(ctx: OrderScope, of: RefundOf, deps: RefundDeps): Promise<RefundOutcome> {
  const { db, brandId } = ctx.data
  const rows: RefundRow[] = await db
    .selectFrom('payments as refund')
    .innerJoin('payments as charge', 'charge.id', 'refund.refund_of')
    .select(['refund.id', 'refund.idempotency_key', 'refund.amount_cents', 'refund.status', 'charge.gateway_payment_id as charge_payment_id'])
    .where('refund.brand_id', '=', brandId)
    .where((eb) => (of.orderNumber === null ? eb('refund.order_number', 'is', null) : eb('refund.order_number', '=', of.orderNumber)))
    .where('refund.kind', '=', 'refund')
    .where('refund.refund_group', '=', of.group)
    .execute()
  const door = refundDoor(ctx, of, deps)
  try {
    return await chargeAndSettle(ctx, deps, PENDING_ROWS, door, rows, () => door.charge(rows))
  } catch (error) {
    // no answer: the rows stay pending (the money may be given back), and the sweeper asks again under the same keys
    if (error instanceof GatewayUnavailable) return 'pending'
    throw error
  }
}
