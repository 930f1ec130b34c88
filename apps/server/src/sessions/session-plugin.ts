import { createHash, randomBytes, randomUUID } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { defaultExpiry, type Session, type SessionStore } from './session-store.ts'

export type { Session, SessionStore } from './session-store.ts'

export const SESSION_COOKIE = 'sid'

declare module 'fastify' {
  interface FastifyRequest {
    session: Session
  }
  interface FastifyInstance {
    /** where sessions are kept: the database, or Redis where REDIS_URL is set */
    sessionStore: SessionStore
  }
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url')

/** Paths that need no session: static files and API docs. */
const SESSIONLESS = /^\/(assets\/|media\/|favicon|api\/openapi\.json|api\/health)/

/**
 * Every shopper has a session from their first request: an opaque token in an
 * HttpOnly SameSite=Lax cookie, its hash in the session store (the sessions
 * table, or Redis; either way any instance can read it). The cart and the
 * login hang off the session.
 */
export function registerSessions(app: FastifyInstance, sessions: SessionStore, options: { secure: boolean }): void {
  app.decorate('sessionStore', sessions)
  app.decorateRequest('session', null as unknown as Session)
  app.addHook('onRequest', async (request, reply) => {
    cookieOptions.set(request, options)
    if (SESSIONLESS.test(request.url) || !request.brand) return
    const token = request.cookies[SESSION_COOKIE]
    if (token) {
      const session = await sessions.find(request.brand.id, hashToken(token))
      if (session) {
        request.session = session
        return
      }
    }
    await startSession(request, reply, sessions, options)
  })
}

async function startSession(request: FastifyRequest, reply: FastifyReply, sessions: SessionStore, options: { secure: boolean }) {
  await issueSession(request, reply, sessions, options, { visitorId: randomUUID(), customerId: null, cartId: null })
}

const cookieOptions = new WeakMap<FastifyRequest, { secure: boolean }>()

/**
 * Stores a new session and sets its cookie for the request, carrying what it
 * is given; `replacing` names the session it takes the place of (login).
 */
async function issueSession(
  request: FastifyRequest,
  reply: FastifyReply,
  sessions: SessionStore,
  options: { secure: boolean },
  carried: Omit<Session, 'id' | 'brandId'>,
  replacing?: Session,
) {
  cookieOptions.set(request, options)
  const token = randomBytes(32).toString('base64url')
  const expires = defaultExpiry()
  const session: Session = { id: hashToken(token), brandId: request.brand.id, ...carried }
  if (replacing) await sessions.rotate(replacing, session, expires)
  else await sessions.create(session, expires)
  request.session = session
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: options.secure,
    expires,
  })
  // Requests made on this request's behalf (the storefront's server-side API
  // calls) carry the new cookie too.
  const others = (request.headers.cookie ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part && !part.startsWith(`${SESSION_COOKIE}=`))
  request.headers.cookie = [...others, `${SESSION_COOKIE}=${token}`].join('; ')
}

/**
 * Login: the old session goes and a new token is issued (no session
 * fixation), keeping the visitor id and cart, now belonging to the customer.
 */
export async function rotateSession(
  request: FastifyRequest,
  reply: FastifyReply,
  sessions: SessionStore,
  customerId: string | null,
  cartId: string | null,
) {
  const previous = request.session
  await issueSession(
    request,
    reply,
    sessions,
    cookieOptions.get(request) ?? { secure: false },
    { visitorId: previous.visitorId, customerId, cartId },
    previous,
  )
}

/** Logout: the session is deleted and the cookie cleared; the next request starts afresh. */
export async function endSession(request: FastifyRequest, reply: FastifyReply, sessions: SessionStore) {
  await sessions.delete(request.session.brandId, request.session.id)
  reply.clearCookie(SESSION_COOKIE, { path: '/' })
}

/** Every session of a customer at a brand ends (after a password reset). */
export async function endCustomerSessions(sessions: SessionStore, brandId: string, customerId: string) {
  await sessions.deleteCustomerSessions(brandId, customerId)
}

/** Points the session at a cart (its first line made one). */
export async function attachCart(sessions: SessionStore, session: Session, cartId: string): Promise<void> {
  await sessions.setCart(session.brandId, session.id, cartId)
  session.cartId = cartId
}
