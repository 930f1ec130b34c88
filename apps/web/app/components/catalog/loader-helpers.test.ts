import { StoreError } from '@store/core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { settle } from './loader-helpers.ts'

describe('settle', () => {
  afterEach(() => vi.restoreAllMocks())

  it("gives the fallback for a refused request without logging it (a visitor's bad address is no failure)", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const refused = Promise.reject(new StoreError(400, [{ message: 'Item id is too large', field: 'item_id' }]))
    expect(await settle(refused, null, 'item reviews')).toBeNull()
    expect(logged).not.toHaveBeenCalled()
  })

  it('gives the fallback for a failure and logs it', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(await settle(Promise.reject(new StoreError(500, [])), [], 'item reviews')).toEqual([])
    expect(await settle(Promise.reject(new Error('connection lost')), [], 'item reviews')).toEqual([])
    expect(logged).toHaveBeenCalledTimes(2)
  })
})
