/**
 * The request context: what one request is about, resolved once at the edge
 * and handed to every service. Services take a context and their input, never
 * Fastify's request or reply, so the same service answers an API route, a page
 * loader, a job and a test alike.
 */
import type { Kysely } from 'kysely'
import type { Shopper } from '../accounts/shopper.ts'
import { readShopper } from '../accounts/shopper.ts'
import { DatabaseThrottleStore, type ThrottleStore } from '../accounts/throttle-store.ts'
import type { Brand } from '../brands/registry.ts'
import type { Dialect, StoreDb } from '../db/connection.ts'
import type { Database } from '../db/schema.ts'
import type { Env } from '../env.ts'
import { DeviceCookie } from '../sessions/device-cookie.ts'
import { SessionHandle } from '../sessions/session-handle.ts'
import type { SessionStore } from '../sessions/session-store.ts'

/** Data access bound to one brand: every query a service makes names `brandId`. */
export interface BrandData {
  readonly brandId: Brand['id']
  readonly db: Kysely<Database>
  readonly dialect: Dialect
  /** the whole database handle (query counts, closing): for infrastructure, not for services' queries */
  readonly store: StoreDb
}

/** What a service may log. */
export interface ContextLog {
  info(details: object, message: string): void
  warn(details: object, message: string): void
  error(details: object, message: string): void
}

export interface RequestContext {
  readonly brand: Brand
  readonly data: BrandData
  readonly session: SessionHandle
  /** the device cookie: a browser a customer has logged in from before (accounts/known-devices.ts) */
  readonly device: DeviceCookie
  /** who is shopping: a visitor, or the logged-in customer (read once per request) */
  shopper(): Promise<Shopper>
  /** the client's address: the socket's, or the proxy's word for it only where TRUST_PROXY says so */
  readonly clientIp: string
  /** the brand's public origin ('https://popfitclothing.com'): every absolute URL the server writes starts here */
  readonly origin: string
  readonly env: Env
  readonly log: ContextLog
  /** where every rate limit counts (accounts/throttle-store.ts): Redis where REDIS_URL is set, else the database */
  readonly throttle: ThrottleStore
  now(): Date
}

/** What lives as long as the process: the database, the session store, the environment. */
export interface ContextDeps {
  store: StoreDb
  sessions: SessionStore
  env: Env
  /** the rate limits' counts: the database's unless given (the app gives Redis's where REDIS_URL is set) */
  throttle?: ThrottleStore
}

export interface ContextInput {
  brand: Brand
  /** the token of the session cookie the request carried */
  sessionToken?: string
  /** the token of the device cookie the request carried */
  deviceToken?: string
  clientIp: string
  log: ContextLog
  now?: () => Date
}

export function brandData(store: StoreDb, brandId: Brand['id']): BrandData {
  return { brandId, db: store.db, dialect: store.dialect, store }
}

export function createRequestContext(deps: ContextDeps, input: ContextInput): RequestContext {
  const session = new SessionHandle(deps.sessions, input.brand.id, input.sessionToken)
  const data = brandData(deps.store, input.brand.id)
  let shopper: Promise<Shopper> | undefined
  let shopperOf: string | null | undefined
  return {
    brand: input.brand,
    data,
    session,
    device: new DeviceCookie(input.deviceToken),
    async shopper() {
      const current = await session.current()
      const customerId = current?.customerId ?? null
      // read again only when the login changed during the request
      if (!shopper || shopperOf !== customerId) {
        shopperOf = customerId
        shopper = readShopper(data, customerId)
      }
      return shopper
    },
    clientIp: input.clientIp,
    origin: input.brand.publicOrigin,
    env: deps.env,
    log: input.log,
    throttle: deps.throttle ?? new DatabaseThrottleStore(deps.store),
    now: input.now ?? (() => new Date()),
  }
}

/** A context for work no shopper asked for (jobs, the command line, tests): no session cookie. */
export function systemContext(deps: ContextDeps, brand: Brand, log: ContextLog, now?: () => Date): RequestContext {
  return createRequestContext(deps, { brand, clientIp: '127.0.0.1', log, now })
}
