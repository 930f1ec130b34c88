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
