/** Slim layout of social_media_specials pages: no store menu, hidden from search. */
import { Outlet } from 'react-router'
import { SlimChrome } from '../components/layout/slim-chrome'
import { pageMeta } from '../lib/meta'
import type { Route } from './+types/slim-layout'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Special Offer', { noindex: true })

export default function SlimLayout() {
  return (
    <SlimChrome secure={false}>
      <Outlet />
    </SlimChrome>
  )
}
