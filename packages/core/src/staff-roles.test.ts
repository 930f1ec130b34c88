import { describe, expect, it } from 'vitest'
import { maskEmail, refundLimitCents, STAFF_ACTIONS, STAFF_ROLES, staffMay, staffSeesEmails } from './staff-roles.ts'

describe('the staff permission matrix (DESIGN §8)', () => {
  it('lets the owner do everything', () => {
    for (const action of STAFF_ACTIONS) expect(staffMay('owner', action)).toBe(true)
  })

  it('keeps staff and settings to the owner', () => {
    for (const role of STAFF_ROLES.filter((r) => r !== 'owner')) {
      expect(staffMay(role, 'staff.manage')).toBe(false)
      expect(staffMay(role, 'settings.edit')).toBe(false)
    }
  })

  it('gives fulfilment stock and shipping but no refunds and no customer pages', () => {
    expect(staffMay('fulfilment', 'stock.adjust')).toBe(true)
    expect(staffMay('fulfilment', 'orders.ship')).toBe(true)
    expect(staffMay('fulfilment', 'orders.refund')).toBe(false)
    expect(staffMay('fulfilment', 'customers.view')).toBe(false)
    expect(staffMay('fulfilment', 'catalog.edit')).toBe(false)
  })

  it('lets an analyst only read', () => {
    for (const action of STAFF_ACTIONS) {
      expect(staffMay('analyst', action), action).toBe(action.endsWith('.view') && action !== 'audit.view')
    }
    expect(staffSeesEmails('analyst')).toBe(false)
    expect(staffSeesEmails('support')).toBe(true)
  })

  it('limits support refunds to $100.00 unless the owner sets another figure', () => {
    expect(refundLimitCents('support')).toBe(10_000)
    expect(refundLimitCents('support', 25_000)).toBe(25_000)
    expect(refundLimitCents('manager')).toBeNull()
    expect(refundLimitCents('fulfilment')).toBe(0)
  })

  it('masks an e-mail address but keeps its domain', () => {
    expect(maskEmail('maria.lopez@example.com')).toBe('m•••@example.com')
  })
})
