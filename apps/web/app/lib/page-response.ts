/**
 * Server only: a rendered page as a Web Response that holds its bytes as they are.
 *
 * entry.server.tsx answers a page whole, as one buffer, which the server then reads
 * back with `arrayBuffer()` to compress it (apps/server/src/web/ssr-plugin.ts). A
 * plain `new Response(buffer)` copies the buffer into a byte stream and
 * `arrayBuffer()` reads it back out of the stream, copying it again: about 3 % of a
 * shopper's page (a CPU profile, docs/performance.md "shopper-render"). This one hands
 * the buffer itself to `arrayBuffer()` and `text()`, and makes the stream only when
 * someone asks for `body`. Status and headers are a Response's own.
 */
export class PageResponse extends Response {
  readonly #page: Buffer
  #stream: ReadableStream<Uint8Array<ArrayBuffer>> | null = null

  constructor(page: Buffer, init: ResponseInit) {
    super(null, init)
    this.#page = page
  }

  override get body(): ReadableStream<Uint8Array<ArrayBuffer>> {
    const page = this.#page
    this.#stream ??= new ReadableStream<Uint8Array<ArrayBuffer>>({
      start(controller) {
        controller.enqueue(new Uint8Array(page))
        controller.close()
      },
    })
    return this.#stream
  }

  override async arrayBuffer(): Promise<ArrayBuffer> {
    const page = this.#page
    // Buffer.concat of a page gives a buffer of its own (past Node's 4 kB pool): no copy then
    if (page.byteOffset === 0 && page.byteLength === page.buffer.byteLength && page.buffer instanceof ArrayBuffer) return page.buffer
    return new Uint8Array(page).buffer
  }

  override async text(): Promise<string> {
    return this.#page.toString('utf8')
  }

  override clone(): PageResponse {
    return new PageResponse(this.#page, { status: this.status, statusText: this.statusText, headers: new Headers(this.headers) })
  }

  override async json(): Promise<unknown> {
    return JSON.parse(this.#page.toString('utf8'))
  }

  override async blob(): Promise<Blob> {
    return new Blob([new Uint8Array(this.#page)], { type: this.headers.get('content-type') ?? '' })
  }
}
