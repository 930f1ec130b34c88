/**
 * The address without its reset token: '/forgot?token=x&a=1#h' -> '/forgot?a=1#h'.
 * The token is a password for one hour: once read it leaves the address bar, so
 * it is not in the history, a bookmark, a screenshot or a Referer.
 */
export function addressWithoutToken(href: string): string {
  const url = new URL(href)
  url.searchParams.delete('token')
  return url.pathname + url.search + url.hash
}
