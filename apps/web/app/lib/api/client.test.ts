import { describe, expect, it, vi } from 'vitest'
import { ApiError, createApiClient } from './client'
import { addToCart } from './add-to-cart'
import { getCart } from './get-cart'
import { getStyleProfile } from './get-style-profile'
import { pixelEvent } from './pixel-event'
import { postDiscountCode } from './post-discount-code'
import { postTestGroup } from './post-test-group'
import { updateCartLine } from './update-cart-line'
import { utmData } from './utm-data'

interface Call {
  url: string
  init: RequestInit
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
}

/** A fetch that answers from a queue of responses (or errors) and records its calls. */
function fakeFetch(...answers: Array<Response | Error>) {
  const calls: Call[] = []
  const fn = vi.fn<typeof fetch>(async (input, init = {}) => {
    calls.push({ url: String(input), init })
    const next = answers.length > 1 ? answers.shift() : answers[0]
    if (!next) throw new Error('no answer queued')
    if (next instanceof Error) throw next
    return next.clone()
  })
  const fetchFn: typeof fetch = fn
  return { fetch: fetchFn, calls }
}

function client(f: typeof fetch, extra: Partial<Parameters<typeof createApiClient>[0]> = {}) {
  return createApiClient({ baseUrl: '/api', host: 'ckb.localhost', fetch: f, ...extra })
}

describe('GET', () => {
  it('adds the host query parameter and returns data', async () => {
    const { fetch, calls } = fakeFetch(json(200, { data: { cart_total: 10 } }))
    const cart = await getCart(client(fetch))
    expect(cart).toEqual({ cart_total: 10 })
    expect(calls).toHaveLength(1)
    const url = new URL(calls[0]!.url, 'http://x')
    expect(url.pathname).toBe('/api/cart')
    expect(url.searchParams.get('host')).toBe('ckb.localhost')
    expect(calls[0]!.init.method).toBe('GET')
  })

  it('keeps other query values, leaves out nulls, and joins base and path with one slash', async () => {
    const { fetch, calls } = fakeFetch(json(200, { data: { ok: true } }))
    await client(fetch, { baseUrl: 'https://api.example.com/api/' }).get('/utm-data', {
      utm_source: 'ig',
      utm_medium: null,
      utm_term: undefined,
    })
    expect(calls[0]!.url).toBe('https://api.example.com/api/utm-data?utm_source=ig&host=ckb.localhost')
  })

  it('sets a 60000 ms timeout signal and forwards the cookie', async () => {
    const timeout = vi.spyOn(AbortSignal, 'timeout')
    const { fetch, calls } = fakeFetch(json(200, { data: {} }))
    await client(fetch, { cookie: 'sid=abc' }).get('/settings')
    expect(timeout).toHaveBeenCalledWith(60000)
    expect(calls[0]!.init.signal).toBeInstanceOf(AbortSignal)
    expect((calls[0]!.init.headers as Record<string, string>).cookie).toBe('sid=abc')
    timeout.mockRestore()
  })

  it('retries twice after network failures, then succeeds', async () => {
    const { fetch, calls } = fakeFetch(new TypeError('fetch failed'), json(503, {}), json(200, { data: { n: 3 } }))
    await expect(client(fetch).get('/cart')).resolves.toEqual({ n: 3 })
    expect(calls).toHaveLength(3)
  })

  it('throws "Tried 3 times and still failed: {url}" after three failed tries', async () => {
    const { fetch, calls } = fakeFetch(new TypeError('fetch failed'))
    await expect(client(fetch).get('/cart')).rejects.toThrow(new Error('Tried 3 times and still failed: /api/cart?host=ckb.localhost'))
    expect(calls).toHaveLength(3)
  })

  it('counts a timeout as a failed try', async () => {
    const abort = new DOMException('The operation was aborted due to timeout', 'TimeoutError')
    const { fetch, calls } = fakeFetch(abort)
    await expect(client(fetch).get('/settings')).rejects.toThrow('Tried 3 times and still failed: /api/settings?host=ckb.localhost')
    expect(calls).toHaveLength(3)
  })

  it('does not retry a 4xx: throws ApiError with the error list', async () => {
    const { fetch, calls } = fakeFetch(json(404, { errors: [{ message: 'Category not found' }] }))
    const failure = await client(fetch)
      .get('/categories/nope')
      .catch((e: unknown) => e)
    expect(failure).toBeInstanceOf(ApiError)
    expect((failure as ApiError).status).toBe(404)
    expect((failure as ApiError).errors).toEqual([{ message: 'Category not found' }])
    expect(calls).toHaveLength(1)
  })

  it('honours a custom retry count', async () => {
    const { fetch, calls } = fakeFetch(json(500, {}))
    await expect(client(fetch, { retries: 0 }).get('/cart')).rejects.toThrow('Tried 1 times and still failed')
    expect(calls).toHaveLength(1)
  })
})

describe('POST', () => {
  it('sends urlencoded form data with nulls and undefined omitted, no host param, no retry', async () => {
    const { fetch, calls } = fakeFetch(json(200, { data: { items: [] } }))
    await addToCart(client(fetch), 12, null, 2)
    expect(calls).toHaveLength(1)
    expect(calls[0]!.url).toBe('/api/cart/items')
    expect(calls[0]!.init.method).toBe('POST')
    expect((calls[0]!.init.headers as Record<string, string>)['content-type']).toMatch(/^application\/x-www-form-urlencoded/)
    expect(calls[0]!.init.body).toBe('item_id=12&qty=2')
  })

  it('updates a cart line by cartId and clamps qty at 0', async () => {
    const { fetch, calls } = fakeFetch(json(200, { data: { items: [] } }))
    await updateCartLine(client(fetch), 'a/b', -1)
    expect(calls[0]!.url).toBe('/api/cart/items/a%2Fb')
    expect(calls[0]!.init.body).toBe('qty=0')
  })

  it('reads errors from errors, error or err, wrapping a string into a list', async () => {
    for (const body of [{ errors: [{ message: 'Unknown code', field: 'code' }] }, { error: 'Unknown code' }, { err: ['Unknown code'] }]) {
      const { fetch } = fakeFetch(json(422, body))
      const failure = (await postDiscountCode(client(fetch), 'NOPE').catch((e: unknown) => e)) as ApiError
      expect(failure).toBeInstanceOf(ApiError)
      expect(failure.message).toBe('Unknown code')
      expect(failure.errors[0]!.message).toBe('Unknown code')
    }
    const { fetch } = fakeFetch(json(422, { errors: [{ message: 'Unknown code', field: 'code' }] }))
    const failure = (await postDiscountCode(client(fetch), 'x').catch((e: unknown) => e)) as ApiError
    expect(failure.errors).toEqual([{ message: 'Unknown code', field: 'code' }])
  })

  it('gives a readable error for a failure without a body', async () => {
    const { fetch, calls } = fakeFetch(new Response('<html>bad gateway</html>', { status: 502 }))
    const failure = (await addToCart(client(fetch), 1, 'M').catch((e: unknown) => e)) as ApiError
    expect(failure.status).toBe(502)
    expect(failure.message).toBe('Request failed with status 502')
    expect(calls).toHaveLength(1)
  })

  it('test-group joins values with commas and reads data.test.value; failure gives no variant', async () => {
    const ok = fakeFetch(json(200, { data: { test: { value: '4sh' } } }))
    await expect(postTestGroup(client(ok.fetch), 'Vip4sh', ['Control', '4sh'])).resolves.toBe('4sh')
    expect(ok.calls[0]!.init.body).toBe('key=Vip4sh&values=Control%2C4sh')
    const bad = fakeFetch(json(500, { errors: [{ message: 'boom' }] }))
    await expect(postTestGroup(client(bad.fetch), 'Vip4sh', ['Control', '4sh'])).resolves.toBeNull()
  })
})

describe('pixel and marketing calls', () => {
  it('pixel-event is tried once only, with a 12000 ms timeout, and does not throw', async () => {
    const timeout = vi.spyOn(AbortSignal, 'timeout')
    const { fetch, calls } = fakeFetch(new TypeError('fetch failed'))
    await expect(pixelEvent(client(fetch), { uuid: 'u1', event_name: 'PageView', event_json_data: { a: 1 }, fbclid: null })).resolves.toBe(false)
    expect(calls).toHaveLength(1)
    expect(timeout).toHaveBeenCalledWith(12000)
    const url = new URL(calls[0]!.url, 'http://x')
    expect(url.pathname).toBe('/api/pixel-event')
    expect(url.searchParams.get('event_json_data')).toBe('{"a":1}')
    expect(url.searchParams.get('host')).toBe('ckb.localhost')
    expect(url.searchParams.has('fbclid')).toBe(false)
    timeout.mockRestore()
  })

  it('pixel-event is not retried on a 500 either', async () => {
    const { fetch, calls } = fakeFetch(json(500, {}))
    await expect(pixelEvent(client(fetch), { uuid: 'u', event_name: 'AddToCart' })).resolves.toBe(false)
    expect(calls).toHaveLength(1)
  })

  it('utm-data sends the utm parameters and extras', async () => {
    const { fetch, calls } = fakeFetch(json(200, { data: { ok: true } }))
    await utmData(client(fetch), { utm_source: 'email_newsletter', gclid: 'g1' })
    const url = new URL(calls[0]!.url, 'http://x')
    expect(url.searchParams.get('utm_source')).toBe('email_newsletter')
    expect(url.searchParams.get('gclid')).toBe('g1')
  })

  it('style-profile answers data.style_profile', async () => {
    const { fetch } = fakeFetch(json(200, { data: { style_profile: [{ name: 'birthday_day' }] } }))
    await expect(getStyleProfile(client(fetch))).resolves.toEqual([{ name: 'birthday_day' }])
  })
})
