import { ApiError, type ApiClient } from './client'
import type { ApiErrorItem } from './types'

export type FormResult<T> = { ok: true; value: T } | { ok: false; status: number; errors: ApiErrorItem[] }

/**
 * Posts a form to the API from an action. A refusal (4xx) comes back as
 * errors and status for the form to show; anything else throws to the error page.
 */
export async function postForm<T>(api: ApiClient, path: string, fields: Record<string, string>): Promise<FormResult<T>> {
  try {
    return { ok: true, value: await api.post<T>(path, fields) }
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return { ok: false, status: error.status, errors: error.errors }
    throw error
  }
}
