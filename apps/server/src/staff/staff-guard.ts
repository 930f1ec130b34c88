/**
 * The operator API's door (DESIGN §8): every call under /api/admin reads the
 * `staff_sid` cookie (never the shopper's `sid`: a customer session opens nothing
 * here) for the brand of the request's host, then `allow(action)` refuses
 * 401 without a staff session and 403 outside the role or the brand, before the
 * route runs, whatever the page shows. Answers are personal: `private, no-store`.
 */
import { staffMay, type StaffAction, type StaffRole } from '@store/core'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { HttpError } from '../http/errors.ts'
import type { AuditActor } from './audit.ts'
import { findStaffSession, STAFF_COOKIE, type StaffPrincipal } from './staff-sessions.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** the staff session of this request at its brand, read by the operator API's hook; null without one */
    staff: StaffPrincipal | null
  }
}

const NOT_SIGNED_IN = 'Log in to the operator area first.'
const TOTP_FIRST = 'The store owner asks you to turn on two-step verification. Set it up on your account page first.'

/** A member of staff acting at the request's brand with a role there. */
export interface StaffActing extends StaffPrincipal {
  role: StaffRole
  actor: AuditActor
}

export function registerStaffSession(app: FastifyInstance): void {
  app.decorateRequest('staff', null)
  app.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'private, no-store')
    const token = request.cookies[STAFF_COOKIE]
    request.staff = token && request.ctx ? await findStaffSession(request.ctx.data.db, request.ctx.brand.id, token, request.ctx.now()) : null
  })
}

/** The request's member of staff, with a role at this brand: 401 without a session, 403 when the role is gone or suspended. */
export function signedIn(request: FastifyRequest): StaffActing {
  const principal = request.staff
  if (!principal) throw new HttpError(401, NOT_SIGNED_IN)
  if (principal.role === null) throw new HttpError(403, `You have no role at ${request.ctx.brand.name}.`)
  if (principal.suspended) throw new HttpError(403, `Your access to ${request.ctx.brand.name} is suspended.`)
  const ctx = request.ctx
  return { ...principal, role: principal.role, actor: { brandId: ctx.brand.id, staffId: principal.staff.id, ip: ctx.clientIp, now: ctx.now } }
}

/** signedIn, and the role may take this action (DESIGN §8's table, @store/core's matrix). */
export function acting(request: FastifyRequest, action: StaffAction): StaffActing {
  const staff = signedIn(request)
  if (staff.staff.totpRequired && !staff.staff.totpEnabled) throw new HttpError(403, TOTP_FIRST)
  if (!staffMay(staff.role, action)) throw new HttpError(403, `Your role (${staff.role}) at ${request.ctx.brand.name} does not allow this.`)
  return staff
}

/** A route's onRequest hook: refuses (401/403) before the body is even read. */
export const allow =
  (action: StaffAction | 'signed-in') =>
  async (request: FastifyRequest): Promise<void> => {
    if (action === 'signed-in') signedIn(request)
    else acting(request, action)
  }
