/**
 * The steps of one payment (docs/payment-engine.md), as a table: after the gateway's answer, what
 * the store does next. The server's payment engine (apps/server/src/payments/payment-engine.ts)
 * follows it for every door that takes money (checkout and the club join, one-time offers); each
 * step that holds something has its compensation, so no answer, and no crash, leaves half a state.
 *
 *   reserve ──> charge ──> succeeded ─────────> keep ──(could not keep)──> refund, then release
 *                 │   ├──> declined ──────────> release (the reservation given back)
 *                 │   └──> requires_action ───> wait for the bank's step (the same key finishes it)
 *                 └──(no answer: a throw)─────> hold: a retry of the key, or the sweeper, asks again
 */

/** What the gateway said of a charge: its outcome, nothing (find: no payment holds any money), or no answer at all. */
export type GatewayAnswer = 'succeeded' | 'declined' | 'requires_action' | 'none' | 'no_answer'

/** Who asks: the shopper's request (they can take the bank's step), or the sweeper finishing an attempt nobody came back to. */
export type PaymentAsker = 'shopper' | 'sweeper'

export type PaymentStep =
  /** the money is taken: write what it bought, with its ledger row and the key's answer */
  | 'keep'
  /** nothing is taken: give back what the reservation holds */
  | 'release'
  /** the bank asks the shopper: the reservation holds, and the same key finishes it */
  | 'wait'
  /** the outcome is unknown (the money may be taken): the reservation holds for a retry or the sweeper */
  | 'hold'

/**
 * The step after the gateway's answer. A payment left at the bank's step is released when the
 * sweeper finds it so (nobody is there to take the step); a charge without an answer is held,
 * never released, as its money may have been taken.
 */
export function nextPaymentStep(answer: GatewayAnswer, asker: PaymentAsker): PaymentStep {
  if (answer === 'succeeded') return 'keep'
  if (answer === 'no_answer') return 'hold'
  if (answer === 'requires_action' && asker === 'shopper') return 'wait'
  return 'release'
}

/** After 'keep': kept, or refused (the reservation ran out meanwhile, the customer joined another way), when the money goes back first. */
export function afterKeep(kept: boolean): 'done' | 'refund' {
  return kept ? 'done' : 'refund'
}

/**
 * A refund is the same steps with the gateway's refund for the charge: reserve (its 'pending'
 * ledger rows, within what is left to refund), the refund under each row's key, then keep (the
 * record: the rows 'succeeded', the stock back, the order moved, the e-mail) or, the provider
 * refusing, release (the refused row 'failed'). No answer holds the pending rows for a retry of the
 * key or the sweeper. The two sums a refund reserves by are here.
 */

/** A line's share for `qty` more pieces after `before` were refunded: the pieces' part of what the line cost, never more in all than its total. */
export function lineRefundShare(line: { qty: number; totalCents: number }, before: number, qty: number): number {
  const upTo = (n: number) => Math.floor((line.totalCents * n) / line.qty)
  return upTo(before + qty) - upTo(before)
}

/** A charge a refund may give back from: what it took, and what its live refunds (succeeded or pending) gave back already. */
export interface RefundableCharge {
  id: string
  amountCents: number
  refundedCents: number
}

/**
 * What a refund of `amountCents` takes from each charge, oldest first (the order given), never more
 * than a charge still holds. `shortCents` above 0: the charges hold less than that (the refund is refused).
 */
export function refundShares(charges: RefundableCharge[], amountCents: number): { shares: { id: string; cents: number }[]; shortCents: number } {
  const shares: { id: string; cents: number }[] = []
  let toGive = amountCents
  for (const charge of charges) {
    if (toGive <= 0) break
    const share = Math.min(toGive, charge.amountCents - charge.refundedCents)
    if (share <= 0) continue
    toGive -= share
    shares.push({ id: charge.id, cents: share })
  }
  return { shares, shortCents: Math.max(0, toGive) }
}
