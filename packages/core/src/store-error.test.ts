import { describe, expect, it } from 'vitest'
import { isStoreError, StoreError } from './store-error.ts'

describe('StoreError', () => {
  it('carries the status and the problems, the first as its message', () => {
    const error = new StoreError(422, [{ message: 'Enter a discount code', field: 'code' }])
    expect(error.message).toBe('Enter a discount code')
    expect(error.status).toBe(422)
    expect(error.errors).toEqual([{ message: 'Enter a discount code', field: 'code' }])
  })

  it('is recognised by its shape, so a copy of the class from another bundle counts too', () => {
    class Copy extends Error {
      status = 404
      errors = [{ message: 'No such item' }]
    }
    expect(isStoreError(new Copy())).toBe(true)
    expect(isStoreError(new StoreError(400, []))).toBe(true)
    expect(isStoreError(new Error('plain'))).toBe(false)
    expect(isStoreError({ status: 404, errors: [] })).toBe(false)
  })
})
