import { spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '../../..')

/** Starts main.ts as `npm run serve` would (production, a database of its own); what it printed once it is up or gone. */
function start(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'production-start-'))
  const shell = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('PAYMENT_') && !name.startsWith('STRIPE_')))
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=@store/source', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...shell,
      NODE_ENV: 'production',
      DATABASE_URL: `sqlite:${join(dir, 'store.sqlite')}`,
      MEDIA_DIR: join(dir, 'media'),
      WEB_BUILD_DIR: join(dir, 'no-build'),
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  // a store that neither stops nor warns is stopped before the test's own time runs out
  const stop = setTimeout(() => child.kill('SIGKILL'), 40_000)
  return new Promise((done) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString()
      // up: its warnings are written; this test has seen what it came for
      if (output.includes('payments are NOT real')) child.kill('SIGTERM')
    }
    child.stdout.on('data', read)
    child.stderr.on('data', read)
    child.once('exit', (code) => {
      clearTimeout(stop)
      done({ code, output })
    })
  })
}

/**
 * Issue 33: a production start took orders through the built-in test gateway without a word. It now
 * refuses to start unless a real gateway is configured or PAYMENT_GATEWAY=test is said, and then warns.
 */
describe('a production start', () => {
  it('refuses to start without PAYMENT_GATEWAY, saying what to set', async () => {
    const { code, output } = await start({})
    expect(code).toBe(1)
    expect(output).toMatch(/PAYMENT_GATEWAY is not set in production/)
  }, 60_000)

  it('with PAYMENT_GATEWAY=test starts, and warns that payments are not real', async () => {
    const { output } = await start({ PAYMENT_GATEWAY: 'test' })
    const warning = output.split('\n').find((line) => line.includes('payments are NOT real'))
    expect(warning).toBeDefined()
    expect(JSON.parse(warning!).level).toBe(40)
  }, 60_000)
})
