/** The error messages of SPEC §8, one constant each, so thrower and tests agree. */

export const UNKNOWN_HOST = 'Unknown host'
export const UNKNOWN_PROJECT = 'Unknown project'
export const UNKNOWN_PAGE_OFFER_TYPE = 'Unknown pageOfferType'
export const UNKNOWN_BOOLEAN_VALUE = 'Unknown boolean value'
export const INVALID_ID = 'invalid ID'
export const MIXPANEL_USER_ID_REQUIRED = 'User ID is required for Mixpanel identification'

/** Message after a GET has used up all its tries. */
export function triedAndFailed(tries: number, url: string): string {
  return `Tried ${tries} times and still failed: ${url}`
}

/** Message for a price that cannot be read as a number (not in §8; parsePrice throws it). */
export function invalidPrice(value: unknown): string {
  return `Invalid price: ${JSON.stringify(value) ?? String(value)}`
}
