/** The one password rule, checked alike in the browser's forms and by the API. */
export const MIN_PASSWORD_LENGTH = 8

/** A message for a password that breaks the rule, or null when it is fine. */
export function passwordProblem(password: string): string | null {
  return password.length < MIN_PASSWORD_LENGTH ? `Choose a password of at least ${MIN_PASSWORD_LENGTH} characters.` : null
}
