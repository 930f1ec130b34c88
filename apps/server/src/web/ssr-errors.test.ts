import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import type { HandleErrorFunction } from 'react-router'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildApp } from '../app.ts'
import type { StoreDb } from '../db/connection.ts'
import { parseEnv } from '../env.ts'
import { flushErrorReports } from '../error-reporting/error-reporting.ts'
import { openTestDatabase } from '../test/database-template.ts'
import { startFakeSentry } from '../test/fake-sentry.ts'
import type { StoreLoadContext } from './ssr-plugin.ts'

const CARD = '4111111111111111'
const PASSWORD = 'hunter2-is-not-a-password'
const SESSION = 'c2Vzc2lvbi1jb29raWUtdmFsdWU'
const RESET_TOKEN = 'reset-9f8e7d6c5b4a39281706'

/** The storefront's own entry (apps/web/app/entry.server.tsx): its handleError is what React Router calls. */
const ENTRY = new URL('../../../web/app/entry.server.tsx', import.meta.url).href

// React Router's request handler, reduced to what it does with a failing loader: it calls the
// entry's handleError with the request and the load context, then answers the error page (500)
vi.mock('react-router', async (importOriginal) => ({
  ...(await importOriginal<typeof import('react-router')>()),
  createRequestHandler: () => async (request: Request, context: StoreLoadContext) => {
    const { handleError } = (await import(/* @vite-ignore */ ENTRY)) as { handleError: HandleErrorFunction }
    const path = new URL(request.url).pathname
    // what React Router hands handleError for a 404 it answers (an ErrorResponse), or the loader's own error
    const error = path === '/gone' ? { status: 404, statusText: 'Not Found', internal: true, data: null } : new Error(`the ${path} page failed for card ${CARD}`)
    handleError(error, { request, params: {}, context })
    return new Response('<!doctype html><h1>Something went wrong</h1>', { status: path === '/gone' ? 404 : 500, headers: { 'content-type': 'text/html' } })
  },
}))

async function until<T>(read: () => T | undefined, ms = 5000): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const value = read()
    if (value !== undefined) return value
    if (Date.now() > end) throw new Error('nothing arrived in time')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe('an error while rendering a page goes to Sentry, scrubbed', () => {
  let sentry: Awaited<ReturnType<typeof startFakeSentry>>
  let app: FastifyInstance
  let store: StoreDb
  let dir: string
  beforeAll(async () => {
    sentry = await startFakeSentry()
    dir = mkdtempSync(join(tmpdir(), 'ssr-errors-'))
    mkdirSync(join(dir, 'client'), { recursive: true })
    mkdirSync(join(dir, 'server'), { recursive: true })
    writeFileSync(join(dir, 'server', 'index.js'), 'export const routes = {}\n')
    store = (await openTestDatabase('sqlite')).store
    app = await buildApp({ env: parseEnv({ LOG_LEVEL: 'silent', NODE_ENV: 'test', SENTRY_DSN: sentry.dsn, SENTRY_ENVIRONMENT: 'staging' }), store, webBuildDir: dir })
    vi.spyOn(console, 'error').mockImplementation(() => {})
  })
  afterAll(async () => {
    vi.restoreAllMocks()
    await app?.close()
    await store?.close()
    await sentry?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('reports the failed render with the request and brand; no card number, password, cookie or token in what is sent', async () => {
    const page = await app.inject({
      method: 'GET',
      url: `/reset-password?token=${RESET_TOKEN}&password=${PASSWORD}`,
      headers: { host: 'localhost', cookie: `sid=${SESSION}`, authorization: `Bearer ${RESET_TOKEN}` },
    })
    expect(page.statusCode).toBe(500)
    await flushErrorReports()
    const event = await until(() => sentry.events().find((e) => JSON.stringify(e).includes('the /reset-password page failed')))
    expect(event).toMatchObject({
      environment: 'staging',
      level: 'error',
      tags: { brand: 'popfitclothing' },
      exception: { values: [expect.objectContaining({ type: 'Error', value: 'the /reset-password page failed for card ************1111' })] },
      request: { method: 'GET', headers: expect.objectContaining({ cookie: '[Filtered]', authorization: '[Filtered]' }) },
    })
    const raw = sentry.envelopes.map((envelope) => envelope.raw).join('\n')
    for (const secret of [CARD, PASSWORD, SESSION, RESET_TOKEN]) expect(raw).not.toContain(secret)
  })

  it('reports nothing for a page the store answers with a 4xx of its own', async () => {
    const before = sentry.events().length
    expect((await app.inject({ method: 'GET', url: '/gone', headers: { host: 'localhost' } })).statusCode).toBe(404)
    // a failing page after it: its report arrives, the 404 never made one (each page's error its own: Sentry drops a repeat)
    await app.inject({ method: 'GET', url: '/marker', headers: { host: 'localhost' } })
    await flushErrorReports()
    await until(() => (sentry.events().length > before ? true : undefined))
    expect(sentry.events().length).toBe(before + 1)
    expect(JSON.stringify(sentry.events().at(-1))).toContain('/marker')
  })
})
