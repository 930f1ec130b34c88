/**
 * The server-rendered HTML of the pages a crawler sees first is valid HTML: the
 * W3C Nu checker (vnu) finds no error on home, a category, an item, a content
 * page, /login, /checkout, /vip and /photo-size-chart of each brand.
 */
import { describe, expect, it } from 'vitest'
import { BRANDS, PORT } from './support/browser.ts'
import { describeVnu, fetchPage, getFromHost, vnuErrors } from './support/vnu.ts'

/** A content page each brand has (served by the page/* route). */
const CONTENT_PAGE: Record<(typeof BRANDS)[number]['id'], string> = {
  popfitclothing: '/page/pf23-new-drop-cb',
  ckb: '/page/about-us',
  glow: '/page/about-us',
}

async function firstItemPath(host: string, categoryPath: string): Promise<string> {
  const name = categoryPath.split('/').pop()!
  const response = await getFromHost(PORT, host, `/api/categories/${name}?host=${host}`, 'application/json')
  const body = JSON.parse(response.body) as { data: { items: { id: number }[] } }
  return `/item/${body.data.items[0]!.id}`
}

describe('valid HTML (W3C Nu checker)', () => {
  it('finds no error on the main pages of every brand', { timeout: 180_000 }, async () => {
    const documents: Record<string, string> = {}
    const statuses: string[] = []
    for (const brand of BRANDS) {
      const paths = ['/', brand.mainPath, await firstItemPath(brand.host, brand.mainPath), CONTENT_PAGE[brand.id], '/login', '/checkout', '/vip', '/photo-size-chart']
      for (const path of paths) {
        const { status, html } = await fetchPage(PORT, brand.host, path)
        // glow has no club: its /vip is the store's 404 page, which must be valid too
        const expected = brand.id === 'glow' && path === '/vip' ? 404 : 200
        if (status !== expected || !html.includes('<html')) statuses.push(`${brand.host}${path}: ${status}`)
        documents[`${brand.host}${path}`] = html
      }
    }
    expect(statuses, 'every page answers with an HTML document').toEqual([])
    const errors = await vnuErrors(documents)
    if (errors.length) console.error(`vnu found ${errors.length} errors:\n${errors.map(describeVnu).join('\n')}`)
    expect(errors.map(describeVnu)).toEqual([])
  })
})
