/**
 * POST /api/content/webhook: the content service tells the store a document changed (a Sanity
 * GROQ-powered webhook on create, update and delete, signed with SANITY_WEBHOOK_SECRET;
 * docs/content.md). The brand the document names (its `brand` field: the webhook's projection
 * must keep it; the default projection, the whole document, does) has its cached content,
 * settings bundle and anonymous pages dropped on this instance; a document that names no brand
 * of the store drops every brand's. Its own plugin, so only here is a JSON body kept as bytes:
 * the signature is over the raw body.
 */
import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { BRANDS, isBrandId } from '../brands/registry.ts'
import { errorBody } from '../http/errors.ts'
import { answers } from '../http/response-schemas.ts'
import { isSignedBySanity, SANITY_SIGNATURE_HEADER } from './sanity-webhook.ts'

const changedDocument = z.object({ brand: z.unknown().optional() }).passthrough()

export const contentWebhookRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<ZodTypeProvider>()
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_request, body, done) => done(null, body))
  app.post(
    '/content/webhook',
    {
      schema: {
        tags: ['content'],
        summary: "The content service's change notice, signed with sanity-webhook-signature: t=<ms>,v1=base64url(HMAC-SHA256(secret, '<t>.' + raw body)) (401 when not)",
        operationId: 'postContentWebhook',
        response: answers(z.object({ cleared: z.array(z.string()).describe('the brands whose cached content was dropped') })),
      },
    },
    async (request, reply) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
      if (!isSignedBySanity(app.env.SANITY_WEBHOOK_SECRET, raw, request.headers[SANITY_SIGNATURE_HEADER])) {
        return reply.status(401).send(errorBody('The signature of this delivery is missing or wrong.'))
      }
      let json: unknown
      try {
        json = JSON.parse(raw.toString('utf8'))
      } catch {
        return reply.status(400).send(errorBody('The body is not JSON.'))
      }
      const parsed = changedDocument.safeParse(json)
      if (!parsed.success) return reply.status(400).send(errorBody('The body is not a document.'))
      const { brand } = parsed.data
      const cleared = typeof brand === 'string' && isBrandId(brand) ? [brand] : BRANDS.map((each) => each.id)
      // on every instance (caches/cache-bus.ts): the webhook reaches one of them
      for (const brandId of cleared) app.caches.clear(brandId, ['content', 'settings', 'pages'])
      return { data: { cleared } }
    },
  )
}
