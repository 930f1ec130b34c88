import type { ApiClient } from './client'
import type { Settings } from './types'

/** GET settings: data holds the store settings (SPEC §7). */
export function getSettings(api: ApiClient): Promise<Settings> {
  return api.get<Settings>('/settings')
}
