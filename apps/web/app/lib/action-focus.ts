/**
 * Where focus goes once an action has answered, when the answer took it away (docs/decisions/158): the
 * pressed button became disabled while the action was on its way, or went with the part of the page it
 * was in (a deleted address, "Remove code"), and focus fell to the body, where a screen reader says
 * nothing and the next Tab starts from the top. Focus still on an element in the page (a field the
 * shopper is typing in, a button that stayed) is left alone.
 */
import { useEffect, useRef } from 'react'
import { useNavigation } from 'react-router'

/**
 * What had focus as an action started, the elements that held it (a removed part of the page no longer
 * knows where it was), and, when it was in a list's item, the items beside it.
 */
export interface ActionStart {
  from: Element | null
  holders: Element[]
  item: Element | null
  next: Element | null
  previous: Element | null
}

function actionStart(from: Element | null): ActionStart {
  const holders: Element[] = []
  for (let holder = from?.parentElement ?? null; holder; holder = holder.parentElement) holders.push(holder)
  const item = from?.closest('li') ?? null
  return { from, holders, item, next: item?.nextElementSibling ?? null, previous: item?.previousElementSibling ?? null }
}

/** Focus is nowhere a user can act from: on the body, or on an element no longer in the page. */
function focusIsLost(doc: Document): boolean {
  const active = doc.activeElement
  return !active || active === doc.body || active === doc.documentElement || !active.isConnected
}

const rules = () => import('./action-focus-target')

/** The element that last took focus (it may have lost it since, to the body), and when the pointer was last pressed. */
let lastFocused: Element | null = null
let lastPointerDown = 0
let listening = false

function listen() {
  if (listening) return
  listening = true
  document.addEventListener('focusin', (event) => (lastFocused = event.target as Element), true)
  document.addEventListener('pointerdown', () => (lastPointerDown = performance.now()), true)
}

/**
 * After an action answered (`pending` true, then false: a form's post, a fetcher's), focus that the action
 * took away goes to what says its outcome (actionFocusTarget) within `scope()` (null: leave focus alone).
 * Runs in an effect, after the answer is drawn and after the page's own effects (useFormErrors' field in
 * error wins). A click during the action (focus put on the body by the shopper) is left alone too.
 */
export function useFocusAfterAction(pending: boolean, scope: () => Element | null): void {
  const started = useRef<{ at: number; start: ActionStart } | null>(null)
  useEffect(listen, [])
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs as an action starts and ends (pending); the scope is read as it ends
  useEffect(() => {
    if (pending) {
      if (started.current) return
      // where focus is now: the part of the page it is in may be gone when the answer is drawn
      started.current = { at: performance.now(), start: actionStart(lastFocused) }
      // the rules, fetched while the action is on its way
      void rules().catch(() => undefined)
      return
    }
    const action = started.current
    started.current = null
    if (!action) return
    // the scope is read as the action ends
    const area = scope()
    const lost = () => lastPointerDown <= action.at && focusIsLost(document)
    if (!area || !lost()) return
    void rules()
      .then(({ actionFocusTarget, focusActionTarget }) => {
        // a moment later at most (the module is fetched by now): still nobody else's focus
        if (!lost() || !area.isConnected) return
        const target = actionFocusTarget(action.start, area)
        if (target) focusActionTarget(target, area)
      })
      .catch(() => undefined)
  }, [pending])
}

/** An open modal (a drawer, a <dialog>) keeps its focus: the page's actions are not its business. */
const pageScope = () => (document.querySelector('dialog[open], .drawer[data-open="true"]') ? null : document.querySelector('main'))

/**
 * useFocusAfterAction for every form posted through the router (<Form method="post">, useSubmit): from
 * its post until the page with its answer is drawn (a redirect's page included). Rendered by the root
 * Layout after the page and PageFocusOnNavigation: another page's heading, focused by that, is no lost focus.
 */
export function FocusAfterFormAction() {
  const { state, formMethod } = useNavigation()
  useFocusAfterAction(state !== 'idle' && formMethod !== undefined && formMethod.toUpperCase() !== 'GET', pageScope)
  return null
}
