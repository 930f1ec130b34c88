/**
 * The store's services as a page sees them: what the server hands every
 * loader and action through the load context, answered in the same process by
 * the same services as the JSON API (no HTTP hop, no cookie jar). Inputs are
 * what a form posts (strings), checked by the same rules as the API's; a
 * failure is thrown as a StoreError with the API's status and messages.
 */
import type { CustomerResult, StyleProfileField } from './accounts.ts'
import type { Cart } from './cart.ts'
import type { Category, CategoryGroup, ItemDetail, Review, ReviewableItem } from './catalog.ts'
import type {
  CheckoutFlowResult,
  CheckoutQuote,
  CheckoutResult,
  OfferStep,
  OneTimeOfferStep,
  OneTimeOffer,
  OrderBump,
  OrderBumpList,
  PaymentSetup,
  SocialMediaClaim,
} from './checkout.ts'
import type { ContentPage, Feed, MembershipLanding, SocialMediaSpecial } from './content.ts'
import type { CancelCheck, MemberClub, Membership, MonthlyPicks } from './membership.ts'
import type { AccountInfo, AddressEntry, DefaultAddresses, EmailChangeRequested, MessageReceived, WishlistEntry } from './members.ts'
import type { Order, OrderHeadline, OrdersPage } from './orders.ts'
import type { CardSetupStep, PaymentMethod } from './payment-methods.ts'
import type { StoreSettings } from './settings.ts'
import type { Tracking } from './tracking.ts'

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
  /** whether a reset link's token still works, read without using it (the /forgot page says at once when it does not) */
  resetLinkWorks(token: FormInput): Promise<boolean>
  resetPassword(input: { token: FormInput; password: FormInput }): Promise<void>

  // ----- the checkout funnel (docs/checkout.md)
  /** the checkout's figures for a shipping method and address, as POST /checkout will charge them (GET /checkout/quote; an empty cart is a 422) */
  checkoutQuote(input: { country?: FormInput; state?: FormInput; shipping_method?: FormInput; checkout_flow?: FormInput; email?: FormInput }): Promise<CheckoutQuote>
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
  ): Promise<OneTimeOfferStep>
  declineOneTimeOffer(id: FormInput, orderNumber: FormInput): Promise<OfferStep>
  setCheckoutFlow(input: { checkout_flow: FormInput; offer_code?: FormInput }): Promise<CheckoutFlowResult>
  /** places the member's exchange the cart holds, nothing to pay: the checkout form's address, no card (POST /checkout with checkout_flow exchange; docs/decisions/223) */
  placeExchange(idempotencyKey: FormInput, input: Record<string, FormInput>): Promise<CheckoutResult>
  socialMediaSpecial(id: FormInput): Promise<SocialMediaSpecial>
  claimSocialMediaSpecial(id: FormInput, input: { size?: FormInput }): Promise<SocialMediaClaim>

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
  /** the Members Area's club section in one read: the membership and the coming box's picks (null for a customer who never joined) */
  memberClub(): Promise<MemberClub | null>
  // ----- members area (logged-in customers: a visitor gets a 401 StoreError)
  account(): Promise<AccountInfo>
  /** current password required; every other session of the customer ends and this one gets a new cookie */
  changePassword(input: { current_password: FormInput; password: FormInput }): Promise<void>
  /** the customer's name */
  updateAccount(input: { name: FormInput }): Promise<AccountInfo>
  /** e-mails a confirmation link to the new address; nothing changes until it is opened */
  changeEmail(input: { email: FormInput; current_password: FormInput }): Promise<EmailChangeRequested>
  /** the token of the link /change_password?confirm=TOKEN, opened by the logged-in customer */
  confirmEmail(token: FormInput): Promise<AccountInfo>

  addresses(): Promise<AddressEntry[]>
  /** the default shipping and billing addresses, both null for a visitor (checkout prefill; docs/members.md) */
  defaultAddresses(): Promise<DefaultAddresses>
  /** adds an address, or changes the one `id` names */
  saveAddress(input: AddressForm, id?: FormInput): Promise<AddressEntry>
  deleteAddress(id: FormInput): Promise<void>
  setDefaultAddress(id: FormInput, type?: FormInput): Promise<AddressEntry>

  /** the customer's orders, newest first (SPEC §3 order history) */
  orders(): Promise<Order[]>
  /** one page of orders() for /orders (page from 1; anything else reads as 1) */
  ordersPage(page: FormInput): Promise<OrdersPage>
  /** the shopper cancels their order (POST /orders/{number}/cancel): the order after it; a refusal is a 409 with the reason */
  cancelOrder(orderNumber: FormInput): Promise<Order>
  /** the shopper asks to return pieces (POST /orders/{number}/returns) */
  returnOrder(orderNumber: FormInput, lines: { line_id: FormInput; qty: FormInput; reason: FormInput }[]): Promise<Order>
  /** a club member exchanges a piece for another size, or another colour of its style (item_id) (POST /orders/{number}/exchanges) */
  exchangeOrder(orderNumber: FormInput, input: { line_id: FormInput; size: FormInput; item_id?: FormInput; reason?: FormInput }): Promise<Order>
  /** the newest of orders(), headline only: one statement */
  latestOrder(): Promise<OrderHeadline | null>
  /** an order's tracker: the owner's by number, anyone's by number and the order's e-mail (else a 404; misses throttled: 429) */
  tracking(orderNumber: FormInput, email?: FormInput): Promise<Tracking>
  /** saved cards, the default first */
  paymentMethods(): Promise<PaymentMethod[]>
  /**
   * saves the card of a gateway token (test-tokens or Stripe.js) through the gateway's setup flow, or
   * says the bank wants the cardholder to confirm it first (then completeCardSetup); a refused card is a 402
   */
  addPaymentMethod(input: { payment_token: FormInput; make_default?: FormInput }): Promise<CardSetupStep>
  /** keeps a card whose bank asked, once the cardholder took its step: 402 when the bank refused it, 409 while it still waits */
  completeCardSetup(setupId: FormInput): Promise<PaymentMethod[]>
  setDefaultPaymentMethod(id: FormInput): Promise<PaymentMethod[]>
  removePaymentMethod(id: FormInput): Promise<PaymentMethod[]>

  /** the items the customer may review now (bought, arrived, not yet reviewed; docs/reviews.md) */
  reviewableItems(): Promise<ReviewableItem[]>
  /** a buyer's review with up to 3 photos (the bytes of each file); shown at once as from a verified buyer */
  writeReview(input: ReviewForm, photos: Uint8Array[]): Promise<Review>

  wishlist(): Promise<WishlistEntry[]>
  addToWishlist(itemId: FormInput): Promise<WishlistEntry[]>
  removeFromWishlist(id: FormInput): Promise<WishlistEntry[]>
  moveWishlistToCart(id: FormInput, size: FormInput): Promise<WishlistEntry[]>

  // ----- customer service and the style profile (visitors too)
  sendContact(input: { name: FormInput; email: FormInput; topic: FormInput; order_number?: FormInput; message: FormInput }): Promise<MessageReceived>
  sendFeedback(input: { name: FormInput; email: FormInput; rating?: FormInput; order_number?: FormInput; message: FormInput }): Promise<MessageReceived>
  /** field name -> option value; empty answers are left out */
  saveStyleProfile(answers: Record<string, FormInput>): Promise<StyleProfileField[]>
}

/** A buyer's review as a form posts it (SPEC §3 Review fields). */
export interface ReviewForm {
  item_id: FormInput
  rating: FormInput
  would_you_recommend_us: FormInput
  instagram?: FormInput
  about_your_product: FormInput
  sizing_fit?: FormInput
  how_do_you_style?: FormInput
  where_travel?: FormInput
  how_was_your_first_order?: FormInput
}

/** An address book entry as a form posts it. */
export interface AddressForm {
  address_type: FormInput
  name: FormInput
  company?: FormInput
  country: FormInput
  address: FormInput
  address_2?: FormInput
  city: FormInput
  state?: FormInput
  zip?: FormInput
  phone?: FormInput
  default?: FormInput | boolean
}
