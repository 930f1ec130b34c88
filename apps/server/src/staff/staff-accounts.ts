/**
 * Staff accounts: people of the operator area, apart from customers (their own
 * table, their own cookie). Passwords are hashed and checked as the customers'
 * are (accounts/password.ts, the common-password list of @store/core).
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { isStaffRole, type StaffRole } from '@store/core'
import { passwordProblemWithCommonList } from '@store/core/common-passwords'
import type { Kysely } from 'kysely'
import { hashPassword } from '../accounts/password.ts'
import type { Database } from '../db/schema.ts'
import { HttpError, unprocessable } from '../http/errors.ts'
import { audited, type AuditActor } from './audit.ts'

/** A one-time link to set a password lives this long. */
const PASSWORD_LINK_TTL_MS = 72 * 60 * 60 * 1000

export const normalizeStaffEmail = (email: string) => email.trim().toLowerCase()
const hashLinkToken = (token: string) => createHash('sha256').update(token).digest('base64url')

/** The store's one rule for a new password (docs/safety-rules.md), as the customers' accounts apply it. */
function checkStaffPassword(password: string, email: string): void {
  const problem = passwordProblemWithCommonList(password, { email })
  if (problem) throw unprocessable(problem, 'password')
}

export interface GrantInput {
  email: string
  name: string
  role: StaffRole
  brandIds: readonly string[]
  /** set at once (the command line's --password-stdin); otherwise a one-time link is made */
  password?: string
}

export interface Granted {
  id: string
  email: string
  created: boolean
}

/**
 * Adds a member of staff, or gives an existing e-mail the role at these brands
 * (DESIGN §8: `npm run staff -- add`, and an owner's invitation). Each brand's
 * grant is one audited change.
 */
export async function grantStaff(db: Kysely<Database>, actor: Omit<AuditActor, 'brandId'>, input: GrantInput): Promise<Granted> {
  if (!isStaffRole(input.role)) throw unprocessable('Choose a role: owner, manager, fulfilment, support or analyst.', 'role')
  const email = normalizeStaffEmail(input.email)
  const name = input.name.trim().replace(/\s+/g, ' ')
  if (!name) throw unprocessable('Enter the name of this member of staff.', 'name')
  if (input.password !== undefined) checkStaffPassword(input.password, email)
  const passwordHash = input.password === undefined ? null : await hashPassword(input.password)
  const now = actor.now().toISOString()
  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('staff').select(['id', 'email', 'name']).where('email', '=', email).executeTakeFirst()
    const id = existing?.id ?? randomUUID()
    if (!existing) {
      await trx.insertInto('staff').values({ id, email, name, password_hash: passwordHash, totp_secret: null, totp_last_step: null, created_at: now }).execute()
    } else if (passwordHash) {
      await trx.updateTable('staff').set({ password_hash: passwordHash }).where('id', '=', id).execute()
    }
    for (const brandId of input.brandIds) {
      const before = await trx.selectFrom('staff_brand_roles').select(['role', 'suspended']).where('staff_id', '=', id).where('brand_id', '=', brandId).executeTakeFirst()
      if (before) {
        await trx.updateTable('staff_brand_roles').set({ role: input.role }).where('staff_id', '=', id).where('brand_id', '=', brandId).execute()
      } else {
        await trx.insertInto('staff_brand_roles').values({ staff_id: id, brand_id: brandId, role: input.role, created_at: now }).execute()
      }
      await audited(
        trx,
        { ...actor, brandId },
        {
          action: before ? 'staff.role' : 'staff.grant',
          entity: 'staff',
          id,
          before: before ? { email, role: before.role } : null,
          after: { email, name: existing?.name ?? name, role: input.role },
        },
      )
    }
    return { id, email, created: !existing }
  })
}

/** A one-time link to set the password, from the brand's public origin (never a request header). */
export async function createPasswordLink(db: Kysely<Database>, staffId: string, brand: { id: string; publicOrigin: string }, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await db
    .insertInto('staff_password_links')
    .values({
      token_hash: hashLinkToken(token),
      staff_id: staffId,
      brand_id: brand.id,
      expires_at: new Date(now.getTime() + PASSWORD_LINK_TTL_MS).toISOString(),
      used_at: null,
      created_at: now.toISOString(),
    })
    .execute()
  return `${brand.publicOrigin}/admin/set-password?token=${token}`
}

/** Sets the password of the link's member of staff; the link is good once, and earlier sessions end. */
export async function setPasswordWithLink(
  db: Kysely<Database>,
  actor: Pick<AuditActor, 'ip' | 'now'>,
  token: string,
  password: string,
): Promise<{ staffId: string; brandId: string }> {
  const now = actor.now().toISOString()
  const link = await db
    .selectFrom('staff_password_links')
    .innerJoin('staff', 'staff.id', 'staff_password_links.staff_id')
    .select(['staff_password_links.staff_id', 'staff_password_links.brand_id', 'staff_password_links.expires_at', 'staff_password_links.used_at', 'staff.email'])
    .where('token_hash', '=', hashLinkToken(token))
    .executeTakeFirst()
  if (!link || link.used_at !== null || link.expires_at <= now) {
    throw new HttpError(410, 'This link has expired or was used already. Ask the store owner for a new one.')
  }
  checkStaffPassword(password, link.email)
  const passwordHash = await hashPassword(password)
  await db.transaction().execute(async (trx) => {
    const spent = await trx.updateTable('staff_password_links').set({ used_at: now }).where('token_hash', '=', hashLinkToken(token)).where('used_at', 'is', null).executeTakeFirst()
    if (Number(spent.numUpdatedRows) !== 1) throw new HttpError(410, 'This link has expired or was used already. Ask the store owner for a new one.')
    await trx.updateTable('staff').set({ password_hash: passwordHash }).where('id', '=', link.staff_id).execute()
    await trx.deleteFrom('staff_sessions').where('staff_id', '=', link.staff_id).execute()
    await audited(trx, { ...actor, brandId: link.brand_id, staffId: link.staff_id }, { action: 'staff.password', entity: 'staff', id: link.staff_id })
  })
  return { staffId: link.staff_id, brandId: link.brand_id }
}
