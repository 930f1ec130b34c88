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
    `/api/categories/${'x'.repeat(500)}`,
    '/api/category-groups/%20',
    '/api/reviews?item_id=abc&page=-3',
    '/api/reviews?per_page=100000',
    '/api/content/pages/%2e%2e',
    '/api/social-media-specials/<script>',
    '/api/pixel-event',
    '/api/pixel-event?uuid=short&event_name=1nvalid',
    '/api/pixel-event?uuid=aaaaaaaaaa&event_name=PageView&event_json_data=[1,2]',
    `/api/utm-data?utm_source=${'y'.repeat(5000)}`,
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

  it('says back at most 120 characters of an address: an unknown path (404), an overlong part of one (400)', async () => {
    const unknown = `/api/nothing-here/${'a'.repeat(3000)}`
    const missing = await new TestShopper(t.app).get(unknown)
    expect(missing.statusCode).toBe(404)
    expect(errorsOf(missing)).toEqual([`No such page: GET ${unknown.slice(0, 120)}…`])
    expect(errorsOf(await new TestShopper(t.app).get('/api/nothing-here'))).toEqual(['No such page: GET /api/nothing-here'])
    const overlong = await new TestShopper(t.app).postJson(`/api/cart/items/${'a'.repeat(3000)}`, { qty: 1 })
    expect(overlong.statusCode).toBe(400)
    const [message] = errorsOf(overlong)
    expect(message).toMatch(/^This address is not valid: .{120}…$/)
  })

  it('POST /api/logout (which reads no body) never fails on a broken one', async () => {
    for (const [type, payload, what] of BODIES) {
      const response = await new TestShopper(t.app).request({ method: 'POST', url: '/api/logout', payload, headers: { 'content-type': type } })
      expect(response.statusCode, `${what}: ${response.body}`).toBeLessThan(500)
    }
  })

  it('every documented route, with odd values in each path part, query parameter and body field', async () => {
    const anonymous = new TestShopper(t.app)
    const doc = (await anonymous.get('/api/openapi.json')).json() as { paths: Record<string, Record<string, DocumentedOperation>> }
    const customer = new TestShopper(t.app)
    expect((await customer.post('/api/register', { name: 'Odd Values', email: 'odd-values@example.com', password: 'correct horse battery' })).statusCode).toBe(200)
    const answered = new Set<number>()
    const failures: string[] = []
    // the customer first: its session must not end (logout) before its own calls
    for (const shopper of [customer, anonymous]) {
      for (const [path, methods] of Object.entries(doc.paths)) {
        if (path.endsWith('/logout')) continue
        for (const [method, operation] of Object.entries(methods)) {
          for (const call of oddCalls(path, method.toUpperCase(), operation)) {
            const response = await shopper.request(call)
            answered.add(response.statusCode)
            const what = `${call.method} ${call.url.slice(0, 100)} ${String(call.payload ?? '').slice(0, 60)} -> ${response.statusCode}`
            if (response.statusCode >= 500) failures.push(`${what}: ${response.body.slice(0, 200)}`)
            else if (response.statusCode >= 400 && !/\w/.test(errorsOf(response)[0] ?? '')) failures.push(`${what} without a message`)
          }
        }
      }
    }
    expect(failures).toEqual([])
    // the calls reached the routes' own rules, not only the router's 404
    expect([...answered]).toEqual(expect.arrayContaining([200, 400, 401, 404, 422]))
  }, 120_000)

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

interface OddBody {
  payload: string
  headers: Record<string, string>
}
interface OddCall extends Partial<OddBody> {
  method: string
  url: string
}

interface DocumentedOperation {
  parameters?: { name: string; in: string }[]
  requestBody?: { content: Record<string, { schema?: { properties?: Record<string, unknown> } }> }
}

/** Path parts a route must refuse or not find: not numbers, out of range, encoded oddities, overlong. */
const ODD_PATH_PARTS = ['0', '-1', 'abc', '1e99', '99999999999999999999', '%00', '..%2F..', 'x'.repeat(300), '%E0%A4%A', "'", '1001']
/** Values of every type for each field at once: wrong types, out of range, overlong, control characters. */
const ODD_VALUES: unknown[] = [null, true, -1, 1.5, 1e308, '', '1001', 'M', '\u0000', 'x'.repeat(20_000), { $gt: 1 }, [1, 2]]

/**
 * The calls made on one documented operation: each odd path part in its `{parameters}`, and with
 * each, the operation as it is, its body fields all set to one odd value (JSON), a broken JSON body,
 * every field repeated (a form), and its query parameters all set to one odd value.
 */
function oddCalls(path: string, method: string, operation: DocumentedOperation): OddCall[] {
  const urls = path.includes('{') ? ODD_PATH_PARTS.map((part) => path.replace(/\{[^}]+\}/g, part)) : [path]
  const bodySchema = Object.values(operation.requestBody?.content ?? {})[0]?.schema
  const fields = Object.keys(bodySchema?.properties ?? {})
  const query = (operation.parameters ?? []).filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name)
  const json = (payload: string): OddBody => ({ payload, headers: { 'content-type': 'application/json' } })
  return urls.flatMap((url) => {
    const calls: OddCall[] = [{ method, url }]
    const withBody = (body: OddBody): OddCall[] => (method === 'GET' ? [] : [{ method, url, ...body }])
    for (const value of ODD_VALUES) {
      calls.push(...withBody(json(JSON.stringify(Object.fromEntries(fields.map((field) => [field, value]))))))
      if (query.length > 0) {
        const text = typeof value === 'string' ? value.slice(0, 3000) : JSON.stringify(value)
        calls.push({ method, url: `${url}?${new URLSearchParams(query.map((name): [string, string] => [name, text]))}` })
      }
    }
    calls.push(...withBody(json('{"unfinished":')))
    const repeated = fields.map((field) => `${field}=1&${field}=2`).join('&')
    calls.push(...withBody({ payload: repeated, headers: { 'content-type': 'application/x-www-form-urlencoded' } }))
    return calls
  })
}
