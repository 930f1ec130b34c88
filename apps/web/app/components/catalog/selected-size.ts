/**
 * The size a shopper last chose is kept in a cookie (SPEC §5), so the next
 * item page pre-selects it when that item has it. The browser writes the
 * cookie (document.cookie); the item loader reads it from the request.
 */
import { normalizeSizes, ONE_SIZE } from '@store/core'
import { sameSize } from './same-size'

const SELECTED_SIZE_COOKIE = 'selected_size'
/** one year */
const SELECTED_SIZE_MAX_AGE = 60 * 60 * 24 * 365

/** The value of one cookie in a Cookie header, decoded; null when absent or malformed. */
export function readCookie(header: string | null | undefined, name: string): string | null {
  if (!header) return null
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq < 0) continue
    if (part.slice(0, eq).trim() !== name) continue
    const raw = part
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1')
    try {
      return decodeURIComponent(raw)
    } catch {
      return null
    }
  }
  return null
}

/** The selected size from a Cookie header: short, printable, or null. */
export function readSelectedSize(cookieHeader: string | null | undefined): string | null {
  const value = readCookie(cookieHeader, SELECTED_SIZE_COOKIE)?.trim()
  if (!value || value.length > 20 || !/^[\w .-]+$/.test(value)) return null
  return value
}

/** The document.cookie assignment that remembers a size. */
export function selectedSizeCookie(size: string, secure = false): string {
  return `${SELECTED_SIZE_COOKIE}=${encodeURIComponent(size)}; Path=/; Max-Age=${SELECTED_SIZE_MAX_AGE}; SameSite=Lax${secure ? '; Secure' : ''}`
}

/**
 * The size to pre-select on an item page: the remembered size when the item has
 * it in stock (by its own name), else the only size when there is just one
 * (e.g. One Size), else none.
 */
export function initialSize(availableSizes: readonly string[], remembered: string | null, brandId?: string): string | null {
  const sizes = normalizeSizes(availableSizes)
  if (remembered) {
    const match = sizes.find((size) => sameSize(size, remembered, brandId))
    if (match) return match
  }
  if (sizes.length === 1) return sizes[0] ?? null
  if (sizes.includes(ONE_SIZE)) return ONE_SIZE
  return null
}
