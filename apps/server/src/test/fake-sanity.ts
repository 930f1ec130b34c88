/**
 * A local stand-in for Sanity's HTTP query API, answering as its documentation and
 * @sanity/client's types (RawQueryResponse) say: GET /v{apiVersion}/data/query/{dataset}?query=<GROQ>
 * with each parameter as `$name=<JSON>` (or POST with {query, params}), on
 * {projectId}.api(cdn).sanity.io or, with a custom apiHost, the project in X-Sanity-Project-ID;
 * the answer is {ms, query, result} ({ms, result} with returnQuery=false), a bad query a 400 {error: {description, type: 'queryParseError'}}.
 * `perspective=published` leaves out drafts (ids under `drafts.`). It evaluates the GROQ the
 * store asks (content/sanity-content.ts): `*[<filter>]`, a filter of `a.b == <$param | "text" |
 * number | true | false>` terms joined by `&&`, then a projection `{"name": a.b, field}`,
 * `| order(field asc|desc)` and `[n]`.
 * Documents go in as the NDJSON `sanity dataset import` takes (importNdjson) or one by one.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

type Doc = Record<string, unknown> & { _id: string; _type: string }

interface QueryCall {
  method: string
  path: string
  host: string
  projectId: string | null
  query: string
  params: Record<string, unknown>
  perspective: string | null
}

class GroqError extends Error {}

function valueAt(doc: unknown, path: string): unknown {
  let value: unknown = doc
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined
    value = (value as Record<string, unknown>)[part]
  }
  return value
}

function literal(text: string, params: Record<string, unknown>): unknown {
  const token = text.trim()
  if (token.startsWith('$')) {
    const name = token.slice(1)
    if (!(name in params)) throw new GroqError(`param $${name} referenced, but not provided`)
    return params[name]
  }
  if (token === 'true') return true
  if (token === 'false') return false
  if (token === 'null') return null
  if (/^-?\d+(\.\d+)?$/.test(token)) return Number(token)
  if (/^"([^"\\]|\\.)*"$/.test(token)) return JSON.parse(token) as string
  throw new GroqError(`unsupported expression: ${token}`)
}

/** A projection of `"name": a.b` and `field` entries. */
function project(doc: unknown, projection: string): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const entry of projection.split(',')) {
    const parts = /^\s*(?:"(\w+)"\s*:\s*)?([\w.]+)\s*$/.exec(entry)
    if (!parts?.[2]) throw new GroqError(`unsupported projection: ${entry.trim()}`)
    out[parts[1] ?? parts[2]] = valueAt(doc, parts[2]) ?? null
  }
  return out
}

/** Evaluates the GROQ subset the store uses, over every document the perspective shows. */
function evaluateGroq(query: string, params: Record<string, unknown>, documents: Doc[]): unknown {
  const match = /^\s*\*\[(.*?)\]\s*(?:\{(.*?)\})?\s*(?:\|\s*order\(\s*([\w.]+)(?:\s+(asc|desc))?\s*\))?\s*(?:\[(\d+)\])?\s*$/s.exec(query)
  if (!match) throw new GroqError(`unsupported or malformed query: ${query}`)
  const [, filter = '', projection, orderBy, direction, index] = match
  const terms = filter.split('&&').map((term) => {
    const parts = /^\s*([\w.]+)\s*==\s*(.+?)\s*$/s.exec(term)
    if (!parts?.[1] || !parts[2]) throw new GroqError(`unsupported filter: ${term.trim()}`)
    return { path: parts[1], value: literal(parts[2], params) }
  })
  let result: unknown[] = documents.filter((doc) => terms.every((term) => valueAt(doc, term.path) === term.value))
  if (projection !== undefined) result = result.map((doc) => project(doc, projection))
  if (orderBy) {
    const sign = direction === 'desc' ? -1 : 1
    result = [...result].sort((a, b) => {
      const x = valueAt(a, orderBy)
      const y = valueAt(b, orderBy)
      if (x === y) return 0
      if (x === undefined || x === null) return 1
      if (y === undefined || y === null) return -1
      return (x < y ? -1 : 1) * sign
    })
  }
  if (index !== undefined) return result[Number(index)] ?? null
  return result
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
  })
}

export async function startFakeSanity(options: { projectId: string; dataset?: string }) {
  const dataset = options.dataset ?? 'production'
  const documents = new Map<string, Doc>()
  const calls: QueryCall[] = []
  /** status to answer every query with instead (a service that is down), or null */
  const state: { failWith: number | null } = { failWith: null }
  let clock = Date.parse('2026-11-01T00:00:00Z')

  const put = (doc: Doc) => {
    clock += 1000
    documents.set(doc._id, { ...doc, _updatedAt: new Date(clock).toISOString(), _createdAt: (documents.get(doc._id)?._createdAt as string) ?? new Date(clock).toISOString() })
  }

  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://sanity.test')
    const host = String(request.headers.host ?? '')
    const send = (status: number, body: unknown) => {
      response.statusCode = status
      response.setHeader('content-type', 'application/json; charset=utf-8')
      response.end(JSON.stringify(body))
    }
    const route = /^\/v(\d{4}-\d{2}-\d{2}|1)\/data\/query\/([\w-]+)$/.exec(url.pathname)
    if (!route) return send(404, { error: 'Not Found', message: 'Not Found', statusCode: 404 })
    const header = request.headers['x-sanity-project-id']
    const projectId = typeof header === 'string' ? header : (/^([a-z0-9-]+)\.api(?:cdn)?\.sanity\.io/.exec(host)?.[1] ?? null)
    if (projectId !== options.projectId) return send(404, { error: 'Not Found', message: 'Project not found', statusCode: 404 })
    if (route[2] !== dataset) return send(404, { error: 'Not Found', message: `Dataset "${route[2]}" not found for project ID "${projectId}"`, statusCode: 404 })
    let query = url.searchParams.get('query') ?? ''
    const params: Record<string, unknown> = {}
    for (const [name, value] of url.searchParams) {
      if (!name.startsWith('$')) continue
      try {
        params[name.slice(1)] = JSON.parse(value)
      } catch {
        return send(400, { error: { description: `param $${name.slice(1)} is not valid JSON`, type: 'httpBadRequest' } })
      }
    }
    if (request.method === 'POST') {
      const body = JSON.parse((await readBody(request)) || '{}') as { query?: string; params?: Record<string, unknown> }
      query = body.query ?? query
      Object.assign(params, body.params ?? {})
    }
    const perspective = url.searchParams.get('perspective')
    calls.push({ method: request.method ?? 'GET', path: url.pathname, host, projectId, query, params, perspective })
    if (state.failWith !== null) return send(state.failWith, { error: 'Service Unavailable', message: 'Service Unavailable', statusCode: state.failWith })
    const started = process.hrtime.bigint()
    try {
      const visible = [...documents.values()].filter((doc) => perspective !== 'published' || !doc._id.startsWith('drafts.'))
      const result = evaluateGroq(query, params, visible)
      const ms = Math.round(Number(process.hrtime.bigint() - started) / 1e6)
      // returnQuery=false (what @sanity/client asks by default) leaves the query out of the answer
      send(200, url.searchParams.get('returnQuery') === 'false' ? { ms, result } : { ms, query, result })
    } catch (error) {
      if (!(error instanceof GroqError)) throw error
      send(400, { error: { description: error.message, type: 'queryParseError', query } })
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    state,
    documents,
    /** creates or replaces a document (its _updatedAt moves on) */
    put,
    delete: (id: string) => documents.delete(id),
    /** what `sanity dataset import file.ndjson <dataset>` does with the file: one document a line, created or replaced */
    importNdjson(text: string): number {
      let count = 0
      for (const line of text.split('\n')) {
        if (!line.trim()) continue
        const doc = JSON.parse(line) as Doc
        if (typeof doc._id !== 'string' || typeof doc._type !== 'string') throw new Error(`a document without _id or _type: ${line.slice(0, 80)}`)
        put(doc)
        count += 1
      }
      return count
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

export type FakeSanity = Awaited<ReturnType<typeof startFakeSanity>>
