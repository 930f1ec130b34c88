/** For tests of markup kept outside a page's render (brand-html.test.ts, kept-part.test.ts): a page's own render to compare with. */
import type { ReactElement } from 'react'
import { Writable } from 'node:stream'
import { renderToPipeableStream } from 'react-dom/server'

/** An element as a page renders it (React's streaming renderer, everything ready). */
export function renderAsPage(element: ReactElement): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    const { pipe } = renderToPipeableStream(element, {
      onAllReady() {
        pipe(
          new Writable({
            write(chunk: Buffer, _encoding, done) {
              chunks.push(chunk)
              done()
            },
            final(done) {
              resolve(Buffer.concat(chunks).toString('utf8'))
              done()
            },
          }),
        )
      },
      onShellError: reject,
    })
  })
}

/** After the markup made for keeping (it is made a turn after the page that asked for it). */
export const nextTurn = () => new Promise((resolve) => setImmediate(resolve))
