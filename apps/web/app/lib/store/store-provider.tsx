/**
 * The storefront's client state (SPEC §4) as one small React context:
 * settings and cart (the root loader's data, refreshed by React Router after
 * every cart action), the cart-updating flag and cart error (derived from the
 * cart fetchers), drawers, funnel ids, history, flash messages.
 *
 * Cart changes post to the cart resource route through fetchers, so the page
 * never reloads; the same route takes plain form posts before hydration.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, useRef, type ReactNode } from 'react'
import { useFetcher, useFetchers, useLocation, useRouteLoaderData } from 'react-router'
import type { Cart, StoreSettings } from '../api/types'
import { CART_ACTION_PATH, CART_ERROR_PARAM, type CartActionData, type CartIntent } from '../cart-actions'
import { cartErrorMessage } from '../cart-errors'
import type { RootData } from '../root-data'
import { firstVisit, uiReducer, type UiAction, type UiState } from './reducer'

type Fields = Record<string, string | number | null | undefined>

export interface CartApi {
  cart: Cart | null
  /** lines in the cart, counting quantities */
  itemCount: number
  /** a cart change is on its way to the server */
  cartUpdating: boolean
  /** the last cart change's error, if it failed */
  cartError: string | null
  /** the last discount code's errors, if it was refused */
  discountErrors: string[]
  cartOpen: boolean
  cartAnimating: boolean
  openCart(): void
  closeCart(): void
  toggleCart(): void
  /** adds a line and, when it worked, opens the cart drawer */
  addToCart(itemId: string | number, size: string | null, qty?: number): Promise<CartActionData>
  updateLine(cartId: string, qty: number): Promise<CartActionData>
  removeLine(cartId: string): Promise<CartActionData>
  applyDiscount(code: string): Promise<CartActionData>
  removeDiscount(): Promise<CartActionData>
}

export interface StoreValue {
  brand: RootData['brand']
  settings: StoreSettings
  host: string
  ui: UiState
  dispatch(action: UiAction): void
  cartApi: CartApi
}

const StoreContext = createContext<StoreValue | null>(null)

const FAILED: CartActionData = {
  intent: null,
  cart: null,
  errors: [{ message: 'We could not update your cart just now. Please try again.' }],
}

/**
 * A fetcher for the cart resource route whose submissions resolve with the action's answer: once the
 * fetcher is idle again after it went busy (or has new data). Not merely idle: a submission sent from
 * a child's effect at hydration (a coupon link) comes before this hook's own first effect, which
 * would otherwise find the fetcher idle, with no answer yet, and resolve it as failed.
 */
function useCartFetcher(key: string) {
  const fetcher = useFetcher<CartActionData>({ key })
  const waiting = useRef<Array<(result: CartActionData) => void>>([])
  const sent = useRef<{ busy: boolean; data: CartActionData | undefined } | null>(null)
  useEffect(() => {
    if (fetcher.state !== 'idle') {
      if (sent.current) sent.current.busy = true
      return
    }
    if (!sent.current || waiting.current.length === 0) return
    if (!sent.current.busy && fetcher.data === sent.current.data) return
    sent.current = null
    const result = fetcher.data ?? FAILED
    for (const resolve of waiting.current.splice(0)) resolve(result)
  }, [fetcher.state, fetcher.data])
  const { submit } = fetcher
  const data = fetcher.data
  const send = useCallback(
    (intent: CartIntent, fields: Fields) =>
      new Promise<CartActionData>((resolve) => {
        waiting.current.push(resolve)
        sent.current ??= { busy: false, data }
        const form: Record<string, string> = { intent }
        for (const [k, v] of Object.entries(fields)) if (v !== null && v !== undefined) form[k] = String(v)
        void submit(form, { method: 'post', action: CART_ACTION_PATH })
      }),
    [submit, data],
  )
  return { data: fetcher.data, send }
}

export function StoreProvider({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<RootData>('root')
  if (!root) throw new Error('StoreProvider needs the root loader data')
  const lines = useCartFetcher('cart')
  const discount = useCartFetcher('cart-discount')
  const fetchers = useFetchers()
  const location = useLocation()
  // the page's own path is in the history from the start (the server renders the same): the
  // 'visit' of NavigationEffects after hydration then changes nothing, where a change of the
  // store's value re-rendered every part of the page that reads it, at once, in the task of
  // hydration's effects (~25 ms of main thread on an item page)
  const [ui, dispatch] = useReducer(uiReducer, location.pathname + location.search, firstVisit)

  const cartUpdating = fetchers.some((f) => f.state !== 'idle' && f.formAction?.startsWith(CART_ACTION_PATH))
  const cart = root.cart
  const itemCount = cart?.items.reduce((n, line) => n + (Number(line.qty) || 0), 0) ?? 0

  // A plain form post (before hydration) comes back with its error's code in the URL: only the store's words show.
  const errorFromUrl = useMemo(() => cartErrorMessage(new URLSearchParams(location.search).get(CART_ERROR_PARAM)), [location.search])
  const cartError = lines.data?.errors?.[0]?.message ?? (lines.data ? null : errorFromUrl)

  const { send: sendLine } = lines
  const { send: sendDiscount } = discount
  const cartApi = useMemo<CartApi>(
    () => ({
      cart,
      itemCount,
      cartUpdating,
      cartError,
      discountErrors: discount.data?.errors?.map((e) => e.message) ?? [],
      cartOpen: ui.cartOpen,
      cartAnimating: ui.cartAnimating,
      openCart: () => dispatch({ type: 'openCart' }),
      closeCart: () => dispatch({ type: 'closeCart' }),
      toggleCart: () => dispatch({ type: 'toggleCart' }),
      addToCart: async (itemId, size, qty = 1) => {
        const result = await sendLine('add', { item_id: itemId, size, qty })
        if (!result.errors) dispatch({ type: 'openCart' })
        return result
      },
      updateLine: (cartId, qty) => sendLine(qty <= 0 ? 'remove' : 'update', { cartId, qty: Math.max(0, qty) }),
      removeLine: (cartId) => sendLine('remove', { cartId }),
      applyDiscount: (code) => sendDiscount('discount', { code }),
      removeDiscount: () => sendDiscount('removeDiscount', {}),
    }),
    [cart, itemCount, cartUpdating, cartError, discount.data, ui.cartOpen, ui.cartAnimating, sendLine, sendDiscount],
  )

  const value = useMemo<StoreValue>(
    () => ({ brand: root.brand, settings: root.settings, host: root.host, ui, dispatch, cartApi }),
    [root.brand, root.settings, root.host, ui, cartApi],
  )
  return <StoreContext.Provider value={value}>{children}</StoreContext.Provider>
}

export function useStore(): StoreValue {
  const store = useContext(StoreContext)
  if (!store) throw new Error('useStore must be used inside <StoreProvider>')
  return store
}

/** The cart and its operations: `const { addToCart, openCart } = useCart()`. */
export function useCart(): CartApi {
  return useStore().cartApi
}

export function useSettings(): StoreSettings {
  return useStore().settings
}

/** Drawer state: opening one closes the other. */
export function useDrawers() {
  const { ui, dispatch } = useStore()
  return {
    cartOpen: ui.cartOpen,
    menuOpen: ui.menuOpen,
    openMenu: () => dispatch({ type: 'openMenu' }),
    closeMenu: () => dispatch({ type: 'closeMenu' }),
    toggleMenu: () => dispatch({ type: 'toggleMenu' }),
    openCart: () => dispatch({ type: 'openCart' }),
    closeCart: () => dispatch({ type: 'closeCart' }),
  }
}
