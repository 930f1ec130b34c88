import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DIALECTS, dataOf, errorsOf, startTestStore, TestShopper, type TestStore } from '../test/harness.ts'

describe.each(DIALECTS)('store settings and brands on %s', (dialect) => {
  let t: TestStore
  beforeAll(async () => {
    t = await startTestStore(dialect)
  })
  afterAll(() => t.close())

  it('gives each host its own brand settings', async () => {
    const popfit = dataOf<{ storeName: string; mainShoppingPath: string; brandHasClub: boolean }>(await new TestShopper(t.app, 'localhost:3000').get('/api/settings'))
    const ckb = dataOf<{ storeName: string; brandHasClub: boolean }>(await new TestShopper(t.app, 'ckb.localhost').get('/api/settings'))
    const glow = dataOf<{ storeName: string; brandHasClub: boolean }>(await new TestShopper(t.app, 'glow.localhost').get('/api/settings'))
    expect(new Set([popfit.storeName, ckb.storeName, glow.storeName]).size).toBe(3)
    expect(popfit.mainShoppingPath).toBe('/category/leggings')
    expect(popfit.brandHasClub).toBe(true)
    expect(glow.brandHasClub).toBe(false)
  })

  it('takes the brand from the Host header; the host parameter may only name that same brand', async () => {
    const ckb = new TestShopper(t.app, 'ckb.localhost')
    const same = dataOf<{ mainShoppingPath: string }>(await ckb.get('/api/settings?host=ckb.localhost'))
    expect(same.mainShoppingPath).toBe('/category/underwear')
    const other = await new TestShopper(t.app, 'localhost').get('/api/settings?host=ckb.localhost')
    expect(other.statusCode).toBe(400)
    expect(errorsOf(other)[0]).toMatch(/host parameter names another store/)
  })

  it('sends security headers with every answer', async () => {
    const response = await new TestShopper(t.app).get('/api/settings')
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN')
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
  })

  it('knows a host written in capitals or as a full name with its final dot (ckbintimates.com.)', async () => {
    for (const host of ['CKB.LOCALHOST', 'ckb.localhost.', 'ckb.localhost.:3000']) {
      const settings = dataOf<{ mainShoppingPath: string }>(await new TestShopper(t.app, host).get('/api/settings'))
      expect(settings.mainShoppingPath, host).toBe('/category/underwear')
    }
    const twoDots = await new TestShopper(t.app, 'ckb.localhost..').get('/api/settings')
    expect(twoDots.statusCode).toBe(404)
  })

  it('answers an unknown host with 404 Unknown host', async () => {
    const response = await new TestShopper(t.app, 'shop.example.com').get('/api/settings')
    expect(response.statusCode).toBe(404)
    expect(errorsOf(response)).toEqual(['Unknown host'])
  })

  it('shapes menus, banner and sizing guide', async () => {
    const settings = dataOf<{
      headerMenu: { caption: string; link: string; children: unknown[]; dropdownImage: { url: string } | null }[]
      footerMenu: { header: string; showDuringCheckout: boolean; links: unknown[] }[]
      globalBanner: { desktop: { url: string; width: number }; mobile: { url: string } } | null
      sizingGuide: { size: string; front: string }[]
      sizes: string[]
    }>(await new TestShopper(t.app).get('/api/settings'))
    expect(settings.headerMenu.length).toBeGreaterThanOrEqual(4)
    expect(settings.headerMenu.some((entry) => entry.children.length > 0 && entry.dropdownImage)).toBe(true)
    expect(settings.footerMenu.some((group) => group.showDuringCheckout)).toBe(true)
    expect(settings.footerMenu.some((group) => !group.showDuringCheckout)).toBe(true)
    expect(settings.globalBanner?.desktop.url).toMatch(/^\/media\//)
    expect(settings.sizingGuide.length).toBeGreaterThan(3)
    expect(settings.sizes).toContain('XXXXXL')
  })

  it('documents every route in /api/openapi.json', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { host: 'localhost' } })
    expect(response.statusCode).toBe(200)
    const paths = Object.keys((response.json() as { paths: Record<string, unknown> }).paths)
    for (const path of ['/api/cart', '/api/settings', '/api/items/{id}', '/api/categories/{name}', '/api/discount-code', '/api/test-group']) {
      expect(paths).toContain(path)
    }
  })
})

describe('malformed addresses', () => {
  it('answers bad percent-encoding with the error shape, not a crash', async () => {
    const t = await startTestStore('sqlite')
    try {
      const response = await new TestShopper(t.app).get('/api/categories/%E0%A4%A')
      expect(response.statusCode).toBe(400)
      expect(errorsOf(response)[0]).toMatch(/not valid/)
    } finally {
      await t.close()
    }
  })
})

describe.each(DIALECTS)('a brand at the host of its configured public origin, on %s', (dialect) => {
  let t: TestStore
  beforeAll(async () => {
    t = await startTestStore(dialect, { env: { PUBLIC_ORIGINS: 'ckb=https://shop.ckb.test' } })
  })
  afterAll(() => t.close())

  it('serves ckb at https://shop.ckb.test, where its canonical links and e-mails point, and still at its own hosts', async () => {
    for (const host of ['shop.ckb.test', 'SHOP.CKB.TEST.', 'ckb.localhost']) {
      const settings = dataOf<{ mainShoppingPath: string }>(await new TestShopper(t.app, host).get('/api/settings'))
      expect(settings.mainShoppingPath, host).toBe('/category/underwear')
    }
    const robots = await new TestShopper(t.app, 'shop.ckb.test').get('/robots.txt')
    expect(robots.statusCode).toBe(200)
    expect(robots.body).toContain('https://shop.ckb.test/sitemap.xml')
    // the other brands keep theirs
    expect(dataOf<{ mainShoppingPath: string }>(await new TestShopper(t.app, 'localhost').get('/api/settings')).mainShoppingPath).toBe('/category/leggings')
  })
})
