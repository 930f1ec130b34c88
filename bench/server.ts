import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

const root = resolve(import.meta.dirname, '..')

export interface RunningStore {
  origin: string
  port: number
  stop(): Promise<void>
}

/** Starts `npm run serve`'s entry on a free port with a fresh SQLite database. */
export async function startStore(port: number, extraEnv: Record<string, string> = {}): Promise<RunningStore> {
  const dir = mkdtempSync(join(tmpdir(), 'store-run-'))
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${join(dir, 'store.sqlite')}`,
      LOG_LEVEL: 'warn',
      ...extraEnv,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const origin = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`store exited with code ${child.exitCode}`)
    try {
      const response = await fetch(`${origin}/api/health`, { headers: { host: 'localhost' } })
      if (response.ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error('store did not start within 60 s')
    }
    await new Promise((done) => setTimeout(done, 250))
  }
  return {
    origin,
    port,
    stop: () =>
      new Promise<void>((done) => {
        child.once('exit', () => done())
        child.kill('SIGTERM')
        setTimeout(() => child.kill('SIGKILL'), 5000).unref()
      }),
  }
}
