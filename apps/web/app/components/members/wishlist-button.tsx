/**
 * "Add to wishlist" beside "Add to cart" on an item page. A visitor gets a
 * link to log in and come back. A customer's plain form posts to /wishlist and
 * comes back here (before hydration); once hydrated a fetcher posts it and the
 * page stays as it is, saying it is saved. An item the customer saved before
 * says so ("Remove from wishlist") once the page has read their wishlist.
 */
import { useEffect, useState, type FormEvent } from 'react'
import { useFetcher, useLocation, useSearchParams } from 'react-router'
import { LOGIN_PATH, type WishlistEntry } from '@store/core'
import { useBrowserApi } from '../../lib/api/browser'
import { StoreLink } from '../store-link'
import { useCart } from '../../lib/store/store-provider'
import type { ApiErrorItem } from '../../lib/api/types'
import { useHydrated } from '../catalog/use-hydrated'

const WISHLIST_ACTION_PATH = '/wishlist'

/** What /wishlist's action answers a button of an item page (`answer: 'here'`). */
export interface WishlistAnswer {
  added?: boolean
  /** the entry saved, so it can be removed from here */
  entryId?: string | null
  removed?: boolean
  errors?: ApiErrorItem[]
}

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

/**
 * The customer's wishlist entry for this item, read from GET /api/wishlist once the page is
 * hydrated (the item page is the same for everyone; what is saved is the customer's own), then
 * kept by what the buttons answer. Undefined while unknown; null when the item is not saved.
 */
function useWishlistEntry(itemId: number, loggedIn: boolean) {
  const api = useBrowserApi()
  const [entryId, setEntryId] = useState<string | null | undefined>(undefined)
  useEffect(() => {
    if (!loggedIn) return
    let current = true
    api
      .get<WishlistEntry[]>('/wishlist')
      .then((entries) => {
        if (current) setEntryId(entries.find((entry) => entry.item.id === itemId)?.id ?? null)
      })
      .catch(() => {
        // unknown: the button offers to save it, which is harmless when it is saved already
      })
    return () => {
      current = false
    }
  }, [api, itemId, loggedIn])
  return [entryId, setEntryId] as const
}

export function WishlistButton({ itemId }: { itemId: number }) {
  const { cart } = useCart()
  const location = useLocation()
  const [params] = useSearchParams()
  const hydrated = useHydrated()
  const fetcher = useFetcher<WishlistAnswer>()
  const here = location.pathname
  const loggedIn = cart?.loggedin === true
  const [entryId, setEntryId] = useWishlistEntry(itemId, loggedIn)
  const answer = fetcher.data
  useEffect(() => {
    if (answer?.added) setEntryId(answer.entryId ?? null)
    if (answer?.removed) setEntryId(null)
  }, [answer, setEntryId])
  // before hydration, the plain form came back saying it is saved
  const saved = typeof entryId === 'string' || (entryId === undefined && params.get('wishlist') === 'added')
  const busy = fetcher.state !== 'idle'
  const error = answer?.errors?.[0]?.message

  if (!loggedIn) {
    return (
      <p className="wishlist-button">
        <StoreLink to={`${LOGIN_PATH}?${new URLSearchParams({ redirectTo: here }).toString()}`} className="button button-secondary button-block">
          <Heart filled={false} />
          Log in to save to your wishlist
        </StoreLink>
      </p>
    )
  }
  const post = (fields: Record<string, string>) => (event: FormEvent<HTMLFormElement>) => {
    if (!hydrated) return
    event.preventDefault()
    if (busy) return
    void fetcher.submit({ ...fields, answer: 'here' }, { method: 'post', action: WISHLIST_ACTION_PATH })
  }
  return (
    <div className="wishlist-button">
      {saved && typeof entryId === 'string' ? (
        <fetcher.Form method="post" action={WISHLIST_ACTION_PATH} onSubmit={post({ intent: 'remove', id: entryId })}>
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="id" value={entryId} />
          <input type="hidden" name="redirectTo" value={here} />
          <button type="submit" className="button button-secondary button-block" aria-disabled={busy ? true : undefined}>
            <Heart filled />
            Remove from wishlist
          </button>
        </fetcher.Form>
      ) : (
        <fetcher.Form method="post" action={WISHLIST_ACTION_PATH} onSubmit={post({ intent: 'add', item_id: String(itemId) })}>
          <input type="hidden" name="intent" value="add" />
          <input type="hidden" name="item_id" value={itemId} />
          <input type="hidden" name="redirectTo" value={`${here}?wishlist=added`} />
          <button type="submit" className="button button-secondary button-block" aria-disabled={busy ? true : undefined}>
            <Heart filled={saved} />
            {saved ? 'Saved to your wishlist' : 'Add to wishlist'}
          </button>
        </fetcher.Form>
      )}
      <p role="status">
        {saved ? (
          <>
            On your wishlist. <StoreLink to="/wishlist">View your wishlist</StoreLink>
          </>
        ) : answer?.removed ? (
          'Removed from your wishlist.'
        ) : null}
      </p>
      {error ? (
        <p role="alert" className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  )
}
