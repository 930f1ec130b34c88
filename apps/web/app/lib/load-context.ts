/**
 * What the server hands every loader and action (apps/server/src/web/ssr-plugin.ts).
 * The brand is resolved from the request's host by the server before React Router
 * runs; null means the host is not one of ours (the root loader answers 'Unknown host').
 */

/** The part of the server's brand registry entry (apps/server/src/brands/registry.ts) the storefront reads. */
export interface BrandContext {
  id: string
  name: string
  hostnames: readonly string[]
  /** base address of the brand's API: '/api' (same origin) by default */
  apiBaseUrl: string
  /** true when the brand's home is its own page rather than a content page */
  hasOwnHome: boolean
  styles: {
    colors: {
      primary: string
      onPrimary: string
      accent: string
      background: string
      surface: string
      text: string
      muted: string
      border: string
      sale: string
    }
    fonts: { body: string; heading: string }
    letterSpacing: string
  }
}

export interface StoreLoadContext {
  brand: BrandContext | null
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
