/**
 * GET /api/openapi.json documents every route with its answers, and is a valid
 * OpenAPI document: swagger-parser validates it, `redocly lint` (recommended rules,
 * ../../../../redocly.yaml) finds no error and no warning. The document does not
 * depend on the database, so SQLite only.
 */
import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { promisify } from 'node:util'
import SwaggerParser from '@apidevtools/swagger-parser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStore, type TestStore } from '../test/harness.ts'

const REPO = resolve(import.meta.dirname, '../../../..')
const redoclyCli = join(dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')), 'bin/cli.js')

interface Operation {
  summary?: string
  operationId?: string
  tags?: string[]
  responses: Record<string, { description: string; content?: Record<string, { schema?: { $ref?: string; properties?: Record<string, unknown> } }> }>
}
interface OpenApiDoc {
  openapi: string
  paths: Record<string, Record<string, Operation>>
}

describe('/api/openapi.json', () => {
  let t: TestStore
  let doc: OpenApiDoc
  beforeAll(async () => {
    t = await startTestStore('sqlite')
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { host: 'localhost' } })
    expect(response.statusCode).toBe(200)
    doc = response.json()
  })
  afterAll(() => t.close())

  /** A schema, or the component its $ref names. */
  const resolved = (schema: { $ref?: string; properties?: Record<string, unknown> } | undefined) =>
    schema?.$ref
      ? (doc as unknown as { components: { schemas: Record<string, { properties?: Record<string, unknown> }> } }).components.schemas[
          schema.$ref.replace('#/components/schemas/', '')
        ]
      : schema

  const operations = () => Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ path, method, operation })))

  it('is valid OpenAPI (swagger-parser)', async () => {
    // validate() dereferences in place: give it a copy
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy()
  })

  it('passes redocly lint with no error and no warning', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'openapi-'))
    try {
      const file = join(dir, 'openapi.json')
      await writeFile(file, JSON.stringify(doc))
      const { stdout } = await promisify(execFile)(process.execPath, [redoclyCli, 'lint', file, '--config', join(REPO, 'redocly.yaml'), '--format', 'json'], {
        cwd: REPO,
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' })) // exit code 1 on errors: read the report
      const report = JSON.parse(stdout.slice(stdout.indexOf('{'))) as {
        totals: { errors: number; warnings: number }
        problems: { ruleId: string; message: string }[]
      }
      expect(report.problems.map((problem) => `${problem.ruleId}: ${problem.message}`)).toEqual([])
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 })
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  }, 60_000)

  it('documents only the API, every operation with a summary, tags, an operationId and its answers', () => {
    const all = operations()
    expect(all.length).toBeGreaterThanOrEqual(25)
    for (const { path, method, operation } of all) {
      const where = `${method.toUpperCase()} ${path}`
      expect(path, where).toMatch(/^\/api\//)
      expect(operation.summary, where).toBeTruthy()
      expect(operation.operationId, where).toBeTruthy()
      expect(operation.tags?.length, where).toBeGreaterThan(0)
      const success = resolved(operation.responses['200']?.content?.['application/json']?.schema)
      expect(Object.keys(success?.properties ?? {}), where).toEqual(['data'])
      for (const status of ['4XX', '5XX']) {
        const failure = resolved(operation.responses[status]?.content?.['application/json']?.schema)
        expect(Object.keys(failure?.properties ?? {}), `${where} ${status}`).toEqual(['errors'])
      }
      for (const response of Object.values(operation.responses)) expect(response.description, where).not.toBe('Default Response')
    }
    const ids = all.map(({ operation }) => operation.operationId)
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('names the contract types as components, referred to from the answers', () => {
    const components = (doc as unknown as { components: { schemas: Record<string, unknown> } }).components.schemas
    for (const name of ['Cart', 'StoreSettings', 'Category', 'CategoryGroup', 'ItemDetail', 'ItemSummary', 'Review', 'ErrorBody']) {
      expect(components, name).toHaveProperty(name)
    }
    const cart = doc.paths['/api/cart']!.get!.responses['200']!.content!['application/json']!.schema!
    expect(cart.properties?.data).toEqual({ $ref: '#/components/schemas/Cart' })
  })

  it('lists the utm_* parameters of /utm-data one by one', () => {
    const parameters = (doc.paths['/api/utm-data']!.get as unknown as { parameters: { name: string; in: string }[] }).parameters
    expect(parameters.map((parameter) => parameter.name)).toEqual(expect.arrayContaining(['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content']))
    expect(parameters.every((parameter) => parameter.in === 'query')).toBe(true)
  })
})
