import { createClient } from 'redis'
import { defaultExpiry, MAX_SESSION_ORDERS, readOrderNumbers, type Session, type SessionStore } from './session-store.ts'

type RedisClient = ReturnType<typeof createClient>
type Multi = ReturnType<RedisClient['multi']>

export interface RedisSessionStoreOptions {
  /** put before every key; tests use their own (`store-test-<random>:`) and delete what they made */
  keyPrefix?: string
  /** told of connection trouble after start-up (the client reconnects by itself) */
  onError?: (error: Error) => void
}

/** The cart is set only on a session that still exists: a lapsed key is not brought back without its expiry. */
const SET_CART = `if redis.call('exists', KEYS[1]) == 1 then redis.call('hset', KEYS[1], 'cartId', ARGV[1]) return 1 end return 0`

/**
 * An order added to a session that still exists, in one step: a number already listed stays once,
 * and a full list (ARGV[2] characters: MAX_SESSION_ORDERS numbers) is left as it is.
 */
const ADD_ORDER = `if redis.call('exists', KEYS[1]) == 0 then return 0 end
local list = redis.call('hget', KEYS[1], 'orders')
if not list then redis.call('hset', KEYS[1], 'orders', ARGV[1]) return 1 end
if string.find(',' .. list .. ',', ',' .. ARGV[1] .. ',', 1, true) or #list >= tonumber(ARGV[2]) then return 0 end
redis.call('hset', KEYS[1], 'orders', list .. ',' .. ARGV[1])
return 1`

/** A URL fit for a message: any password is left out. */
function redactUrl(url: string): string {
  try {
    const parsed = new URL(url)
    if (parsed.password) parsed.password = '***'
    return parsed.toString().replace(/\/$/, '')
  } catch {
    return url.replace(/\/\/[^@/]*@/, '//***@')
  }
}

function describe(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return describe(error.errors[0])
  if (error instanceof Error) return error.message || (error as NodeJS.ErrnoException).code || error.name
  return String(error)
}

/**
 * Sessions in Redis: each session a hash at `<prefix>session:<brand>:<id>`
 * expiring with the session, and per customer a set of their session ids at
 * `<prefix>customer-sessions:<brand>:<customerId>` so a password reset can end
 * them all. Writes that belong together go in one MULTI.
 */
export class RedisSessionStore implements SessionStore {
  private readonly prefix: string

  private constructor(
    private readonly client: RedisClient,
    keyPrefix: string,
  ) {
    this.prefix = keyPrefix
  }

  /**
   * Connects once; a Redis that cannot be reached now fails here with
   * 'Cannot reach Redis at <url>: ...' instead of every request failing later.
   * Once connected, a lost connection is retried in the background.
   */
  static async connect(url: string, options: RedisSessionStoreOptions = {}): Promise<RedisSessionStore> {
    let ready = false
    let client: RedisClient
    try {
      client = createClient({
        url,
        // while Redis is away, requests fail at once rather than wait in a queue
        disableOfflineQueue: true,
        socket: {
          connectTimeout: 5_000,
          reconnectStrategy: (retries, cause) => (ready ? Math.min(2 ** retries * 50, 2_000) : cause),
        },
      })
    } catch (error) {
      throw new Error(`Cannot reach Redis at ${redactUrl(url)}: ${describe(error)}`)
    }
    client.on('error', (error: Error) => {
      if (ready) options.onError?.(error)
    })
    try {
      await client.connect()
    } catch (error) {
      client.destroy()
      throw new Error(`Cannot reach Redis at ${redactUrl(url)}: ${describe(error)}`)
    }
    ready = true
    return new RedisSessionStore(client, options.keyPrefix ?? 'store:')
  }

  /** the one connection, shared with the rate limits' counts (accounts/throttle-store.ts) */
  get redis(): RedisClient {
    return this.client
  }

  /** put before every key this store writes */
  get keyPrefix(): string {
    return this.prefix
  }

  sessionKey(brandId: string, id: string): string {
    return `${this.prefix}session:${brandId}:${id}`
  }

  customerKey(brandId: string, customerId: string): string {
    return `${this.prefix}customer-sessions:${brandId}:${customerId}`
  }

  async find(brandId: string, id: string): Promise<Session | null> {
    const fields = await this.client.hGetAll(this.sessionKey(brandId, id))
    if (!fields.visitorId || fields.brandId !== brandId) return null
    return {
      id,
      brandId,
      visitorId: fields.visitorId,
      customerId: fields.customerId || null,
      cartId: fields.cartId || null,
      orderNumbers: readOrderNumbers(fields.orders),
    }
  }

  async create(session: Session, expiresAt: Date = defaultExpiry()): Promise<void> {
    const multi = this.client.multi()
    this.queueCreate(multi, session, expiresAt)
    await multi.exec()
  }

  async rotate(previous: Pick<Session, 'brandId' | 'id'>, next: Session, expiresAt: Date = defaultExpiry()): Promise<void> {
    const customerId = await this.client.hGet(this.sessionKey(previous.brandId, previous.id), 'customerId')
    const multi = this.client.multi()
    this.queueDelete(multi, previous.brandId, previous.id, customerId ?? null)
    this.queueCreate(multi, next, expiresAt)
    await multi.exec()
  }

  async setCart(brandId: string, id: string, cartId: string): Promise<void> {
    await this.client.eval(SET_CART, { keys: [this.sessionKey(brandId, id)], arguments: [cartId] })
  }

  async addOrder(brandId: string, id: string, orderNumber: string): Promise<void> {
    await this.client.eval(ADD_ORDER, { keys: [this.sessionKey(brandId, id)], arguments: [orderNumber, String(MAX_SESSION_ORDERS * 11 - 1)] })
  }

  async delete(brandId: string, id: string): Promise<void> {
    const customerId = await this.client.hGet(this.sessionKey(brandId, id), 'customerId')
    const multi = this.client.multi()
    this.queueDelete(multi, brandId, id, customerId ?? null)
    await multi.exec()
  }

  async deleteCustomerSessions(brandId: string, customerId: string): Promise<void> {
    const setKey = this.customerKey(brandId, customerId)
    const ids = await this.client.sMembers(setKey)
    if (ids.length === 0) return
    // only the ids read are removed from the set: a session started meanwhile stays listed
    const multi = this.client.multi()
    multi.del(ids.map((id) => this.sessionKey(brandId, id)))
    multi.sRem(setKey, ids)
    await multi.exec()
  }

  /** Redis answers PING within a second, or this throws (/api/ready). */
  async ping(): Promise<void> {
    let timer: NodeJS.Timeout | undefined
    const late = new Promise<never>((_, fail) => {
      timer = setTimeout(() => fail(new Error('Redis did not answer PING within 1 s')), 1000)
    })
    try {
      await Promise.race([this.client.ping(), late])
    } finally {
      clearTimeout(timer)
    }
  }

  async close(): Promise<void> {
    if (this.client.isOpen) await this.client.close()
  }

  private queueCreate(multi: Multi, session: Session, expiresAt: Date) {
    const key = this.sessionKey(session.brandId, session.id)
    const fields: Record<string, string> = { brandId: session.brandId, visitorId: session.visitorId, createdAt: new Date().toISOString() }
    if (session.customerId) fields.customerId = session.customerId
    if (session.cartId) fields.cartId = session.cartId
    if (session.orderNumbers.length > 0) fields.orders = session.orderNumbers.join(',')
    multi.hSet(key, fields)
    multi.pExpireAt(key, expiresAt)
    if (session.customerId) {
      const setKey = this.customerKey(session.brandId, session.customerId)
      multi.sAdd(setKey, session.id)
      // the set lives as long as the customer's latest session
      multi.pExpireAt(setKey, expiresAt, 'NX')
      multi.pExpireAt(setKey, expiresAt, 'GT')
    }
  }

  private queueDelete(multi: Multi, brandId: string, id: string, customerId: string | null) {
    multi.del(this.sessionKey(brandId, id))
    if (customerId) multi.sRem(this.customerKey(brandId, customerId), id)
  }
}
