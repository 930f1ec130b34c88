/**
 * The operator area in the browser tests: members of staff added with the store's own
 * command (npm run staff -- add, built: apps/server/dist/staff/staff-cli.js) against the
 * running store's database (E2E_DATABASE_PATH), and a login through the admin app's form.
 */
import { execFileSync } from 'node:child_process'
import { resolve } from 'node:path'
import type { Page } from 'playwright-core'
import { originOf } from './browser.ts'

const ADMIN_PASSWORD = 'Harbour-lantern-Quartz-42'

const root = resolve(import.meta.dirname, '../..')

/** Adds a member of staff (a new e-mail each time) with this role at every brand; their e-mail. */
export function addStaffMember(role: 'owner' | 'manager' | 'fulfilment' | 'support' | 'analyst'): string {
  const path = process.env.E2E_DATABASE_PATH
  if (!path) throw new Error('E2E_DATABASE_PATH is not set (e2e/run.mjs sets it)')
  const email = `${role}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@staff.example.com`
  const out = execFileSync(
    'node',
    ['apps/server/dist/staff/staff-cli.js', 'add', '--email', email, '--name', `E2E ${role}`, '--role', role, '--brands', 'all', '--password-stdin'],
    {
      cwd: root,
      input: `${ADMIN_PASSWORD}\n`,
      env: { ...process.env, DATABASE_URL: `sqlite:${path}`, LOG_LEVEL: 'silent' },
      encoding: 'utf8',
    },
  )
  const last = JSON.parse(out.trim().split('\n').pop()!) as { id: string; email: string }
  if (last.email !== email) throw new Error(`staff add printed ${out}`)
  return email
}

/** Logs in at /admin of `host` by the keyboard, as an operator would; waits for the shell. */
export async function adminLogin(page: Page, email: string, host = 'localhost'): Promise<void> {
  await page.goto(`${originOf(host)}/admin`)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(ADMIN_PASSWORD)
  await page.getByLabel('Password').press('Enter')
  // the shell is there (at 390 px its navigation waits behind the Menu button)
  await page.getByRole('button', { name: 'Log out' }).waitFor()
}
