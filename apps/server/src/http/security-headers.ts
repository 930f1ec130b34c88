import type { FastifyInstance } from 'fastify'

/**
 * Headers every answer carries: no MIME sniffing, no framing by other sites
 * (clickjacking of cart and account forms), referrers trimmed to the origin
 * across sites, and no access to powerful browser features.
 */
const HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(self)',
  'cross-origin-opener-policy': 'same-origin',
}

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    for (const [name, value] of Object.entries(HEADERS)) if (!reply.hasHeader(name)) reply.header(name, value)
    return payload
  })
}
