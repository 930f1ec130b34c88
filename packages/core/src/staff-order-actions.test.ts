import { describe, expect, it } from 'vitest'
import { staffOrderActions } from './staff-order-actions.ts'

describe("the order page's actions (role and state)", () => {
  it('lets fulfilment pack and ship a paid order, but neither cancel nor refund it', () => {
    expect(staffOrderActions('paid', 'fulfilment', 5000)).toEqual(['pack', 'ship', 'note'])
    expect(staffOrderActions('packing', 'fulfilment', 5000)).toEqual(['ship', 'note'])
  })

  it('lets support cancel and refund a paid order, and send the confirmation again', () => {
    expect(staffOrderActions('paid', 'support', 5000)).toEqual(['cancel', 'refund', 'note', 'resend_confirmation'])
  })

  it('offers no refund once nothing is left, and nothing to a cancelled order but a note', () => {
    expect(staffOrderActions('shipped', 'manager', 0)).toEqual(['note', 'resend_confirmation'])
    expect(staffOrderActions('cancelled', 'owner', 0)).toEqual(['note', 'resend_confirmation'])
  })

  it('offers the warehouse a return to receive and an exchange to send', () => {
    expect(staffOrderActions('return_requested', 'fulfilment', 5000)).toEqual(['receive_return', 'note'])
    expect(staffOrderActions('exchange_requested', 'fulfilment', 5000)).toEqual(['send_exchange', 'note'])
  })

  it('gives an analyst nothing to do', () => {
    expect(staffOrderActions('paid', 'analyst', 5000)).toEqual([])
  })
})
