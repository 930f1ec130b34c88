/**
 * Client state of SPEC §4 that is not loader data: drawers, funnel ids, the
 * last visited paths, one-time-offer flash messages, the notice of a coupon link,
 * the split-test winner.
 * Settings and the cart are the root loader's data (one source of truth,
 * refreshed by React Router after every cart action).
 */
import { HISTORY_SIZE } from '@store/core'

export interface UiState {
  cartOpen: boolean
  /** true while the cart drawer slides in or out */
  cartAnimating: boolean
  menuOpen: boolean
  orderBumpIds: string[]
  oneTimeOfferIds: string[]
  /** the last HISTORY_SIZE visited paths, oldest first */
  history: string[]
  /** one-time-offer flash messages, shown once */
  offerMessages: string[]
  /** what became of a `?coupon=` link's code (applied or refused), shown until dismissed or the next page */
  couponNotice: CouponNotice | null
  /** split-test variant chosen for this visit */
  winner: string | null
}

export interface CouponNotice {
  applied: boolean
  message: string
}

export type UiAction =
  | { type: 'openCart' }
  | { type: 'closeCart' }
  | { type: 'toggleCart' }
  | { type: 'cartAnimationEnd' }
  | { type: 'openMenu' }
  | { type: 'closeMenu' }
  | { type: 'toggleMenu' }
  | { type: 'visit'; path: string }
  | { type: 'setOrderBumpIds'; ids: string[] }
  | { type: 'setOneTimeOfferIds'; ids: string[] }
  | { type: 'flashOfferMessage'; message: string }
  | { type: 'clearOfferMessages' }
  | { type: 'couponNotice'; notice: CouponNotice }
  | { type: 'dismissCouponNotice' }
  | { type: 'setWinner'; winner: string | null }

export const initialUiState: UiState = {
  cartOpen: false,
  cartAnimating: false,
  menuOpen: false,
  orderBumpIds: [],
  oneTimeOfferIds: [],
  history: [],
  offerMessages: [],
  couponNotice: null,
  winner: null,
}

/** The state on the first page of a visit (server and browser alike): that page already visited. */
export function firstVisit(path: string): UiState {
  return uiReducer(initialUiState, { type: 'visit', path })
}

/** Appends a path, keeping the last `size`; a repeat of the latest path is not added twice. */
export function pushHistory(history: readonly string[], path: string, size = HISTORY_SIZE): string[] {
  if (history[history.length - 1] === path) return [...history]
  return [...history, path].slice(-size)
}

export function uiReducer(state: UiState, action: UiAction): UiState {
  switch (action.type) {
    case 'openCart':
      // opening one drawer closes the other (SPEC §4)
      return state.cartOpen ? state : { ...state, cartOpen: true, cartAnimating: true, menuOpen: false }
    case 'closeCart':
      return state.cartOpen ? { ...state, cartOpen: false, cartAnimating: true } : state
    case 'toggleCart':
      return uiReducer(state, { type: state.cartOpen ? 'closeCart' : 'openCart' })
    case 'cartAnimationEnd':
      return state.cartAnimating ? { ...state, cartAnimating: false } : state
    case 'openMenu':
      return state.menuOpen ? state : { ...state, menuOpen: true, cartOpen: false, cartAnimating: state.cartOpen || state.cartAnimating }
    case 'closeMenu':
      return state.menuOpen ? { ...state, menuOpen: false } : state
    case 'toggleMenu':
      return uiReducer(state, { type: state.menuOpen ? 'closeMenu' : 'openMenu' })
    case 'visit': {
      const history = pushHistory(state.history, action.path)
      return history.length === state.history.length && history.every((p, i) => p === state.history[i])
        ? state
        : // a coupon's notice belongs to the page its link opened
          { ...state, history, couponNotice: null }
    }
    case 'setOrderBumpIds':
      return { ...state, orderBumpIds: [...action.ids] }
    case 'setOneTimeOfferIds':
      return { ...state, oneTimeOfferIds: [...action.ids] }
    case 'flashOfferMessage':
      return { ...state, offerMessages: [...state.offerMessages, action.message] }
    case 'clearOfferMessages':
      return state.offerMessages.length === 0 ? state : { ...state, offerMessages: [] }
    case 'couponNotice':
      return { ...state, couponNotice: action.notice }
    case 'dismissCouponNotice':
      return state.couponNotice ? { ...state, couponNotice: null } : state
    case 'setWinner':
      return { ...state, winner: action.winner }
  }
}
