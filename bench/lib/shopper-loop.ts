/**
 * A bench's shoppers in the store's process (Fastify inject: the whole request pipeline, no
 * sockets), and the loop that times their requests: requests per second, p50/p99, and the CPU a
 * request costs in the store's process and PostgreSQL's backends (bench/checkout.ts, bench/cost-curves.ts).
 */
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import type { FastifyInstance } from 'fastify'
import { watchedPools } from '../../apps/server/src/operations/metrics.ts'
import type { Backends } from './databases.ts'

export const ADDRESS = {
  email: 'bench@example.com',
  shipping_name: 'Bench Shopper',
  shipping_country: 'US',
  shipping_address: '1 Load Lane',
  shipping_city: 'Austin',
  shipping_state: 'TX',
  shipping_zip: '78701',
  shipping_phone: '5125550100',
  billing_same: 'true',
}

export const host = 'localhost'
export const form = { 'content-type': 'application/x-www-form-urlencoded' }

export function cookieOf(response: { cookies: { name: string; value: string }[] }, previous: string): string {
  const sid = response.cookies.find((cookie) => cookie.name === 'sid')
  return sid ? `sid=${sid.value}` : previous
}

/**
 * Each shopper loop comes from its own address (documentation range 198.18.0.0/15), as shoppers
 * do: the cart writes' per-address limit (accounts/request-limits.ts) is far above one shopper's
 * pace but below a whole bench's from one address.
 */
let shoppers = 0
export const newAddress = () => {
  shoppers += 1
  return `198.18.${(shoppers >> 8) & 255}.${shoppers & 255}`
}

export function expectOk(what: string, response: { statusCode: number; body: string }) {
  if (response.statusCode !== 200) throw new Error(`${what}: ${response.statusCode} ${response.body}`)
}

/** A timed request: what it answered and how long it took. */
export type Timed = () => Promise<number>

/**
 * A new shopper at `remoteAddress` with `qty` of one item in the cart and a test card's token: the
 * session cookie and the checkout's form body, ready to post (the checkout benches time or count
 * only the post).
 */
export async function readyToPay(app: FastifyInstance, itemId: number, size: string, remoteAddress: string, qty = 1): Promise<{ cookie: string; body: string }> {
  const added = await app.inject({ method: 'POST', url: '/api/cart/items', remoteAddress, headers: { host, ...form }, payload: `item_id=${itemId}&size=${size}&qty=${qty}` })
  expectOk('add to cart', added)
  const cookie = cookieOf(added, '')
  const year = new Date().getFullYear() + 2
  const token = await app.inject({
    method: 'POST',
    url: '/api/payments/test-tokens',
    remoteAddress,
    headers: { host, cookie, ...form },
    payload: `number=4242424242424242&cvc=123&exp_month=12&exp_year=${year}`,
  })
  expectOk('test token', token)
  return { cookie, body: new URLSearchParams({ ...ADDRESS, payment_token: token.json().data.token }).toString() }
}

export function checkout(app: FastifyInstance, itemId: number, size: string, remoteAddress: string): Timed {
  return async () => {
    const { cookie, body } = await readyToPay(app, itemId, size, remoteAddress)
    const started = performance.now()
    const placed = await app.inject({ method: 'POST', url: '/api/checkout', remoteAddress, headers: { host, cookie, ...form, 'idempotency-key': randomUUID() }, payload: body })
    const ms = performance.now() - started
    expectOk('checkout', placed)
    return ms
  }
}

export interface Figures {
  perSecond: number
  p50: number
  p99: number
  /** CPU ms per request, the store's process */
  serverCpu: number
  /** CPU ms per request, PostgreSQL's backends of this store (0 on SQLite: it runs in the store's process) */
  databaseCpu: number
  /** requests waiting for a pool connection, on average over the loop (PostgreSQL's pool; 0 on SQLite) */
  poolWaiting: number
}

/** Requests waiting for a connection of the PostgreSQL pools, sampled every 5 ms while `run` runs: their mean. */
async function poolWaitingDuring(run: () => Promise<void>): Promise<number> {
  let samples = 0
  let waiting = 0
  const timer = setInterval(() => {
    samples += 1
    for (const pool of watchedPools) waiting += pool.waitingCount
  }, 5)
  try {
    await run()
  } finally {
    clearInterval(timer)
  }
  return samples === 0 ? 0 : waiting / samples
}

/** CPU seconds a process has used (utime + stime of /proc/<pid>/stat), 0 once it is gone. */
function processCpu(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
    return (Number(fields[11]) + Number(fields[12])) / 100
  } catch {
    return 0
  }
}

/** The CPU seconds of the PostgreSQL backends serving this store, by pid. */
async function backendCpu(backends: Backends): Promise<Map<number, number>> {
  return new Map((await backends()).map((pid) => [pid, processCpu(pid)]))
}

export interface LoopOptions {
  durationMs: number
  /** shoppers at once, each in its own loop */
  connections: number
}

/** `connections` loops of `make()`'s request (one per loop: its own shopper) for `durationMs`. */
export async function loop(backends: Backends, make: () => Timed, { durationMs, connections }: LoopOptions): Promise<Figures> {
  const latencies: number[] = []
  const backendsBefore = await backendCpu(backends)
  const cpuBefore = process.cpuUsage()
  const started = performance.now()
  const deadline = started + durationMs
  const poolWaiting = await poolWaitingDuring(async () => {
    await Promise.all(
      Array.from({ length: connections }, async () => {
        const run = make()
        while (performance.now() < deadline) latencies.push(await run())
      }),
    )
  })
  const elapsed = (performance.now() - started) / 1000
  const cpu = process.cpuUsage(cpuBefore)
  let database = 0
  // a backend started during the loop counts from 0; one that ended is not counted (the pool keeps them)
  for (const [pid, after] of await backendCpu(backends)) database += after - (backendsBefore.get(pid) ?? 0)
  latencies.sort((a, b) => a - b)
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0
  const n = Math.max(1, latencies.length)
  return { perSecond: latencies.length / elapsed, p50: at(0.5), p99: at(0.99), serverCpu: (cpu.user + cpu.system) / 1000 / n, databaseCpu: (database * 1000) / n, poolWaiting }
}
