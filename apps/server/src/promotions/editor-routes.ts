/**
 * The routes of one kind of promotion the operator edits as a list (order bumps, one-time offers,
 * bundle offers, social-media specials): list it with how each sells, add one, change one, and
 * (where it can go) take one off. Each kind says its address, its answers and its service calls;
 * who may do what is the same for all: anyone who reads reports lists, promotions.edit changes.
 */
import type { FastifyInstance } from 'fastify'
import type { z } from 'zod'
import type { RequestContext } from '../context/request-context.ts'
import { answers } from '../http/response-schemas.ts'
import type { AuditActor } from '../staff/audit.ts'
import { acting, allow } from '../staff/staff-guard.ts'
import { promotionCachesOf, type PromotionCaches } from './promotion-caches.ts'
import { promotionIdParams } from './promotions.schemas.ts'

export interface EditableKind<Create extends z.ZodType, Patch extends z.ZodType, One extends z.ZodType, Many extends z.ZodType> {
  /** the address under /api/admin, such as /promotions/order-bumps */
  path: string
  /** the words of its summaries and operation ids: { one: 'order bump', name: 'OrderBump' } */
  words: { one: string; many: string; name: string; names: string; remove?: string }
  bodies: { create: Create; patch: Patch }
  answers: { one: One; many: Many }
  list(ctx: RequestContext): Promise<z.output<Many>>
  create(ctx: RequestContext, actor: AuditActor, caches: PromotionCaches, body: z.output<Create>): Promise<z.output<One>>
  update(ctx: RequestContext, actor: AuditActor, caches: PromotionCaches, id: string, body: z.output<Patch>): Promise<z.output<One>>
  /** omitted where a kind is never removed (a special ends: its landing stays and says so) */
  remove?(ctx: RequestContext, actor: AuditActor, caches: PromotionCaches, id: string): Promise<z.output<Many>>
}

const tags = ['admin: promotions']

export function editorRoutes<Create extends z.ZodType, Patch extends z.ZodType, One extends z.ZodType, Many extends z.ZodType>(
  fastify: FastifyInstance,
  kind: EditableKind<Create, Patch, One, Many>,
): void {
  // the schemas validate and shape each call as on every route; a generic kind's types are checked
  // by EditableKind above (the type provider cannot resolve a response schema's generic type)
  const app = fastify
  const { words } = kind
  const idOf = (params: unknown) => (params as z.output<typeof promotionIdParams>).id
  app.get(
    kind.path,
    {
      onRequest: allow('reports.view'),
      schema: { tags, summary: `${words.many} in their order, with how they sell`, operationId: `adminList${words.names}`, response: answers(kind.answers.many) },
    },
    async (request) => ({ data: await kind.list(request.ctx) }),
  )
  app.post(
    kind.path,
    {
      onRequest: allow('promotions.edit'),
      schema: { tags, summary: `Add ${words.one}`, operationId: `adminCreate${words.name}`, body: kind.bodies.create, response: answers(kind.answers.one) },
    },
    async (request) => ({
      data: await kind.create(request.ctx, acting(request, 'promotions.edit').actor, promotionCachesOf(request), request.body as z.output<Create>),
    }),
  )
  app.patch(
    `${kind.path}/:id`,
    {
      onRequest: allow('promotions.edit'),
      schema: {
        tags,
        summary: `Change ${words.one}`,
        operationId: `adminUpdate${words.name}`,
        params: promotionIdParams,
        body: kind.bodies.patch,
        response: answers(kind.answers.one),
      },
    },
    async (request) => ({
      data: await kind.update(request.ctx, acting(request, 'promotions.edit').actor, promotionCachesOf(request), idOf(request.params), request.body as z.output<Patch>),
    }),
  )
  const remove = kind.remove
  if (remove) {
    app.post(
      `${kind.path}/:id/remove`,
      {
        onRequest: allow('promotions.edit'),
        schema: {
          tags,
          summary: words.remove ?? `Take ${words.one} off`,
          operationId: `adminRemove${words.name}`,
          params: promotionIdParams,
          response: answers(kind.answers.many),
        },
      },
      async (request) => ({ data: await remove(request.ctx, acting(request, 'promotions.edit').actor, promotionCachesOf(request), idOf(request.params)) }),
    )
  }
}
