/**
 * The brand registry: every brand this deployment serves, its hostnames, the
 * base address of its API and its look. Store settings live in the database;
 * this file holds only what must be known before the database is read.
 */
import type { BrandInfo, BrandStyles } from '@store/core'

export type BrandId = 'popfitclothing' | 'ckb' | 'glow'

/** The brand's look (shared with the storefront) and what only the server draws with. */
interface BrandLook extends BrandStyles {
  /** palette used to draw generated product images */
  palette: string[]
}

/** A registry entry: the brand as the storefront sees it (BrandInfo), with its known id, hosts and palette. */
export interface Brand extends BrandInfo {
  id: BrandId
  hostnames: string[]
  styles: BrandLook
  /**
   * Where the brand is published: the production origin in this file
   * (https://popfitclothing.com); the running server swaps in the configured one
   * (env PUBLIC_ORIGINS, see brandsWithOrigins). Every absolute URL comes from it.
   */
  publicOrigin: string
  /** the hostname that serves the brand on a developer's machine: 'ckb.localhost' */
  localHostname: string
}

export const BRANDS: readonly Brand[] = [
  {
    id: 'popfitclothing',
    name: 'PopFit Clothing',
    hostnames: ['popfit.localhost', 'localhost', '127.0.0.1'],
    publicOrigin: 'https://popfitclothing.com',
    localHostname: 'localhost',
    apiBaseUrl: '/api',
    hasOwnHome: true,
    styles: {
      colors: {
        primary: '#c2185b',
        onPrimary: '#ffffff',
        accent: '#ffd6e5',
        background: '#ffffff',
        surface: '#fdf2f6',
        text: '#1d1d1f',
        muted: '#5f5f66',
        border: '#e6d5dc',
        sale: '#b00020',
      },
      fonts: { body: "'Montserrat', system-ui, sans-serif", heading: "'Montserrat', system-ui, sans-serif" },
      letterSpacing: 'normal',
      palette: ['#c2185b', '#1d1d1f', '#6a1b9a', '#00838f', '#ef6c00', '#2e7d32', '#37474f', '#ad1457'],
    },
  },
  {
    id: 'ckb',
    name: 'CKB Intimates',
    hostnames: ['ckb.localhost'],
    publicOrigin: 'https://ckbintimates.com',
    localHostname: 'ckb.localhost',
    apiBaseUrl: '/api',
    hasOwnHome: true,
    styles: {
      colors: {
        primary: '#1f3a5f',
        onPrimary: '#ffffff',
        accent: '#d8e3f0',
        background: '#fbfaf7',
        surface: '#eef2f7',
        text: '#141821',
        muted: '#4f5868',
        border: '#d5dbe4',
        sale: '#a4161a',
      },
      fonts: { body: "'DM Sans', system-ui, sans-serif", heading: "'Playfair Display', Georgia, serif" },
      letterSpacing: '1px',
      palette: ['#1f3a5f', '#f2c6c2', '#141821', '#8d99ae', '#e5989b', '#6d597a', '#b5838d', '#355070'],
    },
  },
  {
    id: 'glow',
    name: 'Glow Lounge',
    hostnames: ['glow.localhost'],
    publicOrigin: 'https://glowlounge.com',
    localHostname: 'glow.localhost',
    apiBaseUrl: '/api',
    hasOwnHome: false,
    styles: {
      colors: {
        primary: '#2f6b4f',
        onPrimary: '#ffffff',
        accent: '#f3e9d2',
        background: '#fffdf8',
        surface: '#f5f1e6',
        text: '#1e2a23',
        muted: '#55625a',
        border: '#e2dccb',
        sale: '#9c2a00',
      },
      fonts: { body: "'DM Sans', system-ui, sans-serif", heading: "'DM Sans', system-ui, sans-serif" },
      letterSpacing: 'normal',
      palette: ['#2f6b4f', '#c9a227', '#7a9e7e', '#d4a373', '#264653', '#e9c46a', '#8a817c', '#bc6c25'],
    },
  },
]

/** Strips the port and lower-cases: 'CKB.localhost:3000' -> 'ckb.localhost'. */
function normalizeHost(host: string): string {
  const trimmed = host.trim().toLowerCase()
  if (trimmed.startsWith('[')) return trimmed.slice(0, trimmed.indexOf(']') + 1)
  return trimmed.split(':')[0] ?? ''
}

export function brandForHost(host: string | undefined | null, brands: readonly Brand[] = BRANDS): Brand | null {
  if (!host) return null
  const name = normalizeHost(host)
  return brands.find((brand) => brand.hostnames.includes(name)) ?? null
}

export type PublicOrigins = Record<BrandId, string>

/** The registry's production origins: { popfitclothing: 'https://popfitclothing.com', ... }. */
export function productionOrigins(): PublicOrigins {
  return Object.fromEntries(BRANDS.map((brand) => [brand.id, brand.publicOrigin])) as PublicOrigins
}

/** A developer's machine: { popfitclothing: 'http://localhost:3000', ckb: 'http://ckb.localhost:3000', ... }. */
export function localOrigins(port: number): PublicOrigins {
  return Object.fromEntries(BRANDS.map((brand) => [brand.id, new URL(`http://${brand.localHostname}:${port}`).origin])) as PublicOrigins
}

/**
 * The registry with each brand's configured public origin (built once at start-up). A brand is
 * served at its public origin's host too: its canonical links, sitemap and e-mails point there.
 */
export function brandsWithOrigins(origins: Partial<PublicOrigins>): readonly Brand[] {
  return BRANDS.map((brand) => {
    const publicOrigin = origins[brand.id] ?? brand.publicOrigin
    const host = new URL(publicOrigin).hostname.toLowerCase()
    return { ...brand, publicOrigin, hostnames: brand.hostnames.includes(host) ? brand.hostnames : [...brand.hostnames, host] }
  })
}

export function isBrandId(id: string): id is BrandId {
  return BRANDS.some((brand) => brand.id === id)
}

export function brandById(id: string): Brand | null {
  return BRANDS.find((brand) => brand.id === id) ?? null
}
