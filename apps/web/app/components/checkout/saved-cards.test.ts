import type { PaymentMethod } from '@store/core'
import { describe, expect, it } from 'vitest'
import { cardExpiry, payableCards } from './saved-cards'

const card = (id: string, exp_month: number, exp_year: number, isDefault = false): PaymentMethod => ({
  id,
  card_brand: 'visa',
  last4: '4242',
  exp_month,
  exp_year,
  default: isDefault,
})

describe('the saved cards offered at checkout', () => {
  it('leaves out the cards that have expired, a card staying good through its month, in the order given', () => {
    const now = new Date(2026, 10, 24)
    const cards = [card('default-expired', 10, 2026, true), card('this-month', 11, 2026), card('later', 1, 2030)]
    expect(payableCards(cards, now).map((c) => c.id)).toEqual(['this-month', 'later'])
    expect(payableCards([card('last-year', 12, 2025)], now)).toEqual([])
  })

  it('prints the expiry as on the card', () => {
    expect(cardExpiry({ exp_month: 3, exp_year: 2029 })).toBe('03/29')
  })
})
