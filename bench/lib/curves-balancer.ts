/**
 * Checkouts per second through a real load balancer (bench/cost-curves.ts): a new PostgreSQL
 * database (on BENCH_DATABASE_URL's or TEST_DATABASE_URL's server) migrated once by the release's
 * command, sessions in Redis under a prefix of their own, `instances` built instances started as
 * scripts/multi-instance.mjs starts them, and HAProxy in front with the same configuration
 * (haproxyConfig). Shoppers then check out over HTTP through HAProxy: each round adds an item
 * to a new cart and gets a test token (not timed), then checks out (timed), each shopper from an
 * address of its own (X-Forwarded-For, believed from the one proxy: TRUST_PROXY=1).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import pg from 'pg'
import { createClient } from 'redis'
import { COMMANDS, haproxyConfig } from '../../scripts/multi-instance.mjs'
import { freePort } from '../../scripts/store-process.mjs'
import { ADDRESS, type Figures, type LoopOptions, loop, newAddress, type Timed } from './shopper-loop.ts'

const root = resolve(import.meta.dirname, '../..')
const HOST = 'localhost'
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms))

interface BalancerPoint {
  instances: number
  /** a checkout round's figures: its `serverCpu` is the bench's own (the shoppers' HTTP client), its `databaseCpu` the serving side's (instances, HAProxy, PostgreSQL) */
  checkout: Figures
}

async function waitReady(url: string, what: string, exited: () => boolean) {
  const deadline = Date.now() + 90_000
  while (Date.now() < deadline) {
    if (exited()) throw new Error(`${what} exited before it was ready`)
    try {
      if ((await fetch(url, { headers: { host: HOST } })).ok) return
    } catch {
      // not listening yet
    }
    await sleep(200)
  }
  throw new Error(`${what} was not ready within 90 s`)
}

/** A shopper's checkout round through the balancer: its own cookie jar and address. */
function checkoutThrough(origin: string, itemId: number, size: string): Timed {
  const address = newAddress()
  return async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded', host: HOST, 'x-forwarded-for': address }
    const added = await fetch(`${origin}/api/cart/items`, { method: 'POST', headers: form, body: `item_id=${itemId}&size=${size}&qty=1` })
    await added.arrayBuffer()
    if (!added.ok) throw new Error(`add to cart: ${added.status}`)
    const sid = added.headers
      .getSetCookie()
      .map((line) => line.split(';')[0]!)
      .find((pair) => pair.startsWith('sid='))
    const cookie = { ...form, cookie: sid ?? '' }
    const year = new Date().getFullYear() + 2
    const token = await fetch(`${origin}/api/payments/test-tokens`, { method: 'POST', headers: cookie, body: `number=4242424242424242&cvc=123&exp_month=12&exp_year=${year}` })
    if (!token.ok) throw new Error(`test token: ${token.status} ${await token.text()}`)
    const paymentToken = ((await token.json()) as { data: { token: string } }).data.token
    const started = performance.now()
    const placed = await fetch(`${origin}/api/checkout`, {
      method: 'POST',
      headers: { ...cookie, 'idempotency-key': randomUUID() },
      body: new URLSearchParams({ ...ADDRESS, payment_token: paymentToken }).toString(),
    })
    const text = await placed.text()
    const ms = performance.now() - started
    if (!placed.ok) throw new Error(`checkout: ${placed.status} ${text.slice(0, 200)}`)
    return ms
  }
}

/** Checkouts through HAProxy in front of each count of instances, each on a new database. */
export async function balancerCurve(counts: number[], options: LoopOptions): Promise<BalancerPoint[]> {
  const server = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL
  if (!server) throw new Error('the balancer curve needs PostgreSQL: set BENCH_DATABASE_URL or TEST_DATABASE_URL')
  if (spawnSync('haproxy', ['-v']).status !== 0) throw new Error('the balancer curve needs haproxy (apt-get install -y haproxy)')
  const redisUrl = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
  const points: BalancerPoint[] = []
  for (const count of counts) {
    const admin = new pg.Client({ connectionString: server })
    await admin.connect()
    const name = `bench_balancer_${randomBytes(5).toString('hex')}`
    await admin.query(`create database ${name}`)
    const url = new URL(server)
    url.pathname = `/${name}`
    const prefix = `bench-balancer-${randomBytes(4).toString('hex')}:`
    const dir = mkdtempSync(join(tmpdir(), 'bench-balancer-'))
    const children: ChildProcess[] = []
    try {
      const migrated = spawnSync(COMMANDS.migrate[0]!, COMMANDS.migrate.slice(1), {
        cwd: root,
        env: { ...process.env, DATABASE_URL: url.toString(), SEED_DEMO: 'true' },
        encoding: 'utf8',
      })
      if (migrated.status !== 0) throw new Error(`migrate failed: ${migrated.stderr}`)
      const db = new pg.Client({ connectionString: url.toString() })
      await db.connect()
      const { rows } = await db.query<{ id: number; size: string }>(
        `select i.id, s.size from item_sizes s join items i on i.id = s.item_id
         where i.brand_id = 'popfitclothing' and i.active = 1 and i.vip_exclusive = 0 and s.stock > 5 order by i.id limit 1`,
      )
      const bought = rows[0]
      if (!bought) throw new Error('the seed has no item in stock')
      await db.query('update item_sizes set stock = 10000000 where item_id = $1 and size = $2', [bought.id, bought.size])
      await db.end()
      const env = {
        ...process.env,
        NODE_ENV: 'production',
        DATABASE_URL: url.toString(),
        REDIS_URL: redisUrl,
        REDIS_KEY_PREFIX: prefix,
        INSTANCES: String(count),
        // photos in a bucket, as several instances must keep them (no upload in this bench: it is never reached)
        MEDIA_STORAGE: 's3',
        S3_BUCKET: 'bench-photos',
        S3_ENDPOINT: 'http://127.0.0.1:9',
        S3_ACCESS_KEY_ID: 'bench',
        S3_SECRET_ACCESS_KEY: 'bench-secret',
        S3_FORCE_PATH_STYLE: 'true',
        TRUST_PROXY: '1',
        PAYMENT_GATEWAY: 'test',
        LOG_LEVEL: 'warn',
      }
      const servers: { name: string; address: string }[] = []
      for (let i = 1; i <= count; i++) {
        const port = await freePort()
        const child = spawn(COMMANDS.serve[0]!, COMMANDS.serve.slice(1), {
          cwd: root,
          env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
          stdio: ['ignore', 'ignore', 'inherit'],
        })
        children.push(child)
        servers.push({ name: `store${i}`, address: `127.0.0.1:${port}` })
        await waitReady(`http://127.0.0.1:${port}/api/ready`, `store${i}`, () => child.exitCode !== null)
      }
      const port = await freePort()
      const config = join(dir, 'haproxy.cfg')
      writeFileSync(config, haproxyConfig({ bind: `127.0.0.1:${port}`, servers }))
      const haproxy = spawn('haproxy', ['-db', '-f', config], { stdio: ['ignore', 'ignore', 'inherit'] })
      children.push(haproxy)
      const origin = `http://127.0.0.1:${port}`
      await waitReady(`${origin}/api/ready`, 'haproxy', () => haproxy.exitCode !== null)
      // every server up in HAProxy's health checks (rise 2, 1 s apart)
      await sleep(2500)
      const make = () => checkoutThrough(origin, bought.id, bought.size)
      // the CPU of the serving side: the instances, HAProxy and PostgreSQL's backends of this database
      const servingSide = async () => [
        ...children.flatMap((child) => (child.pid ? [child.pid] : [])),
        ...(await admin.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [name])).rows.map((row) => row.pid),
      ]
      await loop(servingSide, make, { ...options, durationMs: 1000 })
      const checkout = await loop(servingSide, make, options)
      console.error(
        `balancer, ${count} instance(s): ${checkout.perSecond.toFixed(0)} checkouts/s, p50 ${checkout.p50.toFixed(0)} ms, p99 ${checkout.p99.toFixed(0)} ms, serving CPU ${checkout.databaseCpu.toFixed(1)} ms a round`,
      )
      points.push({ instances: count, checkout })
    } finally {
      await Promise.all(
        children.map(
          (child) =>
            new Promise<void>((done) => {
              if (child.exitCode !== null || child.signalCode !== null) return done()
              child.once('exit', () => done())
              child.kill('SIGKILL')
            }),
        ),
      )
      rmSync(dir, { recursive: true, force: true })
      const redis = createClient({ url: redisUrl })
      await redis.connect()
      for await (const keys of redis.scanIterator({ MATCH: `${prefix}*`, COUNT: 1000 })) if (keys.length > 0) await redis.unlink(keys)
      await redis.close()
      await admin.query(`drop database if exists ${name} with (force)`)
      await admin.end()
    }
  }
  return points
}
