/**
 * "One use per customer", held by the database (docs/cart-rules.md "Codes for a first order"). The
 * check of first-order-codes.ts reads the shopper's earlier orders before anything is reserved, but
 * checkouts sent at the same moment all read before any of them is paid, and each passed. So the
 * reservation's transaction also takes a claim (`discount_code_claims`, migration 023): one row per
 * brand, kind of code and claimant, the customer and the e-mail the order goes to. Its primary key
 * lets one order have it; the others find it and are refused with a 409 at `code`, nothing reserved
 * or charged. A declined or released order gives it back (releaseClaims, in the transaction that lets
 * the order go); a paid one keeps it. A claim whose order no longer counts (gone, declined, expired,
 * cancelled or refunded) is taken over by the next order.
 */
import { PLACED_ORDER_STATUSES } from '@store/core'
import type { Kysely, Transaction } from 'kysely'
import type { Database, DiscountCodesRow } from '../db/schema.ts'
import { conflict, type HttpError } from '../http/errors.ts'
import { takeTurn } from '../db/take-turn.ts'

/** The claim of the codes for a first order: 10First and First15 share it, so a shopper gets one of them once. */
const FIRST_ORDER_CLAIM = 'first-order'

/** Orders that hold their claim: one being paid or waiting for its bank, and one paid (or on its way since). */
const HOLDING = ['pending_payment', 'paid', 'processing', 'packing', 'shipped', 'delivered']

/** Orders that hold a use of a code for its cap: being paid, or paid and kept (in whole or in part). */
const CODE_USES: readonly string[] = ['pending_payment', ...PLACED_ORDER_STATUSES]

/** An e-mail as a claimant: trimmed and lower-case, so 'Ada@Example.com ' is the same shopper as 'ada@example.com'. */
export const normalisedEmail = (email: string) => email.trim().toLowerCase()

/** Who an order's claim is for: the customer when logged in, and the e-mail the order goes to. */
export function claimantsOf(email: string, customerId: string | null): string[] {
  return [...(customerId ? [`customer:${customerId}`] : []), `email:${normalisedEmail(email)}`]
}

export const usedBefore = (name: string) => `${name} is for a first order, and you have ordered with us before: remove the code to check out.`
export const usedMeanwhile = (name: string) =>
  `${name} is one use per customer, and another order of yours is using it right now (being paid, or waiting for your bank). Finish that order, or remove the code to check out.`

type Code = Pick<DiscountCodesRow, 'id' | 'name' | 'first_order_only' | 'one_per_customer' | 'max_uses'>

/** What a code's claim is kept under: the first-order codes share one; any other one-per-customer code has its own. */
export function claimOf(code: Pick<DiscountCodesRow, 'id' | 'first_order_only' | 'one_per_customer'> | undefined): string | null {
  if (code?.first_order_only === 1) return FIRST_ORDER_CLAIM
  if (code?.one_per_customer === 1) return `code:${code.id}`
  return null
}

/** How many orders hold a use of the code (its cap's count): being paid, or paid and on their way. */
export async function countCodeUses(db: Kysely<Database> | Transaction<Database>, brandId: string, codeId: string): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<string | number>().as('uses'))
    .where('brand_id', '=', brandId)
    .where('discount_code_id', '=', codeId)
    .where('status', 'in', CODE_USES)
    .executeTakeFirst()
  return Number(row?.uses ?? 0)
}

const usedUp = (name: string) => `${name} has been used up: another order took its last use. Remove the code to check out.`

/**
 * In the reservation's transaction, after the order is written: the order takes the code's claim for
 * each of its claimants, or the transaction is refused (a 409 at `code`). On PostgreSQL a second
 * insert of a claim waits for the first's transaction and then finds it; SQLite runs one
 * transaction at a time.
 */
export async function claimCode(
  trx: Transaction<Database>,
  claim: { brandId: string; code: Code | undefined; email: string; customerId: string | null; orderNumber: string; now: string },
): Promise<void> {
  const { brandId, code, orderNumber, now } = claim
  if (!code) return
  const kind = claimOf(code)
  if (kind) {
    for (const claimant of claimantsOf(claim.email, claim.customerId)) {
      const refusal = await takeClaim(trx, { brand_id: brandId, claim: kind, claimant, discount_code_id: code.id, order_number: orderNumber, created_at: now }, code.name)
      if (refusal) throw refusal
    }
  }
  // a cap on the uses in all: orders of the code take turns, and this one (written already) must be within it
  if (code.max_uses !== null) {
    await takeTurn(trx, 'discount-code', code.id)
    if ((await countCodeUses(trx, brandId, code.id)) > code.max_uses) throw conflict(usedUp(code.name), 'code')
  }
}

type ClaimRow = { brand_id: string; claim: string; claimant: string; discount_code_id: string; order_number: string; created_at: string }

async function takeClaim(trx: Transaction<Database>, row: ClaimRow, name: string): Promise<HttpError | null> {
  const inserted = await trx
    .insertInto('discount_code_claims')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst()
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1) return null
  // taken: by an order that still holds it, or by one that no longer counts, whose claim this order takes over
  for (let tries = 0; tries < 3; tries++) {
    const holder = await trx
      .selectFrom('discount_code_claims')
      .leftJoin('orders', 'orders.order_number', 'discount_code_claims.order_number')
      .select(['discount_code_claims.order_number', 'orders.status'])
      .where('discount_code_claims.brand_id', '=', row.brand_id)
      .where('discount_code_claims.claim', '=', row.claim)
      .where('discount_code_claims.claimant', '=', row.claimant)
      .executeTakeFirst()
    if (!holder) {
      // given back meanwhile: take it
      const again = await trx
        .insertInto('discount_code_claims')
        .values(row)
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst()
      if (Number(again.numInsertedOrUpdatedRows ?? 0n) === 1) return null
      continue
    }
    if (holder.order_number === row.order_number) return null
    if (holder.status !== null && HOLDING.includes(holder.status)) return conflict(holder.status === 'pending_payment' ? usedMeanwhile(name) : usedBefore(name), 'code')
    const taken = await trx
      .updateTable('discount_code_claims')
      .set({ order_number: row.order_number, discount_code_id: row.discount_code_id, created_at: row.created_at })
      .where('brand_id', '=', row.brand_id)
      .where('claim', '=', row.claim)
      .where('claimant', '=', row.claimant)
      .where('order_number', '=', holder.order_number)
      .executeTakeFirst()
    if (Number(taken.numUpdatedRows) === 1) return null
  }
  return conflict(usedMeanwhile(name), 'code')
}

/** An order let go (declined, released by the sweeper, superseded): its claims are given back, in the transaction that lets it go. */
export async function releaseClaims(trx: Transaction<Database>, orderNumber: string): Promise<void> {
  await trx.deleteFrom('discount_code_claims').where('order_number', '=', orderNumber).execute()
}

/**
 * Whether one of the claimants holds the claim with an order that counts: 'ordered before' (paid or
 * on its way), 'in use' (being paid, or waiting for the bank), or null. The cart and the checkout's
 * summary say so where the code is entered.
 */
export async function heldClaim(db: Kysely<Database>, brandId: string, claimants: string[], claim = FIRST_ORDER_CLAIM): Promise<'ordered before' | 'in use' | null> {
  if (claimants.length === 0) return null
  const held = await db
    .selectFrom('discount_code_claims')
    .innerJoin('orders', 'orders.order_number', 'discount_code_claims.order_number')
    .select('orders.status')
    .where('discount_code_claims.brand_id', '=', brandId)
    .where('discount_code_claims.claim', '=', claim)
    .where('discount_code_claims.claimant', 'in', claimants)
    .where('orders.status', 'in', HOLDING)
    .limit(1)
    .executeTakeFirst()
  if (!held) return null
  return held.status === 'pending_payment' ? 'in use' : 'ordered before'
}
