/**
 * The club in the Members Area, in a real browser: a member joins through
 * /checkout-club (card 4242 4242 4242 4242), opens /members, sees the membership's
 * state and the links that change it, follows "Skip <month>" to /skip-vip, skips,
 * comes back and sees the month skipped; undoes the skip and chooses the coming
 * box's item on /members, saved after a reload. A customer who never joined is
 * invited to join; glow (no club) shows nothing of it. Screenshots at 390 and 1280 px.
 */
import { mkdirSync } from 'node:fs'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launch, newPage, originOf, seriousAxeViolations } from './support/browser.ts'
import { waitForHydration } from './support/cart-utils.ts'
import { registerTo } from './support/club-utils.ts'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(() => browser?.close())

const origin = originOf('localhost')
const shots = process.env.E2E_SHOTS_DIR ?? '/tmp/e2e-shots'

async function expectAccessible(page: Page) {
  const violations = await seriousAxeViolations(page)
  expect(violations, JSON.stringify(violations, null, 2)).toEqual([])
}

/** Joins through /checkout-club with the paying test card (the steps of e2e/club.spec.ts). */
async function joinClub(page: Page) {
  await registerTo(page, origin, '/checkout-club', 'Mia Member', 'members-club')
  await sendJoinForm(page)
  await expect.poll(() => page.locator('[role="status"]').innerText(), { timeout: 15_000 }).toMatch(/You're a VIP member/)
}

/** Fills /checkout-club's form with the paying test card and sends it. */
async function sendJoinForm(page: Page) {
  await page.getByLabel('Address', { exact: true }).fill('12 Analytical Way')
  await page.getByLabel('City').fill('Austin')
  await page.getByLabel('State').selectOption('TX')
  await page.getByLabel('Zip Code').fill('78701')
  await page.getByLabel('Phone').fill('(512) 555-0100')
  await page.getByLabel('Card number').fill('4242 4242 4242 4242')
  await page.getByLabel('Expiry (MM / YY)').fill(`12/${String((new Date().getFullYear() + 3) % 100)}`)
  await page.getByLabel('Security code').fill('123')
  await page.getByRole('button', { name: /Join VIP/ }).click()
}

/** The widths of the monthly pick's size lists whose closed face cuts their longest option ("Choose a siz"): each beside the width it needs. */
async function cutSizeLists(page: Page): Promise<string[]> {
  return page.locator('.monthly-pick-choice select').evaluateAll((selects) =>
    selects.flatMap((select) => {
      // the same list at its own width (longest option, padding and arrow), beside the page's
      const natural = select.cloneNode(true) as HTMLSelectElement
      natural.style.width = 'auto'
      natural.style.position = 'absolute'
      select.after(natural)
      const needed = natural.getBoundingClientRect().width
      natural.remove()
      const has = select.getBoundingClientRect().width
      return needed > has + 0.5 ? [`${Math.round(has)} < ${Math.round(needed)}`] : []
    }),
  )
}

async function screenshots(page: Page, name: string) {
  mkdirSync(shots, { recursive: true })
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    // nothing wider than the screen (the choices scroll sideways inside their row)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true })
  }
}

describe('the club in the Members Area', () => {
  it('shows the state and its links, skips through /skip-vip, and keeps the monthly pick', async () => {
    const { context, page } = await newPage(browser)
    try {
      await joinClub(page)
      await page.goto(`${origin}/members`)
      await waitForHydration(page)
      const panel = page.getByTestId('membership-panel')
      expect(await page.getByTestId('members-membership-state').innerText()).toBe('Active')
      expect(await page.getByTestId('members-next-billing').innerText()).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}: \$24\.99$/)
      expect(await page.getByTestId('members-cutoff').innerText()).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/)
      const actions = panel.getByRole('list', { name: 'Manage your membership' })
      expect(await actions.getByRole('link').allInnerTexts()).toEqual([expect.stringMatching(/^Skip [A-Z][a-z]+ \d{4}$/), 'Pause your membership', 'Cancel your membership'])
      expect(await actions.getByRole('link', { name: 'Pause your membership' }).getAttribute('href')).toBe('/pause-vip')
      expect(await actions.getByRole('link', { name: 'Cancel your membership' }).getAttribute('href')).toBe('/cancel-vip')
      expect(await page.getByRole('heading', { name: /^Your [A-Z][a-z]+ box: choose your item$/ }).count()).toBe(1)
      await expectAccessible(page)
      await screenshots(page, 'members-club-active')
      // the size lists say "Choose a size" in full, on a phone too
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 })
        expect(await cutSizeLists(page), `${width} px`).toEqual([])
      }

      // skip through the skip page, and back
      const skipLink = actions.getByRole('link', { name: /^Skip / })
      const month = (await skipLink.innerText()).replace(/^Skip /, '')
      await skipLink.click()
      await page.waitForURL(/\/skip-vip$/)
      await waitForHydration(page)
      await page.getByRole('button', { name: `Skip ${month}` }).click()
      await expect.poll(() => page.locator('[role="status"]').innerText()).toMatch(/is skipped/)
      await page.getByRole('link', { name: 'Back to the Members Area' }).click()
      await page.waitForURL(/\/members$/)
      await expect.poll(() => page.getByTestId('members-membership-state').innerText()).toBe(`Active, ${month} skipped`)
      expect(await page.getByTestId('members-next-billing').innerText()).toMatch(/nothing \(this month is skipped\); \$24\.99 a month after$/)
      expect(await actions.getByRole('link').allInnerTexts()).toEqual([`Undo the skip of ${month}`, 'Pause your membership', 'Cancel your membership'])
      // a skipped month has no box to pick for, and the page says so
      expect(await page.getByTestId('monthly-pick-closed').innerText()).toMatch(/^You have skipped .+: no box is sent/)
      expect(await page.getByTestId('monthly-pick-choice').count()).toBe(0)
      await screenshots(page, 'members-club-skipped')

      // undo the skip there, then choose the month's item here
      await actions.getByRole('link', { name: `Undo the skip of ${month}` }).click()
      await page.waitForURL(/\/skip-vip$/)
      await waitForHydration(page)
      await page.getByRole('button', { name: 'Undo skip' }).click()
      await expect.poll(() => page.locator('[role="status"]').innerText()).toMatch(/undone/)
      await page.goto(`${origin}/members`)
      await waitForHydration(page)
      const choice = page.getByTestId('monthly-pick-choice').nth(1)
      const name = await choice.locator('.monthly-pick-name').evaluate((el) => el.firstChild?.textContent ?? '')
      const sizes = await choice.getByLabel('Size').locator('option:not([disabled])').allInnerTexts()
      const size = sizes[sizes.length - 1]!
      // sizes as the store shows them everywhere (SPEC §5): 2XL, never XXL
      expect(sizes.join(' ')).not.toMatch(/XXL/)
      await choice.getByLabel('Size').selectOption(size)
      await choice.getByRole('button', { name: `Choose ${name}` }).click()
      await expect.poll(() => page.locator('.monthly-pick [role="status"]').count()).toBe(1)
      expect(await page.getByTestId('monthly-pick-saved').innerText()).toContain(`Your pick: ${name}`)
      await page.reload()
      await waitForHydration(page)
      const saved = await page.getByTestId('monthly-pick-saved').innerText()
      expect(saved).toContain(`Your pick: ${name}`)
      expect(saved).toMatch(new RegExp(`size ${size}$`))
      await expectAccessible(page)
      await screenshots(page, 'members-club-picked')
    } finally {
      await context.close()
    }
  })

  it('a second tab refused because the first changed the membership shows the state as it is now, with the refusal', async () => {
    const { context, page: first } = await newPage(browser)
    try {
      await registerTo(first, origin, '/checkout-club', 'Mia Member', 'members-two-tabs')
      const second = await context.newPage()
      await second.goto(`${origin}/checkout-club`)
      await waitForHydration(second)
      await sendJoinForm(first)
      await expect.poll(() => first.locator('[role="status"]').innerText(), { timeout: 15_000 }).toMatch(/You're a VIP member/)
      // the second tab still shows the join form: sending it says the member is one already (not "Your cart is empty")
      await sendJoinForm(second)
      await expect.poll(() => second.locator('main').innerText(), { timeout: 15_000 }).toMatch(/You are already a VIP member/)
      expect(await second.locator('main').innerText()).not.toMatch(/cart is empty/)

      // both tabs on the skip page; the first skips, then the second tries
      for (const tab of [first, second]) {
        await tab.goto(`${origin}/skip-vip`)
        await waitForHydration(tab)
      }
      await first.getByRole('button', { name: /^Skip / }).click()
      await expect.poll(() => first.locator('[role="status"]').innerText()).toMatch(/is skipped/)
      await second.getByRole('button', { name: /^Skip / }).click()
      await expect.poll(() => second.getByTestId('membership-status').innerText()).toBe('This month skipped')
      expect(await second.locator('#skip-errors').innerText()).toMatch(/You have already skipped this month\./)
      expect(await second.getByRole('button', { name: 'Undo skip' }).count()).toBe(1)
      expect(await second.getByRole('button', { name: /^Skip / }).count()).toBe(0)
      await screenshots(second, 'members-club-second-tab-skip')

      // the same on the pause page: paused in the first tab, the second shows the pause and the way to resume
      for (const tab of [first, second]) {
        await tab.goto(`${origin}/pause-vip`)
        await waitForHydration(tab)
      }
      await first.getByRole('button', { name: /^Pause for / }).click()
      await expect.poll(() => first.locator('[role="status"]').innerText()).toMatch(/paused/)
      await second.getByRole('button', { name: /^Pause for / }).click()
      await expect.poll(() => second.getByTestId('membership-status').innerText()).toBe('Paused')
      expect(await second.locator('#pause-errors').innerText()).toMatch(/already paused/)
      expect(await second.getByRole('button', { name: 'Resume my membership' }).count()).toBe(1)
      // a paused member has no last day to skip, pause or pick
      expect(await second.locator('main').innerText()).not.toMatch(/Last day/)
      await screenshots(second, 'members-club-second-tab-pause')
    } finally {
      await context.close()
    }
  })

  it('saves the pick without JavaScript too', async () => {
    const { context, page } = await newPage(browser, { javaScriptEnabled: false })
    try {
      // join with JavaScript (the card form needs it), then read and pick without
      const { context: jsContext, page: jsPage } = await newPage(browser)
      try {
        await joinClub(jsPage)
        await context.addCookies(await jsContext.cookies())
      } finally {
        await jsContext.close()
      }
      await page.goto(`${origin}/members`)
      expect(await page.getByTestId('members-membership-state').innerText()).toBe('Active')
      const choice = page.getByTestId('monthly-pick-choice').first()
      const size = (await choice.getByLabel('Size').locator('option:not([disabled])').allInnerTexts())[0]!
      await choice.getByLabel('Size').selectOption(size)
      await choice.getByRole('button', { name: /^Choose / }).click()
      await page.waitForLoadState('load')
      expect(await page.locator('.monthly-pick [role="status"]').innerText()).toMatch(/^Saved\./)
      await page.goto(`${origin}/members`)
      expect(await page.getByTestId('monthly-pick-saved').innerText()).toMatch(new RegExp(`size ${size}$`))
    } finally {
      await context.close()
    }
  })

  it('invites a customer who never joined, and shows nothing of a club at glow', async () => {
    const { context, page } = await newPage(browser)
    try {
      await registerTo(page, origin, '/members', 'Mia Member', 'members-nonmember')
      const invitation = page.getByTestId('club-invitation')
      expect(await invitation.getByRole('link').getAttribute('href')).toBe('/vip')
      expect(await page.getByTestId('membership-panel').count()).toBe(0)
      await screenshots(page, 'members-club-invitation')
      // a page about cancelling a membership has nothing to say to one who never joined: the club's page
      await page.goto(`${origin}/cancel_error`)
      expect(new URL(page.url()).pathname).toBe('/vip')
    } finally {
      await context.close()
    }
    // a brand without a club has no club pages, for a visitor either: a 404, not a login that leads to one
    const glow = await newPage(browser)
    try {
      for (const path of ['/skip-vip', '/pause-vip', '/cancel-vip', '/cancel_error']) {
        expect((await glow.page.goto(`${originOf('glow.localhost')}${path}`))?.status(), path).toBe(404)
        expect(new URL(glow.page.url()).pathname).toBe(path)
      }
      await registerTo(glow.page, originOf('glow.localhost'), '/members', 'Mia Member', 'members-glow')
      expect(await glow.page.getByTestId('club-invitation').count()).toBe(0)
      expect(await glow.page.getByTestId('membership-panel').count()).toBe(0)
      expect(await glow.page.locator('main').innerText()).not.toMatch(/VIP|club/i)
      // nor a membership paid by the default card
      await glow.page.goto(`${originOf('glow.localhost')}/change_payment`)
      const payment = await glow.page.locator('main').innerText()
      expect(payment).toMatch(/Your default card is the one offered first at checkout\./)
      expect(payment).not.toMatch(/membership/i)
      await screenshots(glow.page, 'members-glow-payment')
      // nor a page about cancelling one (it said "Your membership can be cancelled now.")
      expect((await glow.page.goto(`${originOf('glow.localhost')}/cancel_error`))?.status()).toBe(404)
    } finally {
      await glow.context.close()
    }
  })
})
