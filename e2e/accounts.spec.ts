import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiFromPage, launch, newPage, originOf } from './support/browser.ts'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(() => browser?.close())

describe('accounts in the browser', () => {
  it('creates an account, logs out, and comes back to the protected page after logging in', async () => {
    const { context, page } = await newPage(browser)
    const email = `e2e-${Date.now()}@example.com`
    try {
      await page.goto(`${originOf('localhost')}/register`)
      await page.getByLabel('Full name').fill('Erin Tester')
      await page.getByLabel('Email').fill(email)
      await page.getByLabel('Password').fill('squat-proof-123')
      await page.getByRole('button', { name: 'Create account' }).click()
      await page.waitForURL(/\/confirm-register$/)
      expect((await apiFromPage<{ loggedin: boolean }>(page, '/api/cart')).loggedin).toBe(true)

      await page.evaluate(() => fetch('/api/logout', { method: 'POST' }))
      await page.goto(`${originOf('localhost')}/orders`)
      expect(new URL(page.url()).pathname).toBe('/login')

      await page.getByLabel('Email').fill(email)
      await page.getByLabel('Password').fill('wrong-password')
      await page.getByRole('button', { name: 'Log in' }).click()
      await expect.poll(() => page.locator('[role="alert"]').innerText()).toMatch(/do not match/)

      await page.getByLabel('Password').fill('squat-proof-123')
      await page.getByRole('button', { name: 'Log in' }).click()
      await page.waitForURL(/\/orders$/)
      // the title follows the client-side navigation a moment after the URL
      await expect.poll(() => page.title()).toContain('Orders')
    } finally {
      await context.close()
    }
  })

  it('puts the shopper on the first field in error (SPEC §5)', async () => {
    const { context, page } = await newPage(browser)
    try {
      await page.goto(`${originOf('localhost')}/register`)
      await page.getByLabel('Full name').fill('Pat')
      await page.getByLabel('Email').fill(`pat-${Date.now()}@example.com`)
      await page.getByLabel('Password').fill('squat-proof-123')
      await page.getByRole('button', { name: 'Create account' }).click()
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name')
      expect(await page.getByText('Enter your first and last name.').count()).toBe(1)
    } finally {
      await context.close()
    }
  })
})
