/**
 * Whether a discount code is honoured now (docs/admin-promotions.md): switched on, its start passed
 * (or none), its end not reached (or none), and its uses below its cap (or none).
 */
export type DiscountCodeStatus = 'running' | 'scheduled' | 'ended'

export interface DiscountCodeTerms {
  active: boolean
  startsAt: string | null
  endsAt: string | null
  maxUses: number | null
  /** orders that used it, where known (the cap is not checked without) */
  uses?: number
}

export function discountCodeStatus(code: DiscountCodeTerms, now: Date): DiscountCodeStatus {
  if (!code.active) return 'ended'
  if (code.endsAt !== null && Date.parse(code.endsAt) <= now.getTime()) return 'ended'
  if (code.maxUses !== null && code.uses !== undefined && code.uses >= code.maxUses) return 'ended'
  if (code.startsAt !== null && Date.parse(code.startsAt) > now.getTime()) return 'scheduled'
  return 'running'
}

/** What a shopper reads when a code is not honoured now, or null when it is. */
export function discountCodeRefusal(name: string, code: DiscountCodeTerms, now: Date): string | null {
  const status = discountCodeStatus(code, now)
  if (status === 'running') return null
  if (status === 'scheduled') return `${name} has not started yet.`
  if (code.maxUses !== null && code.uses !== undefined && code.uses >= code.maxUses) return `${name} has been used up: it was for the first ${code.maxUses} orders.`
  return `${name} has ended.`
}
