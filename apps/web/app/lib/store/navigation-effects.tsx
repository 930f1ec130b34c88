/**
 * What happens around every navigation (SPEC §2, §4): scroll to the top after
 * SCROLL_RESET_DELAY_MS, remember the last HISTORY_SIZE paths, send a shopper
 * whose free promo was just removed to the main shopping path, apply a
 * `coupon` from the URL once the cart has loaded (and say what became of it:
 * CouponNoticeToast), and close the drawers.
 */
import { SCROLL_RESET_DELAY_MS } from '@store/core'
import { useEffect, useRef } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { CART_DRAWER_ID, MENU_DRAWER_ID } from '../cart-actions'
import { keepsPlace } from '../keep-place'
import { couponFromSearch, couponNoticeOf, ineligibleRedirect } from './navigation-rules'
import { useStore } from './store-provider'

export function NavigationEffects() {
  const location = useLocation()
  const navigate = useNavigate()
  const { settings, cartApi, dispatch } = useStore()
  const { cart, applyDiscount } = cartApi

  // the last 5 visited paths
  useEffect(() => {
    dispatch({ type: 'visit', path: location.pathname + location.search })
  }, [location.pathname, location.search, dispatch])

  // scroll to the top after a short delay, on a change of page (not of hash or query only)
  const firstPath = useRef(true)
  // biome-ignore lint/correctness/useExhaustiveDependencies: on a change of page (pathname) only, not of hash, query or state
  useEffect(() => {
    if (firstPath.current) {
      firstPath.current = false
      return
    }
    dispatch({ type: 'closeMenu' })
    dispatch({ type: 'closeCart' })
    // a colour swatch keeps the shopper where they are (lib/keep-place.ts)
    if (location.hash || keepsPlace(location.state)) return
    const timer = window.setTimeout(() => window.scrollTo({ top: 0, left: 0 }), SCROLL_RESET_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [location.pathname])

  // removed_free_promo turned from false to true since the last navigation: off to the shop
  const removedAtLastNavigation = useRef<boolean | null>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: checked once per navigation (location.key), with the cart as it is then
  useEffect(() => {
    const target = ineligibleRedirect(removedAtLastNavigation.current, cart, settings.mainShoppingPath)
    removedAtLastNavigation.current = cart ? cart.removed_free_promo === true : null
    if (target) void navigate(target, { replace: true })
  }, [location.key])

  // ?coupon=CODE on any URL: applied once the cart has loaded, once per code
  const appliedCoupons = useRef(new Set<string>())
  const cartLoaded = cart !== null
  useEffect(() => {
    const code = couponFromSearch(location.search)
    if (!code || !cartLoaded || appliedCoupons.current.has(code)) return
    appliedCoupons.current.add(code)
    void applyDiscount(code).then((result) => dispatch({ type: 'couponNotice', notice: couponNoticeOf(code, result) }))
  }, [location.search, cartLoaded, applyDiscount, dispatch])

  // a drawer opened by its #hash before hydration stays open, now under React's control
  useEffect(() => {
    if (window.location.hash === `#${CART_DRAWER_ID}`) dispatch({ type: 'openCart' })
    else if (window.location.hash === `#${MENU_DRAWER_ID}`) dispatch({ type: 'openMenu' })
  }, [dispatch])

  return null
}

/**
 * The notice of a coupon link (NavigationEffects): fixed at the foot of the window, so nothing on the
 * page moves; kept until dismissed or the next page. The live region is always there (empty), so a
 * screen reader reads the notice when it comes. A polite live region rather than role="status": a
 * page's own outcome (joined, saved, skipped) is its one status, and the notice sits on every page.
 */
export function CouponNoticeToast() {
  const { ui, dispatch } = useStore()
  const notice = ui.couponNotice
  return (
    <div className="coupon-notice-region" aria-live="polite">
      {notice ? (
        <div className={notice.applied ? 'coupon-notice' : 'coupon-notice coupon-notice-refused'}>
          <p>{notice.message}</p>
          <button type="button" className="coupon-notice-close" aria-label="Dismiss" onClick={() => dispatch({ type: 'dismissCouponNotice' })}>
            ×
          </button>
        </div>
      ) : null}
    </div>
  )
}
