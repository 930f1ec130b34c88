/**
 * The operator's club (DESIGN §8, docs/admin-club.md): GET /club/summary (reports.view),
 * GET /club/members and /club/members/{id} (reports.view or club.act), and the actions on a
 * member's behalf (club.act): POST /club/members/{id}/{skip, unskip, pause, resume, cancel,
 * free-month, next-retry, refund}.
 */
import { staffMay } from '@store/core'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import { readIdempotencyKey } from '../payments/attempts.ts'
import { HttpError } from '../http/errors.ts'
import { answers } from '../http/response-schemas.ts'
import { MembershipSchema } from '../membership/membership.schemas.ts'
import { requireClubBrand } from '../membership/membership.service.ts'
import { gatewayFor } from '../payments/gateway.ts'
import { acting, allow, signedIn } from '../staff/staff-guard.ts'
import {
  cancelForMemberBody,
  clubMemberDetailSchema,
  clubMembersPageSchema,
  clubSummarySchema,
  nextRetryBody,
  noteBody,
  refundAnswer,
  refundMonthBody,
} from './club-admin.schemas.ts'
import { cancelForMember, changeForMember, giveMonthFree, moveNextRetry, refundMonth } from './club-actions.service.ts'
import { clubSummary } from './club-health.service.ts'
import { membersFilterSchema } from './club-members.filters.ts'
import { clubMemberDetail, listClubMembers } from './club-members.service.ts'

/** The members' lists and pages: whoever reads the reports, or acts for members. */
async function readsMembers(request: FastifyRequest): Promise<void> {
  const staff = signedIn(request)
  if (!staffMay(staff.role, 'reports.view') && !staffMay(staff.role, 'club.act')) acting(request, 'club.act')
}

const params = z.object({ id: z.string().min(1).max(100) })

export const clubAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const gateway = await gatewayFor(app.env)

  // a brand without a club has no club pages: 404 in words, after the staff door (401/403 first)
  app.addHook('preHandler', async (request) => requireClubBrand(request.ctx))

  app.get(
    '/club/summary',
    {
      onRequest: allow('reports.view'),
      schema: {
        tags: ['admin: club'],
        summary: "The club's health: members by state, joins, cancels, churn, skips, the save offer, cancel reasons, payment recovery, cohorts",
        operationId: 'adminClubSummary',
        querystring: z.object({ from: z.string().max(7).optional().describe('YYYY-MM'), to: z.string().max(7).optional().describe('YYYY-MM') }),
        response: answers(clubSummarySchema),
      },
    },
    async (request) => ({ data: await clubSummary(request.ctx, request.query) }),
  )

  app.get(
    '/club/members',
    {
      onRequest: readsMembers,
      schema: {
        tags: ['admin: club'],
        summary: 'The club members a filter finds (each health figure links to its own), newest first by cursor',
        operationId: 'adminClubMembers',
        querystring: membersFilterSchema.extend({
          cursor: z.string().max(300).optional(),
          limit: z.coerce.number().int().min(1).max(200).optional(),
          sort: z.enum(['newest', 'oldest'], { message: 'Sort by newest or oldest.' }).optional(),
        }),
        response: answers(clubMembersPageSchema),
      },
    },
    async (request) => {
      const { cursor, limit, sort, ...filter } = request.query
      return { data: await listClubMembers(request.ctx, signedIn(request).role, filter, { cursor, limit, sort }) }
    },
  )

  app.get(
    '/club/members/:id',
    {
      onRequest: readsMembers,
      schema: {
        tags: ['admin: club'],
        summary: "A member's page: the membership, its history and charges, what staff may do",
        operationId: 'adminClubMember',
        params,
        response: answers(clubMemberDetailSchema),
      },
    },
    async (request) => ({ data: await clubMemberDetail(request.ctx, signedIn(request).role, request.params.id) }),
  )

  const changed = answers(MembershipSchema, 'The membership after the change (409: refused, with the reason the member would read)')

  for (const event of ['skip', 'unskip', 'pause', 'resume'] as const) {
    app.post(
      `/club/members/:id/${event}`,
      {
        onRequest: allow('club.act'),
        schema: {
          tags: ['admin: club'],
          summary: `${event} on the member's behalf (the member's own rules; audited; e-mailed)`,
          operationId: `adminClubMember_${event}`,
          params,
          body: noteBody,
          response: changed,
        },
      },
      async (request) => ({ data: await changeForMember(request.ctx, acting(request, 'club.act').actor, request.params.id, event, request.body.note) }),
    )
  }

  app.post(
    '/club/members/:id/cancel',
    {
      onRequest: allow('club.act'),
      schema: {
        tags: ['admin: club'],
        summary: "Cancel on the member's behalf, with their reasons",
        operationId: 'adminClubMemberCancel',
        params,
        body: cancelForMemberBody,
        response: changed,
      },
    },
    async (request) => ({ data: await cancelForMember(request.ctx, acting(request, 'club.act').actor, request.params.id, request.body.reasons, request.body.note) }),
  )

  app.post(
    '/club/members/:id/free-month',
    {
      onRequest: allow('club.act'),
      schema: {
        tags: ['admin: club'],
        summary: 'Give a month free: the next billing date charges nothing, the box ships',
        operationId: 'adminClubMemberFreeMonth',
        params,
        body: noteBody,
        response: changed,
      },
    },
    async (request) => ({ data: await giveMonthFree(request.ctx, { actor: acting(request, 'club.act').actor, note: request.body.note }, request.params.id) }),
  )

  app.post(
    '/club/members/:id/next-retry',
    {
      onRequest: allow('club.act'),
      schema: {
        tags: ['admin: club'],
        summary: "Move the next try of an overdue member's failed charge",
        operationId: 'adminClubMemberNextRetry',
        params,
        body: nextRetryBody,
        response: changed,
      },
    },
    async (request) => ({ data: await moveNextRetry(request.ctx, { actor: acting(request, 'club.act').actor, note: request.body.note }, request.params.id, request.body.day) }),
  )

  app.post(
    '/club/members/:id/refund',
    {
      onRequest: allow('club.act'),
      schema: {
        tags: ['admin: club'],
        summary: "Refund a month's charge (Idempotency-Key): the fee, on the order it paid, e-mailed to the member",
        operationId: 'adminClubMemberRefund',
        params,
        headers: z.object({ 'idempotency-key': z.string().optional() }),
        body: refundMonthBody,
        response: answers(refundAnswer),
      },
    },
    async (request) => {
      const staff = acting(request, 'club.act')
      if (!staffMay(staff.role, 'orders.refund')) throw new HttpError(403, `Your role (${staff.role}) does not refund.`)
      const key = readIdempotencyKey(request.headers['idempotency-key'])
      return { data: await refundMonth(request.ctx, { actor: staff.actor, note: request.body.note, role: staff.role }, request.params.id, request.body.period, key, gateway) }
    },
  )
}
