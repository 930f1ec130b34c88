/**
 * URLs without their secrets, before analytics stores or forwards them (page views,
 * pixel events' event_source_url, UTM data, logs). A password-reset link, a login
 * code or an e-mail address in a query must never reach an event table or a third
 * party.
 */

/**
 * Parameter names that carry a secret or personal data, compared folded: lower-case
 * with everything but letters and digits removed, so 'reset_token', 'Reset-Token'
 * and 'resetToken' are one name, and 'e_mail_address' is 'emailaddress'.
 *
 * Deliberately not here: 'coupon', 'discount_code', 'promo_code' (shared offer codes,
 * not secrets), the utm_* parameters, fbclid and gclid (the pixel needs them).
 */
export const SECRET_PARAM_NAMES: readonly string[] = [
  // sign-in and account links
  'code', // OAuth authorization code, one-time login and reset codes
  'otp',
  'totp',
  'pin',
  'auth',
  'authorization',
  'key',
  'pass',
  'pwd',
  'jwt',
  'nonce',
  'state', // OAuth state (also: a shipping state is personal)
  'ticket',
  'sig',
  'sid',
  'ssid',
  'username',
  'confirm', // the e-mail change link /change_password?confirm=TOKEN (docs/members.md)
  // personal data
  'mail',
  // e-mail tracking identifiers that name a subscriber
  'kx', // Klaviyo _kx
  'mceid', // Mailchimp mc_eid
]

/**
 * A folded name containing any of these is secret too: 'token' covers token,
 * reset_token, access_token, id_token, refresh_token; 'email' covers email,
 * e_mail_address, user[email]; 'session' covers session, session_id, PHPSESSID.
 */
export const SECRET_PARAM_PARTS: readonly string[] = [
  'token',
  'password',
  'passwd',
  'secret',
  'session',
  'sessid',
  'email',
  'phone',
  'apikey',
  'accesskey',
  'credential',
  'signature',
]

/** The name folded for comparison: decoded, lower-case, letters and digits only. */
function foldName(raw: string): string {
  let name = raw.replace(/\+/g, ' ')
  try {
    name = decodeURIComponent(name)
  } catch {
    // a malformed escape: compare the raw text
  }
  return name.toLowerCase().replace(/[^a-z0-9]/g, '')
}

/** True when a query parameter of this name (as written in the URL) carries a secret. */
export function isSecretParam(name: string): boolean {
  const folded = foldName(name)
  if (folded === '') return false
  return SECRET_PARAM_NAMES.includes(folded) || SECRET_PARAM_PARTS.some((part) => folded.includes(part))
}

/** 'a=1&token=x&b' without its secret pairs, or null when none is left. */
function keepPublicPairs(list: string): string | null {
  const pieces = list.split('&')
  const kept = pieces.filter((piece) => {
    const eq = piece.indexOf('=')
    return !isSecretParam(eq === -1 ? piece : piece.slice(0, eq))
  })
  if (kept.length === pieces.length) return list
  return kept.some((piece) => piece !== '') ? kept.join('&') : null
}

const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/

function parses(url: string): boolean {
  try {
    if (SCHEME.test(url)) new URL(url)
    else new URL(url, 'http://url-privacy.invalid')
    return true
  } catch {
    return false
  }
}

/** Removes 'user:password@' from an absolute URL's authority. */
function withoutUserInfo(beforeQuery: string): string {
  return beforeQuery.replace(/^([A-Za-z][A-Za-z0-9+.-]*:\/\/)[^/?#]*@/, '$1')
}

/**
 * The URL (absolute or relative) without the query parameters that carry secrets
 * (isSecretParam), everything else kept byte for byte: other parameters in their
 * order and spelling, the path, the hash. Also removed: user name and password in
 * an absolute URL ('https://user:pw@host/'), and secret pairs in a hash that reads
 * as parameters ('#access_token=...', the OAuth implicit flow). A '?' or '#' left
 * with nothing after it goes too.
 *
 * A URL the URL parser refuses is returned without its query and hash, since
 * nothing in them can be read safely.
 */
export function stripSecretParams(url: string): string {
  const hashAt = url.indexOf('#')
  const beforeHash = hashAt === -1 ? url : url.slice(0, hashAt)
  const queryAt = beforeHash.indexOf('?')
  const beforeQuery = withoutUserInfo(queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt))
  if (!parses(url)) return beforeQuery

  let out = beforeQuery
  if (queryAt !== -1) {
    const query = keepPublicPairs(beforeHash.slice(queryAt + 1))
    if (query !== null) out += `?${query}`
  }
  if (hashAt !== -1) {
    const hash = url.slice(hashAt + 1)
    const kept = hash.includes('=') ? keepPublicPairs(hash) : hash
    if (kept !== null) out += `#${kept}`
  }
  return out
}
