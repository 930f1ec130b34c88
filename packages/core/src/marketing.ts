/** Campaign parameters (SPEC §7 utm-data, §9 newsletter click). */

export const UTM_PARAMS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const
export type UtmParam = (typeof UTM_PARAMS)[number]

export type QueryParams = Record<string, string | undefined> | URLSearchParams

function read(params: QueryParams, key: string): string | undefined {
  if (params instanceof URLSearchParams) return params.get(key) ?? undefined
  const v = params[key]
  return typeof v === 'string' ? v : undefined
}

/** A click from the e-mail newsletter: utm_source or utm_medium is 'email_newsletter', or utm_campaign contains 'newsletter' (any case). */
export function isNewsletterClick(params: QueryParams): boolean {
  const is = (key: string) => read(params, key)?.trim().toLowerCase() === 'email_newsletter'
  return is('utm_source') || is('utm_medium') || (read(params, 'utm_campaign') ?? '').toLowerCase().includes('newsletter')
}

/** The non-empty utm_* parameters present, or an empty object. */
export function pickUtmParams(params: QueryParams): Partial<Record<UtmParam, string>> {
  const out: Partial<Record<UtmParam, string>> = {}
  for (const key of UTM_PARAMS) {
    const v = read(params, key)
    if (v) out[key] = v
  }
  return out
}

/** True when any utm_* parameter is present (then utm-data is sent, §7). */
export function hasUtmParams(params: QueryParams): boolean {
  return Object.keys(pickUtmParams(params)).length > 0
}
