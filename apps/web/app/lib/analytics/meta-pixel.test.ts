import { describe, expect, it } from 'vitest'
import { MetaPixel, type PixelWindow } from './meta-pixel'

const SETTINGS = { id: '1234567890', scriptUrl: 'http://127.0.0.1:9/en_US/fbevents.js' }

function pixelPage(out = false) {
  const state = { out }
  const target: PixelWindow = {}
  const scripts: string[] = []
  const pixel = new MetaPixel({ settings: SETTINGS, optedOut: () => state.out, target, loadScript: (src) => scripts.push(src) })
  /** what fbq was called with, in order (queued until the script takes them, as Meta's snippet does) */
  const calls = () => target.fbq?.queue ?? []
  return { pixel, target, scripts, calls, state }
}

describe("Meta's pixel in the page", () => {
  it('loads nothing until the page is up; then sets the pixel up without automatic events and sends what waited, each under its event id', () => {
    const { pixel, target, scripts, calls } = pixelPage()
    pixel.track('PageView', {}, 'uuid-page-1')
    expect(target.fbq).toBeUndefined()
    expect(scripts).toEqual([])

    pixel.start()
    pixel.track('ViewContent', { content_ids: ['2001'], currency: 'USD', value: 24 }, 'uuid-view-1')
    expect(scripts).toEqual([SETTINGS.scriptUrl])
    expect(calls()).toEqual([
      ['set', 'autoConfig', false, SETTINGS.id],
      ['init', SETTINGS.id],
      ['track', 'PageView', {}, { eventID: 'uuid-page-1' }],
      ['track', 'ViewContent', { content_ids: ['2001'], currency: 'USD', value: 24 }, { eventID: 'uuid-view-1' }],
    ])
    // the script is added once
    pixel.track('AddToCart', { currency: 'USD', num_items: 1 }, 'uuid-add-1')
    expect(scripts).toHaveLength(1)
  })

  it('hands its calls to the script once it has come (callMethod), as the real fbevents.js takes them', () => {
    const { pixel, target } = pixelPage()
    pixel.start()
    pixel.track('PageView', {}, 'uuid-page-2')
    const taken: unknown[][] = []
    target.fbq!.callMethod = (...args) => taken.push(args)
    pixel.track('Purchase', { order_id: '1234567890', value: 40, currency: 'USD' }, 'purchase-1234567890')
    expect(taken).toEqual([['track', 'Purchase', { order_id: '1234567890', value: 40, currency: 'USD' }, { eventID: 'purchase-1234567890' }]])
  })

  it('gives an opted-out visitor no pixel at all: no fbq, no script, nothing kept to send later', () => {
    const { pixel, target, scripts, state } = pixelPage(true)
    pixel.track('PageView', {}, 'uuid-out-1')
    pixel.start()
    pixel.track('ViewContent', {}, 'uuid-out-2')
    expect(target.fbq).toBeUndefined()
    expect(scripts).toEqual([])
    // opting in again later: only what is tracked from then on goes
    state.out = false
    pixel.track('PageView', {}, 'uuid-in-1')
    expect(target.fbq!.queue.filter((call) => call[0] === 'track')).toEqual([['track', 'PageView', {}, { eventID: 'uuid-in-1' }]])
  })

  it('revokes consent when the visitor opts out after the pixel loaded, sends nothing more, and grants it back on opting in', () => {
    const { pixel, calls, state } = pixelPage()
    pixel.start()
    pixel.track('PageView', {}, 'uuid-a')
    state.out = true
    pixel.track('PageView', {}, 'uuid-b')
    pixel.track('AddToCart', {}, 'uuid-c')
    expect(calls().slice(3)).toEqual([['consent', 'revoke']])
    state.out = false
    pixel.track('PageView', {}, 'uuid-d')
    expect(calls().slice(4)).toEqual([
      ['consent', 'grant'],
      ['track', 'PageView', {}, { eventID: 'uuid-d' }],
    ])
  })
})
