/**
 * What the server hands every loader and action (apps/server/src/web/ssr-plugin.ts).
 * The brand is resolved from the request's host by the server before React Router
 * runs; null means the host is not one of ours (the root loader answers 'Unknown host').
 */
import type { BrandInfo } from '@store/core'

export interface StoreLoadContext {
  /** the server's brand registry entry (apps/server/src/brands/registry.ts), read through the contract's BrandInfo */
  brand: BrandInfo | null
  /**
   * fetch for API calls made while rendering: runs them in-process (no socket),
   * forwards the shopper's cookie and host, and copies any Set-Cookie of the API
   * onto the page response. Takes the same URLs as the browser would ('/api/cart?...').
   */
  apiFetch: typeof fetch
}

declare module 'react-router' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends StoreLoadContext {}
}
