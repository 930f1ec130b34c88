/**
 * A link that lets the client router handle only the paths it knows (SPEC §2):
 * those render a React Router <Link>; anything else (an absolute URL, the API,
 * a file) is a plain <a> and a full page load.
 *
 * On the server a router link is written as the very <a> React Router's <Link>
 * renders (`href`, `data-discover`), without the Link itself: its hooks (path
 * resolution against the route matches, click and prefetch handlers) only matter
 * in the browser, and with a hundred links on a page they were a tenth of a
 * shopper's page render. The browser renders <Link>, and hydrates onto the same
 * markup (store-link.test.ts compares the two).
 */
import { forwardRef, type AnchorHTMLAttributes } from 'react'
import { createPath, Link, resolvePath, type LinkProps } from 'react-router'
import { routerPath } from '../lib/router-paths'

export interface StoreLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string
  prefetch?: LinkProps['prefetch']
  /** force a full page load even for a router path */
  reloadDocument?: boolean
  replace?: boolean
  preventScrollReset?: boolean
  /** the navigation's history state (lib/keep-place.ts); nothing in the markup */
  state?: LinkProps['state']
}

export const StoreLink = forwardRef<HTMLAnchorElement, StoreLinkProps>(function StoreLink(
  { to, prefetch = 'intent', reloadDocument, replace, preventScrollReset, state, ...rest },
  ref,
) {
  // decided from `to` alone, so the server and the browser render the same element
  const path = routerPath(to)
  if (path === null) {
    const external = /^(https?:)?\/\//i.test(to)
    return <a ref={ref} {...rest} href={to} rel={external ? (rest.rel ?? 'noopener') : rest.rel} />
  }
  if (import.meta.env.SSR && prefetch !== 'render') {
    // attributes in <Link>'s order, so the markup is byte for byte the same
    const { target, ...anchor } = rest
    return <a {...anchor} href={routerHref(path)} target={target} data-discover="true" />
  }
  return <Link ref={ref} to={path} prefetch={prefetch} reloadDocument={reloadDocument} replace={replace} preventScrollReset={preventScrollReset} state={state} {...rest} />
})

/** Segments with no '.', '..', doubled or back slashes, and no empty '?' or '#': the router writes these as they are. */
const PLAIN_PATH = /^(?:\/[^/?#.\\][^/?#\\]*)*\/?(?:\?[^#]+)?(?:#.+)?$/

/**
 * The href React Router's <Link> writes for a path of the site ('/item/1001?size=M')
 * under the basename '/': the path resolved ('.' and '..' segments, doubled
 * slashes), an explicit trailing slash kept, an empty '?' or '#' dropped.
 */
export function routerHref(path: string): string {
  // most links ('/item/1001', '/category/leggings?size=M') are already what the router would write
  if (PLAIN_PATH.test(path)) return path
  const resolved = resolvePath(path)
  const pathname = path.split(/[?#]/, 1)[0] ?? ''
  if (pathname !== '/' && pathname.endsWith('/') && !resolved.pathname.endsWith('/')) resolved.pathname += '/'
  return createPath(resolved)
}
