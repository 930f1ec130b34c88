import { sql } from 'kysely'
import type { StoreDb } from '../db/connection.ts'
import { coalescedRowRead } from '../db/coalesced-read.ts'

/** A session lives 30 days from its start (login starts a new one). */
export const SESSION_TTL_MS = 30 * 86_400_000

export interface Session {
  /** sha-256 of the cookie token: the token itself is never stored */
  id: string
  brandId: string
  visitorId: string
  customerId: string | null
  cartId: string | null
  /** the orders this session placed at checkout, oldest first (the cart's `session_orders`; at most MAX_SESSION_ORDERS) */
  orderNumbers: string[]
}

/** A session remembers this many of its orders (a shopper places a few; this bounds what a session row carries). */
export const MAX_SESSION_ORDERS = 50

/** The stored form of a session's orders: their numbers joined by commas (order numbers are digits), none as null. */
export const readOrderNumbers = (stored: string | null | undefined): string[] => (stored ? stored.split(',') : [])

/**
 * Where sessions are kept: the database by default, Redis where REDIS_URL is
 * set (redis-session-store.ts). Every lookup names the brand: a session of one
 * brand is never found for another.
 */
export interface SessionStore {
  /** The live session with this id at this brand; null when unknown, expired or another brand's. */
  find(brandId: string, id: string): Promise<Session | null>
  /** Keeps a new session until `expiresAt` (30 days from now unless told). */
  create(session: Session, expiresAt?: Date): Promise<void>
  /** Login: the previous session goes and the next one is kept, as one step where the store allows. */
  rotate(previous: Pick<Session, 'brandId' | 'id'>, next: Session, expiresAt?: Date): Promise<void>
  /** Points a session at its cart; a session that no longer exists stays gone. */
  setCart(brandId: string, id: string, cartId: string): Promise<void>
  /**
   * Adds an order the session placed to its list, in one step (two orders placed at once both
   * stay); a number already listed, a session gone or a full list is left as it is.
   */
  addOrder(brandId: string, id: string, orderNumber: string): Promise<void>
  delete(brandId: string, id: string): Promise<void>
  /** Every session of a customer ends (a password reset). */
  deleteCustomerSessions(brandId: string, customerId: string): Promise<void>
  /** Answers when the store's own server (Redis) does; absent where sessions live in the database. */
  ping?(): Promise<void>
  /** Releases what the store holds (a connection); the database store leaves the database to its owner. */
  close(): Promise<void>
  /**
   * The database the sessions are rows of, when they are (not in Redis): a read may then
   * fetch the session and what hangs off it in one statement (SessionHandle.readWith).
   */
  readonly database?: StoreDb
}

export const defaultExpiry = () => new Date(Date.now() + SESSION_TTL_MS)

/** Every request with a session cookie asks this: built and compiled once (db/prepared.ts). */
const sessionColumns = [
  'sessions.id',
  'sessions.brand_id',
  'sessions.visitor_id',
  'sessions.customer_id',
  'sessions.cart_id',
  'sessions.order_numbers',
  'sessions.expires_at',
] as const

/** A session by its id at its brand; concurrent requests' look-ups in one statement on PostgreSQL (db/coalesced-read.ts). */
const findSession = coalescedRowRead('sessions', (db) => db.selectFrom('sessions').select(sessionColumns))

/** Sessions in the `sessions` table, so any instance on the same database reads them. */
/** The session of a row read with the session's columns, or null when there is none or it expired. */
export function liveSession(
  row: { id: string; brand_id: string; visitor_id: string; customer_id: string | null; cart_id: string | null; order_numbers: string | null; expires_at: string } | undefined,
): Session | null {
  if (!row || row.expires_at <= new Date().toISOString()) return null
  return { id: row.id, brandId: row.brand_id, visitorId: row.visitor_id, customerId: row.customer_id, cartId: row.cart_id, orderNumbers: readOrderNumbers(row.order_numbers) }
}

export class DatabaseSessionStore implements SessionStore {
  constructor(private readonly store: StoreDb) {}

  get database(): StoreDb {
    return this.store
  }

  async find(brandId: string, id: string): Promise<Session | null> {
    return liveSession(await findSession.first(this.store.db, { id, brandId }))
  }

  async create(session: Session, expiresAt: Date = defaultExpiry()): Promise<void> {
    await this.store.db
      .insertInto('sessions')
      .values({
        id: session.id,
        brand_id: session.brandId,
        visitor_id: session.visitorId,
        customer_id: session.customerId,
        cart_id: session.cartId,
        order_numbers: session.orderNumbers.length > 0 ? session.orderNumbers.join(',') : null,
        created_at: new Date().toISOString(),
        expires_at: expiresAt.toISOString(),
      })
      .execute()
  }

  async rotate(previous: Pick<Session, 'brandId' | 'id'>, next: Session, expiresAt?: Date): Promise<void> {
    await this.delete(previous.brandId, previous.id)
    await this.create(next, expiresAt)
  }

  async setCart(brandId: string, id: string, cartId: string): Promise<void> {
    await this.store.db.updateTable('sessions').set({ cart_id: cartId }).where('id', '=', id).where('brand_id', '=', brandId).execute()
  }

  async addOrder(brandId: string, id: string, orderNumber: string): Promise<void> {
    // one UPDATE appends to what the row holds now, so two orders placed at once both stay
    await this.store.db
      .updateTable('sessions')
      .set({ order_numbers: sql<string>`case when order_numbers is null then ${orderNumber} else order_numbers || ',' || ${orderNumber} end` })
      .where('id', '=', id)
      .where('brand_id', '=', brandId)
      .where((eb) =>
        eb.or([
          eb('order_numbers', 'is', null),
          eb.and([
            sql<boolean>`(',' || order_numbers || ',') not like ${`%,${orderNumber},%`}`,
            // order numbers are 10 digits: n of them are n * 11 - 1 characters
            sql<boolean>`length(order_numbers) < ${MAX_SESSION_ORDERS * 11 - 1}`,
          ]),
        ]),
      )
      .execute()
  }

  async delete(brandId: string, id: string): Promise<void> {
    await this.store.db.deleteFrom('sessions').where('id', '=', id).where('brand_id', '=', brandId).execute()
  }

  async deleteCustomerSessions(brandId: string, customerId: string): Promise<void> {
    await this.store.db.deleteFrom('sessions').where('customer_id', '=', customerId).where('brand_id', '=', brandId).execute()
  }

  async close(): Promise<void> {}
}
