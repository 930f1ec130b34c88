import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AdminSplitTest, SplitTestResults } from '@store/core'
import { DIALECTS, dataOf, TestShopper, type TestStore, startTestStore } from '../test/harness.ts'
import { addStaff, staffBrowser } from '../staff/staff-test-utils.ts'
import { insertSplitTestTraffic } from './split-test-traffic.ts'

const patch = (browser: TestShopper, url: string, json: unknown) =>
  browser.request({ method: 'PATCH', url, payload: JSON.stringify(json), headers: { 'content-type': 'application/json' } })

describe.each(DIALECTS)('split tests in the operator area on %s', (dialect) => {
  let t: TestStore
  let manager: TestShopper
  let analyst: TestShopper
  let support: TestShopper
  beforeAll(async () => {
    t = await startTestStore(dialect)
    manager = await staffBrowser(t.app, (await addStaff(t.store, 'manager', ['popfitclothing', 'ckb'])).email)
    analyst = await staffBrowser(t.app, (await addStaff(t.store, 'analyst')).email)
    support = await staffBrowser(t.app, (await addStaff(t.store, 'support')).email)
  })
  afterAll(() => t.close())

  it('lists Vip4sh, running since it was seeded, with an even split', async () => {
    const { experiments } = dataOf<{ experiments: AdminSplitTest[] }>(await analyst.get('/api/admin/experiments'))
    expect(experiments.find((test) => test.name === 'Vip4sh')).toMatchObject({
      variants: ['Control', '4sh'],
      split: [50, 50],
      status: 'running',
      brands: ['ckb', 'popfitclothing'],
    })
  })

  it('refuses a support agent (403) and an analyst a change (403), and a visitor without a session (401)', async () => {
    expect((await support.get('/api/admin/experiments')).statusCode).toBe(403)
    expect((await analyst.postJson('/api/admin/experiments', { name: 'Nope', variants: 'A,B' })).statusCode).toBe(403)
    expect((await new TestShopper(t.app).get('/api/admin/experiments/Vip4sh/results')).statusCode).toBe(401)
    expect((await analyst.get('/api/admin/experiments/Vip4sh/results')).statusCode).toBe(200)
  })

  it('refuses a bad test at its field, in words', async () => {
    const bad = async (body: unknown) => {
      const response = await manager.postJson('/api/admin/experiments', body)
      return { status: response.statusCode, errors: (response.json() as { errors: { field?: string; message: string }[] }).errors }
    }
    expect(await bad({ name: 'Solo', variants: 'A' })).toMatchObject({
      status: 400,
      errors: [{ field: 'variants', message: 'A test has at least 2 variants, the first the control' }],
    })
    expect(await bad({ name: '1st', variants: 'A,B' })).toMatchObject({ status: 400, errors: [{ field: 'name' }] })
    expect(await bad({ name: 'Shares', variants: 'A,B', split: '60,30' })).toMatchObject({ status: 400, errors: [{ field: 'split', message: 'The shares add up to 100' }] })
    expect(await bad({ name: 'Vip4sh', variants: 'A,B' })).toMatchObject({ status: 409, errors: [{ field: 'name' }] })
    expect(await bad({ name: 'Elsewhere', variants: 'A,B', brands: 'glow' })).toMatchObject({ status: 403, errors: [{ field: 'brands' }] })
  })

  it('creates a draft at two brands, starts it (visitors get a variant by the split), stops it (none)', async () => {
    const created = dataOf<{ experiment: AdminSplitTest }>(
      await manager.postJson('/api/admin/experiments', { name: 'FreeShipBanner', variants: 'Control,Banner', split: '0,100', brands: 'ckb' }),
    )
    expect(created.experiment).toMatchObject({ status: 'draft', split: [0, 100], brands: ['ckb', 'popfitclothing'] })
    const visitor = new TestShopper(t.app)
    expect((await visitor.post('/api/test-group', { key: 'FreeShipBanner', values: 'Control,Banner' })).statusCode).toBe(404)
    expect(dataOf<{ experiment: AdminSplitTest }>(await manager.post('/api/admin/experiments/FreeShipBanner/start')).experiment.status).toBe('running')
    // all of the traffic to Banner: every new visitor gets it
    for (let i = 0; i < 5; i++) {
      const shopper = new TestShopper(t.app)
      expect(dataOf<{ test: { value: string } }>(await shopper.post('/api/test-group', { key: 'FreeShipBanner', values: 'Control,Banner' })).test.value).toBe('Banner')
    }
    expect((await patch(manager, '/api/admin/experiments/FreeShipBanner', { variants: 'A,B,C' })).statusCode).toBe(409)
    expect(dataOf<{ experiment: AdminSplitTest }>(await patch(manager, '/api/admin/experiments/FreeShipBanner', { split: '100,0' })).experiment.split).toEqual([100, 0])
    const stopped = dataOf<{ experiment: AdminSplitTest }>(await manager.post('/api/admin/experiments/FreeShipBanner/stop'))
    expect(stopped.experiment).toMatchObject({ status: 'stopped', visitors: 5 })
    expect((await new TestShopper(t.app).post('/api/test-group', { key: 'FreeShipBanner', values: 'Control,Banner' })).statusCode).toBe(404)
    const audit = await t.store.db.selectFrom('audit_log').select(['action', 'brand_id']).where('entity', '=', 'split_test').where('entity_id', '=', 'FreeShipBanner').execute()
    expect(audit.map((entry) => entry.action).sort()).toEqual(['split_test.create', 'split_test.create', 'split_test.start', 'split_test.stop', 'split_test.update'])
  })

  it("keeps a Vip4sh visitor's variant when the split changes", async () => {
    const visitor = new TestShopper(t.app)
    const first = dataOf<{ test: { value: string } }>(await visitor.post('/api/test-group', { key: 'Vip4sh', values: 'Control,4sh' })).test.value
    const other = first === 'Control' ? [0, 100] : [100, 0]
    await patch(manager, '/api/admin/experiments/Vip4sh', { split: other })
    expect(dataOf<{ test: { value: string } }>(await visitor.post('/api/test-group', { key: 'Vip4sh', values: 'Control,4sh' })).test.value).toBe(first)
    await patch(manager, '/api/admin/experiments/Vip4sh', { split: '' })
  })

  it('reads the results from the orders, with known answers', async () => {
    await manager.postJson('/api/admin/experiments', { name: 'Checkout2', variants: 'Control,Short' })
    await manager.post('/api/admin/experiments/Checkout2/start')
    await insertSplitTestTraffic(t.store.db, 'popfitclothing', 'Checkout2', [
      { value: 'Control', visitors: 100, converted: 10, orderCents: 5000, joins: 2 },
      { value: 'Short', visitors: 100, converted: 20, orderCents: 4000, joins: 5 },
    ])
    const results = dataOf<SplitTestResults>(await analyst.get('/api/admin/experiments/Checkout2/results'))
    const [control, short] = results.variants
    expect(control).toMatchObject({ value: 'Control', visitors: 100, orders: 10, conversion: 0.1, club_joins: 2, revenue: 500, revenue_per_visitor: 5, average_order_value: 50 })
    expect(short).toMatchObject({ value: 'Short', visitors: 100, orders: 20, conversion: 0.2, club_joins: 5, revenue: 800, revenue_per_visitor: 8, average_order_value: 40 })
    // Wilson 95% of 10 in 100: 5.52% to 17.44%
    expect(control!.interval.low).toBeCloseTo(0.0552, 3)
    expect(control!.interval.high).toBeCloseTo(0.1744, 3)
    // pooled two-proportion z = 1.980: p = 0.0477, significant at 95%
    expect(results.comparisons[0]!.conversion_p_value).toBeCloseTo(0.0477, 3)
    expect(results.comparisons[0]!.significant).toBe(true)
    expect(results.summary).toBe('Short beats Control on conversion, and the difference is significant.')
    // a test that is not there
    expect((await manager.get('/api/admin/experiments/Nothing/results')).statusCode).toBe(404)
  })
})
