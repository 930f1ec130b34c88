/**
 * The store's services as a page sees them: what the server hands every
 * loader and action through the load context, answered in the same process by
 * the same services as the JSON API (no HTTP hop, no cookie jar). Inputs are
 * what a form posts (strings), checked by the same rules as the API's; a
 * failure is thrown as a StoreError with the API's status and messages.
 */
import type { CustomerResult, StyleProfileField } from './accounts.ts'
import type { Cart } from './cart.ts'
import type { Category, CategoryGroup, ItemDetail, Review } from './catalog.ts'
import type { ContentPage, Feed, MembershipLanding } from './content.ts'
import type { CancelCheck, Membership, MonthlyPicks } from './membership.ts'
import type { StoreSettings } from './settings.ts'

/** A posted field: a string, or absent. */
export type FormInput = string | number | null | undefined

export interface ReviewQuery {
  itemId?: number | string
  page?: number
  perPage?: number
}

export interface StoreServices {
  settings(): Promise<StoreSettings>
  /** the shopper's cart (read once per request until something changes it) */
  cart(): Promise<Cart>
  category(name: string): Promise<Category>
  categoryGroup(name: string): Promise<CategoryGroup>
  item(id: string | number): Promise<ItemDetail>
  reviews(query: ReviewQuery): Promise<Review[]>
  contentPage(slug: string): Promise<ContentPage>
  feed(): Promise<Feed>
  membershipLanding(): Promise<MembershipLanding>
  styleProfile(): Promise<StyleProfileField[]>

  addToCart(input: { item_id: FormInput; size: FormInput; qty?: FormInput }): Promise<Cart>
  updateCartLine(cartId: string, qty: FormInput): Promise<Cart>
  applyDiscountCode(code: FormInput): Promise<Cart>
  removeDiscountCode(): Promise<Cart>

  register(input: { name: FormInput; email: FormInput; password: FormInput }): Promise<CustomerResult>
  login(input: { email: FormInput; password: FormInput }): Promise<CustomerResult>
  logout(): Promise<void>
  forgot(email: FormInput): Promise<void>
  resetPassword(input: { token: FormInput; password: FormInput }): Promise<void>

  /** the VIP club: the session's customer's membership (null for a visitor or a non-member) */
  membership(): Promise<Membership | null>
  skipMonth(): Promise<Membership>
  unskipMonth(): Promise<Membership>
  pause(): Promise<Membership>
  resume(): Promise<Membership>
  cancel(input: { reasons?: FormInput | FormInput[]; other?: FormInput }): Promise<Membership>
  rejoin(): Promise<Membership>
  cancelCheck(): Promise<CancelCheck>
  /** true the first time: the save offer (pause or skip instead) is shown once */
  saveOfferSeen(): Promise<boolean>
  monthlyPicks(): Promise<MonthlyPicks>
  saveMonthlyPicks(input: { item_id: FormInput; size: FormInput }): Promise<MonthlyPicks>
}
