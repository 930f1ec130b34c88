/** The full store frame: skip link, global banner, header, main, footer, menu and cart drawers. */
import type { ReactNode } from 'react'
import { useLocation } from 'react-router'
import { useSettings } from '../../lib/store/store-provider'
import { CartDrawer } from '../cart/cart-drawer'
import { GlobalBanner } from './global-banner'
import { MenuDrawer } from './menu-drawer'
import { SiteFooter } from './site-footer'
import { SiteHeader } from './site-header'

export function StoreChrome({ children }: { children: ReactNode }) {
  const settings = useSettings()
  // sent to the shop because the cart's free gift left it (SPEC §4 removed_free_promo: ?ineligible=true): why
  const ineligible = new URLSearchParams(useLocation().search).get('ineligible') === 'true'
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <GlobalBanner banner={settings.globalBanner} />
      <SiteHeader />
      <main id="main" className="site-main" tabIndex={-1}>
        {ineligible ? (
          <p className="container notice free-gift-removed" role="status" data-testid="free-gift-removed">
            Your free gift has left your cart: free gifts are for new customers
            {settings.brandHasClub ? `, and as a ${settings.clubName || 'VIP'} member you already shop at member prices` : ''}.
          </p>
        ) : null}
        {children}
      </main>
      <SiteFooter settings={settings} />
      <MenuDrawer />
      <CartDrawer />
    </>
  )
}
