/**
 * GET /api/dev/emails: every e-mail of the store, for each brand, as it is sent (the branded HTML
 * and its plain text), for whoever works on their look. Development only: app.ts does not
 * register it in production.
 *
 *   /api/dev/emails                        the list, brand by brand
 *   /api/dev/emails/:brand/:key            one e-mail's HTML
 *   /api/dev/emails/:brand/:key?as=text    its plain text
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { brandsWithOrigins } from '../brands/registry.ts'
import { escapeXml } from '../media/media.service.ts'
import { notFound } from '../http/errors.ts'
import { brandedHtml } from './branded-email.ts'
import { emailPreviews } from './email-previews.ts'

/** The e-mail's own inline styles and our pictures; nothing else. */
const PREVIEW_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' http: https: data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"

export const emailPreviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const brands = brandsWithOrigins(app.env.publicOrigins)

  app.get('/dev/emails', { schema: { hide: true } }, async (_request, reply) => {
    const sections = brands.map((brand) => {
      const links = emailPreviews(brand).map(
        (email) =>
          `<li><a href="/api/dev/emails/${brand.id}/${email.key}">${escapeXml(email.subject)}</a> <a href="/api/dev/emails/${brand.id}/${email.key}?as=text">(text)</a></li>`,
      )
      return `<section><h2>${escapeXml(brand.name)}</h2><ul>${links.join('')}</ul></section>`
    })
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>E-mails</title></head><body style="font-family:system-ui,sans-serif;max-width:48rem;margin:auto;padding:1rem"><h1>The store's e-mails</h1>${sections.join('')}</body></html>`
    return reply.type('text/html; charset=utf-8').header('content-security-policy', PREVIEW_CSP).send(html)
  })

  app.get(
    '/dev/emails/:brand/:key',
    {
      schema: {
        hide: true,
        params: z.object({ brand: z.string().max(40), key: z.string().max(60) }),
        querystring: z.object({ as: z.enum(['html', 'text']).default('html') }),
      },
    },
    async (request, reply) => {
      const brand = brands.find((known) => known.id === request.params.brand)
      if (!brand) throw notFound('No brand here has that id.')
      const email = emailPreviews(brand).find((preview) => preview.key === request.params.key)
      if (!email) throw notFound('No e-mail of the store has that name: the list is at /api/dev/emails.')
      if (request.query.as === 'text') return reply.type('text/plain; charset=utf-8').send(`Subject: ${email.subject}\n\n${email.body}`)
      return reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', PREVIEW_CSP)
        .send(await brandedHtml(brand, email))
    },
  )
}
