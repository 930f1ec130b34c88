import { hash, randomBytes, randomUUID } from 'node:crypto'
import type { StoreDb } from '../db/connection.ts'
import { defaultExpiry, MAX_SESSION_ORDERS, type Session, type SessionStore } from './session-store.ts'

export const SESSION_COOKIE = 'sid'

/** A cookie the response must carry because the session changed. */
export type SessionCookieChange = { kind: 'set'; token: string; expires: Date } | { kind: 'clear' }

/** The token's SHA-256 (one-shot crypto.hash: no Hash object per request). */
export const hashSessionToken = (token: string) => hash('sha256', token, 'base64url')

/**
 * The shopper's session for one request, read at most once and created only
 * when something is written (a cart line, a login, a consent): a visitor who
 * only reads has no session, no row and no cookie.
 *
 * It knows nothing of HTTP: the cookie changes it asks for are collected in
 * `cookieChanges` and the edge (Fastify, the page handler) writes them.
 */
export class SessionHandle {
  private loaded: Promise<Session | null> | undefined
  private session: Session | null = null
  /** the read of the session has finished (`session` is its answer) */
  private settled = false
  readonly cookieChanges: SessionCookieChange[] = []

  constructor(
    private readonly store: SessionStore,
    readonly brandId: string,
    /** the token of the request's session cookie, if it sent one */
    private readonly token: string | undefined,
  ) {}

  /** true when the request carried a session cookie (valid or not) */
  get hasCookie(): boolean {
    return Boolean(this.token)
  }

  /** The session, or null for a visitor who has none (one look-up per request at most). */
  current(): Promise<Session | null> {
    if (!this.loaded) {
      this.loaded = this.token ? this.store.find(this.brandId, hashSessionToken(this.token)).then((found) => this.settle(found)) : Promise.resolve(this.settle(null))
    }
    return this.loaded.then(() => this.session)
  }

  /** The session as read, without waiting: undefined while it has not been read (or is being read). */
  get known(): Session | null | undefined {
    return this.settled ? this.session : undefined
  }

  private settle(session: Session | null): Session | null {
    this.session = session
    this.settled = true
    return session
  }

  /** The database the sessions are rows of (undefined: they are in Redis). */
  get database(): StoreDb | undefined {
    return this.store.database
  }

  /**
   * The session read together with something else in one statement, when it
   * was not read yet: `read` gets the brand and the hashed token and must
   * answer the live session exactly as the store's find would (same brand,
   * not expired) beside what it fetched with it. When the session was read
   * already, or the request carries no session cookie, `read` is not called
   * and `with` is undefined: the caller fetches the rest itself.
   */
  async readWith<T>(read: (brandId: string, id: string) => Promise<{ session: Session | null; with: T }>): Promise<{ session: Session | null; with: T | undefined }> {
    if (this.loaded || !this.token) return { session: await this.current(), with: undefined }
    const result = read(this.brandId, hashSessionToken(this.token))
    this.loaded = result.then(({ session }) => this.settle(session))
    const { session, with: fetched } = await result
    return { session, with: fetched }
  }

  /** The session, started now if the visitor has none: call this before writing anything that hangs off it. */
  async ensure(): Promise<Session> {
    const existing = await this.current()
    if (existing) return existing
    return this.issue({ visitorId: randomUUID(), customerId: null, cartId: null, orderNumbers: [] })
  }

  /**
   * A visitor's first cart and the session that points at it, for a visitor who has no session
   * yet: `makeCart` writes the cart for the session about to start (its id known, nobody else able
   * to reach it: its cookie is not sent yet) and answers the cart's id, then the session is kept
   * already pointing at it. Two writes where ensure and setCart took three (on PostgreSQL each a
   * commit that waits for the disk: docs/performance.md, "PostgreSQL"). A visitor with a session
   * gets it back as it is, `makeCart` not called.
   */
  async ensureWithCart(makeCart: (session: Session) => Promise<string>): Promise<Session> {
    const existing = await this.current()
    if (existing) return existing
    const token = randomBytes(32).toString('base64url')
    const session: Session = { id: hashSessionToken(token), brandId: this.brandId, visitorId: randomUUID(), customerId: null, cartId: null, orderNumbers: [] }
    session.cartId = await makeCart(session)
    return this.issue(session, undefined, token)
  }

  /**
   * Login: the old session goes and a new token is issued (no session
   * fixation), keeping the visitor id, the orders it placed and what the caller carries over.
   */
  async rotate(customerId: string | null, cartId: string | null): Promise<Session> {
    const previous = await this.current()
    return this.issue({ visitorId: previous?.visitorId ?? randomUUID(), customerId, cartId, orderNumbers: previous?.orderNumbers ?? [] }, previous ?? undefined)
  }

  /** The session placed this order (checkout): the cart's `session_orders` lists it from now on. */
  async addOrder(orderNumber: string): Promise<void> {
    const session = await this.current()
    if (!session || session.orderNumbers.includes(orderNumber) || session.orderNumbers.length >= MAX_SESSION_ORDERS) return
    await this.store.addOrder(session.brandId, session.id, orderNumber)
    session.orderNumbers = [...session.orderNumbers, orderNumber]
  }

  /** Points the session at a cart (its first line made one). */
  async setCart(cartId: string): Promise<void> {
    const session = await this.ensure()
    await this.store.setCart(session.brandId, session.id, cartId)
    session.cartId = cartId
  }

  /** Logout: the session is deleted and the cookie cleared. */
  async end(): Promise<void> {
    const session = await this.current()
    if (session) await this.store.delete(session.brandId, session.id)
    this.settle(null)
    this.loaded = Promise.resolve(null)
    if (this.token || this.cookieChanges.length > 0) this.cookieChanges.push({ kind: 'clear' })
  }

  /** Every session of a customer ends (a password reset, a password change). */
  endCustomerSessions(customerId: string): Promise<void> {
    return this.store.deleteCustomerSessions(this.brandId, customerId)
  }

  private async issue(carried: Omit<Session, 'id' | 'brandId'>, replacing?: Session, token = randomBytes(32).toString('base64url')): Promise<Session> {
    const expires = defaultExpiry()
    const session: Session = { ...carried, id: hashSessionToken(token), brandId: this.brandId }
    if (replacing) await this.store.rotate(replacing, session, expires)
    else await this.store.create(session, expires)
    this.settle(session)
    this.loaded = Promise.resolve(session)
    this.cookieChanges.push({ kind: 'set', token, expires })
    return session
  }
}
