import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { contactBody, feedbackBody, messageReceived } from './customer-service.schemas.ts'
import { sendContact, sendFeedback } from './customer-service.service.ts'

const tags = ['customer service']
const answer = { 200: z.object({ data: messageReceived }) }

export const customerServiceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/contact',
    {
      schema: {
        tags,
        summary: 'Send a message to customer service (10 per hour per client address, 5 per e-mail address: 429 beyond)',
        body: contactBody,
        response: answer,
      },
    },
    async (request) => ({ data: await sendContact(request.ctx, request.body) }),
  )

  app.post('/feedback', { schema: { tags, summary: 'Send feedback (throttled with the contact form)', body: feedbackBody, response: answer } }, async (request) => ({
    data: await sendFeedback(request.ctx, request.body),
  }))
}
