/**
 * Issue 3: every redirect whose target comes from the request follows core's
 * safeRedirectPath, so a tab, a backslash or a CR/LF in `redirectTo` can
 * neither leave the site nor break the Location header.
 */
import { describe, expect, it } from 'vitest'
import type { StoreServices } from '@store/core'
import { action as loginAction, loader as loginLoader } from '../routes/login'
import { action as registerAction } from '../routes/register'
import { action as cartAction } from '../routes/resources.cart'
import { backWithDrawer } from './cart-actions'

const HOSTILE: [string, string][] = [
  ['tab', '/\t/evil.example'],
  ['encoded tab', '/%09/evil.example'],
  ['backslash', '/\\evil.example'],
  ['encoded backslash', '/%5Cevil.example'],
  ['backslash slash', '/\\/evil.example'],
  ['CR/LF', '/ok\r\nSet-Cookie: x=1'],
  ['encoded CR/LF', '/ok%0d%0aSet-Cookie:%20x=1'],
  ['dot segment', '/.//evil.example'],
  ['900 kB', `/${'a'.repeat(900_000)}`],
]

const customer = { customer: { id: 'c1', name: 'Pat Shopper', e_mail_address: 'pat@example.com', has_club: false } }
const cart = { items: [], loggedin: true, customer: customer.customer }
const services = {
  login: async () => customer,
  register: async () => customer,
  cart: async () => cart,
  addToCart: async () => cart,
} as unknown as StoreServices
const context = { services, brand: { id: 'popfitclothing' } } as never

function formPost(url: string, fields: Record<string, string>) {
  return new Request(`http://localhost${url}`, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  })
}

/** The Location a thrown redirect carries. */
async function locationOf(run: () => Promise<unknown>): Promise<string> {
  try {
    await run()
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get('location') ?? ''
    throw thrown
  }
  throw new Error('expected a redirect')
}

const staysHome = (location: string) => {
  expect(location.startsWith('/')).toBe(true)
  expect(location.startsWith('//')).toBe(false)
  expect(location).not.toMatch(/[\t\r\n\\]|evil\.example|Set-Cookie/i)
  expect(location.length).toBeLessThan(2100)
}

describe('redirect targets from the request', () => {
  it.each(HOSTILE)('login action refuses a redirect with %s', async (_label, target) => {
    const location = await locationOf(() =>
      loginAction({ request: formPost('/login', { email: 'pat@example.com', password: 'x', redirectTo: target }), context, params: {} } as never),
    )
    staysHome(location)
    expect(location).toBe('/members')
  })

  it.each(HOSTILE)('login loader of a logged-in shopper refuses a redirect with %s', async (_label, target) => {
    const url = `/login?${new URLSearchParams({ redirectTo: target }).toString()}`
    const location = await locationOf(() => loginLoader({ request: new Request(`http://localhost${url}`), context, params: {} } as never))
    expect(location).toBe('/members')
  })

  it.each(HOSTILE)('register action refuses a redirect with %s', async (_label, target) => {
    const location = await locationOf(() =>
      registerAction({
        request: formPost('/register', { name: 'Pat Shopper', email: 'pat@example.com', password: 'leggings-forever-7', redirectTo: target }),
        context,
        params: {},
      } as never),
    )
    staysHome(location)
  })

  it.each(HOSTILE)('cart form post (no JavaScript) refuses a redirect with %s', async (_label, target) => {
    const location = await locationOf(() =>
      cartAction({ request: formPost('/resources/cart', { intent: 'add', item_id: '1', size: 'M', redirectTo: target }), context, params: {} } as never),
    )
    staysHome(location)
    expect(backWithDrawer(target, null)).toBe(location)
  })

  it('keeps a same-site path with its query', async () => {
    const location = await locationOf(() =>
      loginAction({ request: formPost('/login', { email: 'pat@example.com', password: 'x', redirectTo: '/orders?page=2' }), context, params: {} } as never),
    )
    expect(location).toBe('/orders?page=2')
    expect(backWithDrawer('/item/3?x=1', 'too-many')).toBe('/item/3?x=1&cart_error=too-many#cart-drawer')
  })
})
