/**
 * Where focus goes after an action whose answer took it away (lib/action-focus.ts, docs/decisions/158).
 * Fetched when the first action of a visit starts, not with the page: a first visit does without it.
 */
import { FORM_ERROR_SCROLL_OFFSET_PX } from '@store/core'
import { coveredTop } from '../components/forms/use-form-errors'
import type { ActionStart } from './action-focus'

/**
 * `data-action-outcome` marks what takes the place of a control that an action removed: the applied
 * discount code in place of its field, the field in place of "Remove code". Looked for only where that
 * control was.
 */
const MARKED_OUTCOME = '[data-action-outcome]'

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]'

const shown = (element: Element) => element.getClientRects().length > 0
const saysSomething = (element: Element) => (element.textContent ?? '').trim() !== ''

function first(area: Element, selector: string, withText = false): HTMLElement | null {
  for (const element of area.querySelectorAll<HTMLElement>(selector)) if (shown(element) && (!withText || saysSomething(element))) return element
  return null
}

/** What says an action's outcome within `area`: a field in error, an error message, a status message. */
function outcomeIn(area: Element): HTMLElement | null {
  return first(area, '[aria-invalid="true"]') ?? first(area, '[role="alert"]', true) ?? first(area, '[role="status"]', true)
}

/** In a list item beside the removed one, the control like the one pressed ("Delete" for "Delete"), else its first. */
function likeControlIn(item: Element | null, pressed: Element | null): HTMLElement | null {
  if (!item?.isConnected) return null
  const controls = [...item.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(shown)
  // what the control says, and the first word of its name ("Remove" of "Remove Leggings"): names say whose item
  const said = (element: Element | null) => (element?.textContent ?? '').trim()
  const named = (element: Element | null) => (element?.getAttribute('aria-label') ?? '').split(' ')[0]
  const kind = (element: Element | null) => said(element) || named(element)
  const same = (control: Element) => control.tagName === pressed?.tagName
  // the very like one first: a drawer line's "Remove" and its icon "−" are both named "Remove …", and only one says it
  return (
    controls.find((control) => same(control) && said(control) === said(pressed) && named(control) === named(pressed)) ??
    controls.find((control) => same(control) && kind(control) === kind(pressed)) ??
    controls[0] ??
    null
  )
}

/**
 * The element focus goes to after an action answered, searched outward from where focus was as it started,
 * up to `scope` (the page's main, an open drawer):
 * 1. where that control went away, what the page marked as taking its place (data-action-outcome);
 * 2. then, in each enclosing element in turn, the first field in error, else an error message, else a
 *    status message; at the list whose item went away, the like control of the next item (else the one before);
 * 3. the control itself, when it is still there and can take focus again;
 * 4. at last the scope's h1, or the scope.
 */
export function actionFocusTarget(start: ActionStart, scope: Element): HTMLElement | null {
  const { from, item } = start
  let near: Element | null = from && scope.contains(from) ? from : null
  // gone: from the nearest of the elements that held it which is still in the page
  if (from && !from.isConnected) {
    near = start.holders.find((holder) => holder.isConnected) ?? null
    if (near && !scope.contains(near)) near = null
    const marked = first(near ?? scope, MARKED_OUTCOME)
    if (marked) return marked
  }
  const list = item && !item.isConnected ? (start.next?.parentElement ?? start.previous?.parentElement ?? null) : null
  for (let area: Element | null = near ?? scope; area; area = area === scope ? null : area.parentElement) {
    const outcome = outcomeIn(area)
    if (outcome) return outcome
    if (area === list) {
      const beside = likeControlIn(start.next, from) ?? likeControlIn(start.previous, from)
      if (beside) return beside
    }
  }
  if (from instanceof HTMLElement && from.isConnected && from.matches(FOCUSABLE) && shown(from)) return from
  return scope.querySelector<HTMLElement>('h1') ?? (scope as HTMLElement)
}

/** Wholly in the window and below the sticky header (a message under the header is not seen). */
function inView(element: Element): boolean {
  const { top, bottom } = element.getBoundingClientRect()
  return top >= coveredTop() && bottom <= window.innerHeight
}

/**
 * Focuses `target`, focusable by script only when it is a message (tabindex -1, removed once focus
 * leaves, as decision 157's heading). A field in error is brought 60 px below the top (SPEC §5, as
 * scrollToField); anything else moves nothing when it is in view, else it is brought into view the same
 * way on the page, or the nearest way inside a drawer.
 */
export function focusActionTarget(target: HTMLElement, scope: Element): void {
  if (!target.matches(FOCUSABLE)) {
    target.setAttribute('tabindex', '-1')
    target.addEventListener('blur', () => target.removeAttribute('tabindex'), { once: true })
  }
  const onPage = scope.tagName === 'MAIN'
  if (onPage && (target.getAttribute('aria-invalid') === 'true' || !inView(target))) {
    window.scrollTo({ top: target.getBoundingClientRect().top + window.scrollY - FORM_ERROR_SCROLL_OFFSET_PX - coveredTop() })
  } else if (!inView(target)) {
    target.scrollIntoView({ block: 'nearest' })
  }
  target.focus({ preventScroll: true })
}
