/** One field's problem, or the request's, as the API's failure body lists them (DESIGN §4). */
export interface StoreErrorItem {
  message: string
  field?: string
}

/**
 * A failure a shopper may read: a status (4xx for what they can fix) and the
 * list of problems. The store's services throw it to the pages, and the API
 * client throws it for a failure answer, so pages handle both alike.
 */
export class StoreError extends Error {
  readonly status: number
  readonly errors: StoreErrorItem[]
  constructor(status: number, errors: StoreErrorItem[]) {
    super(errors[0]?.message ?? `Request failed with status ${status}`)
    this.name = 'StoreError'
    this.status = status
    this.errors = errors
  }
}

/**
 * True for a StoreError, judged by its shape: the server and the storefront's
 * server bundle may each hold their own copy of this class.
 */
export function isStoreError(error: unknown): error is StoreError {
  if (!(error instanceof Error)) return false
  const candidate = error as Partial<StoreError>
  return typeof candidate.status === 'number' && Array.isArray(candidate.errors)
}
