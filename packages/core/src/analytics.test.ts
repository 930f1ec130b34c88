import { describe, expect, it } from 'vitest'
import {
  ANALYTICS_EVENTS,
  newScrollCheckpoints,
  seenPercent,
  ANALYTICS_PROPERTIES_MAX_BYTES,
  batchBody,
  birthdayOf,
  EventQueue,
  identifyPayload,
  initiateCheckoutData,
  isAnalyticsEvent,
  purchaseData,
  purchaseEventId,
  propertiesBytes,
  splitBySize,
  type QueuedEvent,
} from './analytics.ts'
import { ANALYTICS_DEFAULTS } from './constants.ts'
import { MIXPANEL_USER_ID_REQUIRED } from './errors.ts'

const T0 = Date.parse('2025-03-01T12:00:00.000Z')

describe('ANALYTICS_EVENTS', () => {
  it('holds the SPEC §9 names plus Page Viewed, Page Scrolled and Identify', () => {
    for (const name of [
      'Product Added to Cart',
      'Checkout Started',
      'Payment Success',
      'Payment Failed',
      'VIP Join Clicked',
      'VIP Cancellation Confirmed',
      'Subscription Skip Confirmed',
      'Subscription Pause Confirmed',
      'Style Profile Form Submitted',
      'Page Viewed',
      'Page Scrolled',
      'Identify',
    ]) {
      expect(isAnalyticsEvent(name), name).toBe(true)
    }
    expect(ANALYTICS_EVENTS).toHaveLength(12)
  })
  it('knows no other name, nor a differently cased one', () => {
    expect(isAnalyticsEvent('page viewed')).toBe(false)
    expect(isAnalyticsEvent('PageView')).toBe(false)
    expect(isAnalyticsEvent(undefined)).toBe(false)
  })
})

describe('EventQueue (SPEC §9: batch 50, flush every 5 s, batch timeout 90 s)', () => {
  it('uses the SPEC defaults', () => {
    const queue = new EventQueue()
    expect(queue.limits).toEqual({ batchSize: 50, flushIntervalMs: 5000, batchTimeoutMs: 90000 })
    expect(queue.limits.batchSize).toBe(ANALYTICS_DEFAULTS.batchSize)
  })

  it('is not due until 5 s after the first unsent event', () => {
    const queue = new EventQueue()
    expect(queue.isDue(T0)).toBe(false)
    expect(queue.dueAt()).toBeNull()
    queue.enqueue('Page Viewed', { path: '/' }, T0)
    queue.enqueue('Page Viewed', { path: '/leggings' }, T0 + 3000)
    expect(queue.dueAt()).toBe(T0 + 5000)
    expect(queue.isDue(T0 + 4999)).toBe(false)
    expect(queue.take(T0 + 4999)).toEqual([])
    expect(queue.isDue(T0 + 5000)).toBe(true)
    const batch = queue.take(T0 + 5000)
    expect(batch.map((event) => event.properties.path)).toEqual(['/', '/leggings'])
    expect(batch[0]!.time).toBe(T0)
    expect(queue.length).toBe(0)
  })

  it('is due at once when 50 events are queued, and a batch holds at most 50', () => {
    const queue = new EventQueue()
    for (let i = 0; i < 49; i++) queue.enqueue('Page Viewed', { i }, T0)
    expect(queue.isDue(T0)).toBe(false)
    queue.enqueue('Page Viewed', { i: 49 }, T0)
    queue.enqueue('Page Viewed', { i: 50 }, T0)
    expect(queue.isDue(T0)).toBe(true)
    const batch = queue.take(T0)
    expect(batch).toHaveLength(50)
    expect(batch[49]!.properties.i).toBe(49)
    expect(queue.length).toBe(1)
    // the one left over waits for its own interval
    expect(queue.isDue(T0)).toBe(false)
  })

  it('takes everything in batches of 50 when forced (the page is going away)', () => {
    const queue = new EventQueue()
    for (let i = 0; i < 120; i++) queue.enqueue('Page Viewed', { i }, T0)
    expect(queue.takeAll(T0 + 1).map((batch) => batch.length)).toEqual([50, 50, 20])
    expect(queue.length).toBe(0)
  })

  it('puts a failed batch back at the front and tries again one interval later', () => {
    const queue = new EventQueue()
    queue.enqueue('Page Viewed', { path: '/a' }, T0)
    const batch = queue.take(T0 + 5000)
    queue.enqueue('VIP Join Clicked', {}, T0 + 6000)
    expect(queue.requeue(batch, T0 + 7000)).toBe(0)
    expect(queue.isDue(T0 + 11_999)).toBe(false)
    expect(queue.dueAt()).toBe(T0 + 12_000)
    const again = queue.take(T0 + 12_000)
    expect(again.map((event) => event.name)).toEqual(['Page Viewed', 'VIP Join Clicked'])
    queue.sent()
    queue.enqueue('Page Viewed', {}, T0 + 13_000)
    expect(queue.dueAt()).toBe(T0 + 18_000)
  })

  it('drops events that could not be sent within the 90 s batch timeout', () => {
    const queue = new EventQueue()
    queue.enqueue('Page Viewed', { path: '/old' }, T0)
    queue.enqueue('Page Viewed', { path: '/new' }, T0 + 60_000)
    const batch = queue.take(T0 + 65_000)
    expect(queue.requeue(batch, T0 + 90_001)).toBe(1)
    expect(queue.take(T0 + 95_001).map((event) => event.properties.path)).toEqual(['/new'])
  })

  it('keeps an event exactly 90 s old and drops it a millisecond later', () => {
    const queue = new EventQueue()
    queue.enqueue('Checkout Started', {}, T0)
    expect(queue.dropExpired(T0 + 90_000)).toEqual([])
    expect(queue.dropExpired(T0 + 90_001)).toHaveLength(1)
    expect(queue.take(T0 + 90_001, true)).toEqual([])
  })

  it('refuses properties over 4 kB serialized', () => {
    const queue = new EventQueue()
    expect(queue.enqueue('Page Viewed', { text: 'x'.repeat(ANALYTICS_PROPERTIES_MAX_BYTES) }, T0)).toBeNull()
    expect(queue.length).toBe(0)
    // {"text":"..."} is 11 bytes around the text
    expect(queue.enqueue('Page Viewed', { text: 'x'.repeat(ANALYTICS_PROPERTIES_MAX_BYTES - 11) }, T0)).not.toBeNull()
  })

  it('counts properties in UTF-8 bytes', () => {
    expect(propertiesBytes({ a: 'é' })).toBe(10)
    expect(propertiesBytes({})).toBe(2)
  })

  it('takes custom limits', () => {
    const queue = new EventQueue({ batchSize: 2 })
    queue.enqueue('Page Viewed', {}, T0)
    queue.enqueue('Page Viewed', {}, T0)
    expect(queue.isDue(T0)).toBe(true)
  })
})

describe('batchBody and splitBySize', () => {
  const event = (i: number, size = 10): QueuedEvent => ({ name: 'Page Viewed', properties: { i, pad: 'x'.repeat(size) }, time: T0 })

  it('writes the time as an ISO date', () => {
    expect(batchBody([event(1)])).toEqual({ events: [{ name: 'Page Viewed', properties: { i: 1, pad: 'xxxxxxxxxx' }, time: '2025-03-01T12:00:00.000Z' }] })
  })

  it('keeps a small batch whole and splits a large one by bytes, in order', () => {
    expect(splitBySize([event(1), event(2)])).toHaveLength(1)
    const big = Array.from({ length: 50 }, (_, i) => event(i, 4000))
    const parts = splitBySize(big, 20_000)
    expect(parts.length).toBeGreaterThan(1)
    expect(parts.flat().map((e) => e.properties.i)).toEqual(big.map((e) => e.properties.i))
    for (const part of parts) expect(JSON.stringify(batchBody(part)).length).toBeLessThanOrEqual(20_000)
  })

  it('sends an event larger than the limit on its own rather than losing it', () => {
    expect(splitBySize([event(1, 500), event(2, 500)], 100)).toHaveLength(2)
  })
})

describe('identifyPayload (SPEC §3 Analytics user)', () => {
  it('builds the user from the cart customer and the style profile', () => {
    expect(identifyPayload({ id: 'c-42', name: 'Pat Shopper', email: 'pat@example.com', hasClub: true, birthdayDay: '7', birthdayMonth: '11' })).toEqual({
      id: 'c-42',
      name: 'Pat Shopper',
      email: 'pat@example.com',
      region: null,
      city: null,
      hasClub: true,
      birthdayDay: 7,
      birthdayMonth: 11,
    })
  })

  it('accepts a numeric id and reads missing or impossible birthdays as null', () => {
    const user = identifyPayload({ id: 17, birthdayDay: '32', birthdayMonth: 0, region: 'CA', city: ' Los Angeles ' })
    expect(user).toMatchObject({ id: '17', birthdayDay: null, birthdayMonth: null, hasClub: false, region: 'CA', city: 'Los Angeles', name: null })
    expect(identifyPayload({ id: 'x', birthdayDay: '2.5' }).birthdayDay).toBeNull()
  })

  it("throws 'User ID is required for Mixpanel identification' without an id", () => {
    expect(() => identifyPayload({ name: 'Pat' })).toThrow(MIXPANEL_USER_ID_REQUIRED)
    expect(() => identifyPayload({ id: '  ' })).toThrow('User ID is required for Mixpanel identification')
    expect(() => identifyPayload({ id: null })).toThrow(MIXPANEL_USER_ID_REQUIRED)
  })
})

describe('birthdayOf', () => {
  it('reads birthday_day and birthday_month answers', () => {
    expect(
      birthdayOf([
        { name: 'leggings_size', value: 'M' },
        { name: 'birthday_month', value: '4' },
        { name: 'birthday_day', value: '19' },
      ]),
    ).toEqual({ birthdayDay: '19', birthdayMonth: '4' })
    expect(birthdayOf([{ name: 'birthday_day', value: null }])).toEqual({ birthdayDay: null, birthdayMonth: null })
  })
})

describe('scroll checkpoints', () => {
  it('reports each of 25, 50, 75 and 100 percent once', () => {
    expect(newScrollCheckpoints(10, new Set())).toEqual([])
    expect(newScrollCheckpoints(55, new Set())).toEqual([25, 50])
    expect(newScrollCheckpoints(80, new Set([25, 50]))).toEqual([75])
    expect(newScrollCheckpoints(100, new Set([25, 50, 75]))).toEqual([100])
  })

  it('measures how much of the page has been seen', () => {
    expect(seenPercent(0, 900, 3600)).toBe(25)
    expect(seenPercent(2700, 900, 3600)).toBe(100)
    expect(seenPercent(0, 900, 600)).toBe(100)
  })
})

describe("the advertising pixel's checkout events", () => {
  it("Purchase: one event id per order, the order's lines by item with their pieces, value in dollars", () => {
    expect(purchaseEventId('5082808746')).toBe(purchaseEventId('5082808746'))
    expect(purchaseEventId('5082808746')).not.toBe(purchaseEventId('5082808747'))
    const lines = [
      { itemId: 2001, qty: 1 },
      { itemId: '2002', qty: 2 },
      { itemId: 2001, qty: 1 },
    ]
    expect(purchaseData('5082808746', 79.98, lines)).toEqual({
      currency: 'USD',
      value: 79.98,
      content_type: 'product',
      content_ids: ['2001', '2002'],
      contents: [
        { id: '2001', quantity: 2 },
        { id: '2002', quantity: 2 },
      ],
      num_items: 4,
      order_id: '5082808746',
    })
    expect(initiateCheckoutData(24, [{ itemId: 7, qty: 1 }])).toEqual({
      currency: 'USD',
      value: 24,
      content_type: 'product',
      content_ids: ['7'],
      contents: [{ id: '7', quantity: 1 }],
      num_items: 1,
    })
  })
})
