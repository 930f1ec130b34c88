import type { ApiClient } from './client'
import type { TestGroupResult } from './types'

/**
 * POST test-group `key` (test name), `values` (comma-joined variants): the
 * assigned variant is data.test.value. A failed call gives no variant (SPEC §8).
 */
export async function postTestGroup(api: ApiClient, key: string, values: readonly string[]): Promise<string | null> {
  try {
    const data = await api.post<TestGroupResult | null>('/test-group', {
      key,
      values: values.join(','),
    })
    return data?.test?.value ?? null
  } catch {
    return null
  }
}
