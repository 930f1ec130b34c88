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
import type {
  CheckoutFlowResult,
  CheckoutQuote,
  OfferStep,
  OneTimeOffer,
  OrderBump,
  OrderBumpList,
  PaymentSetup,
  SocialMediaClaim,
} from './checkout.ts'
import type { ContentPage, Feed, MembershipLanding, SocialMediaSpecial } from './content.ts'
import type { Order } from './orders.ts'
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

  // ----- the checkout funnel (docs/checkout.md)
  /** the checkout's figures for a shipping method and address, as POST /checkout will charge them (GET /checkout/quote; an empty cart is a 422) */
  checkoutQuote(input: { country?: FormInput; state?: FormInput; shipping_method?: FormInput }): Promise<CheckoutQuote>
  /** how the card form tokenises: the test gateway, or Stripe.js with the publishable key */
  paymentSetup(): PaymentSetup
  /** an order, for the session that placed it or the customer who owns it (else a 404) */
  order(orderNumber: FormInput): Promise<Order>
  /** where a paid order goes next: the first one-time offer, else the thank-you page (with ?order=) */
  afterPaymentPath(orderNumber: FormInput): Promise<string>
  /** the post-offer flow (SPEC §4): an unknown type is a 422 'Unknown pageOfferType' */
  offerFlowNext(input: { type: FormInput; current?: FormInput; order?: FormInput }): Promise<OfferStep>
  orderBumps(): Promise<OrderBumpList>
  orderBump(id: FormInput): Promise<OrderBump>
  acceptOrderBump(id: FormInput, input: { size?: FormInput }): Promise<OfferStep>
  declineOrderBump(id: FormInput): Promise<OfferStep>
  oneTimeOffer(id: FormInput, orderNumber?: FormInput): Promise<OneTimeOffer>
  /** buys the offer on the order's saved card, once per key (the page's own form post; the browser uses the API) */
  acceptOneTimeOffer(
    id: FormInput,
    idempotencyKey: FormInput,
    input: { order_number: FormInput; item_id?: FormInput; size?: FormInput; category?: FormInput },
  ): Promise<OfferStep>
  declineOneTimeOffer(id: FormInput, orderNumber: FormInput): Promise<OfferStep>
  setCheckoutFlow(input: { checkout_flow: FormInput; offer_code?: FormInput }): Promise<CheckoutFlowResult>
  socialMediaSpecial(id: FormInput): Promise<SocialMediaSpecial>
  claimSocialMediaSpecial(id: FormInput, input: { size?: FormInput }): Promise<SocialMediaClaim>
  saveStyleProfile(answers: Record<string, string>): Promise<StyleProfileField[]>
}
