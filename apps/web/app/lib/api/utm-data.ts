import type { ApiClient } from './client'
import type { UtmParams } from './types'

/** GET utm-data with the utm_* parameters plus any extras. */
export async function utmData(api: ApiClient, params: UtmParams): Promise<void> {
  await api.get<unknown>('/utm-data', params, { writes: true })
}
