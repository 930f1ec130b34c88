/**
 * Where focus goes when the client router puts a new page on screen (docs/decisions/157): to the
 * new page's main heading, so a screen reader reads it and the next Tab starts at the top of the
 * page, not where the link or button of the page before was.
 */

/** The element a new page's focus goes to: the target of the address's #hash, else main's h1, else main. */
function newPageFocusTarget(doc: Document, hash: string): HTMLElement | null {
  // the id as the address spells it: the store's anchors are plain ASCII (decoding could throw on a bad %)
  const anchor = hash.length > 1 ? doc.getElementById(hash.slice(1)) : null
  return anchor ?? doc.querySelector<HTMLElement>('main h1') ?? doc.querySelector<HTMLElement>('main')
}

/**
 * Moves focus to the new page's heading (newPageFocusTarget), unless something took care of focus as
 * the page came: `focusedOnArrival` is what had focus once the new page was in the document, before
 * its effects ran; if focus is elsewhere now, the page moved it (a field in error, SPEC §5). An open
 * modal <dialog> keeps its focus. Focus never scrolls: the scroll is NavigationEffects' (decision 103).
 * Returns the element focused, or null when focus was left alone.
 */
export function focusNewPage(doc: Document, focusedOnArrival: Element | null, hash: string, keepPlace = false): HTMLElement | null {
  const active = doc.activeElement
  if (active !== focusedOnArrival) return null
  if (active?.closest('dialog[open]')) return null
  // a link that keeps the shopper's place (a colour swatch: lib/keep-place.ts): the new page's current one
  const kept = keepPlace ? doc.querySelector<HTMLElement>('[data-keep-place][aria-current="page"]') : null
  if (kept) {
    kept.focus({ preventScroll: true })
    return kept
  }
  const target = newPageFocusTarget(doc, hash)
  if (!target) return null
  if (!target.hasAttribute('tabindex')) {
    // focusable by script only (not by Tab), and only until focus leaves it: a click on the heading later
    // is a click on text again
    target.setAttribute('tabindex', '-1')
    target.addEventListener('blur', () => target.removeAttribute('tabindex'), { once: true })
  }
  target.focus({ preventScroll: true })
  return target
}
