/**
 * A link that lets the client router handle only the paths it knows (SPEC §2):
 * those render a React Router <Link>; anything else (an absolute URL, the API,
 * a file) is a plain <a> and a full page load.
 */
import { forwardRef, type AnchorHTMLAttributes } from 'react'
import { Link, type LinkProps } from 'react-router'
import { routerPath } from '../lib/router-paths'

export interface StoreLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string
  prefetch?: LinkProps['prefetch']
  /** force a full page load even for a router path */
  reloadDocument?: boolean
  replace?: boolean
  preventScrollReset?: boolean
}

export const StoreLink = forwardRef<HTMLAnchorElement, StoreLinkProps>(function StoreLink(
  { to, prefetch = 'intent', reloadDocument, replace, preventScrollReset, ...rest },
  ref,
) {
  // decided from `to` alone, so the server and the browser render the same element
  const path = routerPath(to)
  if (path === null) {
    const external = /^(https?:)?\/\//i.test(to)
    return <a ref={ref} {...rest} href={to} rel={external ? (rest.rel ?? 'noopener') : rest.rel} />
  }
  return (
    <Link
      ref={ref}
      to={path}
      prefetch={prefetch}
      reloadDocument={reloadDocument}
      replace={replace}
      preventScrollReset={preventScrollReset}
      {...rest}
    />
  )
})
