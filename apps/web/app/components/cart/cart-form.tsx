/**
 * A form posting to the cart resource route. Before hydration it is a plain
 * HTML form (with redirectTo, so the shopper comes back to this page with the
 * drawer open); after hydration `onSubmit` takes over and nothing reloads.
 */
import type { FormHTMLAttributes, ReactNode } from 'react'
import { useLocation } from 'react-router'
import { CART_ACTION_PATH, type CartIntent } from '../../lib/cart-actions'

interface CartFormProps extends Omit<FormHTMLAttributes<HTMLFormElement>, 'action' | 'method'> {
  intent: CartIntent
  fields?: Record<string, string>
  children: ReactNode
}

export function CartForm({ intent, fields = {}, children, ...rest }: CartFormProps) {
  const location = useLocation()
  return (
    <form method="post" action={CART_ACTION_PATH} {...rest}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </form>
  )
}
