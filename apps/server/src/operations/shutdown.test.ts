import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { connect, createServer, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '../../../..')

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer()
    probe.once('error', fail)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => done(port))
    })
  })
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms))

/** What a raw connection received until it closed. */
function received(socket: Socket): Promise<string> {
  let text = ''
  socket.on('data', (chunk: Buffer) => {
    text += chunk.toString()
  })
  return new Promise((done) => {
    socket.once('close', () => done(text))
  })
}

/**
 * Issue 38 item 2: on SIGTERM the instance says it is not ready, finishes the
 * request in flight, stops its jobs, closes the pool and exits 0.
 */
describe('an instance told to stop (SIGTERM)', () => {
  let child: ChildProcess | undefined
  afterAll(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL')
  })

  it('answers 503 on /api/ready, finishes the request in flight, and exits 0', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'store-shutdown-'))
    const port = await freePort()
    const origin = `http://127.0.0.1:${port}`
    let output = ''
    child = spawn(process.execPath, ['--import', 'tsx', '--conditions=@store/source', 'apps/server/src/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DATABASE_URL: `sqlite:${join(dir, 'store.sqlite')}`,
        MIGRATE_ON_START: 'true',
        MEDIA_DIR: join(dir, 'media'),
        WEB_BUILD_DIR: join(dir, 'no-build'),
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        SHUTDOWN_DELAY_MS: '1500',
        SHUTDOWN_TIMEOUT_MS: '10000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    const exited = new Promise<number | null>((done) => child!.once('exit', (code) => done(code)))

    // up and ready
    const deadline = Date.now() + 60_000
    let ready: Response | undefined
    while (Date.now() < deadline && child.exitCode === null) {
      ready = await fetch(`${origin}/api/ready`, { headers: { host: 'localhost' } }).catch(() => undefined)
      if (ready?.ok) break
      await sleep(250)
    }
    expect(ready?.status, output).toBe(200)

    // a request in flight: its headers are in, half its body is not
    const body = JSON.stringify({ email: 'slow-shopper@example.com' })
    const socket = connect(port, '127.0.0.1')
    const answer = received(socket)
    await new Promise((done) => socket.once('connect', done))
    socket.write(`POST /api/forgot HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`)
    socket.write(body.slice(0, 10))
    await sleep(300)

    child.kill('SIGTERM')
    await sleep(300)
    const during = await fetch(`${origin}/api/ready`, { headers: { host: 'localhost' } })
    expect(during.status).toBe(503)
    expect(((await during.json()) as { errors: { message: string }[] }).errors[0]!.message).toMatch(/shutting down/)
    // the liveness answer stays cheap and yes: the process is alive
    expect((await fetch(`${origin}/api/health`, { headers: { host: 'localhost' } })).status).toBe(200)

    // past the delay the instance stops listening but still owes the slow shopper an answer
    await sleep(2000)
    expect(child.exitCode).toBeNull()
    socket.write(body.slice(10))
    const text = await answer
    expect(text).toMatch(/^HTTP\/1\.1 200 /)

    expect(await exited).toBe(0)
    expect(output).toMatch(/shut down/)
    await expect(fetch(`${origin}/api/health`)).rejects.toThrow()
  }, 90_000)
})
