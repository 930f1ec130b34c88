import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import mediaRoutes from './media.routes.ts'
import {
  bannerUrl,
  categoryImageUrl,
  escapeXml,
  figureUrl,
  GARMENTS,
  ICON_NAMES,
  iconUrl,
  parseMediaFile,
  portraitUrl,
  PRODUCT_VIEWS,
  productImageUrl,
  renderBannerSvg,
  renderMedia,
  renderProductSvg,
} from './media.service.ts'

function expectSvg(svg: string, width: number, height: number) {
  expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true)
  expect(svg.endsWith('</svg>')).toBe(true)
  expect(svg).toContain(`width="${width}"`)
  expect(svg).toContain(`height="${height}"`)
  expect(svg).toMatch(/viewBox="0 0 [\d.]+ [\d.]+"/)
  expect(Buffer.byteLength(svg)).toBeLessThan(4096)
  expect(svg).not.toMatch(/NaN|undefined|Infinity/)
  // balanced tags (a cheap well-formedness check)
  const opened = (svg.match(/<[a-zA-Z]+[^>]*[^/]>/g) ?? []).length
  const closed = (svg.match(/<\/[a-zA-Z]+>/g) ?? []).length
  expect(opened).toBe(closed)
}

/** Parses a URL the way the route sees it. */
function parseUrl(url: string) {
  const m = /^\/media\/([a-z]+)\/([^/]+)$/.exec(url)
  if (!m) throw new Error(url)
  return parseMediaFile(m[1] as 'product', decodeURIComponent(m[2]!))
}

describe('media service', () => {
  it('renders every garment in every view as a small valid SVG', () => {
    for (const garment of GARMENTS) {
      for (const view of PRODUCT_VIEWS) {
        const url = productImageUrl({ itemId: 1001, garment, view, color: '#1d1d1f', width: 800, height: 1000 })
        const request = parseUrl(url)
        expect(request, url).not.toBeNull()
        expectSvg(renderMedia(request!), 800, 1000)
      }
    }
  })

  it('renders each kind from its URL', () => {
    const urls: [string, number, number][] = [
      [portraitUrl({ brandId: 'ckb', seed: 42, width: 600, height: 800 }), 600, 800],
      [bannerUrl({ brandId: 'glow', width: 1600, height: 200, text: 'Free shipping over $75' }), 1600, 200],
      [categoryImageUrl({ brandId: 'popfitclothing', garment: 'leggings', color: '#c2185b', width: 600, height: 750, text: 'Leggings' }), 600, 750],
      [figureUrl({ brandId: 'popfitclothing', view: 'side', width: 400, height: 600, text: 'XXXXXL' }), 400, 600],
      [figureUrl({ brandId: 'glow', view: 'front', width: 400, height: 600, text: 'One Size' }), 400, 600],
      [iconUrl({ name: 'heart', color: '#c2185b' }), 48, 48],
    ]
    for (const [url, w, h] of urls) {
      const request = parseUrl(url)
      expect(request, url).not.toBeNull()
      expectSvg(renderMedia(request!), w, h)
    }
    for (const name of ICON_NAMES) expectSvg(renderMedia({ kind: 'icon', name, color: '#000000' }), 48, 48)
  })

  it('is deterministic', () => {
    const spec = { brandId: 'ckb' as const, seed: 7, width: 300, height: 300 }
    expect(renderMedia({ kind: 'portrait', ...spec })).toBe(renderMedia({ kind: 'portrait', ...spec }))
  })

  it('escapes text it embeds', () => {
    expect(escapeXml(`<a href="x">&'`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&#39;')
    const svg = renderBannerSvg({ brandId: 'popfitclothing', width: 800, height: 200, text: '<script>alert("x")</script> & more' })
    expect(svg).not.toContain('<script>')
    expect(svg).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more')
    expect(svg).toContain('aria-label="&lt;script&gt;')
  })

  it('reads the brand of a product from its item id', () => {
    const pf = renderProductSvg({ itemId: 1001, garment: 'bra', view: 'front', color: '#ffffff', width: 100, height: 100 })
    const glow = renderProductSvg({ itemId: 3001, garment: 'bra', view: 'front', color: '#ffffff', width: 100, height: 100 })
    expect(pf).not.toBe(glow)
  })

  it('rejects malformed names', () => {
    const bad: [Parameters<typeof parseMediaFile>[0], string][] = [
      ['product', '1001-leggings-front-1d1d1f-800x1000.png'],
      ['product', '1001-cape-front-1d1d1f-800x1000.svg'],
      ['product', '1001-leggings-top-1d1d1f-800x1000.svg'],
      ['product', '1001-leggings-front-zzzzzz-800x1000.svg'],
      ['product', '1001-leggings-front-1d1d1f-8x1000.svg'],
      ['product', '1001-leggings-front-1d1d1f-9999x1000.svg'],
      ['banner', 'acme-800x200-Hi.svg'],
      ['banner', 'glow-800x200-.svg'],
      ['banner', `glow-800x200-${'x'.repeat(121)}.svg`],
      ['icon', 'toString-000000.svg'],
      ['icon', 'heart-000.svg'],
      ['figure', 'ckb-top-400x600-M.svg'],
      ['portrait', 'ckb-x-600x800.svg'],
    ]
    for (const [kind, file] of bad) expect(parseMediaFile(kind, file), `${kind}/${file}`).toBeNull()
  })
})

describe('GET /media/:kind/:file', () => {
  async function app() {
    const server = Fastify()
    await server.register(mediaRoutes)
    return server
  }

  it('serves an SVG with long-lived caching', async () => {
    const server = await app()
    const res = await server.inject({ method: 'GET', url: '/media/product/1001-leggings-front-1d1d1f-800x1000.svg' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('image/svg+xml')
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expectSvg(res.body, 800, 1000)
    await server.close()
  })

  it('serves text from an encoded name, escaped', async () => {
    const server = await app()
    const url = bannerUrl({ brandId: 'ckb', width: 800, height: 200, text: 'Any 5 pairs for $50 <b>&</b> "free" shipping' })
    const res = await server.inject({ method: 'GET', url })
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('Any 5 pairs for $50 &lt;b&gt;&amp;&lt;/b&gt; &quot;free&quot; shipping')
    const slash = await server.inject({ method: 'GET', url: bannerUrl({ brandId: 'ckb', width: 800, height: 200, text: 'Tops / Bras 100%' }) })
    expect(slash.statusCode).toBe(200)
    expect(slash.body).toContain('Tops / Bras 100%')
    await server.close()
  })

  it('answers 400 with errors for malformed names, never 500', async () => {
    const server = await app()
    const urls = [
      '/media/product/nope.svg',
      '/media/product/1001-leggings-front-1d1d1f-800x1000',
      '/media/product/..%2F..%2Fetc%2Fpasswd',
      '/media/icon/__proto__-000000.svg',
      '/media/figure/glow-front-400x600-%00.svg',
      `/media/banner/glow-800x200-${'a'.repeat(500)}.svg`,
    ]
    for (const url of urls) {
      const res = await server.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(400)
      expect(res.json(), url).toEqual({ errors: [{ message: expect.any(String) }] })
    }
    // a broken percent-encoding is refused by Fastify's router before the route runs (FST_ERR_BAD_URL):
    // still a 400; its body is shaped by the app's frameworkErrors handler, not by this plugin
    const broken = await server.inject({ method: 'GET', url: '/media/banner/glow-800x200-%E0%A4%A.svg' })
    expect(broken.statusCode).toBe(400)
    const unknown = await server.inject({ method: 'GET', url: '/media/video/x.svg' })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toEqual({ errors: [{ message: expect.any(String) }] })
    await server.close()
  })
})
