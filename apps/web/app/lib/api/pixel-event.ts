import type { ApiClient } from './client'
import type { PixelEventParams } from './types'

/**
 * GET pixel-event: no retries, 12000 ms timeout (SPEC §7). Never throws: a lost
 * pixel must not disturb the shopper; resolves whether the server took it.
 */
export function pixelEvent(api: ApiClient, params: PixelEventParams): Promise<boolean> {
  const json = params.event_json_data
  return api.pixel('/pixel-event', {
    uuid: params.uuid,
    event_name: params.event_name,
    event_json_data: json == null ? null : typeof json === 'string' ? json : JSON.stringify(json),
    event_source_url: params.event_source_url,
    fbclid: params.fbclid,
  })
}
