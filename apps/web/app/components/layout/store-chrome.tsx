/** The full store frame: skip link, global banner, header, main, footer, menu and cart drawers. */
import type { ReactNode } from 'react'
import { useSettings } from '../../lib/store/store-provider'
import { CartDrawer } from '../cart/cart-drawer'
import { GlobalBanner } from './global-banner'
import { MenuDrawer } from './menu-drawer'
import { SiteFooter } from './site-footer'
import { SiteHeader } from './site-header'

export function StoreChrome({ children }: { children: ReactNode }) {
  const settings = useSettings()
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <GlobalBanner banner={settings.globalBanner} />
      <SiteHeader />
      <main id="main" className="site-main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter settings={settings} />
      <MenuDrawer />
      <CartDrawer />
    </>
  )
}
