/**
 * What a member of staff may do to an order now (the operator's order page, docs/admin-orders.md):
 * their role allows the action (staff-roles.ts) and the order's state allows the event
 * (order-states.ts). The server asks the same questions again when the action is taken.
 */
import { orderTransition, type OrderStatus } from './order-states.ts'
import { staffMay, type StaffAction, type StaffRole } from './staff-roles.ts'

export const STAFF_ORDER_ACTIONS = ['pack', 'ship', 'cancel', 'refund', 'receive_return', 'send_exchange', 'note', 'resend_confirmation'] as const
export type StaffOrderAction = (typeof STAFF_ORDER_ACTIONS)[number]

/** The permission each action of the order page needs. */
export const STAFF_ORDER_ACTION_NEEDS: Readonly<Record<StaffOrderAction, StaffAction>> = {
  pack: 'orders.ship',
  ship: 'orders.ship',
  cancel: 'orders.cancel',
  refund: 'orders.refund',
  receive_return: 'orders.returns',
  send_exchange: 'orders.returns',
  note: 'orders.note',
  resend_confirmation: 'orders.notify',
}

/** Statuses of a checkout that did not become an order: nothing to do to them but read and note. */
const ATTEMPTS: readonly OrderStatus[] = ['pending_payment', 'declined', 'expired']

function allowedNow(status: OrderStatus, action: StaffOrderAction, leftToRefundCents: number): boolean {
  switch (action) {
    case 'pack':
      return orderTransition(status, 'pack').ok
    case 'ship':
      // a shipped order's later scans are the carrier's, not a second shipment
      return status !== 'shipped' && orderTransition(status, 'ship').ok
    case 'cancel':
      return orderTransition(status, 'cancel', { byShopper: false }).ok
    case 'refund':
      return leftToRefundCents > 0 && orderTransition(status, 'refund').ok
    case 'receive_return':
      return orderTransition(status, 'receive_return').ok
    case 'send_exchange':
      return orderTransition(status, 'send_exchange').ok
    case 'note':
      return true
    case 'resend_confirmation':
      return !ATTEMPTS.includes(status)
  }
}

/** The order page's actions for this role and this order now, in the page's order. */
export function staffOrderActions(status: OrderStatus, role: StaffRole, leftToRefundCents: number): StaffOrderAction[] {
  return STAFF_ORDER_ACTIONS.filter((action) => staffMay(role, STAFF_ORDER_ACTION_NEEDS[action]) && allowedNow(status, action, leftToRefundCents))
}
