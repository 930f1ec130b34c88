/** Small pieces every shopping and content loader uses. */
import { isStoreError } from '@store/core'

/** A 404 Response for the route's error boundary. */
export function notFound(message = 'Not Found'): Response {
  return new Response(message, { status: 404, statusText: 'Not Found' })
}

/** Awaits a read; a 404 (or a 400 for a malformed name) becomes a thrown 404 Response, other failures pass through. */
export async function orNotFound<T>(read: Promise<T>): Promise<T> {
  try {
    return await read
  } catch (error) {
    if (isStoreError(error) && (error.status === 404 || error.status === 400)) throw notFound(error.message)
    throw error
  }
}

/**
 * Deferred data must never throw: a failed read becomes the fallback, and is logged unless the
 * store refused the request itself (a 4xx: /item/3000000000's reviews are "Item id is too large"),
 * which is the visitor's address, not a failure of ours: the log keeps its stacks for real ones.
 */
export function settle<T>(read: Promise<T>, fallback: T, what: string): Promise<T> {
  return read.catch((error: unknown) => {
    if (!(isStoreError(error) && error.status >= 400 && error.status < 500)) console.error(`${what} failed`, error)
    return fallback
  })
}
