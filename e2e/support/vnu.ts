/**
 * The W3C Nu HTML checker (npm vnu-jar, run with the machine's Java) over pages
 * of the running store, fetched as a crawler would: no JavaScript, the brand
 * chosen by the Host header.
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const require = createRequire(import.meta.url)

export interface VnuMessage {
  type: string
  subType?: string
  url: string
  message: string
  extract?: string
  lastLine?: number
}

/**
 * A GET to the store on 127.0.0.1 with the brand's Host header (node:http:
 * fetch would replace the Host header by the address's own). No redirect followed.
 */
export function getFromHost(port: number, host: string, path: string, accept = 'text/html'): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  return new Promise((done, fail) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host: `${host}:${port}`, accept } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => done({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), headers: res.headers }))
      res.on('error', fail)
    })
    req.on('error', fail)
    req.end()
  })
}

/** The server-rendered HTML of a page, as served to a brand's host. */
export async function fetchPage(port: number, host: string, path: string): Promise<{ status: number; html: string }> {
  const { status, body } = await getFromHost(port, host, path)
  return { status, html: body }
}

/** Every error vnu finds in the documents (name -> HTML); one Java start for all of them. */
export async function vnuErrors(documents: Record<string, string>): Promise<VnuMessage[]> {
  const jar = require.resolve('vnu-jar/build/dist/vnu.jar')
  const dir = mkdtempSync(join(tmpdir(), 'vnu-'))
  try {
    const files = Object.entries(documents).map(([name, html]) => {
      const file = join(dir, `${name.replace(/[^a-z0-9.-]+/gi, '_')}.html`)
      writeFileSync(file, html)
      return file
    })
    const stderr = await new Promise<string>((done, fail) => {
      // vnu exits 1 when it finds errors; its JSON report is on stderr either way
      execFile('java', ['-Xss2m', '-jar', jar, '--errors-only', '--format', 'json', ...files], { maxBuffer: 64 * 1024 * 1024 }, (error, _out, err) => {
        if (error && !err.trim().startsWith('{')) fail(new Error(`vnu did not run: ${error.message}\n${err}`))
        else done(err)
      })
    })
    const report = JSON.parse(stderr) as { messages: VnuMessage[] }
    return report.messages.filter((m) => m.type === 'error' || m.subType === 'fatal').map((m) => ({ ...m, url: decodeURIComponent(m.url.replace(/^.*\//, '')) }))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** 'ckb.localhost_item_2001.html:12: Attribute sizes ... ("<img sizes=...>")' */
export function describeVnu(message: VnuMessage): string {
  return `${message.url}:${message.lastLine ?? '?'}: ${message.message}${message.extract ? ` (${message.extract.trim().slice(0, 120)})` : ''}`
}
