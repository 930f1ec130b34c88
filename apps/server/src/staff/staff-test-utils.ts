/** Test helpers: a member of staff added as the command line does, logged in with a cookie jar at a brand's host. */
import type { StaffRole } from '@store/core'
import type { StoreDb } from '../db/connection.ts'
import { dataOf, TestShopper } from '../test/harness.ts'
import type { FastifyInstance } from 'fastify'
import { grantStaff } from './staff-accounts.ts'

export const STAFF_PASSWORD = 'Harbour-lantern-Quartz-42'

let count = 0
/** A new member of staff with this role at these brands (popfitclothing unless told); their e-mail. */
export async function addStaff(store: StoreDb, role: StaffRole, brandIds: string[] = ['popfitclothing'], email?: string): Promise<{ id: string; email: string }> {
  count += 1
  const address = email ?? `${role}-${count}-${Math.random().toString(36).slice(2, 8)}@staff.example.com`
  const granted = await grantStaff(
    store.db,
    { staffId: null, ip: 'test', now: () => new Date() },
    { email: address, name: `Test ${role}`, role, brandIds, password: STAFF_PASSWORD },
  )
  return { id: granted.id, email: granted.email }
}

/** A browser of the operator logged in at `host` (localhost: popfitclothing). */
export async function staffBrowser(app: FastifyInstance, email: string, host = 'localhost', password = STAFF_PASSWORD): Promise<TestShopper> {
  const browser = new TestShopper(app, host)
  const response = await browser.postJson('/api/admin/login', { email, password })
  dataOf(response)
  return browser
}
