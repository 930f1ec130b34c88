import { Writable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.ts'
import { parseEnv } from '../env.ts'
import { startTestStore, type TestStore } from '../test/harness.ts'
import { INTERNAL_HEADER, INTERNAL_TOKEN } from './request-log.ts'

/** The request log: one line per shopper request at LOG_LEVEL=info, its path with any card number masked and no query; none below info. */
describe('request log', () => {
  let t: TestStore
  const apps: FastifyInstance[] = []

  async function appLogging(level: string): Promise<{ app: FastifyInstance; requestLines: () => Record<string, unknown>[] }> {
    const lines: Record<string, unknown>[] = []
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>)
        done()
      },
    })
    const app = await buildApp({
      env: parseEnv({ LOG_LEVEL: level, NODE_ENV: 'test' }),
      store: t.store,
      webBuildDir: '/nonexistent',
      adminBuildDir: '/nonexistent',
      logStream: stream,
    })
    await app.ready()
    apps.push(app)
    return { app, requestLines: () => lines.filter((line) => line.msg === 'request') }
  }

  beforeAll(async () => {
    t = await startTestStore('sqlite')
  })
  afterAll(async () => {
    for (const app of apps) await app.close()
    await t.close()
  })

  it('writes a path with a card number in it masked but for its last four digits, and never the query', async () => {
    const { app, requestLines } = await appLogging('info')
    await app.inject({ method: 'GET', url: '/api/items/4242424242424242?cc=4000000000000002&email=ada@example.com', headers: { host: 'localhost' } })
    await app.inject({ method: 'GET', url: '/api/items/1001', headers: { host: 'localhost' } })
    expect(requestLines().map((line) => [line.url, line.status, line.brand])).toEqual([
      ['/api/items/************4242', 400, 'popfitclothing'],
      ['/api/items/1001', 200, 'popfitclothing'],
    ])
    expect(JSON.stringify(requestLines())).not.toMatch(/4000000000000002|ada@example\.com|4242424242424242/)
  })

  it("writes no line for the storefront's own in-process requests", async () => {
    const { app, requestLines } = await appLogging('info')
    await app.inject({ method: 'GET', url: '/api/items/1001', headers: { host: 'localhost', [INTERNAL_HEADER]: INTERNAL_TOKEN } })
    expect(requestLines()).toEqual([])
  })

  it('writes none at LOG_LEVEL=warn', async () => {
    const { app, requestLines } = await appLogging('warn')
    const answer = await app.inject({ method: 'GET', url: '/api/items/1001', headers: { host: 'localhost' } })
    expect(answer.statusCode).toBe(200)
    expect(requestLines()).toEqual([])
  })
})
