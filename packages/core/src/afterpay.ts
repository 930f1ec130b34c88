/**
 * Afterpay (SPEC §3 store settings: the afterpay flag, its minimum and maximum): whether it is
 * offered for a total, and the words a shopper reads when it did not go through
 * (docs/checkout-money.md "Afterpay").
 */

/** The brand's Afterpay settings, in cents. */
export interface AfterpaySettings {
  afterpay: boolean
  minCents: number
  maxCents: number
}

/** Afterpay is offered for this total: on for the brand, and the total within its minimum and maximum (both included). */
export function afterpayCovers(settings: AfterpaySettings, totalCents: number): boolean {
  return settings.afterpay && totalCents >= settings.minCents && totalCents <= settings.maxCents
}

/** Why the shopper is back at checkout from Afterpay (/checkout?afterpay=…). */
export type AfterpayRefusal = 'declined' | 'expired' | 'unknown'

export const AFTERPAY_REFUSALS: Record<AfterpayRefusal, string> = {
  declined: 'Afterpay did not approve this payment, or it was cancelled there. Nothing was charged and your cart is as you left it: pay by card, or try Afterpay again.',
  expired: 'Afterpay did not confirm this payment in time, so the order was dropped and nothing was charged. Your cart is still there: check out again.',
  unknown: 'We could not find this Afterpay payment. Your cart is as you left it: check out again.',
}

/** The refusal a /checkout?afterpay=… names, or null for anything else. */
export function afterpayRefusalOf(value: string | null): AfterpayRefusal | null {
  return value === 'declined' || value === 'expired' || value === 'unknown' ? value : null
}
