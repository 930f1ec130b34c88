/**
 * The cart's form actions: a quantity field left empty is no quantity, so it never reaches the
 * store as 0 (which removes the line); the shopper is asked for one and the line stays.
 */
import { StoreError } from '@store/core'
import { describe, expect, it } from 'vitest'
import { action } from './resources.cart'

type ActionArgs = Parameters<typeof action>[0]

async function update(qty: string) {
  const changes: [string, number][] = []
  const services = {
    updateCartLine: async (cartId: string, to: number) => {
      changes.push([cartId, to])
      return { items: [] }
    },
  }
  const body = new URLSearchParams({ intent: 'update', cartId: '8b29be03-30cc-47a5-8c23-9b3a1316a03e', qty })
  const request = new Request('http://localhost/resources/cart', { method: 'POST', body })
  const answer = (await action({ request, params: {}, context: { services } } as unknown as ActionArgs)) as unknown as {
    data: { errors: { message: string; field?: string }[] | null }
    init: { status: number } | null
  }
  return { status: answer.init?.status ?? 200, errors: answer.data.errors, changes }
}

describe('the cart form action', () => {
  it('refuses an empty quantity instead of removing the line', async () => {
    for (const qty of ['', '   ']) {
      expect(await update(qty)).toEqual({ status: 400, errors: [{ message: 'Enter a quantity of 0 or more.', field: 'qty' }], changes: [] })
    }
  })
  it("passes a typed quantity on, 0 included (the form's way to remove a line)", async () => {
    expect((await update('3')).changes).toEqual([['8b29be03-30cc-47a5-8c23-9b3a1316a03e', 3]])
    expect((await update('0')).changes).toEqual([['8b29be03-30cc-47a5-8c23-9b3a1316a03e', 0]])
  })
})

describe('the cart form posted without JavaScript', () => {
  it('comes back with the refusal as a code, never as words in the address', async () => {
    const services = {
      addToCart: async () => {
        throw new StoreError(409, [{ message: 'Only 2 left of Thong in size M.', field: 'qty' }])
      },
    }
    const body = new URLSearchParams({ intent: 'add', item_id: '1001', size: 'M', qty: '3', redirectTo: '/item/1001' })
    const request = new Request('http://localhost/resources/cart', { method: 'POST', body })
    const thrown = await action({ request, params: {}, context: { services } } as unknown as ActionArgs).then(
      () => null,
      (response: unknown) => response as Response,
    )
    expect(thrown?.status).toBe(302)
    expect(thrown?.headers.get('location')).toBe('/item/1001?cart_error=too-many#cart-drawer')
  })
})
