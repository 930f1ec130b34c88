import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStore, type TestStore } from '../test/harness.ts'

describe('the e-mail preview page (development only)', () => {
  let dev: TestStore
  let production: TestStore
  beforeAll(async () => {
    dev = await startTestStore('sqlite', { env: { NODE_ENV: 'development' } })
    production = await startTestStore('sqlite', { env: { NODE_ENV: 'production', PUBLIC_ORIGINS: 'production' } })
  })
  afterAll(async () => {
    await dev.close()
    await production.close()
  })

  it('lists every e-mail for every brand, and shows each as its HTML and its text', async () => {
    const list = await dev.app.inject({ url: '/api/dev/emails', headers: { host: 'localhost' } })
    expect(list.statusCode).toBe(200)
    for (const brand of ['popfitclothing', 'ckb', 'glow']) {
      for (const key of ['welcome', 'order-confirmation', 'refund', 'club-charged', 'password-reset', 'skip-reminder'])
        expect(list.body).toContain(`/api/dev/emails/${brand}/${key}`)
    }
    const html = await dev.app.inject({ url: '/api/dev/emails/ckb/order-confirmation', headers: { host: 'localhost' } })
    expect(html.statusCode).toBe(200)
    expect(html.headers['content-type']).toMatch(/text\/html/)
    expect(html.headers['content-security-policy']).toContain("style-src 'unsafe-inline'")
    expect(html.body).toContain('#1f3a5f')
    expect(html.body).toContain('<title>Your CKB Intimates order PF10042</title>')
    const text = await dev.app.inject({ url: '/api/dev/emails/ckb/order-confirmation?as=text', headers: { host: 'localhost' } })
    expect(text.body).toMatch(/^Subject: Your CKB Intimates order PF10042\n\nHi Ana,/)
  })

  it('answers 404 with a readable message for an unknown brand or e-mail', async () => {
    const unknown = await dev.app.inject({ url: '/api/dev/emails/ckb/no-such-email', headers: { host: 'localhost' } })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().errors[0].message).toMatch(/No e-mail/)
    expect((await dev.app.inject({ url: '/api/dev/emails/nobody/welcome', headers: { host: 'localhost' } })).statusCode).toBe(404)
  })

  it('does not exist in production', async () => {
    for (const url of ['/api/dev/emails', '/api/dev/emails/ckb/welcome']) {
      expect((await production.app.inject({ url, headers: { host: 'localhost' } })).statusCode).toBe(404)
    }
  })
})
