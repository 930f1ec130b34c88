/**
 * A local stand-in for Meta's Graph API as the Conversions API answers it:
 * POST /{version}/{pixel}/events with a JSON body { data: [events], access_token } answers
 * { events_received, messages, fbtrace_id }; a wrong token, 400 with Graph's error shape
 * ({ error: { message, type, code, fbtrace_id } }). `failNext` answers that many 500s first.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

interface GraphCall {
  path: string
  data: Record<string, unknown>[]
}

export async function startFakeGraph(options: { token: string }) {
  const calls: GraphCall[] = []
  const state = { failNext: 0, delayMs: 0 }
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const path = new URL(request.url ?? '/', 'http://graph.test').pathname
      const answer = (status: number, body: unknown) =>
        setTimeout(() => {
          response.statusCode = status
          response.setHeader('content-type', 'application/json')
          response.end(JSON.stringify(body))
        }, state.delayMs)
      if (request.method !== 'POST' || !/^\/v\d+\.\d+\/\d+\/events$/.test(path)) return answer(404, { error: { message: 'Unknown path', type: 'GraphMethodException', code: 100 } })
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as { data?: Record<string, unknown>[]; access_token?: string }
      if (body.access_token !== options.token) return answer(400, { error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190, fbtrace_id: 'x' } })
      if (state.failNext > 0) {
        state.failNext -= 1
        return answer(500, { error: { message: 'An unexpected error has occurred.', type: 'OAuthException', code: 2, is_transient: true } })
      }
      calls.push({ path, data: body.data ?? [] })
      return answer(200, { events_received: body.data?.length ?? 0, messages: [], fbtrace_id: 'fake' })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
