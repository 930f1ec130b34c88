/**
 * A local stand-in for Meta's pixel script (connect.facebook.net/en_US/fbevents.js) and its
 * endpoint (www.facebook.com/tr): GET /en_US/fbevents.js answers a script that takes over the page's
 * fbq as the real one does (fbq.callMethod, then the calls Meta's snippet queued before it came) and
 * keeps each call in the page (window.__pixelCalls); a `track` goes to this server's /tr as the real
 * pixel sends an event, unless consent was revoked (fbq('consent', 'revoke')), which sends nothing.
 * The store reaches it through META_PIXEL_SCRIPT_URL.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

interface PixelHit {
  /** what fbq('track', name, data, { eventID }) was given */
  event: string
  data: Record<string, unknown>
  eventID: string | undefined
  pixel: string
}

const script = (origin: string) => `(function () {
  var fbq = window.fbq
  if (!fbq || fbq.callMethod) return
  var pixels = []
  var revoked = false
  window.__pixelCalls = window.__pixelCalls || []
  fbq.callMethod = function () {
    var args = Array.prototype.slice.call(arguments)
    window.__pixelCalls.push(args)
    if (args[0] === 'init') pixels.push(String(args[1]))
    else if (args[0] === 'consent') revoked = args[1] === 'revoke'
    else if (args[0] === 'track' && !revoked) {
      var options = args[3] || {}
      for (var i = 0; i < pixels.length; i++) {
        fetch(${JSON.stringify(origin)} + '/tr', { method: 'POST', mode: 'no-cors', keepalive: true, body: JSON.stringify({ pixel: pixels[i], event: args[1], data: args[2] || {}, eventID: options.eventID }) })
      }
    }
  }
  var queued = fbq.queue.splice(0)
  for (var i = 0; i < queued.length; i++) fbq.callMethod.apply(fbq, queued[i])
})()
`

export async function startFakeFbevents() {
  const hits: PixelHit[] = []
  const scriptLoads: string[] = []
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const path = new URL(request.url ?? '/', 'http://pixel.test').pathname
      if (request.method === 'GET' && path === '/en_US/fbevents.js') {
        scriptLoads.push(request.headers.referer ?? '')
        response.writeHead(200, { 'content-type': 'application/javascript', 'cache-control': 'no-store' })
        response.end(script(origin))
        return
      }
      if (request.method === 'POST' && path === '/tr') {
        hits.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as PixelHit)
        response.writeHead(200, { 'content-type': 'image/gif' }).end()
        return
      }
      response.writeHead(404).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    scriptUrl: `${origin}/en_US/fbevents.js`,
    hits,
    scriptLoads,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
