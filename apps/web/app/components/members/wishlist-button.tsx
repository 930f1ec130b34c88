/**
 * "Add to wishlist" beside "Add to cart" on an item page. A visitor gets a
 * link to log in and come back. A customer's plain form posts to /wishlist and
 * comes back here (before hydration); once hydrated a fetcher posts it and the
 * page stays as it is, saying it is saved.
 */
import { useFetcher, useLocation, useSearchParams } from 'react-router'
import { LOGIN_PATH } from '@store/core'
import { StoreLink } from '../store-link'
import { useCart } from '../../lib/store/store-provider'
import type { ApiErrorItem } from '../../lib/api/types'
import { useHydrated } from '../catalog/use-hydrated'

export const WISHLIST_ACTION_PATH = '/wishlist'

function Heart({ filled }: { filled: boolean }) {
  return (
    <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" style={{ verticalAlign: '-3px', marginRight: '0.4rem' }}>
      <path
        d="M12 21s-7.5-4.6-9.6-9.1C.9 8.6 3 5 6.5 5c2 0 3.4 1.1 4.1 2.3h2.8C14.1 6.1 15.5 5 17.5 5 21 5 23.1 8.6 21.6 11.9 19.5 16.4 12 21 12 21z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
      />
    </svg>
  )
}

export function WishlistButton({ itemId }: { itemId: number }) {
  const { cart } = useCart()
  const location = useLocation()
  const [params] = useSearchParams()
  const hydrated = useHydrated()
  const fetcher = useFetcher<{ added?: boolean; errors?: ApiErrorItem[] }>()
  const here = location.pathname
  const added = fetcher.data?.added === true || params.get('wishlist') === 'added'
  const error = fetcher.data?.errors?.[0]?.message

  if (!cart?.loggedin) {
    return (
      <p className="wishlist-button">
        <StoreLink to={`${LOGIN_PATH}?${new URLSearchParams({ redirectTo: here }).toString()}`} className="button button-secondary button-block">
          <Heart filled={false} />
          Log in to save to your wishlist
        </StoreLink>
      </p>
    )
  }
  return (
    <div className="wishlist-button">
      <fetcher.Form
        method="post"
        action={WISHLIST_ACTION_PATH}
        onSubmit={(event) => {
          if (!hydrated) return
          event.preventDefault()
          void fetcher.submit({ intent: 'add', item_id: String(itemId) }, { method: 'post', action: WISHLIST_ACTION_PATH })
        }}
      >
        <input type="hidden" name="intent" value="add" />
        <input type="hidden" name="item_id" value={itemId} />
        <input type="hidden" name="redirectTo" value={`${here}?wishlist=added`} />
        <button type="submit" className="button button-secondary button-block" aria-disabled={fetcher.state !== 'idle' ? true : undefined}>
          <Heart filled={added} />
          {added ? 'Saved to your wishlist' : 'Add to wishlist'}
        </button>
      </fetcher.Form>
      <p role="status">
        {added ? (
          <>
            Saved. <StoreLink to="/wishlist">View your wishlist</StoreLink>
          </>
        ) : null}
      </p>
      {error ? <p role="alert" className="field-error">{error}</p> : null}
    </div>
  )
}
