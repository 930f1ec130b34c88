import { describe, expect, it } from 'vitest'
import {
  isFinalSale,
  ORDER_EVENTS,
  ORDER_REFUSALS as R,
  ORDER_STATUSES,
  orderTransition,
  pastCancelWindow,
  pastReturnWindow,
  shopperOrderActions,
  statesAllowing,
  VISIBLE_ORDER_STATUSES,
  type OrderEvent,
  type OrderFacts,
  type OrderStatus,
} from './order-states.ts'

/** Staff acting, every window open, a refund in part: the table below. */
const open: OrderFacts = { withinCancelWindow: true, withinReturnWindow: true, exchangeOpen: true }

type Expected = { state: OrderStatus } | { reason: string }
const ok = (state: OrderStatus): Expected => ({ state })
const no = (reason: string): Expected => ({ reason })

const afterDelivery = (refund: Expected = ok('partially_refunded')): Record<OrderEvent, Expected> => ({
  pay: no(R.paidAlready),
  decline: no(R.paidAlready),
  expire: no(R.paidAlready),
  pack: no(R.deliveredAlready),
  ship: no(R.deliveredAlready),
  deliver: no(R.deliveredAlready),
  cancel: no(R.shippedAlready),
  refund,
  request_return: ok('return_requested'),
  receive_return: no(R.noReturnAsked),
  request_exchange: ok('exchange_requested'),
  send_exchange: no(R.noExchangeAsked),
})
const allRefused = (reason: string): Record<OrderEvent, Expected> => Object.fromEntries(ORDER_EVENTS.map((event) => [event, no(reason)])) as Record<OrderEvent, Expected>
const beforeShipping = (state: OrderStatus): Record<OrderEvent, Expected> => ({
  pay: no(R.paidAlready),
  decline: no(R.paidAlready),
  expire: no(R.paidAlready),
  pack: ok('packing'),
  ship: ok('shipped'),
  deliver: ok('delivered'),
  cancel: ok('cancelled'),
  refund: ok(state),
  request_return: no(R.notDelivered),
  receive_return: no(R.noReturnAsked),
  request_exchange: no(R.notDelivered),
  send_exchange: no(R.noExchangeAsked),
})

const TABLE: Record<OrderStatus, Record<OrderEvent, Expected>> = {
  pending_payment: {
    pay: ok('paid'),
    decline: ok('declined'),
    expire: ok('expired'),
    pack: no(R.notPaid),
    ship: no(R.notPaid),
    deliver: no(R.notPaid),
    cancel: no(R.notPaid),
    refund: no(R.nothingToRefund),
    request_return: no(R.notDelivered),
    receive_return: no(R.noReturnAsked),
    request_exchange: no(R.notDelivered),
    send_exchange: no(R.noExchangeAsked),
  },
  declined: allRefused(R.attemptEnded),
  expired: allRefused(R.attemptEnded),
  paid: beforeShipping('paid'),
  processing: beforeShipping('processing'),
  packing: { ...beforeShipping('packing'), pack: no(R.packedAlready) },
  shipped: {
    pay: no(R.paidAlready),
    decline: no(R.paidAlready),
    expire: no(R.paidAlready),
    pack: no(R.shippedAlready),
    ship: ok('shipped'),
    deliver: ok('delivered'),
    cancel: no(R.shippedAlready),
    refund: ok('partially_refunded'),
    request_return: no(R.notDelivered),
    receive_return: no(R.noReturnAsked),
    request_exchange: no(R.notDelivered),
    send_exchange: no(R.noExchangeAsked),
  },
  delivered: afterDelivery(),
  cancelled: allRefused(R.cancelledAlready),
  partially_refunded: afterDelivery(),
  refunded: allRefused(R.refundedAlready),
  return_requested: { ...afterDelivery(), request_return: no(R.returnPending), request_exchange: no(R.returnPending), receive_return: ok('returned') },
  returned: afterDelivery(),
  exchange_requested: { ...afterDelivery(), request_return: no(R.exchangePending), request_exchange: no(R.exchangePending), send_exchange: ok('exchange_sent') },
  exchange_sent: afterDelivery(),
}

const answer = (state: OrderStatus, event: OrderEvent, facts: OrderFacts): Expected => {
  const result = orderTransition(state, event, facts)
  return result.ok ? { state: result.state } : { reason: result.reason }
}

describe('the order state machine', () => {
  for (const state of ORDER_STATUSES) {
    for (const event of ORDER_EVENTS) {
      const expected = TABLE[state][event]
      it(`${state} + ${event} -> ${'state' in expected ? expected.state : 'refused'}`, () => {
        expect(answer(state, event, open)).toEqual(expected)
      })
    }
  }

  it('a refund of everything that is left ends the order as refunded, from every state a refund is allowed in', () => {
    for (const state of statesAllowing('refund')) expect(answer(state, 'refund', { ...open, fullyRefunded: true })).toEqual(ok('refunded'))
  })

  it('the shopper cancels only within the window and never once it is packing', () => {
    expect(answer('paid', 'cancel', { byShopper: true, withinCancelWindow: true })).toEqual(ok('cancelled'))
    expect(answer('processing', 'cancel', { byShopper: true, withinCancelWindow: true })).toEqual(ok('cancelled'))
    expect(answer('paid', 'cancel', { byShopper: true, withinCancelWindow: false, cancelWindowMinutes: 45 })).toEqual(
      no('Orders can only be cancelled within 45 minutes of being placed.'),
    )
    expect(answer('paid', 'cancel', { byShopper: true, withinCancelWindow: false })).toEqual(no(pastCancelWindow(60)))
    expect(answer('packing', 'cancel', { byShopper: true, withinCancelWindow: true })).toEqual(no(R.packedAlready))
    // staff may take a packed order off the shelf, and are not held to the window
    expect(answer('packing', 'cancel', { withinCancelWindow: false })).toEqual(ok('cancelled'))
    expect(answer('paid', 'cancel', { withinCancelWindow: false })).toEqual(ok('cancelled'))
  })

  it('returns and exchanges: refused past the window and for a final-sale piece; exchanges only where they are open', () => {
    for (const state of ['delivered', 'partially_refunded', 'returned', 'exchange_sent'] as const) {
      expect(answer(state, 'request_return', { ...open, withinReturnWindow: false, returnWindowDays: 14 })).toEqual(no(pastReturnWindow(14)))
      expect(answer(state, 'request_return', { ...open, finalSale: true })).toEqual(no(R.finalSale))
      expect(answer(state, 'request_exchange', { ...open, finalSale: true })).toEqual(no(R.finalSale))
      expect(answer(state, 'request_exchange', { ...open, withinReturnWindow: false })).toEqual(no(pastReturnWindow(30)))
      expect(answer(state, 'request_exchange', { ...open, exchangeOpen: false })).toEqual(no(R.exchangeClosed))
    }
  })

  it("the shopper's buttons follow the rules", () => {
    expect(shopperOrderActions('paid', { withinCancelWindow: true })).toEqual(['cancel'])
    expect(shopperOrderActions('paid', { withinCancelWindow: false })).toEqual([])
    expect(shopperOrderActions('packing', { withinCancelWindow: true })).toEqual([])
    expect(shopperOrderActions('delivered', { withinReturnWindow: true, exchangeOpen: true })).toEqual(['request_return', 'request_exchange'])
    expect(shopperOrderActions('delivered', { withinReturnWindow: true })).toEqual(['request_return'])
  })

  it('the guard of each event lists the states it may leave', () => {
    expect(statesAllowing('pay')).toEqual(['pending_payment'])
    expect(statesAllowing('ship')).toEqual(['paid', 'processing', 'packing', 'shipped'])
    expect(statesAllowing('deliver')).toEqual(['paid', 'processing', 'packing', 'shipped'])
    expect(statesAllowing('cancel')).toEqual(['paid', 'processing', 'packing'])
    expect(statesAllowing('receive_return')).toEqual(['return_requested'])
  })

  it('a shopper never sees a declined or expired attempt', () => {
    expect(VISIBLE_ORDER_STATUSES).not.toContain('declined')
    expect(VISIBLE_ORDER_STATUSES).not.toContain('expired')
    expect(VISIBLE_ORDER_STATUSES).toContain('return_requested')
  })

  it('final sale is the clearance class', () => {
    expect(isFinalSale('underwear,clearance')).toBe(true)
    expect(isFinalSale('leggings')).toBe(false)
    expect(isFinalSale('')).toBe(false)
  })
})
