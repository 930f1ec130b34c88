import { connect } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.ts'
import { openDatabase, type StoreDb } from '../db/connection.ts'
import { migrateToLatest } from '../db/migrate.ts'
import { seedDatabase } from '../db/seed/index.ts'
import { parseEnv } from '../env.ts'

/**
 * Issue 33: a browser that closed mid-page logged two error-level "Premature close" lines. A shopper
 * leaving is not an error: one info line, no stack, and a real failure is still an error.
 */
describe('a shopper who leaves mid-answer', () => {
  let store: StoreDb
  let app: FastifyInstance
  let port = 0
  const lines: string[] = []
  const write = process.stdout.write
  beforeAll(async () => {
    // pino (made by buildApp) writes to a replaced process.stdout.write instead of its own file descriptor
    process.stdout.write = ((chunk: string | Uint8Array) => {
      lines.push(String(chunk))
      return true
    }) as typeof process.stdout.write
    store = openDatabase('sqlite::memory:')
    await migrateToLatest(store.db)
    await seedDatabase(store.db)
    app = await buildApp({ env: parseEnv({ LOG_LEVEL: 'debug', NODE_ENV: 'development' }), store, webBuildDir: '/nonexistent' })
    // an answer whose stream breaks because the shopper closed the page, as a page's does
    app.get('/api/test/slow-page', async (request) => {
      await new Promise((resolve) => request.raw.socket.once('close', resolve))
      throw Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' })
    })
    app.get('/api/test/broken', async () => {
      throw new Error('the database is down')
    })
    const address = await app.listen({ port: 0, host: '127.0.0.1' })
    port = Number(new URL(address).port)
  })
  afterAll(async () => {
    process.stdout.write = write
    await app.close()
    await store.close()
  })

  const entries = () =>
    lines
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { level: number; msg: string; err?: { stack?: string } })

  it('is logged once at info, without a stack, not as an error', async () => {
    await new Promise<void>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write('GET /api/test/slow-page HTTP/1.1\r\nHost: localhost\r\n\r\n')
        setTimeout(() => socket.destroy(), 50)
      })
      socket.on('close', () => resolve())
      socket.on('error', () => {})
    })
    await new Promise((resolve) => setTimeout(resolve, 100))
    const logged = entries()
    expect(logged.filter((entry) => entry.level >= 50)).toEqual([])
    const left = logged.filter((entry) => entry.msg === 'shopper left before the answer')
    expect(left).toHaveLength(1)
    expect(left[0]!.level).toBe(30)
    expect(JSON.stringify(logged)).not.toMatch(/Premature close[^"]*\\n\s+at /)
  })

  it('a real failure is still an error, with its stack', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/test/broken`, { headers: { host: 'localhost' } })
    expect(response.status).toBe(500)
    const failed = entries().filter((entry) => entry.msg === 'request failed' && entry.err?.stack?.includes('the database is down'))
    expect(failed).toHaveLength(1)
    expect(failed[0]!.level).toBe(50)
  })
})
