import helmet, { type FastifyHelmetOptions } from '@fastify/helmet'
import Fastify, { type FastifyInstance } from 'fastify'

/**
 * Headers every answer carries, as @fastify/helmet writes them: no MIME
 * sniffing, no framing by other sites (clickjacking of cart and account forms),
 * referrers trimmed to the origin across sites, a window of its own (COOP), and
 * a Content-Security-Policy that allows nothing: right for JSON, images and
 * files. Pages replace it with their own (web/page-csp.ts: a nonce per answer,
 * or the hashes of a cached page's inline scripts).
 *
 * HSTS goes out where the brand's public origin is https (one year, subdomains);
 * Permissions-Policy, which helmet does not write, is added here.
 *
 * None of these depend on the request but for the brand's scheme, so they are
 * worked out once at start-up (helmet itself builds its middleware, parsing the
 * CSP directives, on every request through @fastify/helmet) and each answer
 * gets the ready list: those a route did not set itself.
 */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(self)'
export const HSTS = 'max-age=31536000; includeSubDomains'

export const HELMET_OPTIONS: FastifyHelmetOptions = {
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
}

type HeaderList = readonly (readonly [name: string, value: string])[]

/** The headers @fastify/helmet sets with these options: asked of it once, on a Fastify of its own. */
async function helmetHeaders(options: FastifyHelmetOptions = HELMET_OPTIONS): Promise<HeaderList> {
  const probe = Fastify()
  await probe.register(helmet, options)
  // what the onRequest hooks put on the response before the route ran: helmet's, and nothing else yet
  probe.get('/', async (_request, reply) => reply.raw.getHeaders())
  try {
    const written = (await probe.inject('/')).json() as Record<string, string | number | string[]>
    return Object.entries(written).map(([name, value]) => [name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value)] as const)
  } finally {
    await probe.close()
  }
}

/** Every answer's security headers: over http, and where the brand is served over https (with HSTS). */
async function securityHeaderLists(): Promise<{ plain: HeaderList; https: HeaderList }> {
  const plain = Object.freeze([...(await helmetHeaders()), ['permissions-policy', PERMISSIONS_POLICY] as const])
  return { plain, https: Object.freeze([...plain, ['strict-transport-security', HSTS] as const]) }
}

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const lists = await securityHeaderLists()
  // onSend: every answer, the edge's early ones (an unknown host) and errors too; a header the route set stays
  app.addHook('onSend', (request, reply, payload, done) => {
    const brand = request.brand
    const headers = brand && (request.ctx?.origin ?? brand.publicOrigin).startsWith('https:') ? lists.https : lists.plain
    for (const [name, value] of headers) {
      if (!reply.hasHeader(name)) reply.header(name, value)
    }
    done(null, payload)
  })
}
