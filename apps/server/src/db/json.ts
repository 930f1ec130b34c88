/** Reads a JSON text column; a malformed value reads as the fallback rather than failing a page. */
export function readJson<T>(text: string | null | undefined, fallback: T): T {
  if (!text) return fallback
  try {
    return JSON.parse(text) as T
  } catch {
    return fallback
  }
}

/** Comma list column -> trimmed non-empty entries. */
export function readList(text: string | null | undefined): string[] {
  return (text ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
}

export const flag = (value: number | null | undefined): boolean => value === 1
