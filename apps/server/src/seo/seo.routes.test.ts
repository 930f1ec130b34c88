import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DIALECTS, startTestStore, TestShopper, type TestStore } from '../test/harness.ts'
import { isDisallowed } from './seo.service.ts'

const ORIGINS = {
  popfitclothing: 'https://popfitclothing.com',
  ckb: 'https://ckbintimates.com',
  glow: 'https://glowlounge.com',
} as const
const HOSTS = { popfitclothing: 'localhost:3000', ckb: 'ckb.localhost', glow: 'glow.localhost' } as const
type BrandId = keyof typeof ORIGINS

function locs(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!)
}

describe.each(DIALECTS)('robots.txt and sitemap.xml on %s', (dialect) => {
  let t: TestStore
  const brandItems: Record<BrandId, number[]> = { popfitclothing: [], ckb: [], glow: [] }
  const sitemaps = {} as Record<BrandId, string[]>

  beforeAll(async () => {
    // production origins: what the pages say must not depend on the Host a request came with
    t = await startTestStore(dialect, { env: { PUBLIC_ORIGINS: 'production' } })
    const items = await t.store.db.selectFrom('items').select(['id', 'brand_id']).where('active', '=', 1).execute()
    for (const item of items) brandItems[item.brand_id as BrandId]?.push(item.id)
    for (const brand of Object.keys(ORIGINS) as BrandId[]) {
      const response = await new TestShopper(t.app, HOSTS[brand]).get('/sitemap.xml')
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-type']).toMatch(/^application\/xml/)
      expect(response.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/)
      sitemaps[brand] = locs(response.body)
    }
  })
  afterAll(() => t.close())

  it.each(Object.keys(ORIGINS) as BrandId[])("lists only %s's own origin, and each address once", (brand) => {
    const list = sitemaps[brand]
    expect(list.length).toBeGreaterThan(10)
    for (const loc of list) expect(loc.startsWith(`${ORIGINS[brand]}/`), loc).toBe(true)
    expect(new Set(list).size).toBe(list.length)
    expect(list.join('\n')).not.toMatch(/localhost/)
  })

  it.each(Object.keys(ORIGINS) as BrandId[])('lists every item of %s and no item of another brand', (brand) => {
    const items = new Set(sitemaps[brand].filter((loc) => loc.includes('/item/')).map((loc) => Number(loc.split('/item/')[1])))
    expect([...items].sort((a, b) => a - b)).toEqual([...brandItems[brand]].sort((a, b) => a - b))
    for (const other of Object.keys(ORIGINS) as BrandId[]) {
      if (other === brand) continue
      for (const id of brandItems[other]) expect(items.has(id)).toBe(false)
    }
  })

  it('lists home, categories, category groups, content pages and info pages; club pages only for brands with a club', () => {
    const paths = (brand: BrandId) => sitemaps[brand].map((loc) => loc.slice(ORIGINS[brand].length))
    expect(paths('popfitclothing')).toEqual(
      expect.arrayContaining([
        '/',
        '/category/leggings',
        '/category-group/tops',
        '/page/pf-lastchance',
        '/page/store-policies',
        '/about-us',
        '/terms',
        '/photo-size-chart',
        '/vip',
        '/vip_exclusives',
      ]),
    )
    expect(paths('ckb')).toEqual(expect.arrayContaining(['/', '/category/underwear', '/category-group/sleep', '/page/ckb-store-policies', '/vip']))
    expect(paths('glow')).toEqual(expect.arrayContaining(['/', '/category/loungewear', '/category-group/cozy-extras', '/about-us', '/care']))
    expect(paths('glow')).not.toContain('/vip')
    expect(paths('glow')).not.toContain('/vipterms')
    // glow's home is its 'home' content page: listed once, as /
    expect(paths('glow')).not.toContain('/page/home')
  })

  it('lists no checkout-type, members or social media specials address', () => {
    for (const brand of Object.keys(ORIGINS) as BrandId[]) {
      for (const loc of sitemaps[brand]) {
        const path = new URL(loc).pathname
        expect(path).not.toMatch(/^\/(checkout|please-wait|special-offer|thank-you|members|orders|change_|skip-vip|cancel|pause-vip|wishlist|social_media_specials|login|logout)/)
        expect(isDisallowed(path), path).toBe(false)
      }
    }
  })

  it("names the brand's own sitemap in robots.txt and keeps crawlers out of checkout and members pages", async () => {
    for (const brand of Object.keys(ORIGINS) as BrandId[]) {
      const response = await new TestShopper(t.app, HOSTS[brand]).get('/robots.txt')
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-type']).toMatch(/^text\/plain/)
      const lines = response.body.split('\n')
      expect(lines[0]).toBe('User-agent: *')
      expect(lines).toContain(`Sitemap: ${ORIGINS[brand]}/sitemap.xml`)
      expect(lines.filter((line) => line.startsWith('Sitemap:'))).toHaveLength(1)
      for (const path of [
        '/checkout',
        '/checkout-club',
        '/checkout-ob',
        '/please-wait',
        '/special-offer',
        '/thank-you',
        '/social_media_specials/',
        '/members',
        '/orders',
        '/wishlist',
        '/cancel-vip',
        '/pause-vip',
        '/skip-vip',
        '/change_password',
        '/change_payment',
      ]) {
        expect(
          lines.some((line) => line.startsWith('Disallow: ') && path.startsWith(line.slice('Disallow: '.length))),
          path,
        ).toBe(true)
      }
      for (const path of ['/', '/category/leggings', '/item/1001', '/vip', '/media/product/x.svg']) {
        expect(isDisallowed(path), path).toBe(false)
      }
    }
  })

  it('takes no address from the request: a forged Host or X-Forwarded-Host changes nothing', async () => {
    const forged = await t.app.inject({
      method: 'GET',
      url: '/sitemap.xml',
      headers: { host: 'ckb.localhost', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' },
    })
    expect(locs(forged.body)).toEqual(sitemaps.ckb)
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt', headers: { host: 'ckb.localhost:9999', 'x-forwarded-host': 'evil.example' } })
    expect(robots.body).toContain('Sitemap: https://ckbintimates.com/sitemap.xml')
    expect(robots.body).not.toContain('evil')
  })

  it('answers an unknown host with 404', async () => {
    expect((await new TestShopper(t.app, 'shop.example.com').get('/sitemap.xml')).statusCode).toBe(404)
  })
})

describe('public origins in development', () => {
  let t: TestStore
  beforeAll(async () => {
    t = await startTestStore('sqlite', { env: { PORT: '4321' } })
  })
  afterAll(() => t.close())

  it("uses each brand's local address with the port", async () => {
    const glow = await new TestShopper(t.app, 'glow.localhost').get('/sitemap.xml')
    for (const loc of locs(glow.body)) expect(loc.startsWith('http://glow.localhost:4321/'), loc).toBe(true)
    const popfit = await new TestShopper(t.app, '127.0.0.1:4321').get('/robots.txt')
    expect(popfit.body).toContain('Sitemap: http://localhost:4321/sitemap.xml')
  })
})
