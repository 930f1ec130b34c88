/**
 * The club's API (DESIGN §4): GET /membership, POST /membership/{skip, unskip,
 * pause, resume, cancel, rejoin}, GET /membership/cancel-check, GET/POST
 * /membership/picks. The membership is the session's customer's, never one named
 * by the request; state changes pass the CSRF guard like every POST.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { answers } from '../http/response-schemas.ts'
import { gatewayFor } from '../payments/gateway.ts'
import { CancelCheckSchema, cancelBody, MembershipSchema, MonthlyPicksSchema, picksBody } from './membership.schemas.ts'
import { cancelCheck, cancelMembership, changeMembership, getMembership, rejoinMembership, requireClubBrand } from './membership.service.ts'
import { getPicks, savePicks } from './picks.service.ts'

/** 401 not logged in, 404 not a member, 409 refused by the state machine (its reason) or changed in another window */
const changeResponses = answers(MembershipSchema, 'The membership after the change')

export const membershipRoutes: FastifyPluginAsyncZod = async (app) => {
  const gateway = await gatewayFor(app.env)

  // at a brand without a club every club request but the read is a 404 (before its body is checked); GET
  // /membership keeps its contract there: null, as for any customer who is not a member
  app.addHook('preValidation', async (request) => {
    if (request.method === 'GET' && request.routeOptions.url?.endsWith('/membership')) return
    await requireClubBrand(request.ctx)
  })

  app.get(
    '/membership',
    {
      schema: {
        tags: ['club'],
        summary: "The logged-in customer's membership (SPEC §3) with its status, or null",
        operationId: 'getMembership',
        response: answers(MembershipSchema.nullable(), 'The membership, or null for a visitor or a non-member'),
      },
    },
    async (request) => ({ data: await getMembership(request.ctx) }),
  )

  for (const event of ['skip', 'unskip', 'pause', 'resume'] as const) {
    app.post(
      `/membership/${event}`,
      {
        schema: {
          tags: ['club'],
          summary: `${event[0]!.toUpperCase()}${event.slice(1)} the membership (docs/club-membership.md); a refused change is a 409 with its reason`,
          operationId: `${event}Membership`,
          response: changeResponses,
        },
      },
      async (request) => ({ data: await changeMembership(request.ctx, event) }),
    )
  }

  app.post(
    '/membership/cancel',
    {
      schema: {
        tags: ['club'],
        summary: 'Cancel at once, with the reasons given: no further charge',
        operationId: 'cancelMembership',
        body: cancelBody,
        response: changeResponses,
      },
    },
    async (request) => ({ data: await cancelMembership(request.ctx, request.body) }),
  )

  app.post(
    '/membership/rejoin',
    {
      schema: {
        tags: ['club'],
        summary: 'Rejoin a cancelled or lapsed membership, charging the saved card for the rejoin day’s period (once)',
        operationId: 'rejoinMembership',
        // 402 the saved card was declined, 422 no saved card (rejoin through the club checkout), 503 the gateway unreachable
        response: changeResponses,
      },
    },
    async (request) => ({ data: await rejoinMembership(request.ctx, gateway) }),
  )

  app.get(
    '/membership/cancel-check',
    {
      schema: {
        tags: ['club'],
        summary: 'SPEC §3 cancel check: cant_cancel while an order of the membership is being packed (not once shipped), with its tracking number',
        operationId: 'getMembershipCancelCheck',
        response: answers(CancelCheckSchema, 'The cancel check'),
      },
    },
    async (request) => ({ data: await cancelCheck(request.ctx) }),
  )

  app.get(
    '/membership/picks',
    {
      schema: {
        tags: ['club'],
        summary: "The coming period's monthly items: picks, what may be picked, and the cut-off",
        operationId: 'getMembershipPicks',
        response: answers(MonthlyPicksSchema, "The coming period's monthly items"),
      },
    },
    async (request) => ({ data: await getPicks(request.ctx) }),
  )

  app.post(
    '/membership/picks',
    {
      schema: {
        tags: ['club'],
        summary: "Pick the coming period's monthly items before its cut-off (replaces earlier picks)",
        body: picksBody,
        operationId: 'saveMembershipPicks',
        response: answers(MonthlyPicksSchema, 'The picks as saved (409 after the cut-off, 422 an item not sold in that size)'),
      },
    },
    async (request) => ({ data: await savePicks(request.ctx, request.body) }),
  )
}
