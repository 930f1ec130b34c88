import type { OverridedMixpanel } from 'mixpanel-browser'
import { describe, expect, it, vi } from 'vitest'
import { MixpanelPage, mixpanelConfig } from './mixpanel-page'

/** A stand-in for mixpanel-browser: what the page asked of it. */
function fakeMixpanel() {
  const calls: unknown[][] = []
  let out = false
  const mixpanel = {
    init: (...args: unknown[]) => calls.push(['init', ...args]),
    track: (...args: unknown[]) => calls.push(['track', ...args]),
    identify: (...args: unknown[]) => calls.push(['identify', ...args]),
    people: { set: (...args: unknown[]) => calls.push(['people.set', ...args]) },
    set_config: (...args: unknown[]) => calls.push(['set_config', ...args]),
    opt_out_tracking: () => {
      out = true
      calls.push(['opt_out_tracking'])
    },
    opt_in_tracking: () => {
      out = false
      calls.push(['opt_in_tracking'])
    },
    has_opted_out_tracking: () => out,
  }
  return { calls, mixpanel: mixpanel as unknown as OverridedMixpanel }
}

const settings = { token: 'tok', apiHost: 'https://mixpanel.test' }

describe('Mixpanel from the page', () => {
  it("starts with SPEC §9's defaults: batches of 50 every 5 s, 90 s timeout, 365-day cookie, 300 ms links, 30 min idle, no automatic page views", () => {
    expect(mixpanelConfig('https://mixpanel.test', false)).toMatchObject({
      api_host: 'https://mixpanel.test',
      batch_requests: true,
      batch_size: 50,
      batch_flush_interval_ms: 5000,
      batch_request_timeout_ms: 90000,
      cookie_expiration: 365,
      track_links_timeout: 300,
      record_idle_timeout_ms: 30 * 60 * 1000,
      track_pageview: false,
      opt_out_tracking_by_default: false,
      disable_persistence: false,
    })
    expect(mixpanelConfig('https://mixpanel.test', true)).toMatchObject({ opt_out_tracking_by_default: true, disable_persistence: true })
  })

  it('keeps what is tracked before mixpanel-browser arrives and sends it then, with the brand and the tests', async () => {
    const { calls, mixpanel } = fakeMixpanel()
    const page = new MixpanelPage({ settings, brand: 'ckb', tests: () => ({ Vip4sh: '4sh' }), optedOut: () => false, load: async () => mixpanel })
    page.track('Page Viewed', { path: '/' })
    page.identify({ id: 'c-1', name: 'Ana Lima', email: 'ana@example.com', region: 'TX', city: 'Austin', hasClub: true, birthdayDay: 9, birthdayMonth: 3 })
    expect(calls).toEqual([])
    await page.start()
    expect(calls[0]).toEqual(['init', 'tok', expect.objectContaining({ api_host: 'https://mixpanel.test' })])
    expect(calls).toContainEqual(['track', 'Page Viewed', { path: '/', brand: 'ckb', tests: { Vip4sh: '4sh' } }])
    expect(calls).toContainEqual(['identify', 'c-1'])
    expect(calls).toContainEqual([
      'people.set',
      { $name: 'Ana Lima', $email: 'ana@example.com', $region: 'TX', $city: 'Austin', hasClub: true, birthdayDay: 9, birthdayMonth: 3, brand: 'ckb' },
    ])
  })

  it('logs that a user id is required for an identify without one, and sends nothing', async () => {
    const { calls, mixpanel } = fakeMixpanel()
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const page = new MixpanelPage({ settings, brand: 'ckb', tests: () => ({}), optedOut: () => false, load: async () => mixpanel })
    await page.start()
    page.identify({ name: 'No Id' })
    expect(error).toHaveBeenCalledWith('User ID is required for Mixpanel identification')
    expect(calls.filter(([kind]) => kind !== 'init')).toEqual([])
    error.mockRestore()
  })

  it('sends nothing and keeps nothing for a visitor who opted out, and turns back on when they opt in', async () => {
    const { calls, mixpanel } = fakeMixpanel()
    let out = true
    const page = new MixpanelPage({ settings, brand: 'ckb', tests: () => ({}), optedOut: () => out, load: async () => mixpanel })
    page.track('Page Viewed')
    await page.start()
    expect(calls[0]).toEqual(['init', 'tok', expect.objectContaining({ opt_out_tracking_by_default: true, disable_persistence: true })])
    page.track('VIP Join Clicked')
    expect(calls.filter(([kind]) => kind === 'track')).toEqual([])
    expect(calls).toContainEqual(['opt_out_tracking'])
    expect(calls).toContainEqual(['set_config', { disable_persistence: true }])
    out = false
    page.track('VIP Join Clicked')
    expect(calls).toContainEqual(['set_config', { disable_persistence: false }])
    expect(calls).toContainEqual(['opt_in_tracking'])
    expect(calls.filter(([kind]) => kind === 'track')).toEqual([['track', 'VIP Join Clicked', { brand: 'ckb', tests: {} }]])
  })
})
