/**
 * Every request has an id, in each of its log lines (`reqId`, Fastify's child
 * logger) and in its answer's `X-Request-Id` header, so a shopper's complaint, the
 * balancer's log and ours meet on one value.
 *
 * The id is the `X-Request-Id` of a proxy TRUST_PROXY believes (the balancer made
 * it, and logged it), when it is a plain token of at most 128 characters; anyone
 * else's is ignored, since a client could otherwise write any text into our logs or
 * make one id name many requests. Otherwise a random UUID: unique across
 * instances and restarts, unlike a per-process counter.
 */
import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import proxyAddr from '@fastify/proxy-addr'
import type { FastifyInstance } from 'fastify'
import type { Env } from '../env.ts'

const REQUEST_ID_HEADER = 'x-request-id'

/** letters, digits and . _ : - only, 1 to 128 of them (UUIDs, hex, HAProxy's unique-id formats) */
const PLAIN_ID = /^[A-Za-z0-9._:-]{1,128}$/

/** Whether the peer at this address (the socket's, hop 0) is a proxy TRUST_PROXY believes. */
function trustsPeer(trustProxy: Env['TRUST_PROXY']): (address: string) => boolean {
  if (trustProxy === true) return () => true
  if (trustProxy === false) return () => false
  const trust = typeof trustProxy === 'function' ? trustProxy : proxyAddr.compile(trustProxy)
  return (address) => trust(address, 0)
}

/** Fastify's genReqId: the trusted proxy's id, else a new UUID. */
export function requestIdMaker(trustProxy: Env['TRUST_PROXY']): (request: IncomingMessage) => string {
  const trusted = trustsPeer(trustProxy)
  return (request) => {
    const given = request.headers[REQUEST_ID_HEADER]
    const address = request.socket?.remoteAddress
    if (typeof given === 'string' && PLAIN_ID.test(given) && address !== undefined && trusted(address)) return given
    return randomUUID()
  }
}

/** Every answer says its request's id. */
export function registerRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id)
    done()
  })
}
