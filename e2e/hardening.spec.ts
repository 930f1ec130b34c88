import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launch, newPage, originOf } from './support/browser.ts'
import { newestEmail } from './support/mailbox.ts'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(() => browser?.close())

const home = originOf('localhost')

describe('hardening in the browser', () => {
  it('hydrates under the page CSP, and the reset page takes the token out of the address bar', async () => {
    const { context, page } = await newPage(browser)
    try {
      // a real link: a customer asks for one, and it arrives in the mailbox (the store's outbox)
      await page.goto(`${home}/forgot`)
      const email = `reset-${Date.now()}@example.com`
      const asked = await page.evaluate(async (address) => {
        const post = (path: string, body: unknown) => fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
        const registered = await post('/api/register', { name: 'Rita Reset', email: address, password: 'a-long-password-1' })
        await post('/api/logout', {})
        return [registered.status, (await post('/api/forgot', { email: address })).status]
      }, email)
      expect(asked).toEqual([200, 200])
      const token = /\/forgot\?token=([\w-]+)/.exec(newestEmail(email, 'Reset your password')?.body ?? '')?.[1]
      expect(token).toBeTruthy()

      const response = await page.goto(`${home}/forgot?token=${token}&from=mail`)
      expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self' '(nonce|sha256)-/)
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
      await expect.poll(() => new URL(page.url()).search).toBe('?from=mail')
      expect(await page.locator('input[name="token"]').inputValue()).toBe(token)

      // a link that does not work (made up, used or expired) says so at once, and leaves the address bar too
      await page.goto(`${home}/forgot?token=abcdefghijklmnopqrstuvwxyz0123&from=mail`)
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
      await expect.poll(() => new URL(page.url()).search).toBe('?from=mail')
      expect(await page.locator('main').innerText()).toMatch(/expired or was already used/)
      expect(await page.locator('input[name="token"]').count()).toBe(0)
    } finally {
      await context.close()
    }
  })

  it('a logged-in shopper sent to /login with a crafted redirectTo stays on the store', async () => {
    const { context, page } = await newPage(browser)
    try {
      await page.goto(`${home}/register`)
      await page.getByLabel('Full name').fill('Rory Redirect')
      await page.getByLabel('Email').fill(`redirect-${Date.now()}@example.com`)
      await page.getByLabel('Password').fill('squat-proof-123')
      await page.getByRole('button', { name: 'Create account' }).click()
      await page.waitForURL(/\/confirm-register$/)
      for (const target of ['%2F%09%2Fevil.example', '%2F%5Cevil.example', '%2Fok%0D%0ASet-Cookie%3A%20x%3D1']) {
        const response = await page.goto(`${home}/login?redirectTo=${target}`)
        expect(response?.status()).toBeLessThan(500)
        const url = new URL(page.url())
        expect(url.host).toBe(new URL(home).host)
        expect(url.pathname).toBe('/members')
      }
    } finally {
      await context.close()
    }
  })

  it('page actions answer a body that is not a form with 415, not 500', async () => {
    const { context, page } = await newPage(browser)
    try {
      await page.goto(`${home}/login`)
      const statuses = await page.evaluate(async () => {
        const out: number[] = []
        for (const path of ['/login', '/register', '/forgot', '/resources/cart', '/dnsmpi']) {
          const response = await fetch(path, { method: 'POST', body: '{"email":"x"}', headers: { 'content-type': 'application/json' } })
          out.push(response.status)
        }
        return out
      })
      expect(statuses).toEqual([415, 415, 415, 415, 415])
    } finally {
      await context.close()
    }
  })

  it("a link's ?cart_error= words never show: only the store's words for its own codes", async () => {
    const { context, page } = await newPage(browser)
    try {
      await page.goto(`${home}/?cart_error=Your+card+was+declined.+Call+1-800-555-0100#cart-drawer`)
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
      expect(await page.content()).not.toContain('1-800-555-0100')
      expect(await page.locator('.cart-error').count()).toBe(0)

      // a cart form posted before hydration comes back with a code, and the drawer says the store's words
      await page.goto(`${home}/?cart_error=too-many#cart-drawer`)
      await expect.poll(() => page.locator('.cart-error').textContent()).toMatch(/not that many left/)
    } finally {
      await context.close()
    }
  })
})
