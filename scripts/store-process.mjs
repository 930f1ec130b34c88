// Starts the store as production runs it (the compiled apps/server/dist/main.js,
// plain node, no TypeScript loader) in a child process on a port, with a fresh
// SQLite database, and waits until it answers. Used by the browser tests
// (e2e/run.mjs) and the benchmarks (bench/); both run `npm run build` first.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

const root = resolve(import.meta.dirname, '..')
const serverEntry = join(root, 'apps/server/dist/main.js')

/** A port nobody listens on right now. */
export function freePort() {
  return new Promise((done, fail) => {
    const probe = createServer()
    probe.once('error', fail)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address()
      probe.close(() => done(port))
    })
  })
}

export async function startStore({ port, env = {}, timeoutMs = 90_000 } = {}) {
  if (!existsSync(serverEntry)) throw new Error(`no compiled server at ${serverEntry}: run npm run build`)
  const listenPort = port ?? (await freePort())
  const dir = mkdtempSync(join(tmpdir(), 'store-run-'))
  const child = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(listenPort),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${join(dir, 'store.sqlite')}`,
      // uploaded review photos beside it, not in the repository's data/
      MEDIA_DIR: join(dir, 'media'),
      // a database of its own is not the embedded default: ask for the demo store
      SEED_DEMO: 'true',
      // start-up migrates its own new database (the default on SQLite; said, as a deployment on PostgreSQL would need)
      MIGRATE_ON_START: 'true',
      LOG_LEVEL: 'warn',
      // a production start names its gateway (env.ts): the browser tests and benches pay with test cards
      PAYMENT_GATEWAY: 'test',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const origin = `http://127.0.0.1:${listenPort}`
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the store exited with code ${child.exitCode}`)
    try {
      const response = await fetch(`${origin}/api/health`, { headers: { host: 'localhost' } })
      if (response.ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`the store did not start within ${timeoutMs / 1000} s`)
    }
    await new Promise((done) => setTimeout(done, 250))
  }
  return {
    origin,
    port: listenPort,
    /** the server's process id (the benches read its memory) */
    pid: child.pid,
    /** the store's SQLite database (its outbox is the tests' mailbox) */
    databasePath: join(dir, 'store.sqlite'),
    stop: () =>
      new Promise((done) => {
        if (child.exitCode !== null) return done()
        child.once('exit', () => done())
        child.kill('SIGTERM')
        setTimeout(() => child.kill('SIGKILL'), 5000).unref()
      }),
  }
}
