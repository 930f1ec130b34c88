/** The menu drawer (small screens): the header menu with its child links, and account links. */
import type { HeaderMenuEntry } from '../../lib/api/types'
import { brandHtml } from '../../lib/brand-html'
import { MENU_DRAWER_ID } from '../../lib/cart-actions'
import { useCart, useDrawers, useSettings } from '../../lib/store/store-provider'
import { StoreLink } from '../store-link'
import { Drawer } from './drawer'

export function MenuDrawer() {
  const settings = useSettings()
  const { cart } = useCart()
  const { menuOpen, closeMenu } = useDrawers()
  const loggedIn = Boolean(cart?.loggedin)
  const menu = settings.headerMenu ?? []
  // the brand's menu is the same markup on every page (lib/brand-html.ts); the account links are the shopper's
  const html = brandHtml(menu, 'menu-drawer', () => <MenuItems items={menu} onNavigate={() => undefined} />)
  return (
    <Drawer id={MENU_DRAWER_ID} side="left" open={menuOpen} title="Menu" closeLabel="Close menu" onClose={closeMenu}>
      <nav aria-label="Menu">
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the brand's menu markup, rendered by React on the server once per brand (lib/brand-html.ts), not shopper input */}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtmlWithChildren: the children are drawn only when no server-made HTML is given (html undefined) */}
        <ul className="menu-list" dangerouslySetInnerHTML={html === undefined ? undefined : { __html: html }}>
          {html === undefined ? <MenuItems items={menu} onNavigate={closeMenu} /> : undefined}
        </ul>
        <ul className="menu-list menu-account">
          {loggedIn ? (
            <>
              <li>
                <StoreLink to="/members" className="menu-link" onClick={closeMenu}>
                  Members Area
                </StoreLink>
              </li>
              <li>
                <StoreLink to="/logout" className="menu-link" onClick={closeMenu}>
                  Log out
                </StoreLink>
              </li>
            </>
          ) : (
            <li>
              <StoreLink to="/login" className="menu-link" onClick={closeMenu}>
                Log in
              </StoreLink>
            </li>
          )}
          <li>
            <StoreLink to="/contact-us" className="menu-link" onClick={closeMenu}>
              Contact Us
            </StoreLink>
          </li>
        </ul>
      </nav>
    </Drawer>
  )
}

function MenuItems({ items, onNavigate }: { items: HeaderMenuEntry[]; onNavigate(): void }) {
  return items.map((item, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the list is drawn from the loader's data and never reordered in place; the index keeps equal entries apart
    <li key={`${item.link}-${index}`}>
      <StoreLink to={item.link} className="menu-link" onClick={onNavigate}>
        {item.caption}
      </StoreLink>
      {item.children?.length ? (
        <ul className="menu-children">
          {item.children.map((child) => (
            <li key={child.link + child.caption}>
              <StoreLink to={child.link} onClick={onNavigate}>
                {child.caption}
              </StoreLink>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  ))
}
