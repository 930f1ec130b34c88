/**
 * Every role against every action (DESIGN §8), on each database: the operator API's
 * door (staff-guard.ts), with real staff sessions, answers 200 exactly where
 * @store/core's matrix says the role may, 403 elsewhere, 401 without a session, and
 * 403 at a brand the person holds no role at. The real routes follow the same table.
 */
import { STAFF_ACTIONS, STAFF_ROLES, staffMay, type StaffAction, type StaffRole } from '@store/core'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DIALECTS, startTestStore, TestShopper, type TestStore } from '../test/harness.ts'
import { allow, registerStaffSession } from './staff-guard.ts'
import { addStaff, staffBrowser } from './staff-test-utils.ts'

/** One route per action behind the real door, for the table below. */
function probeRoutes(app: FastifyInstance) {
  void app.register(
    // biome-ignore lint/nursery/noMisusedPromises: Fastify's register takes an async plugin (FastifyPluginAsync); Biome's inference does not see that overload
    async (probe) => {
      registerStaffSession(probe)
      for (const action of STAFF_ACTIONS) probe.get(`/${action}`, { onRequest: allow(action) }, async () => ({ data: { ok: true } }))
    },
    { prefix: '/api/admin-probe' },
  )
}

describe.each(DIALECTS)('the permission matrix on %s', (dialect) => {
  let t: TestStore
  const browsers = new Map<StaffRole, TestShopper>()
  let itemId: number
  let size: string
  beforeAll(async () => {
    t = await startTestStore(dialect, { beforeReady: probeRoutes })
    for (const role of STAFF_ROLES) {
      const member = await addStaff(t.store, role)
      browsers.set(role, await staffBrowser(t.app, member.email))
    }
    const row = await t.store.db.selectFrom('item_sizes').select(['item_id', 'size']).where('brand_id', '=', 'popfitclothing').orderBy('item_id').executeTakeFirstOrThrow()
    itemId = row.item_id
    size = row.size
  }, 60_000)
  afterAll(() => t.close())

  const table = STAFF_ROLES.flatMap((role) => STAFF_ACTIONS.map((action) => [role, action] as [StaffRole, StaffAction]))

  it.each(table)('%s / %s', async (role, action) => {
    const response = await browsers.get(role)!.get(`/api/admin-probe/${action}`)
    expect(response.statusCode).toBe(staffMay(role, action) ? 200 : 403)
  })

  it('refuses every action without a staff session (401), and at a brand without a role (403)', async () => {
    const visitor = new TestShopper(t.app)
    for (const action of STAFF_ACTIONS) expect((await visitor.get(`/api/admin-probe/${action}`)).statusCode).toBe(401)
    const owner = await addStaff(t.store, 'owner', ['ckb'])
    const atCkb = await staffBrowser(t.app, owner.email, 'ckb.localhost')
    // the same cookie at another brand's host is no session there
    const cookie = atCkb.cookieHeader
    expect((await new TestShopper(t.app).request({ method: 'GET', url: '/api/admin-probe/catalog.view', headers: { cookie } })).statusCode).toBe(401)
    // someone whose role here was removed keeps no access through an old session
    await t.store.db.deleteFrom('staff_brand_roles').where('staff_id', '=', owner.id).execute()
    expect((await atCkb.get('/api/admin-probe/catalog.view')).statusCode).toBe(403)
  })

  const realRoutes: { action: StaffAction; call: (browser: TestShopper) => Promise<{ statusCode: number }> }[] = [
    { action: 'catalog.view', call: (b) => b.get('/api/admin/items') },
    { action: 'catalog.edit', call: (b) => b.request({ method: 'PATCH', url: `/api/admin/items/${itemId}`, payload: { description: 'Checked by the permission test.' } }) },
    { action: 'stock.adjust', call: (b) => b.postJson('/api/admin/stock', { item_id: itemId, size, quantity: 9, reason: 'permission test count' }) },
    { action: 'audit.view', call: (b) => b.get('/api/admin/audit') },
    { action: 'staff.manage', call: (b) => b.get('/api/admin/staff') },
  ]
  const realTable = STAFF_ROLES.flatMap((role) => realRoutes.map((route) => [role, route.action, route] as const))

  it.each(realTable)('%s on the real route of %s', async (role, action, route) => {
    const response = await route.call(browsers.get(role)!)
    expect(response.statusCode).toBe(staffMay(role, action) ? 200 : 403)
  })
})
