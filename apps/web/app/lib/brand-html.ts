/**
 * Server only: the markup of brand-wide parts of the page (the header menu, the
 * footer, the menu drawer's list), rendered once per settings rather than on every
 * page. Every shopper's page repeats them, and they were about a tenth of a page's
 * render.
 *
 * What may be kept: markup that depends on nothing but a value the server's
 * settings cache holds frozen (web/settings: the brand's settings bundle, the same
 * object for every request until the settings change, deep-frozen so it cannot
 * change under us). Nothing of a shopper: a component asks for its markup with
 * that frozen value as the key, and renders it from that value alone. A new
 * settings object (the cache refreshed, an admin edit) is a new key; the old
 * markup goes with the old object (a WeakMap).
 *
 * A miss never renders inside a page's render: the page renders the part itself,
 * and the markup is made afterwards, outside any render (setImmediate), by the
 * renderer entry.server.tsx registers (React's renderToString: the same markup
 * the page's own render writes; brand-html.test.ts compares them). In the
 * browser nothing is kept: components render as usual and hydrate onto the markup.
 *
 * Kept markup is only text to React, so a part must not hold what React acts on
 * beyond its markup: no useId (ids follow the tree), no eager <img> (React hoists a
 * preload of those into the head), no <link>, <meta>, <title> or <style>. The
 * menus and the footer hold none (their images load lazily).
 */
import type { ReactElement } from 'react'

type Renderer = (element: ReactElement) => string

let renderer: Renderer | null = null
const kept = new WeakMap<object, Map<string, string>>()
const queued = new WeakMap<object, Set<string>>()

/** entry.server.tsx hands over React's renderToString (this module stays out of the browser's bundle). */
export function setBrandHtmlRenderer(render: Renderer | null): void {
  renderer = render
}

/**
 * The kept markup of `part` for this frozen `source`, or undefined (then render it as
 * usual: it is made for the next page). `render` must draw from `source` and constants only.
 */
export function brandHtml(source: object, part: string, render: () => ReactElement): string | undefined {
  if (!import.meta.env.SSR || !renderer) return undefined
  const html = kept.get(source)?.get(part)
  if (html !== undefined) return html
  // only what cannot change may be kept under its identity
  if (!Object.isFrozen(source)) return undefined
  const parts = queued.get(source) ?? new Set<string>()
  if (parts.has(part)) return undefined
  parts.add(part)
  queued.set(source, parts)
  const make = renderer
  setImmediate(() => {
    try {
      const markup = make(render())
      const byPart = kept.get(source) ?? new Map<string, string>()
      byPart.set(part, markup)
      kept.set(source, byPart)
    } catch (error) {
      // the part renders itself on every page, as before
      console.error(`brand markup '${part}' could not be made`, error)
    }
  })
  return undefined
}
