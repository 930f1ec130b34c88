/**
 * A stand-in for an S3-compatible service in tests (path-style addresses:
 * http://127.0.0.1:PORT/<bucket>/<key>): PutObject, GetObject, HeadObject and
 * DeleteObject as the S3 API reference documents them — ETag and Content-Type
 * kept with the object, 404 with an XML <Error><Code>NoSuchKey</Code> for a key it
 * lacks (a bare 404 for HEAD), 404 NoSuchBucket for another bucket, 204 for a
 * delete, 403 InvalidAccessKeyId for a request not signed (AWS4-HMAC-SHA256) with
 * the key pair it was given. The server under test reaches it through S3_ENDPOINT
 * with S3_FORCE_PATH_STYLE=true.
 */
import { createHash, randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface StoredObject {
  bytes: Buffer
  contentType: string
  cacheControl: string | undefined
  etag: string
  lastModified: Date
}

interface S3Call {
  method: string
  bucket: string
  key: string
}

const xmlEscape = (text: string) => text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c)

export async function startFakeS3(options: { bucket: string; accessKeyId: string }) {
  const objects = new Map<string, StoredObject>()
  const calls: S3Call[] = []

  function fail(response: ServerResponse, request: IncomingMessage, status: number, code: string, message: string, resource: string) {
    const requestId = randomUUID()
    response.writeHead(status, { 'content-type': 'application/xml', 'x-amz-request-id': requestId })
    // a HEAD answer has no body: the SDK knows the error by its status alone
    if (request.method === 'HEAD') return response.end()
    response.end(
      `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${xmlEscape(message)}</Message><Resource>${xmlEscape(resource)}</Resource><RequestId>${requestId}</RequestId></Error>`,
    )
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://s3.local')
      const [, bucket = '', ...rest] = url.pathname.split('/')
      const key = rest.map((part) => decodeURIComponent(part)).join('/')
      const method = request.method ?? 'GET'
      calls.push({ method, bucket, key })
      const authorization = request.headers.authorization ?? ''
      if (!authorization.startsWith(`AWS4-HMAC-SHA256 Credential=${options.accessKeyId}/`)) {
        return fail(response, request, 403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.', url.pathname)
      }
      if (bucket !== options.bucket) return fail(response, request, 404, 'NoSuchBucket', 'The specified bucket does not exist', `/${bucket}`)
      if (!key) return fail(response, request, 400, 'InvalidRequest', 'This stand-in keeps objects only', url.pathname)
      switch (method) {
        case 'PUT': {
          const bytes = Buffer.concat(chunks)
          const etag = `"${createHash('md5').update(bytes).digest('hex')}"`
          objects.set(key, {
            bytes,
            contentType: request.headers['content-type'] ?? 'binary/octet-stream',
            cacheControl: request.headers['cache-control'],
            etag,
            lastModified: new Date(),
          })
          response.writeHead(200, { etag, 'x-amz-request-id': randomUUID() })
          return response.end()
        }
        case 'GET':
        case 'HEAD': {
          const found = objects.get(key)
          if (!found) return fail(response, request, 404, 'NoSuchKey', 'The specified key does not exist.', url.pathname)
          response.writeHead(200, {
            'content-type': found.contentType,
            'content-length': String(found.bytes.length),
            etag: found.etag,
            'last-modified': found.lastModified.toUTCString(),
            'accept-ranges': 'bytes',
            ...(found.cacheControl ? { 'cache-control': found.cacheControl } : {}),
            'x-amz-request-id': randomUUID(),
          })
          return response.end(method === 'GET' ? found.bytes : undefined)
        }
        case 'DELETE':
          objects.delete(key)
          response.writeHead(204, { 'x-amz-request-id': randomUUID() })
          return response.end()
        default:
          return fail(response, request, 405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.', url.pathname)
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
