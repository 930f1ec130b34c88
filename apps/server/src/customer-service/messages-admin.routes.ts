/** /api/admin/messages: the inbox of contact-us and feedback messages, each with its thread; reply, close, reopen (message-inbox.ts). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { answers } from '../http/response-schemas.ts'
import { acting, allow } from '../staff/staff-guard.ts'
import { getThread, listMessages, moveMessage, replyToMessage } from './message-inbox.ts'
import { messageIdParams, messagesPageSchema, messagesQuery, replyBody, threadSchema } from './messages-admin.schemas.ts'

const tags = ['admin: messages']

export const messagesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/messages',
    {
      onRequest: allow('messages.answer'),
      schema: {
        tags,
        summary: 'The inbox, newest first, with the count in each status',
        operationId: 'adminListMessages',
        querystring: messagesQuery,
        response: answers(messagesPageSchema),
      },
    },
    async (request) => ({ data: await listMessages(request.ctx.data.db, request.ctx.data.brandId, request.query) }),
  )

  app.get(
    '/messages/:id',
    {
      onRequest: allow('messages.answer'),
      schema: { tags, summary: 'One message with its replies', operationId: 'adminGetMessage', params: messageIdParams, response: answers(threadSchema) },
    },
    async (request) => ({ data: await getThread(request.ctx.data.db, request.ctx.data.brandId, request.params.id) }),
  )

  app.post(
    '/messages/:id/replies',
    {
      onRequest: allow('messages.answer'),
      schema: {
        tags,
        summary: 'Reply to the sender by e-mail; the message becomes answered',
        operationId: 'adminReplyToMessage',
        params: messageIdParams,
        body: replyBody,
        response: answers(threadSchema),
      },
    },
    async (request) => ({ data: await replyToMessage(request.ctx.data.db, acting(request, 'messages.answer').actor, request.ctx.brand, request.params.id, request.body.body) }),
  )

  for (const event of ['close', 'reopen'] as const) {
    app.post(
      `/messages/:id/${event}`,
      {
        onRequest: allow('messages.answer'),
        schema: {
          tags,
          summary: event === 'close' ? 'Close a message' : 'Open a closed message again',
          operationId: event === 'close' ? 'adminCloseMessage' : 'adminReopenMessage',
          params: messageIdParams,
          response: answers(threadSchema),
        },
      },
      async (request) => ({ data: await moveMessage(request.ctx.data.db, acting(request, 'messages.answer').actor, request.params.id, event) }),
    )
  }
}
