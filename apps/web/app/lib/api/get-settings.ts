import type { ApiClient } from './client'
import type { StoreSettings } from './types'

/** GET settings: data holds the store settings (SPEC §7). */
export function getSettings(api: ApiClient): Promise<StoreSettings> {
  return api.get<StoreSettings>('/settings')
}
