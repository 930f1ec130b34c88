import type { ApiClient } from './client'
import type { StyleProfile, StyleProfileField } from './types'

/** GET style-profile: data.style_profile is the list of fields (SPEC §7). */
export async function getStyleProfile(api: ApiClient): Promise<StyleProfileField[]> {
  const data = await api.get<StyleProfile | null>('/style-profile')
  return data?.style_profile ?? []
}
