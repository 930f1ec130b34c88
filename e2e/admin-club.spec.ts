/**
 * The operator's club pages in a real browser (docs/admin-club.md): support refunds a member's
 * month, a manager skips a month for a member, the club's health page shows its charts and
 * tables; an analyst finds the club members in the menu and reads them with e-mails masked;
 * axe on each page, at desktop width and at 390 px.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addStaffMember, adminLogin } from './support/admin-utils.ts'
import { launch, newPage, seriousAxeViolations } from './support/browser.ts'
import { fillClubCheckout, registerForClubCheckout } from './support/club-utils.ts'

let browser: Browser
let support: string
let manager: string
beforeAll(async () => {
  browser = await launch()
  support = addStaffMember('support')
  manager = addStaffMember('manager')
})
afterAll(() => browser?.close())

async function expectNoAxeViolations(page: Page, where: string) {
  const violations = await seriousAxeViolations(page)
  expect(violations.map((v) => `${where}: ${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
}

/** A new member who joined through the club checkout; the prefix of their e-mail. */
async function newMember(name: string, prefix: string): Promise<void> {
  const { context, page } = await newPage(browser)
  try {
    await registerForClubCheckout(page, name, prefix)
    await fillClubCheckout(page, '4242 4242 4242 4242')
    await page.getByRole('button', { name: /Join VIP/ }).click()
    await expect.poll(() => page.locator('[role="status"]').innerText(), { timeout: 15_000 }).toMatch(/You're a VIP member/)
  } finally {
    await context.close()
  }
}

/** Finds a member by e-mail in the club members list and opens their page. */
async function openMember(page: Page, prefix: string) {
  await page.goto(page.url().replace(/\/admin.*$/, '/admin/club/members'))
  await page.getByRole('heading', { name: 'Club members' }).waitFor()
  await page.getByLabel('Name or e-mail').fill(prefix)
  await page.getByRole('button', { name: 'Search' }).click()
  await expect.poll(() => page.getByRole('table').locator('tbody tr').count()).toBe(1)
  await page.getByRole('table').locator('tbody a').first().click()
  await page.getByRole('heading', { name: 'Charges' }).waitFor()
}

describe("the operator's club", () => {
  it("lets support refund a member's month, said on the page and by e-mail", async () => {
    await newMember('Vera Refund', 'club-refund')
    for (const width of [1280, 390]) {
      const { context, page } = await newPage(browser, { width })
      try {
        await adminLogin(page, support)
        await openMember(page, 'club-refund')
        await expectNoAxeViolations(page, `member page at ${width}px`)
        if (width === 390) continue
        await page.goto(page.url())
        const row = page.getByRole('region', { name: 'Charges' }).locator('tbody tr').first()
        await row.getByLabel(/Why refund/).fill('Box arrived damaged')
        await row.getByRole('button', { name: 'Refund $24.99' }).click()
        await expect.poll(() => page.getByRole('status').innerText(), { timeout: 15_000 }).toMatch(/is refunded\. The member has been e-mailed/)
        // the Refunded column (the fifth cell after the month) shows the amount, and no Refund button is left
        await expect.poll(() => row.locator('td').nth(4).innerText()).toBe('$24.99')
        expect(await row.getByRole('button', { name: /Refund/ }).count()).toBe(0)
        await expectNoAxeViolations(page, 'member page after the refund')
      } finally {
        await context.close()
      }
    }
  })

  it('lets a manager skip a month for a member, by keyboard', async () => {
    await newMember('Vera Skipper', 'club-skip')
    const { context, page } = await newPage(browser)
    try {
      await adminLogin(page, manager)
      await openMember(page, 'club-skip')
      await page.getByLabel(/Note for the audit log/).fill('Asked by phone')
      await page.getByRole('button', { name: 'Skip this month' }).focus()
      await page.keyboard.press('Enter')
      await expect.poll(() => page.getByRole('status').innerText(), { timeout: 15_000 }).toMatch(/Skipped\. The member has been e-mailed/)
      await expect.poll(() => page.locator('.facts').innerText()).toMatch(/State\s+Skipped/)
      expect(await page.getByRole('button', { name: 'Undo the skip' }).count()).toBe(1)
      await expect.poll(() => page.locator('.history').innerText()).toMatch(/skip \(active → skipped\), by manager-/)
      await expectNoAxeViolations(page, 'member page after the skip')
    } finally {
      await context.close()
    }
  })

  it("shows the club's health with charts and their tables, each figure a link to its members", async () => {
    for (const width of [1280, 390]) {
      const { context, page } = await newPage(browser, { width })
      try {
        await adminLogin(page, manager)
        await page.goto(page.url().replace(/\/admin.*$/, '/admin/club'))
        await page.getByRole('heading', { name: 'Club health' }).waitFor()
        await page.getByRole('img', { name: /Members by state at each month's end/ }).waitFor()
        await page.locator('.recharts-surface').first().waitFor()
        await page.getByRole('heading', { name: 'Month by month' }).waitFor()
        await expectNoAxeViolations(page, `club health at ${width}px`)
        if (width === 390) continue
        // the joins of this month: the two members above at least
        const link = page.getByRole('link', { name: /joins in \d{4}-\d{2}: see the members/ }).last()
        const joins = Number(await link.innerText())
        expect(joins).toBeGreaterThanOrEqual(2)
        await link.click()
        await page.getByRole('heading', { name: 'Club members' }).waitFor()
        await expect.poll(() => page.getByRole('table').locator('tbody tr').count()).toBe(joins)
        await expectNoAxeViolations(page, 'members behind a figure')
      } finally {
        await context.close()
      }
    }
  })

  it('lets an analyst open the club members from the menu and read them, e-mails masked', async () => {
    await newMember('Vera Analysed', 'club-analysed')
    const { context, page } = await newPage(browser, { width: 390 })
    try {
      await adminLogin(page, addStaffMember('analyst'))
      await page.getByRole('button', { name: 'Menu' }).click()
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Club members' }).click()
      await page.getByRole('heading', { name: 'Club members' }).waitFor()
      await page.getByLabel('Name or e-mail').fill('club-analysed')
      await page.getByRole('button', { name: 'Search' }).click()
      await expect.poll(() => page.getByRole('table').locator('tbody tr').count()).toBe(1)
      const row = await page.getByRole('table').locator('tbody tr').first().innerText()
      expect(row).toMatch(/c•••@/)
      expect(row).not.toContain('club-analysed')
      expect(row).toContain('Vera Analysed')
      await expectNoAxeViolations(page, 'club members for an analyst at 390px')
    } finally {
      await context.close()
    }
  })
})
