import { isStoreError } from '@store/core'
import type { ApiErrorItem } from './types'

export type FormResult<T> = { ok: true; value: T } | { ok: false; status: number; errors: ApiErrorItem[] }

/**
 * Runs a form's call from an action (a service of the load context, or the
 * API). A refusal (4xx) comes back as errors and status for the form to show;
 * anything else throws to the error page.
 */
export async function formResult<T>(call: Promise<T>): Promise<FormResult<T>> {
  try {
    return { ok: true, value: await call }
  } catch (error) {
    if (isStoreError(error) && error.status < 500) return { ok: false, status: error.status, errors: error.errors }
    throw error
  }
}
