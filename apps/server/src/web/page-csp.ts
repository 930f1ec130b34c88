/**
 * The Content-Security-Policy of storefront pages.
 *
 * Inline scripts (React Router's hydration data and module entry, React's
 * streaming helpers) are allowed one of two ways, never by 'unsafe-inline':
 *
 * - a page rendered for this answer alone (personal, streamed): a fresh random
 *   nonce per answer, handed to React Router through the load context
 *   (entry.server.tsx passes it to <ServerRouter nonce> and React's stream,
 *   root.tsx to <Scripts nonce>);
 * - a page from the page cache (the same bytes for many visitors): the SHA-256
 *   of each inline script of the stored body, computed once when it is stored. A
 *   nonce there would repeat for every visitor and so protect nothing; the
 *   nonce attributes left in the cached HTML grant nothing, since that CSP has no nonce.
 *
 * Everything else comes from the store's own origin; styles may be inline (the
 * brand's colours are a <style> block and components set style attributes), images
 * from any https origin (content images), frames only from the video player.
 */
import { createHash, randomBytes } from 'node:crypto'

export const newNonce = () => randomBytes(16).toString('base64')

/** The inline scripts of a page (no src attribute), as the browser hashes them. */
const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi

export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>()
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    hashes.add(`'sha256-${createHash('sha256').update(match[1]!, 'utf8').digest('base64')}'`)
  }
  return [...hashes]
}

/**
 * What the payment provider's browser script needs when it is switched on
 * (PAYMENT_GATEWAY=stripe): Stripe.js from js.stripe.com, its card and wallet
 * frames (and 3-D Secure through hooks.stripe.com), its calls to api.stripe.com,
 * as Stripe's own guide lists them. The test gateway needs nothing from outside.
 */
const STRIPE_SOURCES = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
}

export interface PageCspOptions {
  connectOrigins?: string[]
  /** third-party scripts the page loads itself (Meta's pixel: public-config.ts metaPixelOrigins) */
  scriptOrigins?: string[]
  /** the payment gateway in use: 'stripe' lets Stripe.js in */
  paymentGateway?: 'test' | 'stripe'
  /** Sentry in the page: its session recording compresses in a worker made from a blob: URL */
  errorReporting?: boolean
}

export function pageCsp(scriptSources: string[], options: PageCspOptions = {}): string {
  const stripe = options.paymentGateway === 'stripe'
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...scriptSources, ...(options.scriptOrigins ?? []), ...(stripe ? STRIPE_SOURCES.script : [])]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'https:']],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', ["'self'", ...(options.connectOrigins ?? []), ...(stripe ? STRIPE_SOURCES.connect : [])]],
    ['media-src', ["'self'", 'https:']],
    ['frame-src', ['https://fast.wistia.net', ...(stripe ? STRIPE_SOURCES.frame : [])]],
    ...(options.errorReporting ? ([['worker-src', ["'self'", 'blob:']]] as [string, string[]][]) : []),
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'self'"]],
  ]
  return directives.map(([name, values]) => `${name} ${values.join(' ')}`).join('; ')
}

/** The API's origin when a brand's apiBaseUrl is absolute ('https://api.example.com/api'), for connect-src. */
export function apiOrigins(apiBaseUrl: string): string[] {
  try {
    return /^https?:\/\//i.test(apiBaseUrl) ? [new URL(apiBaseUrl).origin] : []
  } catch {
    return []
  }
}
