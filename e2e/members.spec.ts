import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { waitForHydration } from './support/cart-utils.ts'
import { apiFromPage, focused, launch, newPage, originOf, seriousAxeViolations } from './support/browser.ts'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(() => browser?.close())

const origin = originOf('localhost')

async function expectNoSeriousAxeViolations(page: Page) {
  const violations = await seriousAxeViolations(page)
  expect(violations.map((v) => `${page.url()}: ${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
}

describe('members area in the browser', () => {
  it('sends a visitor to log in from every members page', async () => {
    const { context, page } = await newPage(browser)
    try {
      for (const path of ['/members', '/wishlist', '/addresses', '/change_password']) {
        await page.goto(`${origin}${path}`)
        const url = new URL(page.url())
        expect(url.pathname).toBe('/login')
        expect(url.searchParams.get('redirectTo')).toBe(path)
      }
    } finally {
      await context.close()
    }
  })

  it('registers, saves an address, wishes an item and moves it to the cart, contacts us and changes the password', async () => {
    const { context, page } = await newPage(browser)
    const email = `members-${Date.now()}@example.com`
    try {
      await page.goto(`${origin}/register`)
      await page.getByLabel('Full name').fill('Mia Member')
      await page.getByLabel('Email').fill(email)
      await page.getByLabel('Password').fill('squat-proof-123')
      await page.getByRole('button', { name: 'Create account' }).click()
      await page.waitForURL(/\/confirm-register$/)

      // members area
      await page.goto(`${origin}/members`)
      await expect.poll(() => page.locator('main').innerText()).toContain('Welcome back, Mia.')
      await expectNoSeriousAxeViolations(page)

      // address book
      await page.goto(`${origin}/addresses`)
      await waitForHydration(page)
      await expectNoSeriousAxeViolations(page)
      await page.getByLabel('Full name').fill('Mia Member')
      await page.getByLabel('Street address').fill('12 Elm Street')
      await page.getByLabel('City').fill('Springfield')
      await page.getByLabel('State', { exact: true }).selectOption('IL')
      await page.getByLabel('Zip Code').fill('62701')
      await page.getByLabel('Phone').fill('5551234567')
      await page.getByRole('button', { name: 'Save address' }).click()
      await page.waitForURL(/\/addresses\?saved=1$/)
      await expect.poll(() => page.locator('.member-cards').innerText()).toContain('12 Elm Street')
      expect(await page.locator('.member-cards').innerText()).toContain('(555) 123-4567')
      // the form is ready for another address, not holding the one just saved
      expect(await page.getByLabel('Street address').inputValue()).toBe('')
      expect(await page.getByLabel('Full name').inputValue()).toBe('')

      // wishlist from an item page, then into the cart
      await page.goto(`${origin}/category/leggings`)
      const href = (await page.locator('main a[href^="/item/"]').first().getAttribute('href'))!
      await page.goto(`${origin}${href}`)
      await waitForHydration(page)
      await page.getByRole('button', { name: 'Add to wishlist' }).click()
      // saved, it offers to take it off again
      await expect.poll(() => page.getByRole('button', { name: 'Remove from wishlist' }).count()).toBe(1)
      const itemId = Number(href.split('/').pop())
      const wished = await apiFromPage<{ id: string; item: { id: number } }[]>(page, '/api/wishlist')
      expect(wished.map((entry) => entry.item.id)).toEqual([itemId])

      await page.goto(`${origin}/wishlist`)
      await waitForHydration(page)
      await expectNoSeriousAxeViolations(page)
      await page.locator('select[name="size"]').first().selectOption({ index: 1 })
      await page.getByRole('button', { name: 'Move to cart' }).click()
      await page.waitForURL(/\/wishlist\?moved=1$/)
      await expect.poll(() => page.locator('main').innerText()).toContain('Your wishlist is empty')
      const cart = await apiFromPage<{ items: { item_id: number }[] }>(page, '/api/cart')
      expect(cart.items.map((line) => line.item_id)).toContain(itemId)

      // contact us
      await page.goto(`${origin}/contact-us`)
      await waitForHydration(page)
      await expectNoSeriousAxeViolations(page)
      expect(await page.getByLabel('Email').inputValue()).toBe(email)
      await page.getByLabel('What is it about?').selectOption('sizing')
      await page.getByLabel('Order number (optional)').fill('not valid!')
      await page.getByLabel('Message').fill('Do these leggings run small at the waist?')
      await page.getByRole('button', { name: 'Send message' }).click()
      await expect.poll(() => page.locator('#contact-order-error').innerText()).toMatch(/letters, digits and dashes/)
      await page.getByLabel('Order number (optional)').fill('')
      await page.getByRole('button', { name: 'Send message' }).click()
      await expect.poll(() => page.locator('[role="status"]').first().innerText()).toMatch(/We have your message \(reference C-[0-9A-F]{8}\)/)

      // change password
      await page.goto(`${origin}/change_password`)
      await waitForHydration(page)
      await expectNoSeriousAxeViolations(page)
      await page.locator('#account-current-password').fill('squat-proof-123')
      await page.getByLabel('New password').fill('even-more-squat-proof-456')
      await page.getByRole('button', { name: 'Change password' }).click()
      await expect.poll(() => page.locator('[role="status"]').first().innerText()).toMatch(/Your password is changed/)
      // neither password stays in the page once it is changed
      expect(await page.locator('#account-current-password').inputValue()).toBe('')
      expect(await page.getByLabel('New password').inputValue()).toBe('')
      expect((await apiFromPage<{ loggedin: boolean }>(page, '/api/cart')).loggedin).toBe(true)

      const status = await page.evaluate(async (address) => {
        await fetch('/api/logout', { method: 'POST' })
        const response = await fetch('/api/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: address, password: 'even-more-squat-proof-456' }),
        })
        return response.status
      }, email)
      expect(status).toBe(200)
    } finally {
      await context.close()
    }
  })

  it('leaves a keyboard user on what an action did, not on the body: a refused login, a deleted address', async () => {
    const { context, page } = await newPage(browser)
    try {
      // a refused login: "Log in" is disabled while it is sent, which dropped focus to the body; the message has it now
      await page.goto(`${origin}/login`)
      await waitForHydration(page)
      await page.getByLabel('Email').fill(`nobody-${Date.now()}@example.com`)
      await page.getByLabel('Password').fill('not-the-password-1')
      await page.getByRole('button', { name: 'Log in' }).focus()
      await page.keyboard.press('Enter')
      await expect.poll(() => page.getByRole('alert').innerText()).toMatch(/do not match an account/)
      await expect.poll(() => focused(page)).toMatchObject({ tag: 'div', name: expect.stringMatching(/do not match an account/) })
      expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('alert')
      // the next Tab goes on from the message, to the form's fields
      await page.keyboard.press('Tab')
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('login-email')

      // a deleted address goes with its "Delete" button: focus goes to the next address's
      await page.goto(`${origin}/register`)
      await waitForHydration(page)
      const registered = await page.evaluate(async (email) => {
        const post = (path: string, body: unknown) =>
          fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.status)
        const statuses = [await post('/api/register', { name: 'Kai Keys', email, password: 'squat-proof-123' })]
        for (const name of ['Kai Keys', 'Kim Keys'])
          statuses.push(
            await post('/api/addresses', {
              address_type: 'shipping',
              name,
              country: 'US',
              address: '1 Elm Street',
              city: 'Austin',
              state: 'TX',
              zip: '78701',
              phone: '5125550100',
            }),
          )
        return statuses
      }, `keys-${Date.now()}@example.com`)
      expect(registered).toEqual([200, 200, 200])
      await page.goto(`${origin}/addresses`)
      await waitForHydration(page)
      const first = page.getByRole('button', { name: /^Delete / }).first()
      const deleted = (await first.getAttribute('aria-label'))!
      await first.focus()
      await page.keyboard.press('Enter')
      await page.waitForURL(/\/addresses\?deleted=1$/)
      await expect.poll(() => page.getByRole('button', { name: /^Delete / }).count()).toBe(1)
      await expect.poll(() => focused(page)).toMatchObject({ tag: 'button', name: expect.stringMatching(/^Delete Ki[mn] Keys/) })
      expect((await focused(page)).name).not.toBe(deleted)

      // a new address without its name, from the keyboard: the cursor is on the name, and its label shows
      // below the header that sticks to the top (60 px above the field hid the label under its 64 px)
      await page.getByLabel('Street address').fill('2 Oak Street')
      await page.getByRole('button', { name: 'Save address' }).focus()
      await page.keyboard.press('Enter')
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name')
      const placed = await page.evaluate(() => {
        const label = document.querySelector(`label[for="${document.activeElement!.id}"]`)!.getBoundingClientRect()
        return { label: label.top, header: document.querySelector('.site-header')!.getBoundingClientRect().bottom }
      })
      expect(placed.label).toBeGreaterThanOrEqual(placed.header)
    } finally {
      await context.close()
    }
  })

  it.each(['/styleprofile', '/customer-feedback', '/send'])('axe finds no serious or critical violation on %s', async (path) => {
    const { context, page } = await newPage(browser)
    try {
      await page.goto(`${origin}${path}`, { waitUntil: 'networkidle' })
      await expectNoSeriousAxeViolations(page)
    } finally {
      await context.close()
    }
  })
})
