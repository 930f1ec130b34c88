import { connect } from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp, SERVER_TIMEOUTS } from '../app.ts'
import { openDatabase, type StoreDb } from '../db/connection.ts'
import { migrateToLatest } from '../db/migrate.ts'
import { seedDatabase } from '../db/seed/index.ts'
import { parseEnv } from '../env.ts'

/**
 * Issue 12: a client that sends its request a byte at a time cannot hold a
 * connection open for minutes: the whole request must arrive within the request
 * timeout, the headers within the headers timeout.
 */
describe('slow clients', () => {
  let store: StoreDb
  let app: Awaited<ReturnType<typeof buildApp>>
  let port: number
  beforeAll(async () => {
    store = openDatabase('sqlite::memory:')
    await migrateToLatest(store.db)
    await seedDatabase(store.db, { demo: false })
    app = await buildApp({
      env: parseEnv({ LOG_LEVEL: 'silent', NODE_ENV: 'test' }),
      store,
      webBuildDir: '/nonexistent',
      timeouts: { requestTimeoutMs: 1000, headersTimeoutMs: 800, connectionTimeoutMs: 5000, checkIntervalMs: 200 },
    })
    await app.listen({ port: 0, host: '127.0.0.1' })
    port = (app.server.address() as AddressInfo).port
  })
  afterAll(async () => {
    await app.close()
    await store.close()
  })

  it('has production defaults far below the 330 s a trickled body used to hold', () => {
    expect(SERVER_TIMEOUTS.requestTimeoutMs).toBeLessThanOrEqual(30_000)
    expect(SERVER_TIMEOUTS.headersTimeoutMs).toBeLessThanOrEqual(SERVER_TIMEOUTS.requestTimeoutMs)
    expect(SERVER_TIMEOUTS.checkIntervalMs).toBeLessThanOrEqual(5_000)
  })

  /** Opens a connection, writes `head`, then one byte every `everyMs`; resolves with what came back and when. */
  function trickle(head: string, everyMs: number): Promise<{ ms: number; answer: string }> {
    return new Promise((resolve) => {
      const started = Date.now()
      const socket = connect(port, '127.0.0.1', () => socket.write(head))
      let answer = ''
      const timer = setInterval(() => socket.writable && socket.write('a'), everyMs)
      const done = () => {
        clearInterval(timer)
        resolve({ ms: Date.now() - started, answer })
      }
      socket.on('data', (chunk) => (answer += chunk.toString()))
      socket.on('close', done)
      socket.on('error', () => undefined)
      // a guard so the test itself ends
      setTimeout(() => socket.destroy(), 8000)
    })
  }

  it('closes a body sent a byte at a time once the request timeout passes', async () => {
    const head = 'POST /api/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100000\r\n\r\n'
    const { ms, answer } = await trickle(head, 100)
    expect(ms).toBeLessThan(3000)
    expect(answer === '' || /^HTTP\/1\.1 408/.test(answer)).toBe(true)
  })

  it('closes headers sent a byte at a time', async () => {
    const { ms } = await trickle('GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: ', 100)
    expect(ms).toBeLessThan(3000)
  })
})
