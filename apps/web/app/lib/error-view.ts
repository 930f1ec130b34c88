/** What the error page says for an error (root ErrorBoundary). */
import { UNKNOWN_HOST } from '@store/core'
import { isRouteErrorResponse } from 'react-router'

export interface ErrorView {
  status: number
  title: string
  message: string
}

export function describeError(error: unknown): ErrorView {
  if (isRouteErrorResponse(error)) {
    if (error.data === UNKNOWN_HOST || error.statusText === UNKNOWN_HOST) {
      return {
        status: error.status,
        title: UNKNOWN_HOST,
        message: 'This address is not one of our stores. Check the address and try again.',
      }
    }
    if (error.status === 404) {
      return {
        status: 404,
        title: 'Page not found',
        message: "We couldn't find the page you were looking for. It may have moved, or the link may be wrong.",
      }
    }
    if (error.status === 503) {
      return {
        status: 503,
        title: 'We will be right back',
        message: 'The store is not available right now. Please try again in a few minutes.',
      }
    }
    if (error.status >= 400 && error.status < 500) {
      return {
        status: error.status,
        title: 'Something is not right',
        message: typeof error.data === 'string' && error.data.length < 200 ? error.data : 'This request could not be handled.',
      }
    }
  }
  return {
    status: 500,
    title: 'Something went wrong',
    message: 'Something went wrong on our side. Please try again in a moment.',
  }
}
