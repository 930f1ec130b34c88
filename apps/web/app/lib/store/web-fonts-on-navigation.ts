import { useLayoutEffect, useRef } from 'react'
import { useLocation } from 'react-router'
import { WEB_FONTS_CLASS, WEB_FONTS_READY } from '../brand-fonts'

/**
 * Lets the brand's web fonts in at the app's first navigation after they have
 * loaded on a page that kept its stand-ins (lib/deferred-scripts.ts): the next
 * page is drawn in them from its first frame, and nothing moves under a page
 * the shopper is reading. A layout effect, so the class is set before the
 * browser paints the new page.
 */
export function useWebFontsOnNavigation(): void {
  const { pathname } = useLocation()
  const first = useRef(true)
  useLayoutEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    const html = document.documentElement
    if (html.hasAttribute(WEB_FONTS_READY)) html.classList.add(WEB_FONTS_CLASS)
  }, [pathname])
}
