import { describe, expect, it } from 'vitest'
import { inlineScriptHashes, pageCsp } from './page-csp.ts'

const directive = (csp: string, name: string) =>
  csp
    .split('; ')
    .find((part) => part.startsWith(`${name} `))
    ?.split(' ')
    .slice(1) ?? []

describe('page CSP', () => {
  it('allows scripts from the store and the answer’s nonce only, and nothing of Stripe with the test gateway', () => {
    const csp = pageCsp(["'nonce-abc'"], { paymentGateway: 'test' })
    expect(directive(csp, 'script-src')).toEqual(["'self'", "'nonce-abc'"])
    expect(directive(csp, 'connect-src')).toEqual(["'self'"])
    expect(directive(csp, 'frame-src')).toEqual(['https://fast.wistia.net'])
    expect(csp).not.toContain('stripe')
    expect(directive(csp, 'script-src')).not.toContain("'unsafe-inline'")
  })

  it('lets Stripe.js, its frames and its API in when the gateway is Stripe', () => {
    const csp = pageCsp(["'nonce-abc'"], { paymentGateway: 'stripe', connectOrigins: ['https://api.example.com'] })
    expect(directive(csp, 'script-src')).toEqual(["'self'", "'nonce-abc'", 'https://js.stripe.com', 'https://*.js.stripe.com'])
    expect(directive(csp, 'frame-src')).toEqual(['https://fast.wistia.net', 'https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'])
    expect(directive(csp, 'connect-src')).toEqual(["'self'", 'https://api.example.com', 'https://api.stripe.com'])
    expect(directive(csp, 'object-src')).toEqual(["'none'"])
  })

  it('hashes a cached page’s inline scripts, not those with a src', () => {
    const hashes = inlineScriptHashes('<script>a()</script><script src="/x.js"></script><script type="module">b()</script><script>a()</script>')
    expect(hashes).toHaveLength(2)
    expect(hashes.every((hash) => /^'sha256-[A-Za-z0-9+/]+=*'$/.test(hash))).toBe(true)
  })
})
