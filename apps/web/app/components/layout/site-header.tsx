/** The store header: menu button (small screens), logo, main menu, account and cart. */
import { MENU_DRAWER_ID } from '../../lib/cart-actions'
import { useCart, useDrawers, useSettings } from '../../lib/store/store-provider'
import { StoreLink } from '../store-link'
import { CartButton } from './cart-button'
import { HeaderNav } from './header-nav'
import { MenuIcon, UserIcon } from './icons'

export function SiteHeader() {
  const settings = useSettings()
  const { cart } = useCart()
  const { menuOpen, openMenu } = useDrawers()
  const loggedIn = Boolean(cart?.loggedin)
  return (
    <header className="site-header">
      <div className="container header-bar">
        <a
          href={`#${MENU_DRAWER_ID}`}
          className="icon-button menu-button"
          aria-label="Menu"
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          aria-controls={MENU_DRAWER_ID}
          onClick={(event) => {
            event.preventDefault()
            openMenu()
          }}
        >
          <MenuIcon />
        </a>
        <StoreLink to="/" className="logo">
          {settings.storeName}
        </StoreLink>
        <HeaderNav items={settings.headerMenu ?? []} />
        <div className="header-actions">
          <StoreLink to={loggedIn ? '/members' : '/login'} className="icon-button" aria-label={loggedIn ? 'Your account' : 'Log in'}>
            <UserIcon />
          </StoreLink>
          <CartButton />
        </div>
      </div>
    </header>
  )
}
