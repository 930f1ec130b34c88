import { describe, expect, it } from 'vitest'
import { PageResponse } from './page-response'

const html = '<!DOCTYPE html><html><body><p>Caf\u00e9 \u2014 a page</p></body></html>'.repeat(200)

describe('PageResponse', () => {
  it('is a Response of the page: status, headers, and the same bytes however it is read', async () => {
    const page = Buffer.concat([Buffer.from(html.slice(0, 100)), Buffer.from(html.slice(100))])
    const init = { status: 404, headers: new Headers({ 'content-type': 'text/html', 'set-cookie': 'a=1' }) }
    const plain = new Response(new Uint8Array(page), init)
    const kept = new PageResponse(page, init)
    expect(kept).toBeInstanceOf(Response)
    expect(kept.status).toBe(404)
    expect([...kept.headers]).toEqual([...plain.headers])
    expect(Buffer.from(await kept.arrayBuffer()).equals(Buffer.from(await plain.arrayBuffer()))).toBe(true)
    expect(await new PageResponse(page, init).text()).toBe(html)
    expect(await new Response(new PageResponse(page, init).body).text()).toBe(html)
    expect(await (await new PageResponse(page, init).blob()).text()).toBe(html)
    const copy = kept.clone()
    expect(copy.status).toBe(404)
    expect([...copy.headers]).toEqual([...plain.headers])
    expect(await copy.text()).toBe(html)
  })

  it('a page sharing its memory with other bytes hands out only its own', async () => {
    const shared = Buffer.from(`xx${html}yy`)
    const page = shared.subarray(2, shared.length - 2)
    expect(Buffer.from(await new PageResponse(page, {}).arrayBuffer()).toString('utf8')).toBe(html)
    expect(await new PageResponse(Buffer.from('{"a":1}'), {}).json()).toEqual({ a: 1 })
  })
})
