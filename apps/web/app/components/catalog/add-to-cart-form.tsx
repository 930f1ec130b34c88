/**
 * Size picker and 'Add to cart' of an item page. A plain form posting to the
 * cart resource route (works before hydration: the shopper comes back with the
 * cart drawer open); once hydrated the submit goes through useCart().addToCart,
 * which opens the drawer without a reload. Choosing a size remembers it in the
 * selected_size cookie for the next item page.
 */
import { CLUB_LANDING_PATH, displaySize, normalizeSizes, sortSizes } from '@store/core'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useCart, useStore } from '../../lib/store/store-provider'
import { CartForm } from '../cart/cart-form'
import { StoreLink } from '../store-link'
import type { ItemDetail } from '../../lib/api/types'
import { selectedSizeCookie } from './selected-size'
import { SizeGuideDialog } from './size-guide-dialog'
import { sizeKey } from './same-size'

export interface AddToCartFormProps {
  item: Pick<ItemDetail, 'id' | 'name' | 'sizes' | 'availableSizes' | 'vip_exclusive'>
  /** pre-selected size (the remembered one, when the item has it) */
  initialSize: string | null
}

export function AddToCartForm({ item, initialSize }: AddToCartFormProps) {
  const { brand, settings } = useStore()
  const { addToCart, cart } = useCart()
  // a VIP exclusive is sold to members only (the cart refuses anyone else): say so before the click
  const membersOnly = item.vip_exclusive && settings.brandHasClub && !cart?.has_club
  const club = settings.clubName || 'VIP'
  const id = useId()
  const box = useRef<HTMLDivElement>(null)
  const [size, setSize] = useState<string | null>(initialSize)
  const [error, setError] = useState<string | null>(null)
  const [pending, setPending] = useState(false)

  const inStock = normalizeSizes(item.availableSizes)
  const sizes = sortSizes(normalizeSizes(item.sizes?.length ? item.sizes : item.availableSizes))
  const soldOut = inStock.length === 0
  // each size name's key once (sameSize compares these keys), not once per pair
  const inStockKeys = new Set(inStock.map((x) => sizeKey(x, brand.id)))
  const isInStock = (s: string) => inStockKeys.has(sizeKey(s, brand.id))

  // a size picked before hydration is the one that counts
  // biome-ignore lint/correctness/useExhaustiveDependencies: a size picked before hydration is read once, at hydration
  useEffect(() => {
    const checked = box.current?.querySelector<HTMLInputElement>('input[name="size"]:checked')
    if (checked && checked.value !== size) setSize(checked.value)
  }, [])

  function choose(next: string) {
    setSize(next)
    setError(null)
    // biome-ignore lint/suspicious/noDocumentCookie: a first-party cookie the server reads on the next page; the Cookie Store API is missing from browsers the store serves
    document.cookie = selectedSizeCookie(next, window.location.protocol === 'https:')
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (pending) return
    const chosen = size ?? event.currentTarget.querySelector<HTMLInputElement>('input[name="size"]:checked')?.value ?? null
    if (!chosen) {
      setError('Choose a size first.')
      box.current?.querySelector<HTMLInputElement>('input[name="size"]:not(:disabled)')?.focus()
      return
    }
    setPending(true)
    setError(null)
    const result = await addToCart(item.id, chosen, 1)
    setPending(false)
    if (result.errors?.length) setError(result.errors[0]?.message ?? 'We could not add this to your cart.')
  }

  const errorId = `${id}-error`
  return (
    <CartForm intent="add" fields={{ item_id: String(item.id), qty: '1' }} className="add-to-cart" onSubmit={submit}>
      <div ref={box}>
        {sizes.length ? (
          <fieldset className="size-picker" aria-describedby={error ? errorId : undefined}>
            <legend>Size{size ? <span className="size-picker-chosen">: {displaySize(size, brand.id)}</span> : null}</legend>
            <div className="size-options">
              {sizes.map((s) => {
                const available = isInStock(s)
                return (
                  <label className="size-option" key={s}>
                    <input
                      type="radio"
                      name="size"
                      value={s}
                      defaultChecked={initialSize !== null && s === initialSize}
                      disabled={!available}
                      required
                      onChange={() => choose(s)}
                    />
                    <span>
                      {displaySize(s, brand.id)}
                      {available ? null : <span className="visually-hidden"> (sold out)</span>}
                    </span>
                  </label>
                )
              })}
            </div>
          </fieldset>
        ) : null}
        <div className="size-guide-row">
          <SizeGuideDialog />
        </div>
        {membersOnly ? (
          <>
            <p className="item-members-only" data-testid="item-members-only">
              A {club} exclusive: only {club} members can buy it.
            </p>
            <StoreLink to={CLUB_LANDING_PATH} className="button button-primary button-block">
              Join {club} to shop it
            </StoreLink>
          </>
        ) : (
          <button type="submit" className="button button-primary button-block" disabled={soldOut || pending} aria-describedby={error ? errorId : undefined}>
            {soldOut ? 'Sold out' : pending ? 'Adding…' : 'Add to cart'}
          </button>
        )}
        <p id={errorId} className="add-to-cart-error" role="alert">
          {error}
        </p>
      </div>
    </CartForm>
  )
}
