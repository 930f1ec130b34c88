/**
 * The cart drawer: lines (bundles folded under their parent), quantity
 * controls, discount code, free-shipping progress, banners, totals and the
 * way to checkout.
 */
import { foldBundles } from '@store/core'
import { CART_DRAWER_ID } from '../../lib/cart-actions'
import { useCart, useSettings, useStore } from '../../lib/store/store-provider'
import { Drawer } from '../layout/drawer'
import { StoreLink } from '../store-link'
import { CartBanners } from './cart-banners'
import { CartLineRow } from './cart-line'
import { CartTotals } from './cart-totals'
import { DiscountForm } from './discount-form'
import { FreeShippingBar } from './free-shipping-bar'

export function CartDrawer() {
  const { cart, cartOpen, closeCart, cartUpdating, cartError, itemCount } = useCart()
  const { dispatch } = useStore()
  const settings = useSettings()
  const lines = cart ? foldBundles(cart.items) : []
  const empty = lines.length === 0
  const title = empty ? 'Your cart' : `Your cart (${itemCount})`

  const footer =
    cart && !empty ? (
      <>
        <CartTotals cart={cart} />
        <StoreLink to={cart.proceed_to_checkout_link || '/checkout'} className="button button-primary button-block" onClick={closeCart}>
          Proceed to checkout
        </StoreLink>
      </>
    ) : null

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
          <>
            <FreeShippingBar cart={cart} />
            <CartBanners banners={cart.banners ?? []} />
            <ul className="cart-lines">
              {lines.map((line) => (
                <CartLineRow key={line.cartId} line={line} />
              ))}
            </ul>
            <DiscountForm cart={cart} />
          </>
        )}
      </div>
    </Drawer>
  )
}
