import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DIALECTS, errorsOf, startTestStore, TestShopper, type TestStore } from '../test/harness.ts'

/**
 * Every route meets malformed input with a 4xx and a readable message, never a
 * 500: odd ids, wrong types, broken bodies, overlong values, control characters.
 */
describe.each(DIALECTS)('bad input never makes a 500 on %s', (dialect) => {
  let t: TestStore
  beforeAll(async () => {
    t = await startTestStore(dialect)
  })
  afterAll(() => t.close())

  const GETS = [
    '/api/items/0',
    '/api/items/-1',
    '/api/items/1.5',
    '/api/items/1e99',
    '/api/items/99999999999999999999',
    '/api/items/%00',
    '/api/categories/..%2F..%2Fetc',
    '/api/categories/' + 'x'.repeat(500),
    '/api/category-groups/%20',
    '/api/reviews?item_id=abc&page=-3',
    '/api/reviews?per_page=100000',
    '/api/content/pages/%2e%2e',
    '/api/social-media-specials/<script>',
    '/api/pixel-event',
    '/api/pixel-event?uuid=short&event_name=1nvalid',
    '/api/pixel-event?uuid=aaaaaaaaaa&event_name=PageView&event_json_data=[1,2]',
    '/api/utm-data?utm_source=' + 'y'.repeat(5000),
    '/api/nowhere',
  ]

  const BODIES: [string, string, string][] = [
    ['application/json', '[1,2,3]', 'array'],
    ['application/json', '"text"', 'string'],
    ['application/json', 'null', 'null'],
    ['application/json', '{"item_id":{"$gt":1},"size":["M"],"qty":true}', 'objects'],
    ['application/json', '{"item_id":1001,"size":"M","qty":1e400}', 'infinite'],
    ['application/x-www-form-urlencoded', 'item_id=1001&item_id=1002&size=M&qty=1', 'repeated fields'],
    ['application/x-www-form-urlencoded', '%%%', 'broken encoding'],
    ['text/plain', 'hello', 'unsupported type'],
    ['application/json', '{"code":"\\u0000DROP TABLE"}', 'control characters'],
    ['multipart/form-data', 'item_id=1', 'multipart without a boundary'],
    ['multipart/form-data; boundary=xyz', '--xyz\r\nContent-Disposition: form-data; name="code"\r\n\r\nFIRST15', 'unterminated multipart'],
    ['multipart/form-data; boundary=xyz', 'not a multipart body at all', 'multipart without parts'],
    ['multipart/form-data; boundary=xyz', '--xyz\r\nContent-Disposition: form-data\r\n\r\nx\r\n--xyz--\r\n', 'multipart part without a name'],
  ]
  const POSTS = [
    '/api/analytics-events',
    '/api/cart/items',
    '/api/cart/items/00000000-0000-0000-0000-000000000000',
    '/api/discount-code',
    '/api/test-group',
    '/api/style-profile',
    '/api/register',
    '/api/login',
    '/api/forgot',
    '/api/reset-password',
  ]

  it.each(GETS)('GET %s', async (url) => {
    const response = await new TestShopper(t.app).get(url)
    expect(response.statusCode).toBeGreaterThanOrEqual(400)
    expect(response.statusCode).toBeLessThan(500)
    expect(errorsOf(response)[0]).toMatch(/\w/)
  })

  it.each(POSTS)('POST %s with broken bodies', async (url) => {
    const shopper = new TestShopper(t.app)
    for (const [type, payload, what] of BODIES) {
      const response = await shopper.request({ method: 'POST', url, payload, headers: { 'content-type': type } })
      expect(response.statusCode, `${what}: ${response.body}`).toBeGreaterThanOrEqual(400)
      expect(response.statusCode, `${what}: ${response.body}`).toBeLessThan(500)
      expect(errorsOf(response)[0], what).toMatch(/\w/)
    }
  })

  it('POST /api/logout (which reads no body) never fails on a broken one', async () => {
    for (const [type, payload, what] of BODIES) {
      const response = await new TestShopper(t.app).request({ method: 'POST', url: '/api/logout', payload, headers: { 'content-type': type } })
      expect(response.statusCode, `${what}: ${response.body}`).toBeLessThan(500)
    }
  })

  it('a Host header that is not a host name is a 400, not a crash', async () => {
    for (const host of ['localhost:abc', 'localhost:99999999', 'local host', 'evil.example/x']) {
      const response = await t.app.inject({ url: '/api/settings', headers: { host } })
      expect(response.statusCode, host).toBeGreaterThanOrEqual(400)
      expect(response.statusCode, host).toBeLessThan(500)
      expect(errorsOf(response)[0], host).toMatch(/\w/)
    }
  })

  it('forwarded headers a client made up change nothing (TRUST_PROXY is off)', async () => {
    const response = await new TestShopper(t.app).request({
      method: 'GET',
      url: '/api/settings',
      headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'javascript' },
    })
    expect(response.statusCode).toBe(200)
  })
})
