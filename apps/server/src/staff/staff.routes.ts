/**
 * /api/admin: the operator's account calls (DESIGN §8): login, logout, me, the
 * second factor, sessions, the brand's staff. Brand = the request's host.
 */
import { STAFF_PERMISSIONS } from '@store/core'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { cookiesSecure } from '../context/context-plugin.ts'
import { notFound } from '../http/errors.ts'
import { answers, okSchema } from '../http/response-schemas.ts'
import { setPasswordWithLink } from './staff-accounts.ts'
import { allow, signedIn, acting, type StaffActing } from './staff-guard.ts'
import { confirmTotp, disableTotp, enrolTotp, staffLogin, staffView } from './staff-login.ts'
import { changeMember, inviteMember, listMembers, removeMember } from './staff-members.ts'
import {
  idParams,
  inviteBody,
  inviteSchema,
  meSchema,
  membersSchema,
  sessionsSchema,
  setPasswordBody,
  staffChangeBody,
  staffLoginBody,
  totpCodeBody,
  totpEnrolSchema,
} from './staff.schemas.ts'
import { endStaffSession, listStaffSessions, revokeStaffSession, STAFF_COOKIE } from './staff-sessions.ts'

const tags = ['admin: account']

function cookieOptions(request: FastifyRequest) {
  return { path: '/', httpOnly: true, sameSite: 'strict' as const, secure: cookiesSecure(request.server.env.COOKIE_SECURE, request.ctx) }
}

async function me(request: FastifyRequest, staff: StaffActing) {
  return {
    staff: await staffView(request.ctx, staff.staff),
    brand: { id: request.ctx.brand.id, name: request.ctx.brand.name },
    role: staff.role,
    may: [...STAFF_PERMISSIONS[staff.role]],
  }
}

function clearStaffCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(STAFF_COOKIE, cookieOptions(request))
}

export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/login',
    {
      schema: {
        tags,
        summary: 'Log in to the operator area (throttled as the shoppers are: decision 008)',
        operationId: 'adminLogin',
        body: staffLoginBody,
        response: answers(meSchema),
      },
    },
    async (request, reply) => {
      const { token, expires, staff } = await staffLogin(request.ctx, request.body, request.headers['user-agent'] ?? '')
      reply.setCookie(STAFF_COOKIE, token, { ...cookieOptions(request), expires })
      const role = staff.roles.find((grant) => grant.brand === request.ctx.brand.id)!.role
      return { data: { staff, brand: { id: request.ctx.brand.id, name: request.ctx.brand.name }, role, may: [...STAFF_PERMISSIONS[role]] } }
    },
  )

  app.post(
    '/logout',
    { onRequest: allow('signed-in'), schema: { tags, summary: 'Log out of the operator area', operationId: 'adminLogout', response: answers(okSchema) } },
    async (request, reply) => {
      await endStaffSession(request.ctx.data.db, signedIn(request).sessionId)
      clearStaffCookie(request, reply)
      return { data: { ok: true } }
    },
  )

  app.get(
    '/me',
    {
      onRequest: allow('signed-in'),
      schema: { tags, summary: 'The member of staff logged in, their role here and what it allows', operationId: 'adminMe', response: answers(meSchema) },
    },
    async (request) => ({ data: await me(request, signedIn(request)) }),
  )

  app.post(
    '/set-password',
    { schema: { tags, summary: 'Set a password with a one-time link', operationId: 'adminSetPassword', body: setPasswordBody, response: answers(okSchema) } },
    async (request) => {
      const { brandId } = await setPasswordWithLink(request.ctx.data.db, { ip: request.ctx.clientIp, now: request.ctx.now }, request.body.token, request.body.password)
      if (brandId !== request.ctx.brand.id) request.log.info({ brandId }, 'staff password set from another brand host')
      return { data: { ok: true } }
    },
  )

  app.post(
    '/totp/enrol',
    {
      onRequest: allow('signed-in'),
      schema: { tags, summary: 'Start turning on two-step verification (TOTP)', operationId: 'adminTotpEnrol', response: answers(totpEnrolSchema) },
    },
    async (request) => ({ data: await enrolTotp(request.ctx, signedIn(request).staff) }),
  )

  app.post(
    '/totp/confirm',
    {
      onRequest: allow('signed-in'),
      schema: { tags, summary: 'Confirm two-step verification with a code', operationId: 'adminTotpConfirm', body: totpCodeBody, response: answers(okSchema) },
    },
    async (request) => {
      await confirmTotp(request.ctx, signedIn(request).staff.id, request.body.code)
      return { data: { ok: true } }
    },
  )

  app.post(
    '/totp/disable',
    {
      onRequest: allow('signed-in'),
      schema: {
        tags,
        summary: 'Turn your two-step verification off, with a code from your app (403 where the store requires it of you)',
        operationId: 'adminTotpDisable',
        body: totpCodeBody,
        response: answers(okSchema),
      },
    },
    async (request) => {
      await disableTotp(request.ctx, signedIn(request).staff.id, request.body.code)
      return { data: { ok: true } }
    },
  )

  app.get(
    '/sessions',
    { onRequest: allow('signed-in'), schema: { tags, summary: 'Your sessions at this brand', operationId: 'adminSessions', response: answers(sessionsSchema) } },
    async (request) => {
      const staff = signedIn(request)
      return { data: { sessions: await listStaffSessions(request.ctx.data.db, request.ctx.brand.id, staff.staff.id, staff.sessionId, request.ctx.now()) } }
    },
  )

  app.post(
    '/sessions/:id/revoke',
    { onRequest: allow('signed-in'), schema: { tags, summary: 'End one of your sessions', operationId: 'adminRevokeSession', params: idParams, response: answers(okSchema) } },
    async (request) => {
      const staff = signedIn(request)
      if (!(await revokeStaffSession(request.ctx.data.db, request.ctx.brand.id, staff.staff.id, request.params.id))) throw notFound('You have no session with that id.')
      return { data: { ok: true } }
    },
  )

  const staffTags = ['admin: staff']
  app.get(
    '/staff',
    { onRequest: allow('staff.manage'), schema: { tags: staffTags, summary: "The brand's staff", operationId: 'adminListStaff', response: answers(membersSchema) } },
    async (request) => ({ data: { members: await listMembers(request.ctx) } }),
  )

  app.post(
    '/staff',
    {
      onRequest: allow('staff.manage'),
      schema: {
        tags: staffTags,
        summary: 'Invite a member of staff (or give an existing one a role here)',
        operationId: 'adminInviteStaff',
        body: inviteBody,
        response: answers(inviteSchema),
      },
    },
    async (request) => ({ data: await inviteMember(request.ctx, acting(request, 'staff.manage').actor, request.body) }),
  )

  app.patch(
    '/staff/:id',
    {
      onRequest: allow('staff.manage'),
      schema: {
        tags: staffTags,
        summary: 'Change the role of a member of staff, suspend or reinstate them, require or reset TOTP',
        operationId: 'adminChangeStaff',
        params: idParams,
        body: staffChangeBody,
        response: answers(inviteSchema.pick({ member: true })),
      },
    },
    async (request) => ({ data: { member: await changeMember(request.ctx, acting(request, 'staff.manage').actor, request.params.id, request.body) } }),
  )

  app.post(
    '/staff/:id/remove',
    {
      onRequest: allow('staff.manage'),
      schema: { tags: staffTags, summary: 'Remove a member of staff from this brand', operationId: 'adminRemoveStaff', params: idParams, response: answers(okSchema) },
    },
    async (request) => {
      await removeMember(request.ctx, acting(request, 'staff.manage').actor, request.params.id)
      return { data: { ok: true } }
    },
  )
}
