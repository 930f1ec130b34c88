/**
 * The API client of SPEC §7. Every call goes to the brand's API base address;
 * GETs add a `host` query parameter and retry; POST bodies are urlencoded form
 * data with null values omitted; pixel calls never retry and time out sooner.
 *
 * The same client runs in the browser (fetch = window.fetch, cookies travel by
 * themselves). Pages on the server read the store's services from the load
 * context instead (lib/api/server.ts).
 */
import { API_TIMEOUT_MS, GET_RETRIES, PIXEL_TIMEOUT_MS, readErrorList, StoreError, triedAndFailed } from '@store/core'
import { ungated, type SessionGate } from './session-gate'
import type { ApiErrorItem } from './types'

type QueryValue = string | number | boolean | null | undefined
type Query = Record<string, QueryValue>
type FormValue = string | number | boolean | null | undefined
export type FormFields = Record<string, FormValue>

export interface ApiClientOptions {
  /** the brand's API base address, e.g. '/api' or 'https://api.example.com/api' */
  baseUrl: string
  /** the shop's hostname, sent as the `host` query parameter on every GET */
  host: string
  fetch: typeof fetch
  /** the shopper's Cookie header, forwarded by server-side calls */
  cookie?: string | null
  /** extra tries after the first for GETs; default GET_RETRIES (2) */
  retries?: number
  /** per-try timeout in ms; default API_TIMEOUT_MS (60000) */
  timeoutMs?: number
  /** what writing calls go through: in the browser, the page's session gate (session-gate.ts) */
  sessionGate?: SessionGate
}

/** The API answered with a failure body (4xx, or a non-retried 5xx on a POST). */
export class ApiError extends StoreError {
  constructor(status: number, errors: ApiErrorItem[]) {
    super(status, errors)
    this.name = 'ApiError'
  }
}

export interface ApiClient {
  readonly host: string
  readonly baseUrl: string
  /** `writes`: the GET records something for the visitor (utm-data), so it goes through the session gate */
  get<T>(path: string, query?: Query, options?: { writes?: boolean }): Promise<T>
  /** one try, never retried (a POST may change something); `headers` adds e.g. an Idempotency-Key */
  post<T>(path: string, data?: FormFields, options?: { headers?: Record<string, string> }): Promise<T>
  /** GET without retries and with the pixel timeout; resolves false instead of throwing */
  pixel(path: string, query: Query): Promise<boolean>
}

/** `{a: 1, b: null}` -> 'a=1' : null and undefined are left out. */
function toSearchParams(values: Record<string, QueryValue>): URLSearchParams {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(values)) {
    if (value === null || value === undefined) continue
    params.append(key, String(value))
  }
  return params
}

function joinUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`
}

/** Failure bodies: `{errors: [...]}`, or the older `error` / `err` fields, a string wrapped into a list. */
export function readErrors(body: unknown, status: number): ApiErrorItem[] {
  const messages = readErrorList(body)
  if (messages.length === 0) return [{ message: `Request failed with status ${status}` }]
  // keep the `field` of `{errors: [{message, field}]}` (DESIGN §4) beside its message
  const raw = body && typeof body === 'object' ? (body as { errors?: unknown }).errors : undefined
  const fields = new Map<string, string>()
  if (Array.isArray(raw)) {
    for (const item of raw) {
      if (item && typeof item === 'object') {
        const { message, field } = item as { message?: unknown; field?: unknown }
        if (typeof message === 'string' && typeof field === 'string' && field) fields.set(message, field)
      }
    }
  }
  return messages.map((message) => {
    const field = fields.get(message)
    return field ? { message, field } : { message }
  })
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text()
  if (!text) return null
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

function dataOf<T>(body: unknown): T {
  if (body && typeof body === 'object' && 'data' in body) return (body as { data: T }).data
  return body as T
}

/** Status codes worth another try: the server or something in front of it had a bad moment. */
function isRetryable(status: number): boolean {
  return status >= 500 || status === 408 || status === 429
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const retries = options.retries ?? GET_RETRIES
  const timeoutMs = options.timeoutMs ?? API_TIMEOUT_MS
  const doFetch = options.fetch
  const gate = options.sessionGate ?? ungated

  function headers(extra?: Record<string, string>): Record<string, string> {
    const h: Record<string, string> = { accept: 'application/json', ...extra }
    if (options.cookie) h.cookie = options.cookie
    return h
  }

  function getUrl(path: string, query: Query = {}): string {
    const params = toSearchParams({ ...query, host: options.host })
    return `${joinUrl(options.baseUrl, path)}?${params.toString()}`
  }

  return {
    host: options.host,
    baseUrl: options.baseUrl,

    get<T>(path: string, query: Query = {}, getOptions: { writes?: boolean } = {}): Promise<T> {
      if (!getOptions.writes) return read<T>(path, query)
      return gate.through(
        () => read<T>(path, query),
        () => true,
      )
    },

    post<T>(path: string, data: FormFields = {}, postOptions: { headers?: Record<string, string> } = {}): Promise<T> {
      return gate.through(
        () => write<T>(path, data, postOptions),
        () => true,
      )
    },

    pixel(path: string, query: Query): Promise<boolean> {
      return gate.through(
        () => pixel(path, query),
        (sent) => sent,
      )
    },
  }

  async function read<T>(path: string, query: Query): Promise<T> {
    const url = getUrl(path, query)
    const tries = retries + 1
    for (let attempt = 1; attempt <= tries; attempt++) {
      let response: Response
      try {
        response = await doFetch(url, {
          method: 'GET',
          headers: headers(),
          signal: AbortSignal.timeout(timeoutMs),
        })
      } catch {
        continue // network failure or timeout: try again
      }
      const body = await readBody(response).catch(() => null)
      if (response.ok) return dataOf<T>(body)
      if (!isRetryable(response.status)) throw new ApiError(response.status, readErrors(body, response.status))
    }
    throw new Error(triedAndFailed(tries, url))
  }

  async function write<T>(path: string, data: FormFields, postOptions: { headers?: Record<string, string> }): Promise<T> {
    const url = joinUrl(options.baseUrl, path)
    const response = await doFetch(url, {
      method: 'POST',
      headers: headers({ ...postOptions.headers, 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' }),
      body: toSearchParams(data).toString(),
      signal: AbortSignal.timeout(timeoutMs),
    })
    const body = await readBody(response).catch(() => null)
    if (!response.ok) throw new ApiError(response.status, readErrors(body, response.status))
    return dataOf<T>(body)
  }

  async function pixel(path: string, query: Query): Promise<boolean> {
    try {
      const response = await doFetch(getUrl(path, query), {
        method: 'GET',
        headers: headers(),
        signal: AbortSignal.timeout(PIXEL_TIMEOUT_MS),
      })
      await response.arrayBuffer().catch(() => undefined)
      return response.ok
    } catch {
      return false
    }
  }
}
