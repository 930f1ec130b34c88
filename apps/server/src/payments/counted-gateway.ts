/**
 * Counts what the payment gateway is asked and answers, for /metrics
 * (operations/metrics.ts): charges by outcome, declines by code, refunds. The
 * gateway is instrumented in place (its own object, so what else it offers, such
 * as the test gateway's authenticate, stays), and each answer passes through as it is.
 */
import { recordCharge, recordRefund } from '../operations/metrics.ts'
import { GatewayUnavailable, type ChargeResult, type PaymentGateway } from './gateway.ts'

function countCharge(gateway: string, result: ChargeResult): ChargeResult {
  recordCharge(gateway, result.status, result.status === 'declined' ? result.code : undefined)
  return result
}

function countFailure(gateway: string, error: unknown): never {
  recordCharge(gateway, error instanceof GatewayUnavailable ? 'unavailable' : 'error')
  throw error
}

export function countedGateway<G extends PaymentGateway>(gateway: G): G {
  const charge = gateway.charge.bind(gateway)
  const resume = gateway.resume.bind(gateway)
  const refund = gateway.refund.bind(gateway)
  gateway.charge = (scope, request) =>
    charge(scope, request).then(
      (result) => countCharge(gateway.name, result),
      (error: unknown) => countFailure(gateway.name, error),
    )
  gateway.resume = (scope, paymentId, key) =>
    resume(scope, paymentId, key).then(
      (result) => countCharge(gateway.name, result),
      (error: unknown) => countFailure(gateway.name, error),
    )
  gateway.refund = (scope, paymentId, key, amountCents) =>
    refund(scope, paymentId, key, amountCents).then(
      (refundId) => {
        recordRefund(gateway.name, 'ok')
        return refundId
      },
      (error: unknown) => {
        recordRefund(gateway.name, 'failed')
        throw error
      },
    )
  return gateway
}
