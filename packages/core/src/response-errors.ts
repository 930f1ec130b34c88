/** Error lists in API responses (SPEC §5): from `errors`, `error` or `err`. */

function message(item: unknown): string | undefined {
  if (typeof item === 'string') return item
  if (item && typeof item === 'object' && 'message' in item) {
    const m = (item as { message: unknown }).message
    if (typeof m === 'string') return m
  }
  return undefined
}

function errorField(body: unknown): unknown {
  if (!body || typeof body !== 'object') return undefined
  const b = body as Record<string, unknown>
  return b.errors ?? b.error ?? b.err
}

function asList(v: unknown): unknown[] {
  if (v == null) return []
  return Array.isArray(v) ? v : [v]
}

/**
 * The error messages of a response body: its `errors`, `error` or `err` field
 * (the first present). A string is wrapped into a list; items that are objects
 * with a `message` give the message; empty and unreadable items are dropped.
 */
export function readErrorList(body: unknown): string[] {
  return asList(errorField(body))
    .map(message)
    .filter((m): m is string => typeof m === 'string' && m.trim() !== '')
}

/** The first named field among the errors (`field` of an error object), to scroll to. */
export function firstErrorField(body: unknown): string | undefined {
  for (const item of asList(errorField(body))) {
    if (item && typeof item === 'object' && 'field' in item) {
      const f = (item as { field: unknown }).field
      if (typeof f === 'string' && f !== '') return f
    }
  }
  return undefined
}
