/**
 * Shipping methods at checkout (docs/checkout-money.md): standard, free once the
 * order (after discount) reaches the brand's threshold or for a club member where the
 * brand says so; express, always charged.
 */

export const SHIPPING_METHODS = ['standard', 'express'] as const
export type ShippingMethod = (typeof SHIPPING_METHODS)[number]

export const SHIPPING_METHOD_LABELS: Record<ShippingMethod, string> = {
  standard: 'Standard shipping',
  express: 'Express shipping',
}

export interface ShippingOption {
  method: ShippingMethod
  label: string
  cents: number
  free: boolean
}

export interface ShippingQuestion {
  /** Subtotal less discount, in cents. */
  subtotalAfterDiscountCents: number
  standardCents: number
  freeThresholdCents: number
  expressCents: number
  /** The shopper is a club member and the brand ships members' orders free (cart rules). */
  memberFreeShipping?: boolean
}

export function isShippingMethod(v: unknown): v is ShippingMethod {
  return (SHIPPING_METHODS as readonly unknown[]).includes(v)
}

/** Standard then express, with their prices for this order. */
export function shippingOptions(q: ShippingQuestion): ShippingOption[] {
  const freeStandard = q.memberFreeShipping === true || q.subtotalAfterDiscountCents >= q.freeThresholdCents
  const standard = freeStandard ? 0 : q.standardCents
  return [
    { method: 'standard', label: SHIPPING_METHOD_LABELS.standard, cents: standard, free: standard === 0 },
    { method: 'express', label: SHIPPING_METHOD_LABELS.express, cents: q.expressCents, free: q.expressCents === 0 },
  ]
}

/** The price of the chosen method, or null for a method the store does not offer. */
export function shippingCentsFor(q: ShippingQuestion, method: unknown): number | null {
  if (!isShippingMethod(method)) return null
  return shippingOptions(q).find((option) => option.method === method)?.cents ?? null
}
