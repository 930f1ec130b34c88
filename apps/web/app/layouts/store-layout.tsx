/** The full store layout: header menu, banner, footer, menu and cart drawers. */
import { Outlet } from 'react-router'
import { StoreChrome } from '../components/layout/store-chrome'

export default function StoreLayout() {
  return (
    <StoreChrome>
      <Outlet />
    </StoreChrome>
  )
}
