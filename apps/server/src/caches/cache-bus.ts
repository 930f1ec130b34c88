/**
 * One way to drop what a brand's pages and answers cache, on every instance: a writer (an
 * operator's save, a checkout's stock change, a buyer's review) says which of the brand's caches
 * its change concerns; this instance drops them at once, and where Redis is set every other
 * instance is told on a pub/sub channel and drops its own within moments (not the caches' 30 s).
 * Without Redis there is one instance, and the local drop is all there is.
 */
import { randomUUID } from 'node:crypto'

/** What the bus needs of a Redis connection (node-redis's client): to publish, and a second connection to listen. */
interface Listener {
  on(event: 'error', handler: (error: Error) => void): unknown
  connect(): Promise<unknown>
  subscribe(channel: string, handler: (message: string) => void): Promise<unknown>
  unsubscribe(channel: string): Promise<unknown>
  destroy(): void
}
interface Publisher {
  publish(channel: string, message: string): Promise<unknown>
  duplicate(): Listener
}

/** The caches a brand's change can concern. */
export type CacheScope = 'catalog' | 'promotions' | 'pages' | 'content' | 'settings'
const SCOPES: readonly CacheScope[] = ['catalog', 'promotions', 'pages', 'content', 'settings']

export interface CacheBus {
  /** Drops these caches of the brand here, now, and on every other instance. */
  clear(brandId: string, scopes: readonly CacheScope[]): void
  close(): Promise<void>
}

/** How this instance drops one of its caches for a brand. */
type LocalDrop = (brandId: string, scope: CacheScope) => void

interface Message {
  from: string
  brandId: string
  scopes: CacheScope[]
}

function readMessage(text: string): Message | null {
  try {
    const value = JSON.parse(text) as Partial<Message>
    if (typeof value.from !== 'string' || typeof value.brandId !== 'string' || !Array.isArray(value.scopes)) return null
    return { from: value.from, brandId: value.brandId, scopes: value.scopes.filter((scope): scope is CacheScope => SCOPES.includes(scope as CacheScope)) }
  } catch {
    return null
  }
}

export interface CacheBusOptions {
  drop: LocalDrop
  /** the connection to publish on (the sessions' one); its duplicate listens */
  redis?: { client: Publisher; keyPrefix: string } | null
  /** told of a message that could not be sent (the local drop was made; others follow within their TTL) */
  onError?: (error: Error) => void
}

export async function startCacheBus(options: CacheBusOptions): Promise<CacheBus> {
  const { drop, redis } = options
  const dropHere = (brandId: string, scopes: readonly CacheScope[]) => {
    for (const scope of new Set(scopes)) drop(brandId, scope)
  }
  if (!redis) return { clear: dropHere, close: async () => {} }

  const me = randomUUID()
  const channel = `${redis.keyPrefix}caches`
  const listener = redis.client.duplicate()
  listener.on('error', (error: Error) => options.onError?.(error))
  await listener.connect()
  await listener.subscribe(channel, (text) => {
    const message = readMessage(text)
    if (message && message.from !== me) dropHere(message.brandId, message.scopes)
  })
  return {
    clear(brandId, scopes) {
      dropHere(brandId, scopes)
      const message: Message = { from: me, brandId, scopes: [...scopes] }
      redis.client.publish(channel, JSON.stringify(message)).catch((error: unknown) => options.onError?.(error instanceof Error ? error : new Error(String(error))))
    },
    async close() {
      await listener.unsubscribe(channel).catch(() => {})
      listener.destroy()
    },
  }
}
