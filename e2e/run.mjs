#!/usr/bin/env node
// Runs the browser tests: builds the store (npm run build: core and server with
// tsc, storefront with Vite), starts the compiled server on a free
// port with a fresh SQLite database, and drives Debian's Chromium through the
// specs in e2e/*.spec.ts (or those named by its arguments, passed to vitest:
// `node e2e/run.mjs offer-funnel`). Where Chromium is missing it says so loudly; with
// REQUIRE_E2E=1 (CI) it fails instead.
import { execFileSync, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { startStore } from '../scripts/store-process.mjs'

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

let code = 1
let store
try {
  // the carrier webhook's secret, so a spec can deliver tracking events (docs/tracking.md)
  const trackingSecret = 'e2e-tracking-secret-0123456789'
  // E2E_STORE_PORT: a port of the caller's choosing (else any free one)
  // every browser test registers its customers from this one address: more than a network's 10 an hour
  const env = { TRACKING_WEBHOOK_SECRET: trackingSecret, REGISTRATIONS_PER_IP_HOUR: '200' }
  store = await startStore({ port: process.env.E2E_STORE_PORT ? Number(process.env.E2E_STORE_PORT) : undefined, env })
  code = await run('npx', ['vitest', 'run', '--config', 'e2e/vitest.config.ts', ...process.argv.slice(2)], {
    E2E_PORT: String(store.port),
    E2E_TRACKING_SECRET: trackingSecret,
    E2E_DATABASE_PATH: store.databasePath,
    CHROMIUM_PATH: chromium,
  })
} catch (error) {
  console.error(error)
} finally {
  await store?.stop()
}
process.exit(code)

function run(command, args, env) {
  return new Promise((done) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: 'inherit' })
    child.on('exit', (exitCode) => done(exitCode ?? 1))
  })
}
