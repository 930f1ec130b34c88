/**
 * The payments ledger's invariants (docs/orders.md "Ledger"), for any test to call after it has
 * moved money: refunds never exceed what was captured, per charge, per order and per line; a paid
 * order's charges add up to its total; a refunded or cancelled order gave back all it took.
 */
import { expect } from 'vitest'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'

const LIVE_REFUND = ['succeeded', 'pending']
const NOT_AN_ORDER = ['pending_payment', 'declined', 'expired']

export async function assertLedgerAgrees(db: Kysely<Database>): Promise<void> {
  const [orders, payments, lines, refundLines] = await Promise.all([
    db.selectFrom('orders').select(['order_number', 'status', 'total_cents']).execute(),
    db.selectFrom('payments').select(['id', 'order_number', 'kind', 'status', 'amount_cents', 'refund_of']).execute(),
    db.selectFrom('order_lines').select(['id', 'order_number', 'qty', 'total_cents']).execute(),
    db.selectFrom('refund_lines').select(['order_line_id', 'qty', 'amount_cents']).execute(),
  ])
  const problems: string[] = []
  for (const charge of payments.filter((payment) => payment.kind === 'charge')) {
    const given = payments.filter((payment) => payment.kind === 'refund' && payment.refund_of === charge.id && LIVE_REFUND.includes(payment.status))
    const sum = given.reduce((total, payment) => total + payment.amount_cents, 0)
    if (sum > (charge.status === 'succeeded' ? charge.amount_cents : 0))
      problems.push(`charge ${charge.id} of ${charge.order_number}: ${sum} refunded of ${charge.amount_cents} (${charge.status})`)
  }
  for (const order of orders) {
    const mine = payments.filter((payment) => payment.order_number === order.order_number)
    const captured = mine.filter((payment) => payment.kind === 'charge' && payment.status === 'succeeded').reduce((total, payment) => total + payment.amount_cents, 0)
    const refunded = mine.filter((payment) => payment.kind === 'refund' && LIVE_REFUND.includes(payment.status)).reduce((total, payment) => total + payment.amount_cents, 0)
    if (refunded > captured) problems.push(`order ${order.order_number}: ${refunded} refunded of ${captured} captured`)
    if (mine.some((payment) => payment.kind === 'refund' && !payment.refund_of)) problems.push(`order ${order.order_number}: a refund names no charge`)
    const hasCharges = mine.some((payment) => payment.kind === 'charge')
    if (!NOT_AN_ORDER.includes(order.status) && hasCharges && captured !== order.total_cents)
      problems.push(`order ${order.order_number} (${order.status}): total ${order.total_cents}, captured ${captured}`)
    if (order.status === 'refunded' && refunded !== captured) problems.push(`order ${order.order_number} is refunded but ${captured - refunded} is still held`)
    if (order.status === 'partially_refunded' && !(refunded > 0 && refunded < captured))
      problems.push(`order ${order.order_number} is partially refunded with ${refunded} of ${captured}`)
  }
  for (const line of lines) {
    const mine = refundLines.filter((refund) => refund.order_line_id === line.id)
    const qty = mine.reduce((total, refund) => total + refund.qty, 0)
    const cents = mine.reduce((total, refund) => total + refund.amount_cents, 0)
    if (qty > line.qty || cents > line.total_cents)
      problems.push(`line ${line.id} of ${line.order_number}: ${qty} of ${line.qty} pieces, ${cents} of ${line.total_cents} cents refunded`)
  }
  expect(problems, 'the payments ledger and the orders agree').toEqual([])
}
