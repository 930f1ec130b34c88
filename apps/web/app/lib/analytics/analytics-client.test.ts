import { MIXPANEL_USER_ID_REQUIRED } from '@store/core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AnalyticsClient, analyticsUrl, identify, sendResultOf, track, type AnalyticsTransport, type SendResult } from './analytics-client'

const T0 = Date.parse('2025-03-01T12:00:00.000Z')

interface Sent {
  via: 'post' | 'beacon'
  url: string
  events: { name: string; properties: Record<string, unknown>; time: string }[]
}

/** A client on a hand-driven clock and timer, with a transport that records what it is given. */
function harness(answers: SendResult[] = [], beaconTakes = true) {
  let now = T0
  let timer: { run: () => void; at: number } | null = null
  const sent: Sent[] = []
  const warnings: string[] = []
  const transport: AnalyticsTransport = {
    async post(url, body) {
      sent.push({ via: 'post', url, ...(JSON.parse(body) as { events: Sent['events'] }) })
      return answers.shift() ?? 'sent'
    },
    beacon(url, body) {
      if (beaconTakes) sent.push({ via: 'beacon', url, ...(JSON.parse(body) as { events: Sent['events'] }) })
      return beaconTakes
    },
  }
  const client = new AnalyticsClient({
    url: '/api/analytics-events',
    brand: 'ckb',
    tests: () => ({ Vip4sh: '4sh' }),
    transport,
    now: () => now,
    setTimer: (run, ms) => (timer = { run, at: now + ms }),
    clearTimer: () => (timer = null),
    warn: (message) => warnings.push(message),
  })
  return {
    client,
    sent,
    warnings,
    get timerAt() {
      return timer?.at ?? null
    },
    /** moves the clock on, running the timer when it comes due */
    async advance(ms: number) {
      now += ms
      if (timer && timer.at <= now) {
        const { run } = timer
        timer = null
        run()
      }
      await new Promise((resolve) => setImmediate(resolve))
    },
  }
}

describe('AnalyticsClient', () => {
  it('adds brand and tests to every event and sends 5 s after the first one', async () => {
    const h = harness()
    h.client.track('Page Viewed', { path: '/' })
    await h.advance(2000)
    h.client.track('VIP Join Clicked', { to: '/vip' })
    expect(h.timerAt).toBe(T0 + 5000)
    expect(h.sent).toEqual([])
    await h.advance(3000)
    expect(h.sent).toHaveLength(1)
    expect(h.sent[0]).toEqual({
      via: 'post',
      url: '/api/analytics-events',
      events: [
        { name: 'Page Viewed', properties: { path: '/', brand: 'ckb', tests: { Vip4sh: '4sh' } }, time: '2025-03-01T12:00:00.000Z' },
        { name: 'VIP Join Clicked', properties: { to: '/vip', brand: 'ckb', tests: { Vip4sh: '4sh' } }, time: '2025-03-01T12:00:02.000Z' },
      ],
    })
    expect(h.client.pending).toBe(0)
    expect(h.timerAt).toBeNull()
  })

  it('sends at once when 50 events are queued', async () => {
    const h = harness()
    for (let i = 0; i < 50; i++) h.client.track('Page Viewed', { i })
    await h.advance(0)
    expect(h.sent).toHaveLength(1)
    expect(h.sent[0]!.events).toHaveLength(50)
  })

  it('tries a failed batch again one interval later, and drops it after the 90 s batch timeout', async () => {
    const h = harness(Array.from({ length: 30 }, (): SendResult => 'retry'))
    h.client.track('Checkout Started')
    await h.advance(5000)
    expect(h.sent).toHaveLength(1)
    expect(h.client.pending).toBe(1)
    expect(h.timerAt).toBe(T0 + 10_000)
    for (let i = 0; i < 20; i++) await h.advance(5000)
    // tries at 5, 10, ... 90 s; at 95 s the event is older than 90 s and is gone
    expect(h.sent).toHaveLength(18)
    expect(h.client.pending).toBe(0)
    expect(h.timerAt).toBeNull()
  })

  it('drops a batch the server refuses, with a warning', async () => {
    const h = harness(['refused'])
    h.client.track('Page Viewed')
    await h.advance(5000)
    expect(h.client.pending).toBe(0)
    expect(h.warnings).toEqual(['Analytics: the server refused a batch of 1 events; they are dropped.'])
  })

  it('warns and sends nothing for properties over 4 kB', async () => {
    const h = harness()
    h.client.track('Page Viewed', { text: 'x'.repeat(5000) })
    await h.advance(10_000)
    expect(h.sent).toEqual([])
    expect(h.warnings[0]).toMatch(/over 4 kB/)
  })

  it('sends everything by beacon when the page goes away, and by fetch when the beacon is refused', async () => {
    const h = harness()
    for (let i = 0; i < 60; i++) h.client.track('Page Viewed', { i })
    await h.advance(0) // the first 50 go at once
    h.client.track('Product Added to Cart', { quantity: 1 })
    h.client.flushOnExit()
    expect(h.sent.map((s) => [s.via, s.events.length])).toEqual([
      ['post', 50],
      ['beacon', 11],
    ])
    expect(h.timerAt).toBeNull()

    const refused = harness([], false)
    refused.client.track('Page Viewed')
    refused.client.flushOnExit()
    await refused.advance(0)
    expect(refused.sent.map((s) => s.via)).toEqual(['post'])
  })

  it('identifies a customer with the SPEC §3 fields', async () => {
    const h = harness()
    h.client.identify({ id: 'c1', email: 'pat@example.com', name: 'Pat Shopper', hasClub: true, birthdayDay: '9', birthdayMonth: '3', region: null, city: null })
    await h.advance(5000)
    expect(h.sent[0]!.events[0]).toMatchObject({
      name: 'Identify',
      properties: { id: 'c1', email: 'pat@example.com', name: 'Pat Shopper', hasClub: true, birthdayDay: 9, birthdayMonth: 3, region: null, city: null, brand: 'ckb' },
    })
  })

  it("logs 'User ID is required for Mixpanel identification' and sends nothing without an id", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const h = harness()
    h.client.identify({ id: '', email: 'pat@example.com' })
    await h.advance(5000)
    expect(error).toHaveBeenCalledWith(MIXPANEL_USER_ID_REQUIRED)
    expect(h.sent).toEqual([])
    expect(h.client.pending).toBe(0)
  })
})

describe('before initialization', () => {
  afterEach(() => vi.restoreAllMocks())

  it('only warns: nothing is queued or sent', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const fetch = vi.fn()
    vi.stubGlobal('fetch', fetch)
    track('Page Viewed', { path: '/' })
    identify({ id: 'c1' })
    expect(warn).toHaveBeenCalledWith("Analytics is not initialized yet: 'Page Viewed' was not sent.")
    expect(warn).toHaveBeenCalledWith("Analytics is not initialized yet: 'Identify' was not sent.")
    expect(fetch).not.toHaveBeenCalled()
    vi.unstubAllGlobals()
  })
})

describe('helpers', () => {
  it('reads a status as sent, refused for good, or worth another try', () => {
    expect(sendResultOf(200)).toBe('sent')
    expect(sendResultOf(400)).toBe('refused')
    expect(sendResultOf(403)).toBe('refused')
    expect(sendResultOf(408)).toBe('retry')
    expect(sendResultOf(429)).toBe('retry')
    expect(sendResultOf(503)).toBe('retry')
  })

  it("posts to the brand's API base address", () => {
    expect(analyticsUrl('/api')).toBe('/api/analytics-events')
    expect(analyticsUrl('https://api.example.com/api/')).toBe('https://api.example.com/api/analytics-events')
  })
})
