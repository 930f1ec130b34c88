import { describe, expect, it } from 'vitest'
import { isSafeRedirectPath, MAX_REDIRECT_LENGTH, safeRedirectPath } from './redirects.ts'

describe('safeRedirectPath keeps same-origin paths', () => {
  it.each([
    ['/', '/'],
    ['/orders', '/orders'],
    ['/item/123', '/item/123'],
    ['/category/leggings?sort=price&page=2', '/category/leggings?sort=price&page=2'],
    ['/checkout#payment', '/checkout#payment'],
    ['/members?tab=orders#latest', '/members?tab=orders#latest'],
    ['/login?next=%2Forders', '/login?next=%2Forders'],
    ['/search?q=a%2Fb', '/search?q=a%2Fb'],
    ['/page/sale-50%25-off', '/page/sale-50%25-off'],
    ['/@evil.example', '/@evil.example'],
    ['/a/b/../c', '/a/c'],
  ])('%s -> %s', (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected)
  })

  it('answers in ASCII, so the path is safe in a Location header', () => {
    expect(safeRedirectPath('/page/café?q=été#sœur')).toBe('/page/caf%C3%A9?q=%C3%A9t%C3%A9#s%C5%93ur')
    expect(safeRedirectPath('/a b')).toBe('/a%20b')
  })

  it('accepts a path of exactly the longest length', () => {
    const path = `/${'a'.repeat(MAX_REDIRECT_LENGTH - 1)}`
    expect(safeRedirectPath(path)).toBe(path)
    expect(safeRedirectPath(`${path}a`)).toBe('/')
  })
})

describe('safeRedirectPath refuses everything else', () => {
  it.each([
    ['not a string', 42],
    ['null', null],
    ['undefined', undefined],
    ['an array', ['/orders']],
    ['an object', { toString: () => '/orders' }],
  ])('%s', (_, input) => {
    expect(safeRedirectPath(input, '/home')).toBe('/home')
  })

  it.each([
    // empty, relative, query- or hash-only
    '',
    'orders',
    './orders',
    '../orders',
    '?next=/x',
    '#top',
    ' /orders',
    // absolute URLs and schemes
    'https://evil.example',
    'http://evil.example/orders',
    'HTTPS://evil.example',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'mailto:someone@evil.example',
    // protocol-relative and backslash tricks
    '//evil.example',
    '///evil.example',
    '////evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '\\/evil.example',
    '/\\/evil.example',
    '/orders\\..\\..\\evil',
    // control characters: tab, CR, LF, NUL, DEL, C1, line separator
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r/evil.example',
    '/orders\r\nSet-Cookie: x=1',
    '/\u0000evil',
    '/\u007F/evil.example',
    '/\u0085/evil.example',
    '/\u009F',
    '/orders\u2028',
    // percent-encoded controls, backslashes and slashes
    '/%09/evil.example',
    '/%0A/evil.example',
    '/%0d%0a/evil.example',
    '/%00',
    '/%7F',
    '/%C2%85',
    '/%5Cevil.example',
    '/%5cevil.example',
    '/%2F/evil.example',
    '/%2f%2fevil.example',
    '/%2F%09%2Fevil.example',
    '/a%2Fb',
    '/orders?x=%0d%0aSet-Cookie:x',
    // encoded more than once
    '/%252F/evil.example',
    '/%255Cevil.example',
    '/%2509/evil.example',
    '/%25252525252F',
    // unicode slash look-alikes, raw and encoded
    '／／evil.example',
    '/／evil.example',
    '/＼evil.example',
    '/%EF%BC%8F/evil.example',
    '/%EF%BC%BCevil.example',
    '/\u2215\u2215evil.example',
    '/\u2044evil.example',
    // dot segments that resolve to a protocol-relative path
    '/.//evil.example',
    '/./%2e//evil.example',
    '/%2e//evil.example',
    '/a/..//evil.example',
  ])('%j', (input) => {
    expect(safeRedirectPath(input)).toBe('/')
    expect(safeRedirectPath(input, '/members')).toBe('/members')
  })

  it('refuses the once-decoded form of %2F%09%2Fevil.example as well as the raw one', () => {
    const raw = '%2F%09%2Fevil.example'
    expect(safeRedirectPath(raw)).toBe('/')
    expect(safeRedirectPath(decodeURIComponent(raw))).toBe('/')
    expect(decodeURIComponent(raw)).toBe('/\t/evil.example')
  })

  it('refuses anything longer than 2048 characters', () => {
    expect(safeRedirectPath(`/${'a'.repeat(5000)}`)).toBe('/')
  })

  it('returns the fallback as given', () => {
    expect(safeRedirectPath('//evil.example', '/account?x=1')).toBe('/account?x=1')
  })
})

describe('isSafeRedirectPath', () => {
  it('tells kept paths from refused ones', () => {
    expect(isSafeRedirectPath('/orders')).toBe(true)
    expect(isSafeRedirectPath('/')).toBe(true)
    expect(isSafeRedirectPath('//evil.example')).toBe(false)
    expect(isSafeRedirectPath(undefined)).toBe(false)
  })
})
