import type { Membership } from '@store/core'
import { describe, expect, it } from 'vitest'
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { cutoffFactLabel, MembershipFacts, pauseButtonLabel, pauseTerms, withoutJoinInvitation } from './club'

const base: Membership = {
  status: 'active',
  amount: 24.99,
  pause_monthly_price: 4.99,
  discount_percentage: 20,
  overdue: false,
  paused: false,
  paypal_express: false,
  next_billing_date: '2026-12-25',
  next_prepaid_ship_date: null,
  prepaid_months: 0,
  free_accessory: false,
  bonus_piece: false,
  bonus_piece_description: null,
  plan_id: null,
  pause_plan_id: null,
  how_many: 1,
  period: '2026-12',
  cutoff_date: '2026-12-20',
  cutoff_passed: false,
  actions: ['skip', 'pause', 'cancel'],
  joined_on: '2026-10-25',
  cancelled_on: null,
  next_retry_date: null,
  paid_through: null,
  card: null,
  summary: '',
}

describe('the pause offer (pause page, cancel page)', () => {
  it('tells a member who skipped December that December stays free and the pause price starts in January', () => {
    const skipped: Membership = { ...base, status: 'skipped', actions: ['unskip', 'pause', 'cancel'] }
    expect(pauseTerms(skipped)).toContain('December 2026 stays skipped: nothing is charged on December 25, 2026.')
    expect(pauseTerms(skipped)).toContain('From your January 2027 billing date you pay $4.99 a month instead of $24.99')
    expect(pauseButtonLabel(skipped)).toBe('Pause for $4.99 a month from January 2027')
  })
  it('tells an active member the pause price is charged on the coming billing date, until they resume', () => {
    expect(pauseTerms(base)).toBe(
      'While paused you pay $4.99 a month instead of $24.99, the first time on December 25, 2026, no box is sent, and you keep member prices. The pause lasts until you resume, whenever you like.',
    )
    expect(pauseButtonLabel(base)).toBe('Pause for $4.99 a month')
  })
})

describe('VIP exclusives, as a member reads them', () => {
  it('drops the invitation to join from the category text shown to members', () => {
    expect(withoutJoinInvitation('Limited runs of our most-requested fabrics, released to VIP members first. Join VIP to unlock member pricing on every order.')).toBe(
      'Limited runs of our most-requested fabrics, released to VIP members first.',
    )
    expect(withoutJoinInvitation('Join VIP today!')).toBeNull()
    expect(withoutJoinInvitation(null)).toBeNull()
  })
})

describe('the cut-off among the membership facts (skip, pause and cancel pages)', () => {
  it('names what the cut-off closes for an active or skipped member, and nothing for a paused, overdue or former one', () => {
    expect(cutoffFactLabel(base)).toBe('Last day to skip, pause or pick')
    expect(cutoffFactLabel({ ...base, status: 'skipped', actions: ['unskip', 'pause', 'cancel'] })).toBe('Last day to undo the skip or pause')
    // a paused member resumes whenever they like: a "last day to skip, pause or pick" is not theirs
    expect(cutoffFactLabel({ ...base, status: 'paused', paused: true, actions: ['resume', 'cancel'] })).toBeNull()
    expect(cutoffFactLabel({ ...base, status: 'overdue', overdue: true, actions: ['cancel'] })).toBeNull()
    expect(cutoffFactLabel({ ...base, status: 'cancelled', actions: ['rejoin'] })).toBeNull()
  })

  it('a paused member’s facts (the pause page) show no last day to skip, pause or pick', () => {
    const facts = (membership: Membership) => renderToString(createElement(MembershipFacts, { membership }))
    const paused = facts({ ...base, status: 'paused', paused: true, next_billing_date: '2027-01-25', cutoff_date: '2027-01-20', actions: ['resume', 'cancel'] })
    expect(paused).toContain('Paused')
    expect(paused).not.toContain('Last day')
    expect(paused).not.toContain('January 20, 2027')
    expect(facts(base)).toContain('Last day to skip, pause or pick')
  })

  it('a paused member’s facts give the price while paused, and the monthly price as the price once resumed', () => {
    const text = (membership: Membership) =>
      renderToString(createElement(MembershipFacts, { membership }))
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ')
    const paused = text({ ...base, status: 'paused', paused: true, actions: ['resume', 'cancel'] })
    expect(paused).toContain('Price while paused $4.99 a month')
    expect(paused).toContain('Monthly price once resumed $24.99')
    expect(text(base)).toContain('Monthly price $24.99')
    expect(text(base)).not.toContain('while paused')
  })
})
