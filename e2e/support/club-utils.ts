/**
 * The club's checkout as the browser tests reach it: a new account sent straight to /checkout-club,
 * and the page's form filled with an address in Austin and a test card.
 */
import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { originOf } from './browser.ts'
import { waitForHydration } from './cart-utils.ts'

/** A new account at `origin`, sent on to `path` by the register page, that page drawn and ready. */
export async function registerTo(page: Page, origin: string, path: string, name: string, emailPrefix: string) {
  await page.goto(`${origin}/register?redirectTo=${encodeURIComponent(path)}`)
  await page.getByLabel('Full name').fill(name)
  await page.getByLabel('Email').fill(`${emailPrefix}-${Date.now()}@example.com`)
  await page.getByLabel('Password').fill('squat-proof-123')
  await page.getByRole('button', { name: 'Create account' }).click()
  await page.waitForURL((url) => url.pathname === path)
  // the router changes the address before it draws the page (and the register page was hydrated already):
  // the register form gone is the page drawn, so what is read next is that page's
  await page.getByRole('button', { name: 'Create account' }).waitFor({ state: 'detached' })
  await waitForHydration(page)
}

/** A new account straight to /checkout-club at `host` (popfit unless said), the page ready. */
export const registerForClubCheckout = (page: Page, name: string, emailPrefix: string, host = 'localhost') => registerTo(page, originOf(host), '/checkout-club', name, emailPrefix)

/** The club checkout's address in Austin and a test card. */
export async function fillClubCheckout(page: Page, card: string) {
  await page.getByLabel('Address', { exact: true }).fill('12 Analytical Way')
  await page.getByLabel('City').fill('Austin')
  // a list of the states by name, as checkout's: typing "Texas" into a box was refused with "Choose a state from the list"
  await page.getByLabel('State').selectOption('TX')
  expect(await page.getByLabel('State').locator('option:checked').innerText()).toBe('Texas')
  await page.getByLabel('Zip Code').fill('78701')
  await page.getByLabel('Phone').fill('(512) 555-0100')
  // the checkout's card form: the expiry as MM / YY
  await page.getByLabel('Card number').fill(card)
  await page.getByLabel('Expiry (MM / YY)').fill(`12/${String((new Date().getFullYear() + 3) % 100)}`)
  await page.getByLabel('Security code').fill('123')
}
