/**
 * Staff sessions: the `staff_sid` cookie (HttpOnly, SameSite=Strict, Secure where the
 * brand's origin is https), one row per session in `staff_sessions` keyed by the
 * SHA-256 of the token, for the brand whose host it was opened at. Kept in the
 * database even where customers' sessions are in Redis: a person lists and revokes
 * their own, and they are few (docs/decisions/177-staff-apart-from-customers.md).
 */
import { randomBytes } from 'node:crypto'
import { isStaffRole, type StaffRole } from '@store/core'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import { hashSessionToken } from '../sessions/session-handle.ts'

export const STAFF_COOKIE = 'staff_sid'
/** A staff session ends 12 hours after login (a working day), whatever is done with it. */
export const STAFF_SESSION_TTL_MS = 12 * 60 * 60 * 1000
/** last_seen_at is written at most this often. */
const SEEN_EVERY_MS = 60_000

interface StaffMember {
  id: string
  email: string
  name: string
  totpEnabled: boolean
  totpRequired: boolean
}

/** Who a staff cookie speaks for at this brand, with their role here. */
export interface StaffPrincipal {
  sessionId: string
  staff: StaffMember
  /** null: no role at this brand (removed since) */
  role: StaffRole | null
  suspended: boolean
}

export async function startStaffSession(
  db: Kysely<Database>,
  input: { staffId: string; brandId: string; ip: string; userAgent: string; now: Date },
): Promise<{ token: string; expires: Date }> {
  const token = randomBytes(32).toString('base64url')
  const expires = new Date(input.now.getTime() + STAFF_SESSION_TTL_MS)
  await db
    .insertInto('staff_sessions')
    .values({
      id: hashSessionToken(token),
      staff_id: input.staffId,
      brand_id: input.brandId,
      ip: input.ip,
      user_agent: input.userAgent.slice(0, 300),
      created_at: input.now.toISOString(),
      last_seen_at: input.now.toISOString(),
      expires_at: expires.toISOString(),
    })
    .execute()
  return { token, expires }
}

/** The live session of this token at this brand, with its person and their role here; null when unknown, expired or another brand's. */
export async function findStaffSession(db: Kysely<Database>, brandId: string, token: string, now = new Date()): Promise<StaffPrincipal | null> {
  const id = hashSessionToken(token)
  const row = await db
    .selectFrom('staff_sessions')
    .innerJoin('staff', 'staff.id', 'staff_sessions.staff_id')
    .leftJoin('staff_brand_roles', (join) =>
      join.onRef('staff_brand_roles.staff_id', '=', 'staff_sessions.staff_id').onRef('staff_brand_roles.brand_id', '=', 'staff_sessions.brand_id'),
    )
    .select([
      'staff_sessions.id',
      'staff_sessions.expires_at',
      'staff_sessions.last_seen_at',
      'staff.id as staff_id',
      'staff.email',
      'staff.name',
      'staff.totp_enabled',
      'staff.totp_required',
      'staff_brand_roles.role',
      'staff_brand_roles.suspended',
    ])
    .where('staff_sessions.id', '=', id)
    .where('staff_sessions.brand_id', '=', brandId)
    .executeTakeFirst()
  if (!row || row.expires_at <= now.toISOString()) return null
  if (now.getTime() - Date.parse(row.last_seen_at) > SEEN_EVERY_MS) {
    await db.updateTable('staff_sessions').set({ last_seen_at: now.toISOString() }).where('id', '=', id).execute()
  }
  return {
    sessionId: row.id,
    staff: { id: row.staff_id, email: row.email, name: row.name, totpEnabled: row.totp_enabled === 1, totpRequired: row.totp_required === 1 },
    role: isStaffRole(row.role) ? row.role : null,
    suspended: row.suspended === 1,
  }
}

export interface StaffSessionView {
  id: string
  current: boolean
  ip: string
  user_agent: string
  created_at: string
  last_seen_at: string
  expires_at: string
}

/** A person's live sessions at this brand, newest first; `id` is a public handle (not the cookie's hash). */
export async function listStaffSessions(db: Kysely<Database>, brandId: string, staffId: string, currentId: string, now = new Date()): Promise<StaffSessionView[]> {
  const rows = await db
    .selectFrom('staff_sessions')
    .select(['id', 'ip', 'user_agent', 'created_at', 'last_seen_at', 'expires_at'])
    .where('staff_id', '=', staffId)
    .where('brand_id', '=', brandId)
    .where('expires_at', '>', now.toISOString())
    .orderBy('created_at', 'desc')
    .execute()
  return rows.map((row) => ({ ...row, id: publicSessionId(row.id), current: row.id === currentId }))
}

/** The handle a session is listed and revoked by: a hash of its stored id, so the list never shows what a cookie is checked against. */
const publicSessionId = (storedId: string) => hashSessionToken(`listed:${storedId}`).slice(0, 22)

/** Ends one of a person's sessions at this brand by its listed handle; false when there is none. */
export async function revokeStaffSession(db: Kysely<Database>, brandId: string, staffId: string, handle: string): Promise<boolean> {
  const rows = await db.selectFrom('staff_sessions').select('id').where('staff_id', '=', staffId).where('brand_id', '=', brandId).execute()
  const match = rows.find((row) => publicSessionId(row.id) === handle)
  if (!match) return false
  await db.deleteFrom('staff_sessions').where('id', '=', match.id).execute()
  return true
}

export async function endStaffSession(db: Kysely<Database>, sessionId: string): Promise<void> {
  await db.deleteFrom('staff_sessions').where('id', '=', sessionId).execute()
}
