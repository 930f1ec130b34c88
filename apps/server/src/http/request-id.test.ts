import { Writable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.ts'
import { parseEnv } from '../env.ts'
import { startTestStore, type TestStore } from '../test/harness.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

/**
 * Issue 38 item 3: request ids were a per-process counter that ignored X-Request-Id.
 * Now: a trusted proxy's id, else a random UUID, in every log line of the request and
 * in its answer.
 */
describe('request ids', () => {
  let t: TestStore
  const lines: Record<string, unknown>[] = []
  const apps: FastifyInstance[] = []

  async function appWith(env: Record<string, string>): Promise<FastifyInstance> {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>)
        done()
      },
    })
    const app = await buildApp({
      env: parseEnv({ LOG_LEVEL: 'info', NODE_ENV: 'test', ...env }),
      store: t.store,
      webBuildDir: '/nonexistent',
      adminBuildDir: '/nonexistent',
      logStream: stream,
    })
    app.get('/api/test-log', async (request) => {
      request.log.info('looking something up')
      request.log.warn('something worth a look')
      return { data: { ok: true } }
    })
    await app.ready()
    apps.push(app)
    return app
  }

  beforeAll(async () => {
    t = await startTestStore('sqlite')
  })
  afterAll(async () => {
    for (const app of apps) await app.close()
    await t.close()
  })

  const get = (app: FastifyInstance, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
    app.inject({ method: 'GET', url: '/api/test-log', remoteAddress, headers: { host: 'localhost', ...headers } })

  it('makes a random UUID for each request, says it in the answer and in every log line of the request', async () => {
    const app = await appWith({})
    const first = await get(app)
    const second = await get(app)
    const id = first.headers['x-request-id'] as string
    expect(id).toMatch(UUID)
    expect(second.headers['x-request-id']).toMatch(UUID)
    expect(second.headers['x-request-id']).not.toBe(id)
    const ofFirst = lines.filter((line) => line.reqId === id)
    expect(ofFirst.map((line) => line.msg)).toEqual(['looking something up', 'something worth a look', 'request'])
    // an error answer says its id too
    const missing = await app.inject({ method: 'GET', url: '/api/no-such-thing', headers: { host: 'localhost' } })
    expect(missing.statusCode).toBe(404)
    expect(missing.headers['x-request-id']).toMatch(UUID)
  })

  it("ignores a client's X-Request-Id when no proxy is trusted", async () => {
    const app = await appWith({})
    const response = await get(app, { 'x-request-id': 'chosen-by-the-client' })
    expect(response.headers['x-request-id']).toMatch(UUID)
    expect(lines.some((line) => line.reqId === 'chosen-by-the-client')).toBe(false)
  })

  it("takes the trusted proxy's X-Request-Id, and only a plain one, and only from that proxy", async () => {
    const app = await appWith({ TRUST_PROXY: '10.0.0.5' })
    const fromProxy = await get(app, { 'x-request-id': 'lb-7f3a9c:0042' }, '10.0.0.5')
    expect(fromProxy.headers['x-request-id']).toBe('lb-7f3a9c:0042')
    expect(lines.filter((line) => line.reqId === 'lb-7f3a9c:0042').map((line) => line.msg)).toEqual(['looking something up', 'something worth a look', 'request'])

    const fromElsewhere = await get(app, { 'x-request-id': 'lb-forged' }, '203.0.113.9')
    expect(fromElsewhere.headers['x-request-id']).toMatch(UUID)

    const notPlain = await get(app, { 'x-request-id': 'two words\u2028{"level":60}' }, '10.0.0.5')
    expect(notPlain.headers['x-request-id']).toMatch(UUID)
    const tooLong = await get(app, { 'x-request-id': 'a'.repeat(129) }, '10.0.0.5')
    expect(tooLong.headers['x-request-id']).toMatch(UUID)
  })
})
