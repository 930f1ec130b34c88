/**
 * A brand this deployment serves, as both the server (brand registry) and the
 * storefront (load context, root data) see it. Known before the database is read.
 */

export interface BrandColors {
  /** buttons, links, price highlights */
  primary: string
  /** text drawn on primary */
  onPrimary: string
  accent: string
  background: string
  surface: string
  text: string
  muted: string
  border: string
  sale: string
}

/** The brand's look, as CSS variables of the storefront. */
export interface BrandStyles {
  colors: BrandColors
  fonts: {
    body: string
    heading: string
  }
  /** CSS letter-spacing for body text: ckb adds 1px */
  letterSpacing: string
}

export interface BrandInfo {
  id: string
  name: string
  /** the hosts that serve this brand */
  hostnames?: readonly string[]
  /**
   * the origin the brand is published at ('https://popfitclothing.com';
   * 'http://localhost:3000' on a developer's machine): canonical links, Open
   * Graph, JSON-LD and the sitemap are built on it, never on the request's Host
   */
  publicOrigin: string
  /** base address of the brand's API: '/api' (same origin) by default */
  apiBaseUrl: string
  /** true when the brand's home is its own page rather than a content page */
  hasOwnHome: boolean
  styles: BrandStyles
}
