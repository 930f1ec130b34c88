import { createHash, randomBytes, randomUUID } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { StoreDb } from '../db/connection.ts'

export const SESSION_COOKIE = 'sid'
const SESSION_DAYS = 30

export interface Session {
  /** sha-256 of the cookie token: the token itself is never stored */
  id: string
  visitorId: string
  customerId: string | null
  cartId: string | null
}

declare module 'fastify' {
  interface FastifyRequest {
    session: Session
  }
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url')

/** Paths that need no session: static files and API docs. */
const SESSIONLESS = /^\/(assets\/|media\/|favicon|api\/openapi\.json|api\/health)/

/**
 * Every shopper has a session from their first request: an opaque token in an
 * HttpOnly SameSite=Lax cookie, its hash in the sessions table (so any
 * instance can read it). The cart and the login hang off the session.
 */
export function registerSessions(app: FastifyInstance, store: StoreDb, options: { secure: boolean }): void {
  const { db } = store
  app.decorateRequest('session', null as unknown as Session)
  app.addHook('onRequest', async (request, reply) => {
    cookieOptions.set(request, options)
    if (SESSIONLESS.test(request.url) || !request.brand) return
    const token = request.cookies[SESSION_COOKIE]
    if (token) {
      const row = await db
        .selectFrom('sessions')
        .select(['id', 'visitor_id', 'customer_id', 'cart_id', 'expires_at'])
        .where('id', '=', hashToken(token))
        .where('brand_id', '=', request.brand.id)
        .executeTakeFirst()
      if (row && row.expires_at > new Date().toISOString()) {
        request.session = { id: row.id, visitorId: row.visitor_id, customerId: row.customer_id, cartId: row.cart_id }
        return
      }
    }
    await startSession(request, reply, store, options)
  })
}

async function startSession(request: FastifyRequest, reply: FastifyReply, store: StoreDb, options: { secure: boolean }) {
  await issueSession(request, reply, store, options, { visitorId: randomUUID(), customerId: null, cartId: null })
}

const cookieOptions = new WeakMap<FastifyRequest, { secure: boolean }>()

/** Writes a new session row and cookie for the request, carrying what it is given. */
async function issueSession(
  request: FastifyRequest,
  reply: FastifyReply,
  { db }: StoreDb,
  options: { secure: boolean },
  carried: Omit<Session, 'id'>,
) {
  cookieOptions.set(request, options)
  const token = randomBytes(32).toString('base64url')
  const now = new Date()
  const expires = new Date(now.getTime() + SESSION_DAYS * 86_400_000)
  const session: Session = { id: hashToken(token), ...carried }
  await db
    .insertInto('sessions')
    .values({
      id: session.id,
      brand_id: request.brand.id,
      visitor_id: session.visitorId,
      customer_id: session.customerId,
      cart_id: session.cartId,
      created_at: now.toISOString(),
      expires_at: expires.toISOString(),
    })
    .execute()
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
 * Login: the old session row goes and a new token is issued (no session
 * fixation), keeping the visitor id and cart, now belonging to the customer.
 */
export async function rotateSession(request: FastifyRequest, reply: FastifyReply, store: StoreDb, customerId: string | null, cartId: string | null) {
  const previous = request.session
  await store.db.deleteFrom('sessions').where('id', '=', previous.id).execute()
  await issueSession(request, reply, store, cookieOptions.get(request) ?? { secure: false }, {
    visitorId: previous.visitorId,
    customerId,
    cartId,
  })
}

/** Logout: the session row is deleted and the cookie cleared; the next request starts afresh. */
export async function endSession(request: FastifyRequest, reply: FastifyReply, store: StoreDb) {
  await store.db.deleteFrom('sessions').where('id', '=', request.session.id).execute()
  reply.clearCookie(SESSION_COOKIE, { path: '/' })
}

/** Every session of a customer ends (after a password reset). */
export async function endCustomerSessions(store: StoreDb, customerId: string) {
  await store.db.deleteFrom('sessions').where('customer_id', '=', customerId).execute()
}

/** Points the session at a cart (its first line made one). */
export async function attachCart({ db }: StoreDb, session: Session, cartId: string): Promise<void> {
  await db.updateTable('sessions').set({ cart_id: cartId }).where('id', '=', session.id).execute()
  session.cartId = cartId
}
