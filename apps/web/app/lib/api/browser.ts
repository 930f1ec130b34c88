import { useMemo } from 'react'
import { useStore } from '../store/store-provider'
import { createApiClient, type ApiClient } from './client'

/** The API client for calls made from the browser (same origin, the brand's host parameter). */
export function useBrowserApi(): ApiClient {
  const { brand, host } = useStore()
  return useMemo(
    () => createApiClient({ baseUrl: brand.apiBaseUrl, host, fetch: (...args) => window.fetch(...args) }),
    [brand.apiBaseUrl, host],
  )
}
