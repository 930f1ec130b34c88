import { openDatabase } from './dist/db/connection.js'
import { DatabaseSessionStore } from './dist/sessions/session-store.js'
import { createRequestContext } from './dist/context/request-context.js'
import { getCart } from './dist/cart/cart.service.js'
import { brandsWithOrigins } from './dist/brands/registry.js'
import { parseEnv } from './dist/env.js'
import { readFileSync } from 'node:fs'
const token = decodeURIComponent(readFileSync('/tmp/cartdb/cookie', 'utf8').trim().split('=')[1]!)
const store = openDatabase('sqlite:/tmp/cartdb/store.sqlite')
const env = parseEnv({ LOG_LEVEL: 'silent', NODE_ENV: 'production' })
const sessions = new DatabaseSessionStore(store)
const brand = brandsWithOrigins(env.publicOrigins)[0]!
const log = { info() {}, warn() {}, error() {} }
const deps = { store, sessions, env }
const one = async () => {
  const ctx = createRequestContext(deps, { brand, sessionToken: token, clientIp: '127.0.0.1', log })
  return getCart(ctx, { readSessionWithCart: true })
}
const c = await one()
console.log(c.items.length, 'lines')
const N = 20000
const all: number[] = []
for (let k = 0; k < 7; k++) {
  const t = process.hrtime.bigint()
  for (let i = 0; i < N; i++) await one()
  all.push(Number(process.hrtime.bigint() - t) / 1000 / N)
}
console.log('getCart µs per call, rounds:', all.map((x) => x.toFixed(1)).join(' '), 'min', Math.min(...all).toFixed(1))
