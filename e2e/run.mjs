#!/usr/bin/env node
// Runs the browser tests: builds the storefront, starts the store on a free
// port with a fresh SQLite database, and drives Debian's Chromium through the
// specs in e2e/*.spec.ts. Where Chromium is missing it says so loudly; with
// REQUIRE_E2E=1 (CI) it fails instead.
import { execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdtempSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

const root = resolve(import.meta.dirname, '..')
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

if (!existsSync(chromium)) {
  const banner = '!'.repeat(72)
  console.error(`\n${banner}\n  BROWSER TESTS NOT RUN: no Chromium at ${chromium}.\n  Install it with: apt-get install -y chromium\n${banner}\n`)
  process.exit(process.env.REQUIRE_E2E === '1' ? 1 : 0)
}

if (process.env.E2E_SKIP_BUILD !== '1') {
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' })
}

const port = await freePort()
const dir = mkdtempSync(join(tmpdir(), 'store-e2e-'))
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: `sqlite:${join(dir, 'store.sqlite')}`,
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
})

let code = 1
try {
  await waitForStore(port)
  code = await run('npx', ['vitest', 'run', '--config', 'e2e/vitest.config.ts'], {
    E2E_PORT: String(port),
    CHROMIUM_PATH: chromium,
  })
} catch (error) {
  console.error(error)
} finally {
  server.kill('SIGTERM')
}
process.exit(code)

function freePort() {
  return new Promise((done, fail) => {
    const probe = createServer()
    probe.once('error', fail)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address()
      probe.close(() => done(port))
    })
  })
}

async function waitForStore(port) {
  const deadline = Date.now() + 90_000
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the store exited with code ${server.exitCode}`)
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`, { headers: { host: 'localhost' } })
      if (response.ok) return
    } catch {
      // not yet listening
    }
    if (Date.now() > deadline) throw new Error('the store did not start within 90 s')
    await new Promise((done) => setTimeout(done, 300))
  }
}

function run(command, args, env) {
  return new Promise((done) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: 'inherit' })
    child.on('exit', (exitCode) => done(exitCode ?? 1))
  })
}
