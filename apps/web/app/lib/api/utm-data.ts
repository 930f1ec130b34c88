import type { ApiClient } from './client'
import type { UtmParams } from './types'

export const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const

/** True when any utm_* parameter is present (the call is sent only then, SPEC §7). */
export function hasUtmParams(params: URLSearchParams): boolean {
  return UTM_KEYS.some((key) => params.has(key))
}

/** GET utm-data with the utm_* parameters plus any extras. */
export async function utmData(api: ApiClient, params: UtmParams): Promise<void> {
  await api.get<unknown>('/utm-data', params, { writes: true })
}
