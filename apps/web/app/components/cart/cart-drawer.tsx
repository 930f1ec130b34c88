/**
 * The cart drawer: lines (bundles folded under their parent), quantity
 * controls, discount code, free-shipping progress, banners, totals and the
 * way to checkout.
 *
 * The lines, discount code and totals (cart-contents.tsx) are fetched on
 * demand: a first visit's cart is empty, so its page does without their code
 * until something goes into the cart (fetched as soon as a cart change starts).
 */
import { Suspense, useEffect } from 'react'
import { useFocusAfterAction } from '../../lib/action-focus'
import type { Cart } from '../../lib/api/types'
import { CART_DRAWER_ID } from '../../lib/cart-actions'
import { onDemand } from '../../lib/on-demand'
import { useCart, useSettings, useStore } from '../../lib/store/store-provider'
import { Drawer } from '../layout/drawer'
import { StoreLink } from '../store-link'

function LinesNotLoaded() {
  return <p>We couldn't show your cart just now. Please refresh the page.</p>
}

const cartLines = onDemand<{ cart: Cart }>(() => import('./cart-contents').then((m) => m.CartLines), LinesNotLoaded)
const cartTotals = onDemand<{ cart: Cart }>(
  () => import('./cart-contents').then((m) => m.CartTotals),
  () => null,
)

export function CartDrawer() {
  const { cart, cartOpen, closeCart, cartUpdating, cartError, itemCount } = useCart()
  const { dispatch } = useStore()
  const settings = useSettings()
  const empty = !cart || cart.items.length === 0
  const title = empty ? 'Your cart' : `Your cart (${itemCount})`

  const footer =
    cart && !empty ? (
      <>
        <Suspense fallback={null}>
          <cartTotals.Component cart={cart} />
        </Suspense>
        <StoreLink to={cart.proceed_to_checkout_link || '/checkout'} className="button button-primary button-block" onClick={closeCart}>
          Proceed to checkout
        </StoreLink>
      </>
    ) : null

  // a change made in the open drawer that took focus away (an applied code's field, a removed line's button)
  // leaves focus on what took its place, inside the drawer, never on the page behind it
  useFocusAfterAction(cartUpdating, () => (cartOpen ? (document.getElementById(CART_DRAWER_ID)?.querySelector('[role="dialog"]') ?? null) : null))

  // a cart change is on its way: the lines and totals will be needed
  useEffect(() => {
    if (!cartUpdating) return
    void cartLines.preload()
    void cartTotals.preload()
  }, [cartUpdating])

  return (
    <Drawer
      id={CART_DRAWER_ID}
      side="right"
      open={cartOpen}
      title={title}
      closeLabel="Close cart"
      onClose={closeCart}
      onTransitionEnd={() => dispatch({ type: 'cartAnimationEnd' })}
      footer={footer}
    >
      <div className="cart-drawer" aria-busy={cartUpdating}>
        <p className="visually-hidden" aria-live="polite">
          {cartUpdating ? 'Updating your cart…' : ''}
        </p>
        {cartError ? (
          <div role="alert" className="form-error cart-error">
            <p>{cartError}</p>
          </div>
        ) : null}
        {!cart ? (
          <p>We couldn't load your cart just now. Please refresh the page.</p>
        ) : empty ? (
          <div className="cart-empty">
            <p>Your cart is empty.</p>
            <StoreLink to={settings.mainShoppingPath || '/'} className="button button-primary" onClick={closeCart}>
              Shop {settings.mainProductPlural || 'now'}
            </StoreLink>
          </div>
        ) : (
          <Suspense fallback={<p>Loading your cart…</p>}>
            <cartLines.Component cart={cart} />
          </Suspense>
        )}
      </div>
    </Drawer>
  )
}
