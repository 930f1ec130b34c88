/**
 * The charge rows of the payments ledger (decision 174), written only here: by the payment engine's
 * doors (a checkout's payment once kept, a one-time offer's 'pending' row before the gateway is
 * called and 'succeeded' after), by the monthly box its period's fee paid, and by a paused month's
 * price, which names no order (decision 221). Refund rows are orders/refunds.ts's (the refund door).
 */
import { randomUUID } from 'node:crypto'
import type { Insertable, Kysely, Transaction } from 'kysely'
import type { Database, PaymentsTable } from '../db/schema.ts'
import type { ChargeResult } from './gateway.ts'

type Paid = Extract<ChargeResult, { status: 'succeeded' }>

export interface ChargeEntry {
  /** the row's id (a pending row's, settled later by it); a new one when absent */
  id?: string
  brandId: string
  /** the order the charge paid; null for a club fee that bought none (a paused month's price) */
  orderNumber: string | null
  /** a one-time offer's charge: the offer */
  offerId?: string | null
  gateway: string
  /** the key the charge was made under (the client's, or the box's gateway key) */
  idempotencyKey: string
  amountCents: number
  now: string
  /** paid (the gateway's payment and card), or null for a row written 'pending' before the gateway is called */
  paid: { paymentId: string | null; card: Paid['card'] } | null
  /** what a one-time offer charges again: the order's card kept for it */
  savedMethod?: string | null
  /** a pending offer's purchase, for whoever finishes it (JSON) */
  offerLine?: string | null
}

/** A charge's ledger row. */
function chargeRow(entry: ChargeEntry): Insertable<PaymentsTable> {
  const card = entry.paid?.card ?? null
  return {
    id: entry.id ?? randomUUID(),
    brand_id: entry.brandId,
    order_number: entry.orderNumber,
    offer_id: entry.offerId ?? null,
    gateway: entry.gateway,
    gateway_payment_id: entry.paid?.paymentId ?? null,
    idempotency_key: entry.idempotencyKey,
    amount_cents: entry.amountCents,
    status: entry.paid ? 'succeeded' : 'pending',
    decline_reason: null,
    card_brand: card?.brand ?? null,
    last4: card?.last4 ?? null,
    exp_month: card?.expMonth ?? null,
    exp_year: card?.expYear ?? null,
    saved_method: entry.savedMethod ?? null,
    offer_line: entry.offerLine ?? null,
    created_at: entry.now,
    updated_at: entry.now,
    kind: 'charge',
  }
}

/** Writes a charge's row: paid, or 'pending' before the gateway is called. */
export async function writeCharge(trx: Kysely<Database> | Transaction<Database>, entry: ChargeEntry): Promise<void> {
  await writeCharges(trx, [entry])
}

/** Writes many charges' rows in one statement (the club's boxes and paused months of a billing batch). */
export async function writeCharges(trx: Kysely<Database> | Transaction<Database>, entries: readonly ChargeEntry[]): Promise<void> {
  if (entries.length > 0) await trx.insertInto('payments').values(entries.map(chargeRow)).execute()
}

/**
 * Writes a 'pending' charge row unless the order has one for this offer already (unique per order
 * and offer): true when written.
 */
export async function writePendingOfferCharge(trx: Transaction<Database>, entry: ChargeEntry & { offerId: string }): Promise<boolean> {
  const inserted = await trx
    .insertInto('payments')
    .values(chargeRow({ ...entry, paid: null }))
    .onConflict((oc) => oc.columns(['order_number', 'offer_id']).doNothing())
    .executeTakeFirst()
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1
}

/** A pending charge row paid: the gateway's payment and card. */
export async function settleCharge(trx: Transaction<Database>, id: string, paid: Paid, now: string): Promise<void> {
  await trx
    .updateTable('payments')
    .set({
      status: 'succeeded',
      gateway_payment_id: paid.paymentId,
      card_brand: paid.card?.brand ?? null,
      last4: paid.card?.last4 ?? null,
      exp_month: paid.card?.expMonth ?? null,
      exp_year: paid.card?.expYear ?? null,
      updated_at: now,
    })
    .where('id', '=', id)
    .execute()
}

/** A pending charge row gone: nothing was taken (its reservation given back). */
export async function dropPendingCharge(trx: Transaction<Database>, id: string): Promise<void> {
  await trx.deleteFrom('payments').where('id', '=', id).where('status', '=', 'pending').execute()
}

/**
 * A refund's pending rows turned succeeded, each with the provider's refund id; answers how many
 * this call turned. Whoever turns one (the request, the sweeper) records the rest of the refund:
 * a row already succeeded is left alone, so two completers never both record it.
 */
export async function settlePendingRefunds(
  trx: Transaction<Database>,
  rows: readonly { id: string; status: string }[],
  refundIds: ReadonlyMap<string, string | null>,
  now: string,
): Promise<number> {
  let turned = 0
  for (const row of rows) {
    if (row.status !== 'pending') continue
    const done = await trx
      .updateTable('payments')
      .set({ status: 'succeeded', gateway_payment_id: refundIds.get(row.id) ?? null, updated_at: now })
      .where('id', '=', row.id)
      .where('status', '=', 'pending')
      .executeTakeFirst()
    turned += Number(done.numUpdatedRows)
  }
  return turned
}
