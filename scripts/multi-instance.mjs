#!/usr/bin/env node
// Several instances of the store, proven (docs/operations.md "Several instances, proven").
//
// Starts, on this machine: a fresh PostgreSQL database (on TEST_DATABASE_URL's server),
// Redis keys under a prefix of their own (TEST_REDIS_URL), `npm run migrate`'s job once,
// three instances of the built store (node apps/server/dist/main.js, the same command
// compose.yaml runs) and HAProxy in front (its configuration is written by
// haproxyConfig below; deploy/haproxy.cfg is the same for compose.yaml). Shoppers then register, browse,
// fill carts and check out through the balancer while one instance is killed (SIGKILL)
// and another restarted gracefully (SIGTERM, then started again). It then checks:
// every order placed once (none lost, none doubled), every cart and login kept, no
// request failed during the graceful restart, each e-mail of the outbox sent once, and
// club members made due billed once at the gateway while every instance bills each second.
//
//   npm run build:server && node scripts/multi-instance.mjs     # exit 0 when all holds
//
// Needs haproxy (apt-get install -y haproxy), PostgreSQL and Redis; where one is missing
// it says so and exits 0, unless REQUIRE_MULTI_INSTANCE=1 (CI), where it fails.
import { spawn, spawnSync } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import pg from 'pg'
import { createClient } from 'redis'
import { freePort } from './store-process.mjs'

const root = resolve(import.meta.dirname, '..')
const DATABASE_SERVER = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
const REQUIRED = process.env.REQUIRE_MULTI_INSTANCE === '1'
/** shopping before the kill, between the kill and the restart, and after it */
const SETTLE_MS = Number(process.env.MULTI_INSTANCE_SETTLE_MS ?? 2000)
const SHOPPERS = Number(process.env.MULTI_INSTANCE_SHOPPERS ?? 8)
const HOST = 'localhost'

/** The commands of a deployment: compose.yaml runs these (scripts/multi-instance.test.ts checks they match). */
export const COMMANDS = {
  migrate: ['node', 'apps/server/dist/db/migrate-job.js'],
  serve: ['node', 'apps/server/dist/main.js'],
}

/** What every instance is started with, besides its port and database (compose.yaml's `x-store-env`). */
export const INSTANCE_ENV = {
  NODE_ENV: 'production',
  // three instances: photos must not stay on one machine's disk (env.ts refuses MEDIA_STORAGE=local)
  INSTANCES: '3',
  MEDIA_STORAGE: 's3',
  // HAProxy checks /api/ready every second; two failed checks take an instance out: 3 s covers it
  SHUTDOWN_DELAY_MS: '3000',
  // X-Forwarded-For from the one proxy in front
  TRUST_PROXY: '1',
}

/** HAProxy in front of the instances: health checks on /api/ready, retries and redispatch (deploy/haproxy.cfg is this, for compose). */
export function haproxyConfig({ bind, servers }) {
  return `global
  maxconn 2000

defaults
  mode http
  timeout connect 2s
  timeout client 30s
  timeout server 30s
  timeout http-request 15s
  timeout check 3s
  # a request whose instance died before answering goes to another, a POST too: a checkout
  # carries its Idempotency-Key, so one sent twice is still one order
  retries 3
  option redispatch 1
  retry-on conn-failure empty-response response-timeout
  option http-buffer-request

frontend shop
  bind ${bind}
  http-request deny if { path /metrics }
  default_backend store

backend store
  balance roundrobin
  option httpchk
  http-check send meth GET uri /api/ready ver HTTP/1.1 hdr Host ${HOST}
  http-check expect status 200
  default-server inter 1s fall 2 rise 2 fastinter 500ms init-addr libc,none
${servers.map((server) => `  server ${server.name} ${server.address} check`).join('\n')}
`
}

function skip(why) {
  const banner = '!'.repeat(72)
  console.error(`\n${banner}\n  MULTI-INSTANCE TEST NOT RUN: ${why}\n${banner}\n`)
  process.exit(REQUIRED ? 1 : 0)
}

const sleep = (ms) => new Promise((done) => setTimeout(done, ms))

/** A database of its own on the test server, dropped at the end. */
async function freshDatabase() {
  const admin = new pg.Client({ connectionString: DATABASE_SERVER })
  await admin.connect()
  const name = `store_multi_${randomBytes(5).toString('hex')}`
  await admin.query(`CREATE DATABASE ${name}`)
  const url = new URL(DATABASE_SERVER)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await admin.end()
    },
  }
}

function run(command, env) {
  const result = spawnSync(command[0], command.slice(1), { cwd: root, env: { ...process.env, ...env }, encoding: 'utf8' })
  if (result.status !== 0) throw new Error(`${command.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`)
  return result.stdout
}

/** One instance: started, stopped (SIGTERM, waiting for its exit) or killed (SIGKILL). */
function instance(name, port, env, logs) {
  let child = null
  const self = {
    name,
    port,
    address: `127.0.0.1:${port}`,
    exits: [],
    start() {
      child = spawn(COMMANDS.serve[0], COMMANDS.serve.slice(1), {
        cwd: root,
        env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      const started = child
      started.stdout.on('data', (chunk) => logs.push(`[${name}] ${chunk}`))
      started.stderr.on('data', (chunk) => logs.push(`[${name}!] ${chunk}`))
      started.on('exit', (code, signal) => self.exits.push({ code, signal }))
      return self.ready()
    },
    async ready(timeoutMs = 90_000) {
      const deadline = Date.now() + timeoutMs
      while (Date.now() < deadline) {
        if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}:\n${logs.join('')}`)
        try {
          if ((await fetch(`http://${self.address}/api/ready`, { headers: { host: HOST } })).ok) return
        } catch {
          // not listening yet
        }
        await sleep(200)
      }
      throw new Error(`${name} was not ready within ${timeoutMs} ms`)
    },
    stop(signal = 'SIGTERM') {
      const stopping = child
      return new Promise((done) => {
        if (!stopping || stopping.exitCode !== null || stopping.signalCode !== null) return done()
        stopping.once('exit', () => done())
        stopping.kill(signal)
      })
    },
  }
  return self
}

/** A shopper's browser: a cookie jar, every request through the balancer, each answer noted. */
class Shopper {
  cookies = new Map()
  constructor(origin, journal) {
    this.origin = origin
    this.journal = journal
  }

  async request(method, path, { form, json, headers = {} } = {}) {
    const body = form ? new URLSearchParams(form).toString() : json ? JSON.stringify(json) : undefined
    const contentType = form ? { 'content-type': 'application/x-www-form-urlencoded' } : json ? { 'content-type': 'application/json' } : {}
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
    const at = Date.now()
    let response
    try {
      response = await fetch(`${this.origin}${path}`, { method, body, headers: { host: HOST, ...(cookie ? { cookie } : {}), ...contentType, ...headers }, redirect: 'manual' })
    } catch (error) {
      this.journal.push({ at, method, path, status: 0, error: String(error.cause?.code ?? error.message) })
      return { status: 0, data: null, errors: [String(error)] }
    }
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';')
      const [name, ...value] = pair.split('=')
      const expired = attributes.some((a) => /max-age=0/i.test(a.trim()) || (/^expires=/i.test(a.trim()) && new Date(a.trim().slice(8)).getTime() < Date.now()))
      if (expired || value.join('=') === '') this.cookies.delete(name.trim())
      else this.cookies.set(name.trim(), value.join('='))
    }
    let text
    try {
      text = await response.text()
    } catch (error) {
      // the instance died while its answer was on the way (SIGKILL mid-body): the balancer can
      // no longer retry it, and the browser sees a network error, as this shopper does
      this.journal.push({ at, method, path, status: 0, cutAt: Date.now(), error: String(error.cause?.code ?? error.message) })
      return { status: 0, data: null, errors: [String(error)] }
    }
    let parsed = null
    try {
      parsed = JSON.parse(text)
    } catch {
      // not JSON (a balancer's own page)
    }
    this.journal.push({ at, method, path, status: response.status })
    return { status: response.status, data: parsed?.data ?? null, errors: parsed?.errors?.map((e) => e.message) ?? [text.slice(0, 200)] }
  }
}

/** While shopping is on, again and again: register, browse, fill a cart, check it, log out and in, check out, see the order. */
async function shop(n, origin, items, shopping, journal, outcome) {
  let round = 0
  while (shopping.on) {
    round += 1
    const shopper = new Shopper(origin, journal)
    const email = `multi-${n}-${round}-${randomBytes(3).toString('hex')}@example.com`
    const password = 'leggings-forever-7'
    const journey = { email, cartKept: null, loginKept: null, orderNumber: null, orderSeen: null }
    outcome.journeys.push(journey)
    // a request that failed (the balancer had no instance to give it) is tried again, as a shopper would
    const again = async (call, ok = (r) => r.status >= 200 && r.status < 300) => {
      for (let attempt = 0; attempt < 5; attempt++) {
        const answer = await call()
        if (ok(answer)) return answer
        if (answer.status !== 0 && answer.status < 500) return answer
        await sleep(300)
      }
      return call()
    }
    const registered = await again(() => shopper.request('POST', '/api/register', { form: { name: 'Multi Shopper', email, password } }))
    if (registered.status !== 200) {
      journey.failure = `register ${registered.status} ${registered.errors}`
      continue
    }
    await again(() => shopper.request('GET', '/api/categories/leggings'))
    const picked = [items[(n + round) % items.length], items[(n + round + 1) % items.length]]
    for (const item of picked) await again(() => shopper.request('POST', '/api/cart/items', { form: { item_id: item.id, size: item.size, qty: 1 } }))
    const cart = await again(() => shopper.request('GET', '/api/cart'))
    journey.cartKept = cart.data?.items?.length === 2
    // log out and in again (another instance, most likely): the cart comes back with the login
    await again(() => shopper.request('POST', '/api/logout'))
    const login = await again(() => shopper.request('POST', '/api/login', { form: { email, password } }))
    const me = await again(() => shopper.request('GET', '/api/account'))
    journey.loginKept = login.status === 200 && me.status === 200 && me.data?.e_mail_address === email
    const token = await again(() =>
      shopper.request('POST', '/api/payments/test-tokens', {
        form: { number: '4242 4242 4242 4242', cvc: '123', exp_month: '12', exp_year: String(new Date().getFullYear() + 3) },
      }),
    )
    // one Idempotency-Key per checkout: a checkout sent again after a failure is the same order
    const key = randomUUID()
    const checkout = () =>
      again(() => shopper.request('POST', '/api/checkout', { form: { ...shippingTo(email), payment_token: token.data?.token ?? '' }, headers: { 'idempotency-key': key } }))
    let placed = await checkout()
    // the instance killed while it held this key's attempt: the store answers 409 "already in progress"
    // and asks to wait and send the same key again, as a shopper's browser does, until the attempt is freed
    for (let wait = 0; placed.status === 409 && wait < 60; wait++) {
      await sleep(1000)
      placed = await checkout()
    }
    if (placed.data?.status !== 'succeeded') {
      journey.failure = `checkout ${placed.status} ${JSON.stringify(placed.data ?? placed.errors)}`
      continue
    }
    journey.orderNumber = placed.data.order_number
    const orders = await again(() => shopper.request('GET', '/api/orders'))
    journey.orderSeen = Array.isArray(orders.data) && orders.data.some((order) => order.order_number === journey.orderNumber || order.number === journey.orderNumber)
  }
}

/** A shopper who joins the club at checkout (its e-mail), or null. */
async function joinClub(n, origin, item, journal) {
  const shopper = new Shopper(origin, journal)
  const email = `club-${n}-${randomBytes(3).toString('hex')}@example.com`
  await shopper.request('POST', '/api/cart/items', { form: { item_id: item.id, size: item.size, qty: 1 } })
  const registered = await shopper.request('POST', '/api/register', { form: { name: 'Club Member', email, password: 'leggings-forever-7' } })
  const token = await shopper.request('POST', '/api/payments/test-tokens', {
    form: { number: '4242 4242 4242 4242', cvc: '123', exp_month: '12', exp_year: String(new Date().getFullYear() + 3) },
  })
  const placed = await shopper.request('POST', '/api/checkout', {
    form: { ...shippingTo(email), payment_token: token.data?.token ?? '', checkout_flow: 'checkout_club_flow' },
    headers: { 'idempotency-key': randomUUID() },
  })
  return registered.status === 200 && placed.data?.status === 'succeeded' ? email : null
}

const shippingTo = (email) => ({
  email,
  shipping_name: 'Multi Shopper',
  shipping_company: '',
  shipping_country: 'US',
  shipping_address: '12 Analytical Way',
  shipping_address_2: '',
  shipping_city: 'Austin',
  shipping_state: 'TX',
  shipping_zip: '78701',
  shipping_phone: '(512) 555-0100',
  billing_same: 'true',
})

const S3_BUCKET = 'multi-instance-photos'
const S3_KEY_ID = 'AKIAMULTIINSTANCE'

/** The local S3 stand-in (scripts/fake-s3-server.ts) in a process of its own: its endpoint. */
function startS3() {
  const child = spawn(join(root, 'node_modules/.bin/tsx'), ['scripts/fake-s3-server.ts', S3_BUCKET, S3_KEY_ID], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] })
  return new Promise((resolve, reject) => {
    let out = ''
    child.stdout.on('data', (chunk) => {
      out += chunk
      const line = out.split('\n').find((l) => l.startsWith('{'))
      if (line) resolve({ endpoint: JSON.parse(line).endpoint, process: child })
    })
    child.on('exit', (code) => reject(new Error(`the S3 stand-in exited with ${code}`)))
  })
}

/**
 * A manager saves on the first instance; shoppers on the others see it. A bundle's new price is in
 * the next cart on every instance within a second (the cache bus: Redis pub/sub), though each had
 * the old one cached; a photo uploaded through the first is served by the others (the bucket).
 */
async function operatorAcrossInstances(instances, databaseUrl, db) {
  const problems = []
  const email = `multi-manager-${randomBytes(3).toString('hex')}@staff.example.com`
  const password = 'a-long-staff-password-for-multi'
  const added = spawnSync('node', ['apps/server/dist/staff/staff-cli.js', 'add', '--email', email, '--name', 'Multi Manager', '--role', 'manager', '--brands', 'all', '--password-stdin'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
    input: `${password}\n`,
    encoding: 'utf8',
  })
  if (added.status !== 0) return { problems: [`npm run staff -- add failed: ${added.stderr}`] }
  const [first, ...others] = instances.map((i) => `http://${i.address}`)
  const staff = new Shopper(first, [])
  const login = await staff.request('POST', '/api/admin/login', { json: { email, password } })
  if (login.status !== 200) return { problems: [`the manager could not log in: ${login.status} ${login.errors}`] }

  // a shopper with three leggings; the cart read on every instance, so each holds the bundles in its cache
  const shopper = new Shopper(first, [])
  const { rows: leggings } = await db.query(
    `SELECT i.id, s.size FROM items i JOIN item_sizes s ON s.item_id = i.id JOIN item_categories ic ON ic.item_id = i.id JOIN categories c ON c.id = ic.category_id
     WHERE i.brand_id = 'popfitclothing' AND c.name = 'leggings' AND i.active = 1 AND i.vip_exclusive = 0 AND s.stock >= 3 ORDER BY i.id, s.size LIMIT 1`,
  )
  const legging = leggings[0]
  if (!legging) return { problems: ['no legging in stock for the bundle'] }
  await shopper.request('POST', '/api/cart/items', { form: { item_id: legging.id, size: legging.size, qty: 3 } })
  const cartOn = async (origin) => {
    const reader = new Shopper(origin, [])
    reader.cookies = shopper.cookies
    return (await reader.request('GET', '/api/cart')).data
  }
  const before = await Promise.all([first, ...others].map(cartOn))
  const bundles = await staff.request('GET', '/api/admin/promotions/bundle-offers')
  const bundle = bundles.data?.bundle_offers?.find((b) => b.offer_id === 'leggings-3-for-75')
  if (!bundle) return { problems: ['the manager sees no bundle leggings-3-for-75'] }
  const price = bundle.price - 5
  const saved = await staff.request('PATCH', `/api/admin/promotions/bundle-offers/${bundle.id}`, { json: { price } })
  if (saved.status !== 200) problems.push(`the bundle's price was not saved: ${saved.status} ${saved.errors}`)
  const savedAt = Date.now()
  const seenAfterMs = await Promise.all(
    others.map(async (origin) => {
      while (Date.now() - savedAt < 5000) {
        const cart = await cartOn(origin)
        if (cart && Math.abs(cart.bundle_discount - (before[0].bundle_discount + 5)) < 0.005) return Date.now() - savedAt
        await sleep(20)
      }
      return null
    }),
  )
  if (before.some((cart) => !(cart?.bundle_discount > 0))) problems.push(`three leggings saved nothing by the bundle: ${JSON.stringify(before.map((c) => c?.bundle_discount))}`)
  if (seenAfterMs.some((ms) => ms === null || ms > 1000)) problems.push(`the bundle's new price reached the other instances after ${JSON.stringify(seenAfterMs)} ms (at most 1000)`)

  // a photo uploaded through the first instance, served by the others
  const sharp = (await import('sharp')).default
  const jpeg = await sharp({ create: { width: 800, height: 1000, channels: 3, background: { r: 40, g: 90, b: 160 } } }).jpeg().toBuffer()
  const form = new FormData()
  form.append('file', new Blob([jpeg], { type: 'image/jpeg' }), 'multi.jpg')
  const uploaded = await fetch(`${first}/api/admin/items/${legging.id}/images`, { method: 'POST', body: form, headers: { host: HOST, cookie: [...staff.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } })
  const images = (await uploaded.json().catch(() => null))?.data?.images ?? []
  const photo = images.at(-1)
  const servedBy = []
  if (uploaded.status !== 200 || !photo) problems.push(`the photo was not uploaded: ${uploaded.status}`)
  else {
    for (const origin of others) {
      const file = await fetch(`${origin}${photo.url}`, { headers: { host: HOST } })
      const bytes = Buffer.from(await file.arrayBuffer())
      servedBy.push({ origin, status: file.status, type: file.headers.get('content-type'), bytes: bytes.length })
      if (file.status !== 200 || !String(file.headers.get('content-type')).startsWith('image/') || bytes.length === 0) problems.push(`${origin} did not serve the photo ${photo.url}: ${file.status}`)
    }
  }
  return { bundleSeenOnOthersMs: seenAfterMs, photo: photo?.url ?? null, photoServedBy: servedBy, problems }
}

async function main() {
  if (!existsSync(join(root, 'apps/server/dist/main.js'))) skip('no compiled server: run npm run build:server (or npm run build) first')
  if (spawnSync('haproxy', ['-v']).status !== 0) skip('no haproxy: apt-get install -y haproxy')
  let database
  try {
    database = await freshDatabase()
  } catch (error) {
    skip(`no PostgreSQL at ${DATABASE_SERVER} (${error.message})`)
  }
  const redis = createClient({ url: REDIS_URL })
  redis.on('error', () => {})
  try {
    await redis.connect()
  } catch (error) {
    await database.drop()
    skip(`no Redis at ${REDIS_URL} (${error.message})`)
  }
  // the bucket every instance keeps photos in: the local S3 stand-in, as a process of its own
  const s3 = await startS3()
  const prefix = `store-multi-${randomBytes(4).toString('hex')}:`
  const logs = []
  const dir = mkdtempSync(join(tmpdir(), 'store-multi-'))
  const env = {
    ...INSTANCE_ENV,
    DATABASE_URL: database.url,
    REDIS_URL,
    REDIS_KEY_PREFIX: prefix,
    S3_BUCKET: S3_BUCKET,
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY_ID: S3_KEY_ID,
    S3_SECRET_ACCESS_KEY: 'multi-instance-secret-access-key',
    S3_FORCE_PATH_STYLE: 'true',
    PAYMENT_GATEWAY: 'test',
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    // the jobs often, so that every instance runs each many times in the test
    OUTBOX_INTERVAL_MS: '300',
    CLUB_BILLING_INTERVAL_MS: '1000',
    // every shopper registers from the balancer's one address
    REGISTRATIONS_PER_IP_HOUR: '10000',
  }
  const instances = []
  let haproxy = null
  let db = null
  let failed = false
  const report = {}
  try {
    const t0 = Date.now()
    // 1. the release's migration, once, before any instance starts (npm run migrate)
    const migrated = run(COMMANDS.migrate, { DATABASE_URL: database.url, SEED_DEMO: 'true' })
    report.migrate = migrated.trim().split('\n').pop()
    // 2. three instances
    for (const name of ['store1', 'store2', 'store3']) instances.push(instance(name, await freePort(), env, logs))
    await Promise.all(instances.map((i) => i.start()))
    // 3. HAProxy in front
    const port = await freePort()
    const config = join(dir, 'haproxy.cfg')
    writeFileSync(config, haproxyConfig({ bind: `127.0.0.1:${port}`, servers: instances.map((i) => ({ name: i.name, address: i.address })) }))
    haproxy = spawn('haproxy', ['-db', '-f', config], { stdio: ['ignore', 'pipe', 'pipe'] })
    haproxy.stderr.on('data', (chunk) => logs.push(`[haproxy] ${chunk}`))
    const origin = `http://127.0.0.1:${port}`
    for (let i = 0; i < 50; i++) {
      try {
        if ((await fetch(`${origin}/api/ready`, { headers: { host: HOST } })).ok) break
      } catch {
        // HAProxy not listening yet
      }
      await sleep(200)
    }
    db = new pg.Client({ connectionString: database.url })
    db.on('error', () => {})
    await db.connect()
    const { rows: items } = await db.query(
      `SELECT i.id, s.size FROM items i JOIN item_sizes s ON s.item_id = i.id WHERE i.brand_id = 'popfitclothing' AND i.active = 1 AND i.vip_exclusive = 0 AND s.stock >= 200 ORDER BY i.id, s.size LIMIT 6`,
    )
    if (items.length < 2) {
      // plenty of stock for the run, so no checkout is refused for a sold-out size
      const { rows } = await db.query(
        `SELECT i.id, s.size FROM items i JOIN item_sizes s ON s.item_id = i.id WHERE i.brand_id = 'popfitclothing' AND i.active = 1 AND i.vip_exclusive = 0 ORDER BY i.id, s.size LIMIT 6`,
      )
      for (const row of rows) await db.query('UPDATE item_sizes SET stock = 1000 WHERE item_id = $1 AND size = $2', [row.id, row.size])
      items.push(...rows)
    }
    report.setupSeconds = (Date.now() - t0) / 1000

    // 4. shoppers, while one instance is killed and another restarted; browsers reading pages all along
    const journal = []
    const outcome = { journeys: [] }
    const start = Date.now()
    const shopping = { on: true }
    const shoppers = Array.from({ length: SHOPPERS }, (_, n) => shop(n, origin, items, shopping, journal, outcome))
    const readers = Array.from({ length: 2 }, async () => {
      const reader = new Shopper(origin, journal)
      while (shopping.on) {
        await reader.request('GET', '/api/categories/leggings')
        await reader.request('GET', `/api/items/${items[0].id}`)
      }
    })
    const windows = {}
    const chaos = (async () => {
      await sleep(SETTLE_MS)
      windows.kill = { from: Date.now() }
      await instances[0].stop('SIGKILL')
      // the killed instance comes back after a while, as an orchestrator would bring it
      await sleep(2000)
      await instances[0].start()
      windows.kill.to = Date.now()
      await sleep(SETTLE_MS)
      windows.restart = { from: Date.now() }
      await instances[1].stop('SIGTERM')
      await instances[1].start()
      // and until HAProxy sends it shoppers again (rise 2 at 1 s)
      await sleep(2500)
      windows.restart.to = Date.now()
      await sleep(SETTLE_MS)
      shopping.on = false
    })()
    await Promise.all([...shoppers, ...readers, chaos])
    const shopSeconds = (Date.now() - start) / 1000

    // the club: members join through the balancer, then are due today; every instance bills each second
    const members = []
    for (let n = 0; n < 3; n++) members.push(await joinClub(n, origin, items[0], journal))
    const joined = members.filter(Boolean)
    const today = new Date().toISOString().slice(0, 10)
    const billedFrom = new Date().toISOString()
    // as if they had joined last month: the join's period moved back a month, the next one due today
    const ofMembers = `SELECT m.id FROM memberships m JOIN customers u ON u.id = m.customer_id WHERE u.email = ANY($1)`
    await db.query(`UPDATE membership_charges SET period = to_char(date_trunc('month', now()) - interval '1 day', 'YYYY-MM') WHERE membership_id IN (${ofMembers})`, [joined])
    await db.query(`UPDATE memberships SET next_billing_date = $2 WHERE id IN (${ofMembers})`, [joined, today])
    let billed = []
    for (let i = 0; i < 40; i++) {
      ;({ rows: billed } = await db.query(
        `SELECT m.id, count(c.id)::int AS periods FROM memberships m JOIN customers u ON u.id = m.customer_id
         LEFT JOIN membership_charges c ON c.membership_id = m.id AND c.period = to_char(now(), 'YYYY-MM') AND c.billing_date = $1
         WHERE u.email = ANY($2) GROUP BY m.id`,
        [today, joined],
      ))
      if (billed.length === joined.length && billed.every((row) => row.periods >= 1)) break
      await sleep(250)
    }
    // three instances, billing every second for a while more: still one charge each at the gateway
    await sleep(3000)
    const { rows: gatewayCharges } = await db.query(`SELECT count(*)::int AS n FROM test_gateway_charges WHERE created_at >= $1`, [billedFrom])

    // 5. an operator's change on one instance, seen on the others: a bundle's price and a photo
    report.operator = await operatorAcrossInstances(instances, database.url, db)

    // 6. what must hold
    const inWindow = (w) => journal.filter((entry) => w && entry.at >= w.from && entry.at <= w.to)
    // an answer cut mid-body because its instance was SIGKILLed while sending it can't be saved by
    // any balancer (it had begun to answer, so it can't be retried): such a cut, in the kill's
    // window only, is counted apart; the shopper sends the request again (the same key, for a
    // checkout) and the journey's checks below still hold it to one order, none lost
    const cutByKill = (entry) => entry.cutAt && windows.kill && entry.cutAt >= windows.kill.from && entry.cutAt <= windows.kill.to
    const failedRequests = (entries) => entries.filter((entry) => (entry.status === 0 && !cutByKill(entry)) || entry.status >= 500)
    const done = outcome.journeys.filter((j) => j.orderNumber)
    const { rows: orderRows } = await db.query(`SELECT email, count(*)::int AS n FROM orders WHERE email LIKE 'multi-%@example.com' AND status <> 'pending_payment' GROUP BY email`)
    const ordersByEmail = new Map(orderRows.map((row) => [row.email, row.n]))
    // the outbox drains within a few rounds
    let waiting = null
    for (let i = 0; i < 40; i++) {
      ;({ rows: waiting } = await db.query('SELECT count(*)::int AS n FROM outbox_emails WHERE sent_at IS NULL'))
      if (waiting[0].n === 0) break
      await sleep(250)
    }
    const { rows: outbox } = await db.query(
      "SELECT count(*)::int AS n, count(*) FILTER (WHERE attempts > 1)::int AS again FROM outbox_emails WHERE to_email LIKE 'multi-%@example.com'",
    )
    const billingRuns = logs.join('').match(/club billing: the run failed/g)?.length ?? 0
    report.figures = {
      shoppers: SHOPPERS,
      shopSeconds,
      requests: journal.length,
      requestsFailed: failedRequests(journal).length,
      journeys: outcome.journeys.length,
      ordersPlaced: done.length,
      ordersInDatabase: [...ordersByEmail.values()].reduce((a, b) => a + b, 0),
      killWindow: { requests: inWindow(windows.kill).length, failed: failedRequests(inWindow(windows.kill)).length, cutMidAnswer: journal.filter(cutByKill).length },
      gracefulRestart: { requests: inWindow(windows.restart).length, failed: failedRequests(inWindow(windows.restart)).length },
      cartsKept: `${outcome.journeys.filter((j) => j.cartKept).length}/${outcome.journeys.filter((j) => j.cartKept !== null).length}`,
      loginsKept: `${outcome.journeys.filter((j) => j.loginKept).length}/${outcome.journeys.filter((j) => j.loginKept !== null).length}`,
      emails: outbox[0].n,
      emailsSentTwice: outbox[0].again,
      emailsWaiting: waiting[0].n,
      billingRunsFailed: billingRuns,
      clubMembersDue: joined.length,
      clubMembersBilled: billed.filter((row) => row.periods === 1).length,
      clubChargesAtGateway: gatewayCharges[0].n,
      instanceExits: Object.fromEntries(instances.map((i) => [i.name, i.exits])),
    }
    const problems = []
    const doubled = done.filter((j) => (ordersByEmail.get(j.email) ?? 0) > 1)
    const lost = done.filter((j) => (ordersByEmail.get(j.email) ?? 0) === 0)
    const unseen = done.filter((j) => !j.orderSeen)
    // an order in the database for a journey that saw no success would be an order the shopper never knew of
    const unknown = outcome.journeys.filter((j) => !j.orderNumber && (ordersByEmail.get(j.email) ?? 0) > 0)
    if (done.length < SHOPPERS) problems.push(`only ${done.length} orders were placed`)
    if (doubled.length) problems.push(`orders doubled: ${doubled.map((j) => j.email).join(', ')}`)
    if (lost.length) problems.push(`orders lost: ${lost.map((j) => j.orderNumber).join(', ')}`)
    if (unseen.length) problems.push(`orders missing from the shopper's list: ${unseen.map((j) => j.orderNumber).join(', ')}`)
    if (unknown.length) problems.push(`orders placed that the shopper was not told of: ${unknown.map((j) => j.email).join(', ')}`)
    const journeysFailed = outcome.journeys.filter((j) => j.failure)
    if (journeysFailed.length) problems.push(`journeys that failed: ${journeysFailed.map((j) => j.failure).join('; ')}`)
    if (outcome.journeys.some((j) => j.cartKept === false)) problems.push(`carts lost: ${report.figures.cartsKept} kept`)
    if (outcome.journeys.some((j) => j.loginKept === false)) problems.push(`logins lost: ${report.figures.loginsKept} kept`)
    if (report.figures.gracefulRestart.failed > 0) problems.push(`${report.figures.gracefulRestart.failed} requests failed during the graceful restart`)
    if (report.figures.requestsFailed > 0) problems.push(`${report.figures.requestsFailed} requests failed: ${JSON.stringify(failedRequests(journal).slice(0, 5))}`)
    if (waiting[0].n > 0) problems.push(`${waiting[0].n} e-mails still waiting in the outbox`)
    if (outbox[0].again > 0) problems.push(`${outbox[0].again} e-mails sent more than once`)
    if (billingRuns) problems.push(`${billingRuns} club billing runs failed`)
    if (joined.length < 3) problems.push(`only ${joined.length} of 3 shoppers joined the club`)
    if (report.figures.clubMembersBilled !== joined.length)
      problems.push(`club members billed once: ${report.figures.clubMembersBilled} of ${joined.length} (${JSON.stringify(billed)})`)
    if (gatewayCharges[0].n !== joined.length) problems.push(`${gatewayCharges[0].n} charges at the gateway for ${joined.length} members due`)
    if (report.operator.problems.length) problems.push(...report.operator.problems)
    if (instances[1].exits[0]?.code !== 0) problems.push(`the restarted instance did not exit 0 on SIGTERM: ${JSON.stringify(instances[1].exits)}`)
    console.log(JSON.stringify(report, null, 2))
    if (problems.length) {
      failed = true
      console.error(`multi-instance: FAILED\n- ${problems.join('\n- ')}`)
      if (process.env.MULTI_INSTANCE_LOGS === '1') console.error(logs.join(''))
    } else console.log('multi-instance: every order once, carts and logins kept, no request failed in the graceful restart, jobs once')
  } catch (error) {
    failed = true
    console.error(error)
    console.error(logs.join('').slice(-5000))
  } finally {
    haproxy?.kill('SIGTERM')
    s3.process.kill('SIGTERM')
    await db?.end().catch(() => {})
    await Promise.all(instances.map((i) => i.stop('SIGKILL')))
    for await (const keys of redis.scanIterator({ MATCH: `${prefix}*`, COUNT: 500 })) if (keys.length > 0) await redis.del(keys)
    await redis.close()
    await database.drop()
  }
  process.exit(failed ? 1 : 0)
}

if (import.meta.url === `file://${process.argv[1]}`) await main()
