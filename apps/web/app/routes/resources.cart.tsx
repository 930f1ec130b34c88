/**
 * Cart changes, run on the server through the store's services: add a line, change a
 * line's quantity, remove it, apply or remove a discount code. Fetchers post here after
 * hydration (the answer is the updated cart, and React Router refreshes the
 * root loader's cart); before hydration the same forms post here as plain
 * HTML forms with a `redirectTo`, and the shopper comes back to the page with
 * the cart drawer open.
 */
import { data, redirect } from 'react-router'
import { type Cart, isStoreError, type StoreServices } from '@store/core'
import { backWithDrawer, type CartActionData, type CartIntent } from '../lib/cart-actions'
import { cartErrorCode } from '../lib/cart-errors'
import type { Route } from './+types/resources.cart'
import { readForm } from '../lib/read-form'

const INTENTS: readonly CartIntent[] = ['add', 'update', 'remove', 'discount', 'removeDiscount']

function text(form: FormData, name: string): string {
  const v = form.get(name)
  return typeof v === 'string' ? v.trim() : ''
}

function fail(intent: CartIntent | null, status: number, message: string, field?: string) {
  return data<CartActionData>({ intent, cart: null, errors: [field ? { message, field } : { message }] }, { status })
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request)
  const result = await runIntent(form, context.services)
  const back = form.get('redirectTo')
  if (typeof back === 'string' && back) {
    // a plain HTML form (no JavaScript yet): back to the page with the cart drawer open, and the
    // error's code (never its words: the address is one anyone can write)
    const errors = result.data.errors
    throw redirect(backWithDrawer(back, errors ? cartErrorCode(result.data.intent, result.init?.status ?? 400, errors[0]) : null))
  }
  return result
}

async function runIntent(form: FormData, store: StoreServices) {
  const rawIntent = text(form, 'intent')
  const intent = (INTENTS as readonly string[]).includes(rawIntent) ? (rawIntent as CartIntent) : null
  if (!intent) return fail(null, 400, 'Unknown cart action.')
  try {
    let cart: Cart
    switch (intent) {
      case 'add': {
        const itemId = text(form, 'item_id')
        if (!itemId) return fail(intent, 400, 'Choose an item to add.', 'item_id')
        cart = await store.addToCart({ item_id: itemId, size: text(form, 'size') || null, qty: text(form, 'qty') || '1' })
        break
      }
      case 'update':
      case 'remove': {
        const cartId = text(form, 'cartId')
        if (!cartId) return fail(intent, 400, 'That line is no longer in your cart.', 'cartId')
        // an empty field is no quantity (Number('') is 0, which would remove the line)
        const typed = text(form, 'qty').trim()
        const qty = intent === 'remove' ? 0 : typed === '' ? Number.NaN : Number(typed)
        if (!Number.isInteger(qty) || qty < 0) return fail(intent, 400, 'Enter a quantity of 0 or more.', 'qty')
        cart = await store.updateCartLine(cartId, qty)
        break
      }
      case 'discount': {
        const code = text(form, 'code')
        if (!code) return fail(intent, 400, 'Enter a discount code.', 'code')
        cart = await store.applyDiscountCode(code)
        break
      }
      case 'removeDiscount':
        cart = await store.removeDiscountCode()
        break
    }
    return data<CartActionData>({ intent, cart, errors: null })
  } catch (error) {
    if (isStoreError(error)) {
      const status = error.status >= 400 && error.status < 500 ? error.status : 502
      return data<CartActionData>({ intent, cart: null, errors: error.errors }, { status })
    }
    console.error('cart action failed', error)
    return fail(intent, 503, 'We could not update your cart just now. Please try again.')
  }
}

/** A GET here (someone opened the address) goes back to the home page. */
export function loader() {
  return redirect('/')
}
