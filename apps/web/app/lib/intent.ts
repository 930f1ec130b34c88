/**
 * Which of a page's own actions a submitted form asks for (its `intent` field).
 * Anything else (missing, misspelt, bytes that are not text) is none of them:
 * the action answers 400 with UNKNOWN_INTENT and changes nothing, rather than
 * falling through to the page's main action (cancel, skip, pause, rejoin).
 */
export const UNKNOWN_INTENT = 'We could not tell what this form asked for, so nothing was changed. Reload the page and choose again.'

export function formIntent<T extends string>(form: FormData, intents: readonly T[]): T | null {
  const value = form.get('intent')
  return typeof value === 'string' && (intents as readonly string[]).includes(value) ? (value as T) : null
}
