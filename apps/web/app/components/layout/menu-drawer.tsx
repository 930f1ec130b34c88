/** The menu drawer (small screens): the header menu with its child links, and account links. */
import { MENU_DRAWER_ID } from '../../lib/cart-actions'
import { useCart, useDrawers, useSettings } from '../../lib/store/store-provider'
import { StoreLink } from '../store-link'
import { Drawer } from './drawer'

export function MenuDrawer() {
  const settings = useSettings()
  const { cart } = useCart()
  const { menuOpen, closeMenu } = useDrawers()
  const loggedIn = Boolean(cart?.loggedin)
  return (
    <Drawer id={MENU_DRAWER_ID} side="left" open={menuOpen} title="Menu" closeLabel="Close menu" onClose={closeMenu}>
      <nav aria-label="Menu">
        <ul className="menu-list">
          {(settings.headerMenu ?? []).map((item, index) => (
            <li key={`${item.link}-${index}`}>
              <StoreLink to={item.link} className="menu-link" onClick={closeMenu}>
                {item.caption}
              </StoreLink>
              {item.children?.length ? (
                <ul className="menu-children">
                  {item.children.map((child) => (
                    <li key={child.link + child.caption}>
                      <StoreLink to={child.link} onClick={closeMenu}>
                        {child.caption}
                      </StoreLink>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
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
