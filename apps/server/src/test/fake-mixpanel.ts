/**
 * A local stand-in for Mixpanel's ingestion API, answering as api.mixpanel.com does for the
 * calls the `mixpanel` library makes (node_modules/mixpanel/lib/mixpanel-node.js): POST /track
 * and POST /engage with a form body `data=<base64 JSON>` (a list of events, or of profile
 * updates) and the query ip=0&verbose=0; the answer is the text '1' when taken, '0' when not.
 * The browser library (mixpanel-browser) posts `data=<JSON>` (or base64) to the same paths.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

interface MixpanelCall {
  path: string
  query: URLSearchParams
  /** the decoded `data`: a list of events or of profile updates */
  data: Record<string, unknown>[]
}

function decodeData(body: string, query: URLSearchParams): Record<string, unknown>[] {
  const raw = new URLSearchParams(body).get('data') ?? query.get('data') ?? ''
  const json = raw.trim().startsWith('[') || raw.trim().startsWith('{') ? raw : Buffer.from(raw, 'base64').toString('utf8')
  const value = JSON.parse(json) as Record<string, unknown> | Record<string, unknown>[]
  return Array.isArray(value) ? value : [value]
}

export async function startFakeMixpanel() {
  const calls: MixpanelCall[] = []
  const state = { answer: '1', status: 200, delayMs: 0 }
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://mixpanel.test')
      const path = url.pathname.replace(/\/+$/, '')
      response.setHeader('access-control-allow-origin', request.headers.origin ?? '*')
      response.setHeader('access-control-allow-credentials', 'true')
      response.setHeader('access-control-allow-headers', 'content-type')
      if (request.method === 'OPTIONS') {
        response.end()
        return
      }
      if (path !== '/track' && path !== '/engage') {
        response.statusCode = 404
        response.end('0')
        return
      }
      try {
        calls.push({ path, query: url.searchParams, data: decodeData(Buffer.concat(chunks).toString('utf8'), url.searchParams) })
      } catch {
        response.statusCode = 400
        response.end('0')
        return
      }
      setTimeout(() => {
        response.statusCode = state.status
        response.end(state.answer)
      }, state.delayMs)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
