/**
 * An order's life cycle as one state machine (docs/orders.md has the diagram), as
 * membership.ts is for memberships. Each event (paid, packed, shipped, a refund, a
 * shopper's cancellation or return...) either moves the order to its next state or
 * is refused with the reason in words a shopper understands. The server writes an
 * order's status only through this table (apps/server/src/orders/order-states.ts).
 */

/** Every status an order row may carry. */
export const ORDER_STATUSES = [
  /** placed, stock held, the card not answered yet */
  'pending_payment',
  /** the card was declined: the attempt is given back and removed (never shown) */
  'declined',
  /** the hold ran out before the card answered: given back and removed (never shown) */
  'expired',
  'paid',
  /** a club member's monthly box, paid by the period's fee, waiting for the warehouse */
  'processing',
  'packing',
  'shipped',
  'delivered',
  'cancelled',
  'partially_refunded',
  'refunded',
  'return_requested',
  /** the returned pieces came back to the warehouse: their refund follows */
  'returned',
  'exchange_requested',
  'exchange_sent',
] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

/** Statuses a shopper sees (orders, the tracker): every state of a real order; a declined or expired attempt is not one. */
export const VISIBLE_ORDER_STATUSES: readonly OrderStatus[] = ORDER_STATUSES.filter((status) => status !== 'declined' && status !== 'expired')

/** Statuses of an order the shopper paid for and kept, in whole or in part (first-order codes: "has ordered before"). */
export const PLACED_ORDER_STATUSES: readonly OrderStatus[] = [
  'paid',
  'processing',
  'packing',
  'shipped',
  'delivered',
  'partially_refunded',
  'return_requested',
  'returned',
  'exchange_requested',
  'exchange_sent',
]

export const ORDER_EVENTS = [
  'pay',
  'decline',
  'expire',
  'pack',
  'ship',
  'deliver',
  'cancel',
  'refund',
  'request_return',
  'receive_return',
  'request_exchange',
  'send_exchange',
] as const
export type OrderEvent = (typeof ORDER_EVENTS)[number]

export function isOrderStatus(v: unknown): v is OrderStatus {
  return (ORDER_STATUSES as readonly unknown[]).includes(v)
}

/** What the rules need to know besides the state. Missing facts count as "no". */
export interface OrderFacts {
  /** cancel: the shopper asks (staff may cancel later, until it is packed and shipped) */
  byShopper?: boolean
  /** cancel by the shopper: still within the brand's cancellation window */
  withinCancelWindow?: boolean
  /** the brand's cancellation window, for the refusal's words */
  cancelWindowMinutes?: number
  /** refund: nothing refundable is left after this one */
  fullyRefunded?: boolean
  /** return, exchange: still within the brand's return window after delivery */
  withinReturnWindow?: boolean
  /** the brand's return window, for the refusal's words */
  returnWindowDays?: number
  /** return, exchange: one of the pieces asked for is final sale */
  finalSale?: boolean
  /** exchange: the brand exchanges for club members and the shopper is one */
  exchangeOpen?: boolean
}

export type OrderTransition = { ok: true; state: OrderStatus } | { ok: false; reason: string }

export const ORDER_REFUSALS = {
  notPaid: 'This order has not been paid yet.',
  paidAlready: 'This order is paid already.',
  attemptEnded: 'This checkout did not go through, so there is no order.',
  packedAlready: 'Your order is being packed already, so it can no longer be cancelled.',
  shippedAlready: 'Your order has shipped already, so it can no longer be cancelled. You can return it once it arrives.',
  cancelledAlready: 'This order is cancelled already.',
  refundedAlready: 'This order has been refunded in full already.',
  notShipped: 'This order has not shipped yet.',
  deliveredAlready: 'This order has been delivered already.',
  notDelivered: 'Returns open once your order has been delivered.',
  returnPending: 'A return of this order is already on its way to us.',
  exchangePending: 'An exchange of this order is already under way.',
  noReturnAsked: 'No return was asked for on this order.',
  noExchangeAsked: 'No exchange was asked for on this order.',
  finalSale: 'Final-sale pieces can’t be returned or exchanged.',
  exchangeClosed: 'Exchanges are for club members. You can return the piece and order the other size instead.',
  nothingToRefund: 'Nothing was paid on this order, so there is nothing to refund.',
} as const

const R = ORDER_REFUSALS

/** The shopper's cancellation window in words, e.g. "Orders can only be cancelled within 60 minutes of being placed." */
export const pastCancelWindow = (minutes = 60) => `Orders can only be cancelled within ${minutes} minutes of being placed.`
/** The return window in words. */
export const pastReturnWindow = (days = 30) => `Returns and exchanges are open for ${days} days after delivery, and that time has passed.`

type Rule = (facts: OrderFacts) => OrderTransition

const to =
  (state: OrderStatus): Rule =>
  () => ({ ok: true, state })
const refuse =
  (reason: string): Rule =>
  () => ({ ok: false, reason })

/** A shopper cancels within the window; staff whenever the rule allows it. */
const cancel: Rule = (facts) =>
  facts.byShopper && !facts.withinCancelWindow ? { ok: false, reason: pastCancelWindow(facts.cancelWindowMinutes) } : { ok: true, state: 'cancelled' }
/** Staff may still cancel a packed order (taken off the shelf); the shopper may not. */
const cancelPacked: Rule = (facts) => (facts.byShopper ? { ok: false, reason: R.packedAlready } : { ok: true, state: 'cancelled' })

/** A refund of an order not yet sent: in full it ends the order, in part the rest still ships. */
const refundBeforeShipping =
  (state: OrderStatus): Rule =>
  (facts) => ({ ok: true, state: facts.fullyRefunded ? 'refunded' : state })
/** A refund of an order sent (or its return): in full or in part. */
const refundAfterShipping: Rule = (facts) => ({ ok: true, state: facts.fullyRefunded ? 'refunded' : 'partially_refunded' })

const returnable =
  (state: OrderStatus): Rule =>
  (facts) => {
    if (facts.finalSale) return { ok: false, reason: R.finalSale }
    if (!facts.withinReturnWindow) return { ok: false, reason: pastReturnWindow(facts.returnWindowDays) }
    return { ok: true, state }
  }
const exchangeable: Rule = (facts) => (facts.exchangeOpen ? returnable('exchange_requested')(facts) : { ok: false, reason: R.exchangeClosed })

const requestReturn = returnable('return_requested')

/** Every state answers every event: the type makes a missing pair a compile error. */
const RULES: Record<OrderStatus, Record<OrderEvent, Rule>> = {
  pending_payment: {
    pay: to('paid'),
    decline: to('declined'),
    expire: to('expired'),
    pack: refuse(R.notPaid),
    ship: refuse(R.notPaid),
    deliver: refuse(R.notPaid),
    cancel: refuse(R.notPaid),
    refund: refuse(R.nothingToRefund),
    request_return: refuse(R.notDelivered),
    receive_return: refuse(R.noReturnAsked),
    request_exchange: refuse(R.notDelivered),
    send_exchange: refuse(R.noExchangeAsked),
  },
  declined: refusedAll(R.attemptEnded),
  expired: refusedAll(R.attemptEnded),
  paid: {
    pay: refuse(R.paidAlready),
    decline: refuse(R.paidAlready),
    expire: refuse(R.paidAlready),
    pack: to('packing'),
    ship: to('shipped'),
    deliver: to('delivered'),
    cancel,
    refund: refundBeforeShipping('paid'),
    request_return: refuse(R.notDelivered),
    receive_return: refuse(R.noReturnAsked),
    request_exchange: refuse(R.notDelivered),
    send_exchange: refuse(R.noExchangeAsked),
  },
  processing: {
    pay: refuse(R.paidAlready),
    decline: refuse(R.paidAlready),
    expire: refuse(R.paidAlready),
    pack: to('packing'),
    ship: to('shipped'),
    deliver: to('delivered'),
    cancel,
    refund: refundBeforeShipping('processing'),
    request_return: refuse(R.notDelivered),
    receive_return: refuse(R.noReturnAsked),
    request_exchange: refuse(R.notDelivered),
    send_exchange: refuse(R.noExchangeAsked),
  },
  packing: {
    pay: refuse(R.paidAlready),
    decline: refuse(R.paidAlready),
    expire: refuse(R.paidAlready),
    pack: refuse(R.packedAlready),
    ship: to('shipped'),
    deliver: to('delivered'),
    cancel: cancelPacked,
    refund: refundBeforeShipping('packing'),
    request_return: refuse(R.notDelivered),
    receive_return: refuse(R.noReturnAsked),
    request_exchange: refuse(R.notDelivered),
    send_exchange: refuse(R.noExchangeAsked),
  },
  shipped: {
    pay: refuse(R.paidAlready),
    decline: refuse(R.paidAlready),
    expire: refuse(R.paidAlready),
    pack: refuse(R.shippedAlready),
    // a carrier's later scan (out for delivery) of a shipped order
    ship: to('shipped'),
    deliver: to('delivered'),
    cancel: refuse(R.shippedAlready),
    refund: refundAfterShipping,
    request_return: refuse(R.notDelivered),
    receive_return: refuse(R.noReturnAsked),
    request_exchange: refuse(R.notDelivered),
    send_exchange: refuse(R.noExchangeAsked),
  },
  delivered: afterDelivery({}),
  cancelled: refusedAll(R.cancelledAlready),
  partially_refunded: afterDelivery({ refund: refundAfterShipping }),
  refunded: refusedAll(R.refundedAlready),
  return_requested: {
    ...afterDelivery({}),
    request_return: refuse(R.returnPending),
    request_exchange: refuse(R.returnPending),
    receive_return: to('returned'),
    // staff may refund before the parcel arrives (a lost return, goodwill)
    refund: refundAfterShipping,
  },
  returned: afterDelivery({ refund: refundAfterShipping }),
  exchange_requested: {
    ...afterDelivery({}),
    request_return: refuse(R.exchangePending),
    request_exchange: refuse(R.exchangePending),
    send_exchange: to('exchange_sent'),
    refund: refundAfterShipping,
  },
  exchange_sent: afterDelivery({ refund: refundAfterShipping }),
}

/** A state where every event is refused for one reason (an ended attempt, a cancelled or refunded order). */
function refusedAll(reason: string): Record<OrderEvent, Rule> {
  return Object.fromEntries(ORDER_EVENTS.map((event) => [event, refuse(reason)])) as Record<OrderEvent, Rule>
}

/** A delivered order after a return, an exchange or a part refund: more returns (within the window) and refunds. */
function afterDelivery(overrides: Partial<Record<OrderEvent, Rule>>): Record<OrderEvent, Rule> {
  return {
    pay: refuse(R.paidAlready),
    decline: refuse(R.paidAlready),
    expire: refuse(R.paidAlready),
    pack: refuse(R.deliveredAlready),
    ship: refuse(R.deliveredAlready),
    deliver: refuse(R.deliveredAlready),
    cancel: refuse(R.shippedAlready),
    refund: refundAfterShipping,
    request_return: requestReturn,
    receive_return: refuse(R.noReturnAsked),
    request_exchange: exchangeable,
    send_exchange: refuse(R.noExchangeAsked),
    ...overrides,
  }
}

/** The order's next state after an event, or why the event is refused. */
export function orderTransition(state: OrderStatus, event: OrderEvent, facts: OrderFacts = {}): OrderTransition {
  return RULES[state][event](facts)
}

/** The states an event may move an order from, whatever the facts (the server's guard in its UPDATE). */
export function statesAllowing(event: OrderEvent): OrderStatus[] {
  const all: OrderFacts = { withinCancelWindow: true, withinReturnWindow: true, exchangeOpen: true }
  return ORDER_STATUSES.filter((state) => RULES[state][event](all).ok || RULES[state][event]({ ...all, fullyRefunded: true }).ok)
}

/** The shopper's own actions an order allows now (for showing buttons): cancel, return, exchange. */
export const SHOPPER_ORDER_ACTIONS = ['cancel', 'request_return', 'request_exchange'] as const
export type ShopperOrderAction = (typeof SHOPPER_ORDER_ACTIONS)[number]

export function shopperOrderActions(state: OrderStatus, facts: OrderFacts): ShopperOrderAction[] {
  return SHOPPER_ORDER_ACTIONS.filter((event) => orderTransition(state, event, { ...facts, byShopper: true }).ok)
}

/** A piece sold as final sale (its discount class names clearance) is neither returned nor exchanged. */
export function isFinalSale(discountClass: string): boolean {
  return discountClass
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .includes('clearance')
}

/** Events the shopper reads on their order's timeline; the rest (notes, internal reasons) are the operator's. */
export const SHOPPER_HISTORY_EVENTS = [
  'created',
  'paid',
  'offer_added',
  'packing',
  'shipped',
  'delivered',
  'cancelled',
  'refunded',
  'return_requested',
  'return_received',
  'exchange_requested',
  'exchange_sent',
  'email_sent',
] as const

/** The history entry's name for each event that moves an order. */
export const HISTORY_EVENT_OF: Record<OrderEvent, string> = {
  pay: 'paid',
  decline: 'declined',
  expire: 'expired',
  pack: 'packing',
  ship: 'shipped',
  deliver: 'delivered',
  cancel: 'cancelled',
  refund: 'refunded',
  request_return: 'return_requested',
  receive_return: 'return_received',
  request_exchange: 'exchange_requested',
  send_exchange: 'exchange_sent',
}

export function isShopperHistoryEvent(event: string): boolean {
  return (SHOPPER_HISTORY_EVENTS as readonly string[]).includes(event)
}
