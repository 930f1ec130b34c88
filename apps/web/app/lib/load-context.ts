/**
 * What the server hands every loader and action (apps/server/src/web/ssr-plugin.ts).
 * The brand is resolved from the request's Host header before React Router runs
 * (an unknown host never gets here); the services are the store's own, bound
 * to this request's brand, session and shopper.
 */
import type { BrandInfo, PublicConfig, StoreServices } from '@store/core'

export interface StoreLoadContext {
  /** the server's brand registry entry (apps/server/src/brands/registry.ts), read through the contract's BrandInfo */
  brand: BrandInfo
  /** the store's services for this request: the same as the JSON API's, called in the same process */
  services: StoreServices
  /** this answer's CSP nonce for inline scripts (entry.server.tsx, root.tsx) */
  nonce: string
  /** whether a cookie the page sets is marked Secure, as the session's is: the brand served over HTTPS, or COOKIE_SECURE */
  secureCookies: boolean
  /** what the browser may see of the environment: the allow-list (apps/server/src/web/public-config.ts) */
  publicConfig: PublicConfig
  /** reports an error of this page's render to Sentry with the request, scrubbed (entry.server.tsx handleError); nothing where reporting is off */
  reportError?: (error: unknown) => void
}

declare module 'react-router' {
  interface AppLoadContext extends StoreLoadContext {}
}
