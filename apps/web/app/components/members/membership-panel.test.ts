/** The Members Area's club section says the cut-off only to a member it concerns. */
import type { Membership } from '@store/core'
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { MembershipPanel } from './membership-panel'

const active: Membership = {
  status: 'active',
  amount: 24.99,
  pause_monthly_price: 4.99,
  discount_percentage: 20,
  overdue: false,
  paused: false,
  paypal_express: false,
  next_billing_date: '2027-01-25',
  next_prepaid_ship_date: null,
  prepaid_months: 0,
  free_accessory: false,
  bonus_piece: false,
  bonus_piece_description: null,
  plan_id: null,
  pause_plan_id: null,
  how_many: 1,
  period: '2027-01',
  cutoff_date: '2027-01-20',
  cutoff_passed: false,
  actions: ['skip', 'pause', 'cancel'],
  joined_on: '2026-10-25',
  cancelled_on: null,
  next_retry_date: null,
  paid_through: null,
  card: null,
  summary: '',
}

/** the panel's markup, without the markers React puts between a text's parts */
const panel = (membership: Membership) => renderToString(createElement(MembershipPanel, { membership, clubName: 'VIP' })).replaceAll('<!-- -->', '')

describe('the membership panel and the cut-off', () => {
  it('an active member sees the last day to change the coming month', () => {
    expect(panel(active)).toContain('Last day to change January 2027')
  })

  it('a paused member sees neither the last day to change the month nor that it is settled (they resume whenever they like)', () => {
    for (const cutoffPassed of [false, true]) {
      const html = panel({ ...active, status: 'paused', paused: true, cutoff_passed: cutoffPassed, actions: ['resume', 'cancel'] })
      expect(html).toContain('Resume your membership')
      expect(html).not.toContain('Last day to change')
      expect(html).not.toContain('is settled')
      expect(html).not.toContain('January 20, 2027')
    }
  })
})

describe('the membership panel’s next billing date', () => {
  it('for a skipped month, says that day charges nothing and when money is next taken', () => {
    expect(panel({ ...active, status: 'skipped', actions: ['unskip', 'pause', 'cancel'] })).toMatch(/: nothing \(this month is skipped\); \$24\.99 a month after</)
  })
})
