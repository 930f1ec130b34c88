import { useMemo } from 'react'
import { useStore } from '../store/store-provider'
import { createApiClient, type ApiClient } from './client'
import { browserSessionGate } from './session-gate'

/** The API client for calls made from the browser (same origin, the brand's host parameter); its writing calls share the page's session gate. */
export function useBrowserApi(): ApiClient {
  const { brand, host } = useStore()
  return useMemo(() => createApiClient({ baseUrl: brand.apiBaseUrl, host, fetch: (...args) => window.fetch(...args), sessionGate: browserSessionGate }), [brand.apiBaseUrl, host])
}
