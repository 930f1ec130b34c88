import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStore, TestShopper, type TestStore } from '../test/harness.ts'
import { ADMIN_CSP } from './admin-app.ts'

describe('the admin app at /admin', () => {
  let dir: string
  let t: TestStore
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'admin-build-'))
    await mkdir(join(dir, 'assets'))
    await writeFile(
      join(dir, 'index.html'),
      '<!doctype html><html lang="en"><head><script type="module" src="/admin/assets/app-1.js"></script></head><body><div id="root"></div></body></html>',
    )
    await writeFile(join(dir, 'assets', 'app-1.js'), 'console.log("admin")')
    t = await startTestStore('sqlite', { adminBuildDir: dir })
  })
  afterAll(async () => {
    await t.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('serves the same page for every /admin path, with a CSP that allows only its own scripts', async () => {
    for (const path of ['/admin', '/admin/', '/admin/items/101', '/admin/audit?entity=item']) {
      const response = await new TestShopper(t.app).get(path)
      expect(response.statusCode, path).toBe(200)
      expect(response.body).toContain('/admin/assets/app-1.js')
      expect(response.headers['content-security-policy']).toBe(ADMIN_CSP)
      expect(response.headers['x-robots-tag']).toBe('noindex, nofollow')
    }
    const other = await new TestShopper(t.app, 'ckb.localhost').get('/admin/items')
    expect(other.statusCode).toBe(200)
  })

  it('serves its bundles fingerprinted and cached for a year; a missing one is a 404, not the page', async () => {
    const bundle = await new TestShopper(t.app).get('/admin/assets/app-1.js')
    expect(bundle.statusCode).toBe(200)
    expect(bundle.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect((await new TestShopper(t.app).get('/admin/assets/nope.js')).statusCode).toBe(404)
  })

  it('answers 404 for a host that is no brand', async () => {
    expect((await new TestShopper(t.app, 'unknown.example').get('/admin')).statusCode).toBe(404)
  })

  it('says so, 503, when the app is not built', async () => {
    const bare = await startTestStore('sqlite')
    try {
      const response = await new TestShopper(bare.app).get('/admin')
      expect(response.statusCode).toBe(503)
    } finally {
      await bare.close()
    }
  })
})
