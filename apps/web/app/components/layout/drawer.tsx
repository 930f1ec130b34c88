/**
 * A modal side drawer. Before hydration it opens through its #id (CSS
 * :target); after hydration React owns it: focus moves in and is kept
 * inside, Escape and the backdrop close it, focus returns to the opener.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react'
import { CloseIcon } from './icons'

interface DrawerProps {
  id: string
  side: 'left' | 'right'
  open: boolean
  title: string
  closeLabel: string
  onClose(): void
  onTransitionEnd?(): void
  children: ReactNode
  footer?: ReactNode
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

/** Drops the drawer's #hash from the address (it was opened before hydration) without a navigation. */
function clearHash(id: string) {
  if (window.location.hash === `#${id}`) {
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search)
  }
}

export function Drawer({ id, side, open, title, closeLabel, onClose, onTransitionEnd, children, footer }: DrawerProps) {
  const titleId = useId()
  const panel = useRef<HTMLDivElement>(null)
  const opener = useRef<Element | null>(null)
  const wasOpen = useRef(false)

  useEffect(() => {
    if (open) {
      wasOpen.current = true
      opener.current = document.activeElement
      const first = panel.current?.querySelector<HTMLElement>(FOCUSABLE)
      // wait a frame: the panel becomes visible (and focusable) when data-open applies
      requestAnimationFrame(() => (first ?? panel.current)?.focus())
    } else {
      clearHash(id)
      // only when it closes: not on the first render, when the page's focus is nobody's business
      if (!wasOpen.current) return
      wasOpen.current = false
      const back = opener.current
      opener.current = null
      // focus was in the drawer (or nowhere: a button that was pressed became disabled): back to what
      // opened it, or, when that is gone or was nothing, to the control of this drawer (the cart icon)
      const active = document.activeElement
      if (!panel.current?.contains(active) && active !== document.body && active !== null) return
      const returnable = back instanceof HTMLElement && back !== document.body && back.isConnected && back.matches(FOCUSABLE)
      const target = returnable ? back : document.querySelector<HTMLElement>(`[aria-controls="${id}"]`)
      target?.focus()
    }
  }, [open, id])

  // Escape closes the drawer wherever focus is (a disabled button may have dropped it to the body)
  useEffect(() => {
    if (!open) return
    const onEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) onClose()
    }
    document.addEventListener('keydown', onEscape)
    return () => document.removeEventListener('keydown', onEscape)
  }, [open, onClose])

  function onKeyDown(event: React.KeyboardEvent) {
    if (event.key !== 'Tab' || !panel.current) return
    const items = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null)
    const first = items[0]
    const last = items[items.length - 1]
    if (!first || !last) return
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault()
      last.focus()
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault()
      first.focus()
    }
  }

  function close(event: React.MouseEvent) {
    event.preventDefault()
    onClose()
  }

  return (
    <div className="drawer" id={id} data-side={side} data-open={open ? 'true' : 'false'}>
      {/* biome-ignore lint/a11y/useValidAnchor: without JavaScript the drawer is a #fragment target and "#" closes it; the click handler is the enhancement */}
      {/* biome-ignore lint/a11y/useAnchorContent: the backdrop is a click target hidden from assistive technology; the close button is the one they use */}
      <a className="drawer-backdrop" href="#" tabIndex={-1} aria-hidden="true" onClick={close} />
      <div
        ref={panel}
        className="drawer-panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        onTransitionEnd={(event) => {
          if (event.target === event.currentTarget) onTransitionEnd?.()
        }}
      >
        <div className="drawer-head">
          <h2 id={titleId} className="drawer-title">
            {title}
          </h2>
          {/* biome-ignore lint/a11y/useValidAnchor: without JavaScript the drawer is a #fragment target and "#" closes it; the click handler is the enhancement */}
          <a className="icon-button" href="#" aria-label={closeLabel} onClick={close}>
            <CloseIcon />
          </a>
        </div>
        <div className="drawer-body">{children}</div>
        {footer ? <div className="drawer-foot">{footer}</div> : null}
      </div>
    </div>
  )
}
