import helmet from '@fastify/helmet'
import type { FastifyInstance } from 'fastify'

/**
 * Headers every answer carries, through @fastify/helmet: no MIME sniffing, no
 * framing by other sites (clickjacking of cart and account forms), referrers
 * trimmed to the origin across sites, a window of its own (COOP), and a
 * Content-Security-Policy that allows nothing: right for JSON, images and files.
 * Pages replace it with their own (web/page-csp.ts: a nonce per answer, or the
 * hashes of a cached page's inline scripts).
 *
 * HSTS goes out where the brand's public origin is https (one year, subdomains);
 * Permissions-Policy, which helmet does not write, is added here.
 */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(self)'
export const HSTS = 'max-age=31536000; includeSubDomains'

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"], formAction: ["'none'"] },
    },
    // per brand, below
    hsts: false,
    // the storefront embeds a video player from another origin and e-mails show our images
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'sameorigin' },
  })
  app.addHook('onSend', async (request, reply, payload) => {
    if (!reply.hasHeader('permissions-policy')) reply.header('permissions-policy', PERMISSIONS_POLICY)
    const brand = request.brand
    if (brand) {
      const origin = request.ctx?.origin ?? brand.publicOrigin
      if (origin.startsWith('https:')) reply.header('strict-transport-security', HSTS)
    }
    return payload
  })
}
