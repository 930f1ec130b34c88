import { it, expect } from 'vitest'
import { launch, newPage } from './support/browser.ts'
import { waitForHydration } from './support/cart-utils.ts'
import { cartWithFirstItem, checkoutFromDrawer, declineBumpsUntilCheckout, fillAddress, fillCard, placeOrder, CARDS, declineOffersUntilThankYou } from './support/checkout-utils.ts'

it('walk', async () => {
  const browser = await launch()
  const { context, page } = await newPage(browser, { width: 390 })
  const problems: string[] = []
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()))
  page.on('response', (r) => r.status() >= 400 && problems.push(`${r.status()} ${r.request().method()} ${r.url()}`))
  page.on('pageerror', (e) => problems.push('PAGEERROR ' + e.message))
  const o = 'http://localhost:3800'
  const shot = (n: string) => page.screenshot({ path: `/tmp/walk/${n}.png` })
  try {
    await page.goto(`${o}/register`)
    await page.getByLabel('Full name').fill('Wanda Walker')
    await page.getByLabel('Email').fill(`walk-${Date.now()}@example.com`)
    await page.getByLabel('Password').fill('squat-proof-123')
    await page.getByRole('button', { name: 'Create account' }).click()
    await page.waitForURL(/\/confirm-register$/)
    await cartWithFirstItem(page, 'localhost')
    await checkoutFromDrawer(page)
    await declineBumpsUntilCheckout(page)
    await fillAddress(page)
    await fillCard(page, CARDS.success)
    await placeOrder(page)
    await page.waitForURL(/\/special-offer\//, { timeout: 20000 })
    await shot('1-offer')
    await declineOffersUntilThankYou(page)
    await shot('2-thanks')
    await page.goto(`${o}/change_password`)
    await waitForHydration(page)
    await page.locator('#account-current-password').fill('squat-proof-123')
    await page.getByLabel('New password').fill('squat-proof-456')
    await page.getByRole('button', { name: 'Change password' }).click()
    await page.waitForFunction(() => /password is changed/.test(document.body.innerText))
    console.log('pw fields', await page.locator('#account-current-password').inputValue(), '|', await page.getByLabel('New password').inputValue())
    await shot('3-password')
    await page.goto(`${o}/orders`)
    await waitForHydration(page)
    await shot('4-orders')
    await page.goto(`${o}/change_payment`)
    await waitForHydration(page)
    await shot('5-payment')
    await page.goto(`${o}/checkout-club`)
    await waitForHydration(page)
    await shot('6-club')
    await page.getByRole('button', { name: /Join VIP/ }).click()
    await page.waitForFunction(() => /You're a VIP member/.test(document.body.innerText), null, { timeout: 20000 })
    await shot('7-joined')
    await page.goto(`${o}/members`)
    await waitForHydration(page)
    await shot('8-members')
    console.log('PROBLEMS', JSON.stringify(problems, null, 1))
  } finally {
    await context.close(); await browser.close()
  }
}, 180_000)
