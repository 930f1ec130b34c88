import { randomBytes } from 'node:crypto'
import { maskCardNumbers } from '@store/core'
import type { FastifyInstance } from 'fastify'

/**
 * Requests the storefront makes in-process on a page's behalf carry this
 * header with a value only this process knows; they are not logged on their
 * own, so one page view is one log line.
 */
export const INTERNAL_HEADER = 'x-store-internal'
export const INTERNAL_TOKEN = randomBytes(12).toString('base64url')

/** The log levels at which the request line (info) is written. */
const WRITES_INFO = new Set(['trace', 'debug', 'info'])

/** One line per request a shopper made: method, path (never the query; a card number in it masked), status, brand, time. */
export function registerRequestLog(app: FastifyInstance): void {
  // a callback, not async: every request passes here (input-guard.ts)
  app.addHook('onResponse', (request, reply, done) => {
    // the line's fields are built only when it is written: at LOG_LEVEL=warn and above, never
    if (request.headers[INTERNAL_HEADER] === INTERNAL_TOKEN || !WRITES_INFO.has(request.log.level)) return done()
    request.log.info(
      {
        method: request.method,
        url: maskCardNumbers(request.url.split('?')[0]!),
        status: reply.statusCode,
        brand: request.brand?.id,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    )
    done()
  })
}
