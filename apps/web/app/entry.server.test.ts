import { Writable } from 'node:stream'
import { createElement, Suspense, use } from 'react'
import { renderToPipeableStream } from 'react-dom/server'
import { createRequestHandler, UNSAFE_ErrorResponseImpl } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import * as entry from './entry.server'

describe('the server entry', () => {
  it("hands the server React Router's request handler from the bundle's own copy of the router", () => {
    // apps/server/src/web/ssr-plugin.ts takes it from build.entry.module (docs/decisions/014)
    expect(entry.createRequestHandler).toBe(createRequestHandler)
  })

  it('writes a part that suspended in place, not as a fallback swapped by a script, after 13 kB of other such parts (readable without JavaScript)', async () => {
    // the cart drawer's lines (an on-demand part) come after the page's first 12,800 bytes
    const ready = Promise.resolve('the cart lines')
    // biome-ignore lint/correctness/noComponentHookFactories: a component made for one test render
    function Lines({ text }: { text: string }) {
      return createElement('p', null, use(ready), text)
    }
    // two parts that wait: the first (13 kB) is written in place, the second comes after it
    const page = createElement(
      'div',
      null,
      createElement(Suspense, { fallback: null }, createElement(Lines, { text: 'x'.repeat(13_000) })),
      createElement(Suspense, { fallback: createElement('p', null, 'Loading your cart…') }, createElement(Lines, { text: '' })),
    )
    const html = await new Promise<string>((resolve, reject) => {
      const { pipe } = renderToPipeableStream(page, {
        ...entry.pageRenderOptions,
        onAllReady() {
          const chunks: Buffer[] = []
          pipe(
            new Writable({
              write(chunk: Buffer, _encoding, callback) {
                chunks.push(chunk)
                callback()
              },
              final(callback) {
                resolve(Buffer.concat(chunks).toString())
                callback()
              },
            }),
          )
        },
        onShellError: reject,
      })
    })
    expect(html).toContain('<p>the cart lines</p>')
    expect(html).not.toContain('Loading your cart…')
    expect(html).not.toContain('hidden id="S:')
  })

  describe('handleError', () => {
    const args = (signal?: AbortSignal) => ({ request: new Request('http://localhost/contact', { method: 'POST', signal }), params: {}, context: {} }) as never

    it('writes no stack for a POST to a page without a form (405) nor for any 4xx the store answers', () => {
      const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
      try {
        const noAction = new Error('You made a POST request to "/contact" but did not provide an `action` for route "routes/contact"')
        entry.handleError(new UNSAFE_ErrorResponseImpl(405, 'Method Not Allowed', noAction, true), args())
        entry.handleError(new UNSAFE_ErrorResponseImpl(404, 'Not Found', new Error('No route matches URL "/nope"'), true), args())
        expect(logged).not.toHaveBeenCalled()
      } finally {
        logged.mockRestore()
      }
    })

    it('writes nothing for a shopper who went away, and a real failure with its stack', () => {
      const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
      try {
        const gone = new AbortController()
        gone.abort()
        entry.handleError(new Error('the loader was cut short'), args(gone.signal))
        expect(logged).not.toHaveBeenCalled()
        const failure = new Error('the database is down')
        entry.handleError(failure, args())
        expect(logged).toHaveBeenCalledWith(failure)
      } finally {
        logged.mockRestore()
      }
    })
  })
})
