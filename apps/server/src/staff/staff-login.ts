/**
 * Staff log in at a brand's host with e-mail, password and, where they turned it on,
 * a TOTP code. Throttled by the store's one mechanism (accounts/login-throttle.ts,
 * decision 008), under keys of their own (`staff:` before the e-mail), so a shopper's
 * failures and a member of staff's never count against each other's e-mail.
 */
import type { StaffRole } from '@store/core'
import { generateSecret, generateURI, verify } from 'otplib'
import { assertLoginAllowed, clearLoginFailures, recordLoginFailure } from '../accounts/login-throttle.ts'
import { DECOY_HASH_PROMISE, verifyPassword } from '../accounts/password.ts'
import type { RequestContext } from '../context/request-context.ts'
import { conflict, forbidden, HttpError, unprocessable } from '../http/errors.ts'
import { audited } from './audit.ts'
import { normalizeStaffEmail } from './staff-accounts.ts'
import { startStaffSession } from './staff-sessions.ts'

const WRONG_LOGIN = 'That email and password do not match a staff account.'
const TOTP_NEEDED = 'Enter the 6-digit code from your authenticator app.'
const TOTP_WRONG = 'That code is not right. Enter the code your authenticator app shows now.'

export interface StaffView {
  id: string
  email: string
  name: string
  roles: { brand: string; role: StaffRole }[]
  totp_enabled: boolean
  totp_required: boolean
}

export async function staffView(ctx: RequestContext, staff: { id: string; email: string; name: string; totpEnabled: boolean; totpRequired: boolean }): Promise<StaffView> {
  const roles = await ctx.data.db
    .selectFrom('staff_brand_roles')
    .select(['brand_id', 'role'])
    .where('staff_id', '=', staff.id)
    .where('suspended', '=', 0)
    .orderBy('brand_id')
    .execute()
  return {
    id: staff.id,
    email: staff.email,
    name: staff.name,
    roles: roles.map((row) => ({ brand: row.brand_id, role: row.role as StaffRole })),
    totp_enabled: staff.totpEnabled,
    totp_required: staff.totpRequired,
  }
}

const TOTP_WINDOW = { epochTolerance: 30 } as const

/** The time step a code matches (within one step either side), or null; a step at or before `after` is refused (a code is good once). */
async function totpStep(secret: string, code: string, after: number | null, now: Date): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    ...TOTP_WINDOW,
    ...(after === null ? {} : { afterTimeStep: after }),
  })
  return result.valid && 'timeStep' in result ? result.timeStep : null
}

export interface StaffLoginInput {
  email: string
  password: string
  totp?: string
}

/** Logs in at the request's brand: the session's token and expiry for the cookie, and who logged in. */
export async function staffLogin(ctx: RequestContext, input: StaffLoginInput, userAgent: string): Promise<{ token: string; expires: Date; staff: StaffView }> {
  const { db, brandId } = ctx.data
  const email = normalizeStaffEmail(input.email)
  const keys = { brandId, email: `staff:${email}`, ip: ctx.clientIp }
  await assertLoginAllowed(ctx.throttle, keys, {}, ctx.now())
  const row = await db
    .selectFrom('staff')
    .select(['id', 'email', 'name', 'password_hash', 'totp_secret', 'totp_enabled', 'totp_required', 'totp_last_step'])
    .where('email', '=', email)
    .executeTakeFirst()
  const ok = row?.password_hash ? await verifyPassword(input.password, row.password_hash) : await verifyPassword(input.password, await DECOY_HASH_PROMISE)
  if (!row || !ok) {
    await recordLoginFailure(ctx.throttle, keys, ctx.now())
    throw new HttpError(401, WRONG_LOGIN)
  }
  let step: number | null = null
  if (row.totp_enabled === 1 && row.totp_secret) {
    const code = input.totp?.replace(/\s/g, '') ?? ''
    if (!code) throw new HttpError(401, TOTP_NEEDED, 'totp')
    step = await totpStep(row.totp_secret, code, row.totp_last_step, ctx.now())
    if (step === null) {
      await recordLoginFailure(ctx.throttle, keys, ctx.now())
      throw new HttpError(401, TOTP_WRONG, 'totp')
    }
  }
  const grant = await db.selectFrom('staff_brand_roles').select(['role', 'suspended']).where('staff_id', '=', row.id).where('brand_id', '=', brandId).executeTakeFirst()
  if (!grant) throw new HttpError(403, `You have no role at ${ctx.brand.name}. Ask its owner to add you.`)
  if (grant.suspended === 1) throw new HttpError(403, `Your access to ${ctx.brand.name} is suspended. Ask its owner.`)
  await clearLoginFailures(ctx.throttle, keys)
  const now = ctx.now()
  const session = await db.transaction().execute(async (trx) => {
    if (step !== null) await trx.updateTable('staff').set({ totp_last_step: step }).where('id', '=', row.id).execute()
    await audited(trx, { brandId, staffId: row.id, ip: ctx.clientIp, now: ctx.now }, { action: 'staff.login', entity: 'staff', id: row.id })
    return startStaffSession(trx, { staffId: row.id, brandId, ip: ctx.clientIp, userAgent, now })
  })
  const staff = await staffView(ctx, { id: row.id, email: row.email, name: row.name, totpEnabled: row.totp_enabled === 1, totpRequired: row.totp_required === 1 })
  return { ...session, staff }
}

/** Starts TOTP enrolment: a new secret (not in force until confirmed with a code) and its otpauth:// URI for the app. */
export async function enrolTotp(ctx: RequestContext, staff: { id: string; email: string; totpEnabled: boolean }): Promise<{ secret: string; uri: string }> {
  if (staff.totpEnabled) throw conflict('Two-step verification is on already.')
  const secret = generateSecret()
  await ctx.data.db.updateTable('staff').set({ totp_secret: secret, totp_last_step: null }).where('id', '=', staff.id).execute()
  return { secret, uri: generateURI({ issuer: `${ctx.brand.name} admin`, label: staff.email, secret }) }
}

/**
 * Turns one's own two-step verification off, with a code from the app (a stolen session alone
 * cannot): refused where an owner requires it of this person. The secret goes with it.
 */
export async function disableTotp(ctx: RequestContext, staffId: string, code: string): Promise<void> {
  const { db, brandId } = ctx.data
  const row = await db.selectFrom('staff').select(['totp_secret', 'totp_enabled', 'totp_required', 'totp_last_step']).where('id', '=', staffId).executeTakeFirstOrThrow()
  if (row.totp_enabled !== 1 || !row.totp_secret) throw conflict('Two-step verification is off already.')
  if (row.totp_required === 1) throw forbidden('Your store requires two-step verification of you: it stays on. An owner can reset it if you lost your app.')
  if ((await totpStep(row.totp_secret, code.replace(/\s/g, ''), row.totp_last_step, ctx.now())) === null) throw unprocessable(TOTP_WRONG, 'code')
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('staff').set({ totp_enabled: 0, totp_secret: null, totp_last_step: null }).where('id', '=', staffId).execute()
    await audited(
      trx,
      { brandId, staffId, ip: ctx.clientIp, now: ctx.now },
      { action: 'staff.totp_off', entity: 'staff', id: staffId, before: { totp_enabled: true }, after: { totp_enabled: false } },
    )
  })
}

/** Confirms enrolment with a code from the app: from now on login asks for one. */
export async function confirmTotp(ctx: RequestContext, staffId: string, code: string): Promise<void> {
  const { db, brandId } = ctx.data
  const row = await db.selectFrom('staff').select(['totp_secret', 'totp_enabled']).where('id', '=', staffId).executeTakeFirstOrThrow()
  if (row.totp_enabled === 1) throw conflict('Two-step verification is on already.')
  if (!row.totp_secret) throw conflict('Start the set-up first: a new secret is made for your app.')
  const step = await totpStep(row.totp_secret, code.replace(/\s/g, ''), null, ctx.now())
  if (step === null) throw unprocessable(TOTP_WRONG, 'code')
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('staff').set({ totp_enabled: 1, totp_last_step: step }).where('id', '=', staffId).execute()
    await audited(
      trx,
      { brandId, staffId, ip: ctx.clientIp, now: ctx.now },
      { action: 'staff.totp_on', entity: 'staff', id: staffId, before: { totp_enabled: false }, after: { totp_enabled: true } },
    )
  })
}
