/**
 * Where a shopper may be sent after login, logout, a form post or a `?next=`
 * parameter: only a path on the store's own origin. Anything else gives the
 * fallback, so a crafted link cannot send a shopper to another site (open redirect).
 */

/** The longest redirect path accepted. */
export const MAX_REDIRECT_LENGTH = 2048

/** A host that can never be real (RFC 2606 .invalid), used only to resolve paths. */
const CHECK_ORIGIN = 'http://redirect-check.invalid'

/**
 * Characters refused anywhere, raw or percent-decoded: C0 controls (tab, CR, LF
 * included), DEL, C1 controls, the Unicode line and paragraph separators, the
 * backslash (browsers read it as a slash) and slash look-alikes that some software
 * folds into '/' or '\' (full-width solidus and reverse solidus, division and fraction
 * slash, big solidus, small reverse solidus).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what this pattern finds and takes out
const REFUSED_CHARACTERS = /[\u0000-\u001F\u007F-\u009F\u2028\u2029\\\uFF0F\uFF3C\u2215\u2044\u29F8\uFE68]/

/** More rounds of percent-decoding than this and the input is refused outright. */
const MAX_DECODE_ROUNDS = 4

/**
 * Percent-decodes once, leniently: each run of %XX sequences is decoded as UTF-8
 * where it can be; a run that is not valid UTF-8 is decoded byte by byte for its
 * ASCII bytes only, so '%5C' or '%09' is always seen, whatever surrounds it.
 */
function decodeOnce(s: string): string {
  return s.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run)
    } catch {
      return run.replace(/%([0-7][0-9A-Fa-f])/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    }
  })
}

/** The part of a path-and-query before '?' or '#'. */
function pathPart(s: string): string {
  const end = s.search(/[?#]/)
  return end === -1 ? s : s.slice(0, end)
}

/** True when one layer of the input (raw, or decoded some times) is safe. */
function layerIsSafe(layer: string): boolean {
  if (REFUSED_CHARACTERS.test(layer)) return false
  // a path must start with exactly one slash: '//x' and '/\x' are other hosts
  if (!layer.startsWith('/') || layer.startsWith('//')) return false
  return true
}

/**
 * A same-origin path to redirect to, or `fallback` (returned as given: it is the
 * caller's own, trusted value).
 *
 * Refused:
 * - anything not a string, empty, or longer than MAX_REDIRECT_LENGTH;
 * - anything not starting with exactly one '/': absolute URLs (https:, javascript:,
 *   data:), protocol-relative '//host', '/\host', relative paths, '?x', '#x';
 * - control characters, backslashes and slash look-alikes, raw or percent-encoded
 *   (even several times over: '/%09/evil', '/%5Cevil', '/%255Cevil');
 * - an encoded slash in the path ('/%2F/evil', '/a%2Fb'): our routes never need one;
 * - a path whose dot segments resolve to '//host' ('/.//evil', '/a/..//evil'),
 *   since whatever normalises it next would write a protocol-relative URL;
 * - anything that, resolved against a dummy origin, leaves that origin.
 *
 * The answer is the path as a URL parser writes it: pathname, query and hash kept,
 * dot segments resolved and non-ASCII percent-encoded, so it is always safe to put
 * in a Location header.
 */
export function safeRedirectPath(input: unknown, fallback = '/'): string {
  if (typeof input !== 'string') return fallback
  if (input.length === 0 || input.length > MAX_REDIRECT_LENGTH) return fallback

  let layer = input
  for (let round = 0; ; round++) {
    if (!layerIsSafe(layer) || /%2F/i.test(pathPart(layer))) return fallback
    const decoded = decodeOnce(layer)
    if (decoded === layer) break
    if (round === MAX_DECODE_ROUNDS) return fallback
    layer = decoded
  }

  let url: URL
  try {
    url = new URL(input, CHECK_ORIGIN)
  } catch {
    return fallback
  }
  if (url.origin !== CHECK_ORIGIN || url.username !== '' || url.password !== '') return fallback
  if (!url.pathname.startsWith('/') || url.pathname.startsWith('//')) return fallback
  return url.pathname + url.search + url.hash
}

/** True when `input` is a path safeRedirectPath keeps. */
export function isSafeRedirectPath(input: unknown): boolean {
  const sentinel = '\u0000'
  return safeRedirectPath(input, sentinel) !== sentinel
}
