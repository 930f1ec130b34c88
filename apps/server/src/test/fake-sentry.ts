/**
 * A stand-in for Sentry's ingestion in tests: answers POST /api/<project>/envelope/
 * as Sentry documents its envelope endpoint (200 with the event id) and keeps each
 * envelope as received (gunzipped), with its items parsed: a header line, then for
 * each item a header line and a payload line. The app reaches it through
 * SENTRY_DSN=http://<key>@127.0.0.1:<port>/<project>.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { gunzipSync } from 'node:zlib'

export interface Envelope {
  /** the body as it arrived (after gzip): what a test searches for leaks */
  raw: string
  header: Record<string, unknown>
  items: { header: { type?: string } & Record<string, unknown>; payload: unknown }[]
}

function parseEnvelope(raw: string): Envelope {
  const lines = raw.split('\n').filter((line) => line !== '')
  const header = JSON.parse(lines[0] ?? '{}') as Record<string, unknown>
  const items: Envelope['items'] = []
  for (let i = 1; i + 1 < lines.length; i += 2) {
    const itemHeader = JSON.parse(lines[i]!) as Envelope['items'][number]['header']
    let payload: unknown = lines[i + 1]
    try {
      payload = JSON.parse(lines[i + 1]!)
    } catch {
      // a binary item (a replay's recording): kept as text
    }
    items.push({ header: itemHeader, payload })
  }
  return { raw, header, items }
}

export async function startFakeSentry() {
  const envelopes: Envelope[] = []
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      if (request.method !== 'POST' || !/^\/api\/[0-9]+\/envelope\/?(\?|$)/.test(request.url ?? '')) {
        response.writeHead(404).end()
        return
      }
      let body = Buffer.concat(chunks)
      if (request.headers['content-encoding'] === 'gzip') body = gunzipSync(body)
      const envelope = parseEnvelope(body.toString('utf8'))
      envelopes.push(envelope)
      response.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' })
      response.end(JSON.stringify({ id: envelope.header.event_id ?? null }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    port,
    dsn: `http://publickey@127.0.0.1:${port}/1`,
    envelopes,
    /** the events received so far (items of type "event") */
    events: () => envelopes.flatMap((envelope) => envelope.items.filter((item) => item.header.type === 'event').map((item) => item.payload as Record<string, unknown>)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
