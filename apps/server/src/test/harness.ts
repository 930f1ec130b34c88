import { randomBytes } from 'node:crypto'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import { createClient } from 'redis'
import { buildApp } from '../app.ts'
import type { StoreDb } from '../db/connection.ts'
import { parseEnv } from '../env.ts'
import { openTestDatabase } from './database-template.ts'

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL names one. */
export const DIALECTS: ('sqlite' | 'postgres')[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite']

export interface TestStore {
  app: FastifyInstance
  store: StoreDb
  /** the database's URL (a second connection to the same store: another instance) */
  url?: string
  /** with Redis sessions: the prefix of every key this store wrote (deleted on close) */
  redisKeyPrefix?: string
  close(): Promise<void>
}

export interface TestStoreOptions {
  /** keep sessions in the Redis of TEST_REDIS_URL, under a key prefix of this store's own */
  redisSessions?: boolean
  /** more environment for the app (TRUST_PROXY, NODE_ENV...) */
  env?: Record<string, string>
  /** apps/admin/build or a stand-in (default: none, the admin app answers 503) */
  adminBuildDir?: string
  /** called before the app is ready: tests may add routes of their own */
  beforeReady?: (app: FastifyInstance) => void
}

/** A key prefix no other test run shares. */
export const uniqueRedisPrefix = () => `store-test-${randomBytes(6).toString('hex')}:`

/** Deletes every key under a prefix (what one test run wrote). */
export async function deleteRedisKeys(url: string, prefix: string): Promise<void> {
  const client = createClient({ url })
  client.on('error', () => {})
  await client.connect()
  try {
    for await (const keys of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 500 })) {
      if (keys.length > 0) await client.del(keys)
    }
  } finally {
    await client.close()
  }
}

/** A fresh, migrated and seeded database of the dialect, and the API on it (no storefront). */
export async function startTestStore(dialect: 'sqlite' | 'postgres', options: TestStoreOptions = {}): Promise<TestStore> {
  const database = await openTestDatabase(dialect)
  const { store, url } = database
  const redisUrl = options.redisSessions ? process.env.TEST_REDIS_URL : undefined
  if (options.redisSessions && !redisUrl) throw new Error('Redis sessions need TEST_REDIS_URL')
  const redisKeyPrefix = redisUrl ? uniqueRedisPrefix() : undefined
  const env = parseEnv({ LOG_LEVEL: 'silent', NODE_ENV: 'test', ...(redisUrl ? { REDIS_URL: redisUrl } : {}), ...options.env })
  const app = await buildApp({ env, store, webBuildDir: '/nonexistent', adminBuildDir: options.adminBuildDir ?? '/nonexistent', sessionKeyPrefix: redisKeyPrefix })
  options.beforeReady?.(app)
  await app.ready()
  return {
    app,
    store,
    url,
    redisKeyPrefix,
    async close() {
      await app.close()
      await database.close()
      if (redisUrl && redisKeyPrefix) await deleteRedisKeys(redisUrl, redisKeyPrefix)
    },
  }
}

/**
 * A shopper with a cookie jar, calling the API of one brand's host, as a
 * browser would.
 */
let shopperCount = 0
/** Each shopper its own client address (198.18.0.0/15, for benchmarks), as real shoppers have. */
function nextShopperAddress(): string {
  shopperCount += 1
  return `198.${18 + (Math.floor(shopperCount / 65536) % 2)}.${Math.floor(shopperCount / 256) % 256}.${shopperCount % 256}`
}

export class TestShopper {
  private cookies = new Map<string, string>()
  /** the client address every request of this shopper comes from (a test may give one per request) */
  readonly remoteAddress = nextShopperAddress()

  constructor(
    private readonly app: FastifyInstance,
    readonly host = 'localhost',
  ) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }

  async request(options: InjectOptions): Promise<LightMyRequestResponse> {
    const headers = { host: this.host, cookie: this.cookieHeader, ...(options.headers ?? {}) }
    const response = await this.app.inject({ remoteAddress: this.remoteAddress, ...options, headers })
    for (const cookie of response.cookies) {
      if (cookie.value === '' || (cookie.expires && cookie.expires.getTime() < Date.now())) this.cookies.delete(cookie.name)
      else this.cookies.set(cookie.name, cookie.value)
    }
    return response
  }

  get(url: string) {
    return this.request({ method: 'GET', url })
  }

  /** A form post, as the storefront sends it (urlencoded). */
  post(url: string, form: Record<string, string | number> = {}) {
    const body = new URLSearchParams(Object.entries(form).map(([k, v]): [string, string] => [k, String(v)])).toString()
    return this.request({
      method: 'POST',
      url,
      payload: body,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
  }

  postJson(url: string, json: unknown) {
    return this.request({ method: 'POST', url, payload: JSON.stringify(json), headers: { 'content-type': 'application/json' } })
  }
}

export function dataOf<T = Record<string, unknown>>(response: LightMyRequestResponse): T {
  const body = response.json() as { data?: T; errors?: unknown }
  if (body.data === undefined) throw new Error(`expected data, got ${response.statusCode}: ${response.body}`)
  return body.data
}

export function errorsOf(response: LightMyRequestResponse): string[] {
  const body = response.json() as { errors?: { message: string }[] }
  return (body.errors ?? []).map((error) => error.message)
}
