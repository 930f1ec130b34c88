import type { Cart } from '../../lib/api/types'
import { freeShippingProgress } from './cart-math'

/** Progress toward free shipping: '$X away from free shipping' / 'You've got free shipping!'. */
export function FreeShippingBar({ cart }: { cart: Cart }) {
  const progress = freeShippingProgress(cart)
  if (!progress) return null
  return (
    <div className="free-shipping" data-qualified={progress.qualified ? 'true' : 'false'}>
      <p className="free-shipping-text">{progress.message}</p>
      <div
        className="progress"
        role="progressbar"
        aria-label="Progress toward free shipping"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.percent}
        aria-valuetext={progress.message}
      >
        <div className="progress-fill" style={{ width: `${progress.percent}%` }} />
      </div>
    </div>
  )
}
