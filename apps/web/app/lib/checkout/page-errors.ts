/** A service's refusal in a funnel loader: the error page with the API's own message and status. */
import { isStoreError } from '@store/core'
import { data } from 'react-router'

export async function orErrorPage<T>(read: Promise<T>): Promise<T> {
  try {
    return await read
  } catch (error) {
    if (isStoreError(error) && error.status < 500) {
      const message = error.errors[0]?.message ?? 'This request could not be handled.'
      throw data(error.status === 400 ? message : message, { status: error.status === 400 ? 404 : error.status })
    }
    throw error
  }
}
