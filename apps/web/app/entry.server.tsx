/**
 * React Router's Node entry, plus the CSP nonce: the server hands each page
 * render a fresh nonce in the load context (apps/server/src/web/page-csp.ts),
 * and every inline script React Router and React write carries it
 * (<ServerRouter nonce>, the stream's nonce, <Scripts nonce> in root.tsx).
 *
 * The page is answered whole, once everything is rendered (onAllReady), as one
 * buffer. Loaders have finished before rendering starts and no page suspends on
 * data, so React's shell is the whole page and streaming it in small chunks gained
 * the shopper nothing; it cost the server a stream pipeline per answer and a
 * compressor fed 4 kB at a time (about a third more CPU than compressing the page in
 * one go, which the server now does: web/page-compression.ts).
 */
import { Writable } from 'node:stream'
import { renderToPipeableStream, renderToString } from 'react-dom/server'
import type { AppLoadContext, EntryContext, HandleErrorFunction } from 'react-router'
import { isRouteErrorResponse, ServerRouter } from 'react-router'
import { setBrandHtmlRenderer } from './lib/brand-html'
import { NonceContext } from './lib/nonce'
import { PageResponse } from './lib/page-response'

// the brand's menus and footer are rendered once per settings, outside page renders (lib/brand-html.ts)
setBrandHtmlRenderer(renderToString)

/**
 * The server's request handler, from the router this bundle holds (its production
 * build: vite.config.ts), so that handler and pages share one copy of React Router.
 */
export { createRequestHandler } from 'react-router'

export const streamTimeout = 5_000

/**
 * What a page's error writes to the log and reports. A shopper who went away (the request aborted) is
 * no error, and neither is a request the store answers with a 4xx of its own: a POST to a page that has
 * no form (405), an address of no page (404). Their one request log line says the status; a stack trace
 * each time only buried the real failures. Anything else is logged with its stack, as React Router
 * would, and goes to Sentry through the server's one reporting module (the load context's reportError:
 * apps/server/src/error-reporting/error-reporting.ts, scrubbed there as every report is).
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return
  if (isRouteErrorResponse(error) && error.status < 500) return
  const cause = isRouteErrorResponse(error) && 'error' in error && error.error ? error.error : error
  console.error(cause)
  context.reportError?.(cause)
}

/**
 * The page goes out whole (onAllReady), so every Suspense boundary is complete when it is written
 * and must be written in place. React 19.2 otherwise outlines a completed boundary once the page so
 * far passes progressiveChunkSize (12,800 bytes): its fallback stays in the HTML and a script swaps
 * the content in, so without JavaScript the cart drawer said "Loading your cart…" for good.
 */
export const pageRenderOptions = { progressiveChunkSize: Number.POSITIVE_INFINITY } as const

export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, routerContext: EntryContext, loadContext: AppLoadContext) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders })
  }
  const nonce = loadContext.nonce ?? ''

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000)

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        ...pageRenderOptions,
        nonce: nonce || undefined,
        onShellReady() {
          shellRendered = true
        },
        onAllReady() {
          const chunks: Buffer[] = []
          const page = new Writable({
            write(chunk: Buffer, _encoding, callback) {
              chunks.push(chunk)
              callback()
            },
            final(callback) {
              clearTimeout(timeoutId)
              timeoutId = undefined
              responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
              resolve(new PageResponse(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }))
              callback()
            },
          })
          page.on('error', reject)
          pipe(page)
        },
        onShellError(error: unknown) {
          clearTimeout(timeoutId)
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          // errors of the shell itself reject above and are logged (and reported) by the server
          if (shellRendered && !request.signal.aborted) {
            console.error(error)
            loadContext.reportError?.(error)
          }
        },
      },
    )
  })
}
