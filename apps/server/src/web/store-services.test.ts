import { isStoreError } from '@store/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { brandForHost, brandsWithOrigins } from '../brands/registry.ts'
import { invalidateCatalog } from '../catalog/catalog.service.ts'
import { createRequestContext } from '../context/request-context.ts'
import { invalidateSettings } from '../settings/settings.service.ts'
import { DIALECTS, startTestStore, type TestStore } from '../test/harness.ts'
import { statementsOf } from '../test/statements.ts'
import { createStoreServices } from './store-services.ts'

const silent = { info() {}, warn() {}, error() {} }

describe.each(DIALECTS)('store services for pages on %s', (dialect) => {
  let t: TestStore
  beforeAll(async () => {
    t = await startTestStore(dialect)
  })
  afterAll(() => t.close())

  const servicesFor = (brandHost: string, sessionToken?: string) => {
    const brand = brandForHost(brandHost, brandsWithOrigins(t.app.env.publicOrigins))!
    const ctx = createRequestContext({ store: t.store, sessions: t.app.sessionStore, env: t.app.env }, { brand, clientIp: '127.0.0.1', log: silent, sessionToken })
    return { ctx, services: createStoreServices(ctx) }
  }

  it('renders an item page from a cold cache in at most 6 statements, and makes no session for a visitor', async () => {
    const { services } = servicesFor('ckb.localhost')
    const category = await services.category('underwear')
    const itemId = category.items[0]!.id
    invalidateCatalog('ckb')
    invalidateSettings('ckb')
    // what the root loader and the item page's loader ask for
    const statements = await statementsOf(t.store, () => Promise.all([services.settings(), services.cart(), services.item(itemId), services.reviews({ itemId, perPage: 6 })]))
    expect(statements.length).toBeLessThanOrEqual(6)
    expect(statements.some((sql) => /sessions/i.test(sql))).toBe(false)
  })

  it('checks page input with the API rules and refuses it as a StoreError', async () => {
    const { services } = servicesFor('localhost')
    const failure = await services.item('abc').catch((error: unknown) => error)
    expect(isStoreError(failure)).toBe(true)
    expect(failure).toMatchObject({ status: 400, errors: [{ message: 'Item id must be a number' }] })
    const missing = await services.category('no-such-category').catch((error: unknown) => error)
    expect(missing).toMatchObject({ status: 404 })
    const badCode = await services.applyDiscountCode('NOPE-NOT-A-CODE').catch((error: unknown) => error)
    expect(badCode).toMatchObject({ status: 422, errors: [{ field: 'code' }] })
  })

  it('reads the cart once per request and again after a change, starting the session on the first write', async () => {
    const { ctx, services } = servicesFor('ckb.localhost')
    const category = await services.category('underwear')
    const item = category.items.find((candidate) => candidate.availableSizes.length > 0)!
    const first = await services.cart()
    expect(await services.cart()).toBe(first)
    expect(ctx.session.cookieChanges).toHaveLength(0)
    const after = await services.addToCart({ item_id: String(item.id), size: item.availableSizes[0]!, qty: '2' })
    expect(after.items).toHaveLength(1)
    expect(after.items[0]!.qty).toBe(2)
    expect(ctx.session.cookieChanges.map((change) => change.kind)).toEqual(['set'])
  })
})
