import type { FastifyInstance } from 'fastify'
import { errorBody } from './errors.ts'

/** A NUL character has no business in any field, and PostgreSQL text cannot hold one. */
const NUL = '\u0000'

function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes(NUL)
  // raw bodies (pages take theirs as bytes) are the storefront's to read
  if (depth > 5 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return false
  return Object.entries(value).some(([key, inner]) => key.includes(NUL) || hasNul(inner, depth + 1))
}

/**
 * Refuses input carrying NUL characters before any route reads it. (Every hook of every
 * request is written with a callback, not async: a promise and its turns per hook cost more
 * than the check itself; see docs/performance.md, cart-speed.)
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, reply, done) => {
    if (hasNul(request.params) || hasNul(request.query) || hasNul(request.body)) {
      reply.status(400).send(errorBody('The request holds a character that is not allowed (NUL).'))
      return
    }
    done()
  })
}
