/**
 * No customer can read or change another's data, on any route (docs/safety-rules.md, "The
 * ownership sweep"). Customer A gets one of everything that has an id: an order (joining the
 * club), an order waiting at its bank step, an address, a saved card, a card setup waiting at its
 * bank step, wishlist entries, a cart line, a review, a pending e-mail change, a one-time offer of
 * the order. Then every route of the API that takes an id (in its path, its query or its body)
 * is called with A's ids by customer B of the same brand and by customer C of another brand:
 * each must refuse as the route documents (404 for most, never a 2xx), say nothing of A, and
 * leave A's data as it was. Last, A makes the same calls and gets what an owner gets: the ids
 * were live, the refusals were about who asked.
 *
 * RULES says, for every such route, how to fill it from A's data, or why it needs no
 * ownership check. A route added later that takes an id and is not in RULES fails this test.
 */
import { randomUUID } from 'node:crypto'
import type { AddressEntry, Cart, CheckoutResult, OneTimeOffer, PaymentMethod, WishlistEntry } from '@store/core'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HOME } from '../addresses/test-address.ts'
import { CARDS, itemWithStock, placeOrder, shopperWithCart, tokenFor } from '../checkout/checkout-test-kit.ts'
import { REVIEW_AFTER_DAYS } from '../reviews/reviews.service.ts'
import { DIALECTS, dataOf, startTestStore, TestShopper, type TestStore } from '../test/harness.ts'

/** A's ids: what the strangers send. */
interface Owned {
  /** a paid order, which joined the club */
  orderNumber: string
  /** an order waiting at its bank step, and its payment */
  pendingOrder: string
  pendingPaymentId: string
  addressId: string
  paymentMethodId: string
  /** the one-time token A's saved card was made from (used by A's order) */
  usedToken: string
  /** a card being saved, waiting at its bank step */
  setupId: string
  /** two wishlist entries: one to move to the cart, one to remove */
  wishlistIds: [string, string]
  /** a size of the first entry's item in stock */
  wishlistSize: string
  cartLineId: string
  cartLineQty: number
  /** the token of A's pending e-mail change (from its e-mail) */
  emailToken: string
  /** a one-time offer of A's order, and a choice of it */
  offerId: string
  offerChoice: { item_id: number; size: string }
  /** the item A bought and reviewed */
  reviewedItemId: number
}

/** One call a stranger makes with A's ids; the owner makes it too, after the sweep. */
interface Probe {
  method: 'GET' | 'POST'
  url: string
  body?: Record<string, unknown>
  /** a fresh Idempotency-Key with each call */
  idempotent?: true
  /** what this route answers a stranger (documented refusals): anything else fails, a 2xx above all */
  refused: number[]
  /** what A gets for the same call after the sweep (the id was live); unset: not checked */
  owner?: number
}

/** How a route that takes an id is filled from A's data, or why it needs no ownership check. */
type Rule = { probes: (a: Owned) => Probe[] } | { exempt: string }

const get = (url: string, refused: number[], owner?: number): Probe => ({ method: 'GET', url, refused, ...(owner !== undefined ? { owner } : {}) })
const post = (url: string, body: Record<string, unknown>, refused: number[], owner?: number): Probe => ({
  method: 'POST',
  url,
  body,
  refused,
  ...(owner !== undefined ? { owner } : {}),
})

const PUBLIC_CATALOGUE = "the brand's public catalogue: the same for every shopper, nobody's data"
const BRAND_OFFER = "the brand's offer (catalogue); it acts on the caller's own cart only"

/**
 * Every route with a parameter in its path, or a field of its query or body named like an id
 * (ID_NAME), keyed 'METHOD /path' as GET /api/openapi.json (or the router, outside /api) names it.
 * The owner's checks run in this order: a probe that uses an id up (remove) comes after those
 * that need it.
 */
const RULES: Record<string, Rule> = {
  // ----- public: no customer's data behind the id
  'GET /api/categories/{name}': { exempt: PUBLIC_CATALOGUE },
  'GET /api/category-groups/{name}': { exempt: PUBLIC_CATALOGUE },
  'GET /api/items/{id}': { exempt: PUBLIC_CATALOGUE },
  'GET /api/reviews': { exempt: 'item_id filters the public, published reviews of a catalogue item' },
  'GET /api/content/pages/{path}': { exempt: 'public content pages of the brand' },
  'GET /api/social-media-specials/{id}': { exempt: BRAND_OFFER },
  'POST /api/social-media-specials/{id}/claim': { exempt: BRAND_OFFER },
  'GET /api/order-bumps/{id}': { exempt: BRAND_OFFER },
  'POST /api/order-bumps/{id}/accept': { exempt: BRAND_OFFER },
  'POST /api/order-bumps/{id}/decline': { exempt: BRAND_OFFER },
  'GET /api/one-time-offers/{id}': { exempt: `${BRAND_OFFER}; ?order is only carried into the next page's address as given, nothing of the order is read` },
  'GET /api/offer-flow/next': { exempt: "?order is only carried into the next page's address as given, nothing of the order is read" },
  'POST /api/cart/items': { exempt: "item_id is a catalogue item, added to the caller's own cart" },
  'POST /api/wishlist': { exempt: "item_id is a catalogue item, added to the caller's own wishlist" },
  'POST /api/membership/picks': { exempt: "item_id is a catalogue item, picked for the caller's own membership" },
  'POST /api/test-group': { exempt: 'key names a public split test; the assignment is the session’s own' },
  'GET /api/pixel-event': { exempt: "uuid is the browser's own event id (ad pixel de-duplication); it names no customer's data" },
  'POST /api/payments/test-tokens': { exempt: 'number is a card number being typed (test gateway): it becomes a new token, nothing stored is read' },
  'POST /api/reset-password': {
    exempt: "the token is the credential itself, mailed to the account's address; whoever opens the link is taken for its owner, as with any reset link",
  },
  'POST /api/contact': { exempt: 'order_number is free text quoted to support staff: nothing of the order is read or changed, the answer is the same for any number' },
  'POST /api/feedback': { exempt: 'order_number is free text quoted to support staff: nothing of the order is read or changed, the answer is the same for any number' },
  'GET /media/:kind/*': { exempt: 'generated pictures: the file name is all they show' },
  'GET /uploads/*': { exempt: 'review photos, public once the review is; keys are unguessable' },

  // ----- the operator area (docs/staff.md): a staff session (staff_sid) with the role at this brand, never a customer's
  'GET /admin/*': { exempt: "the admin app's page: the same HTML for every path, no data" },
  'POST /api/admin/set-password': { exempt: 'the token is the credential itself, from the one-time link given to the member of staff; as /api/reset-password' },
  'PATCH /api/admin/staff/{id}': {
    exempt: 'the operator API: 401 to a customer, 403 outside the role or brand (staff/staff-permissions.test.ts); the probes here send GET and POST only',
  },
  'PATCH /api/admin/items/{id}': {
    exempt: 'the operator API: 401 to a customer, 403 outside the role or brand (staff/staff-permissions.test.ts); the probes here send GET and POST only',
  },
  'GET /api/admin/items/{id}': { probes: (a) => [get(`/api/admin/items/${a.reviewedItemId}`, [401], 401)] },
  'GET /api/admin/audit': { probes: (a) => [get(`/api/admin/audit?entity_id=${a.orderNumber}`, [401], 401)] },
  'POST /api/admin/stock': { probes: (a) => [post('/api/admin/stock', { item_id: a.reviewedItemId, size: a.wishlistSize, quantity: 0, reason: 'probe' }, [401], 401)] },
  'POST /api/admin/sessions/{id}/revoke': { probes: (a) => [post(`/api/admin/sessions/${a.cartLineId}/revoke`, {}, [401], 401)] },
  'POST /api/admin/staff/{id}/remove': { probes: (a) => [post(`/api/admin/staff/${a.addressId}/remove`, {}, [401], 401)] },
  // promotions and split tests (docs/admin-promotions.md): the operator's, the same door
  'GET /api/admin/promotions/discount-codes/{id}': { probes: () => [get('/api/admin/promotions/discount-codes/pf-code-first15', [401], 401)] },
  'POST /api/admin/promotions/discount-codes/{id}/end': { probes: () => [post('/api/admin/promotions/discount-codes/pf-code-first15/end', {}, [401], 401)] },
  'POST /api/admin/promotions/order-bumps/{id}/remove': { probes: () => [post('/api/admin/promotions/order-bumps/pf-ob-1/remove', {}, [401], 401)] },
  'GET /api/admin/experiments/{name}': { probes: () => [get('/api/admin/experiments/Vip4sh', [401], 401)] },
  'GET /api/admin/experiments/{name}/results': { probes: () => [get('/api/admin/experiments/Vip4sh/results', [401], 401)] },
  'POST /api/admin/experiments/{name}/start': { probes: () => [post('/api/admin/experiments/Vip4sh/start', {}, [401], 401)] },
  'POST /api/admin/experiments/{name}/stop': { probes: () => [post('/api/admin/experiments/Vip4sh/stop', {}, [401], 401)] },
  'POST /api/admin/promotions/order-bumps': { exempt: "item_id is a catalogue item of the brand, offered at checkout: the operator's, behind the staff door" },
  'PATCH /api/admin/promotions/discount-codes/{id}': {
    exempt: 'the operator API: 401 to a customer, 403 outside the role or brand (staff/staff-permissions.test.ts); the probes here send GET and POST only',
  },
  'POST /api/admin/promotions/one-time-offers/{id}/remove': { probes: () => [post('/api/admin/promotions/one-time-offers/pf-oto-1/remove', {}, [401], 401)] },
  'PATCH /api/admin/promotions/one-time-offers/{id}': {
    exempt: 'the operator API: 401 to a customer, 403 outside the role or brand (staff/staff-permissions.test.ts); the probes here send GET and POST only',
  },
  'PATCH /api/admin/promotions/order-bumps/{id}': {
    exempt: 'the operator API: 401 to a customer, 403 outside the role or brand (staff/staff-permissions.test.ts); the probes here send GET and POST only',
  },
  'POST /api/admin/promotions/bundle-offers': { exempt: "categories are the brand's catalogue categories, a bundle priced in the cart: the operator's, behind the staff door" },
  'POST /api/admin/promotions/bundle-offers/{id}/remove': { probes: () => [post('/api/admin/promotions/bundle-offers/pf-bundle-1/remove', {}, [401], 401)] },
  'PATCH /api/admin/promotions/bundle-offers/{id}': {
    exempt: 'the operator API: 401 to a customer, 403 outside the role or brand (staff/staff-permissions.test.ts); the probes here send GET and POST only',
  },
  'POST /api/admin/promotions/social-media-specials': {
    exempt: "item_id is a catalogue item of the brand, offered on the special's landing: the operator's, behind the staff door",
  },
  'PATCH /api/admin/promotions/social-media-specials/{id}': {
    exempt: 'the operator API: 401 to a customer, 403 outside the role or brand (staff/staff-permissions.test.ts); the probes here send GET and POST only',
  },
  'PATCH /api/admin/experiments/{name}': {
    exempt: 'the operator API: 401 to a customer, 403 outside the role or brand (staff/staff-permissions.test.ts); the probes here send GET and POST only',
  },
  // the operator's content (content-admin): brand content, behind the staff door; a customer's session opens nothing there
  'GET /api/admin/content/pages/{id}': { probes: () => [get('/api/admin/content/pages/pf-page-about-us', [401], 401)] },
  'GET /api/admin/content/pages/{id}/preview': { probes: () => [get('/api/admin/content/pages/pf-page-about-us/preview', [401], 401)] },
  'PUT /api/admin/content/pages/{id}/draft': {
    exempt: 'the operator API: 401 to a customer, 403 outside the role or brand (content-admin.routes.test.ts); the probes here send GET and POST only',
  },
  'POST /api/admin/content/pages/{id}/draft/discard': { probes: () => [post('/api/admin/content/pages/pf-page-about-us/draft/discard', {}, [401], 401)] },
  'POST /api/admin/content/pages/{id}/publish': { probes: () => [post('/api/admin/content/pages/pf-page-about-us/publish', {}, [401], 401)] },
  'POST /api/admin/content/pages/{id}/versions/{number}/restore': { probes: () => [post('/api/admin/content/pages/pf-page-about-us/versions/1/restore', {}, [401], 401)] },
  'POST /api/admin/content/menus': { probes: () => [post('/api/admin/content/menus', { menu: 'header', caption: 'Probe', link: '/probe', parent_id: 'pf-menu-1' }, [401], 401)] },
  'POST /api/admin/content/menus/reorder': { probes: () => [post('/api/admin/content/menus/reorder', { menu: 'header', ids: ['pf-menu-1'] }, [401], 401)] },
  'PATCH /api/admin/content/menus/{id}': {
    exempt: 'the operator API: 401 to a customer, 403 outside the role or brand (content-admin.routes.test.ts); the probes here send GET and POST only',
  },
  'POST /api/admin/content/menus/{id}/remove': { probes: () => [post('/api/admin/content/menus/pf-menu-1/remove', {}, [401], 401)] },
  // the operator's orders (docs/admin-orders.md): A's own order number opens nothing to A or anyone without a staff session
  'GET /api/admin/orders/{number}': { probes: (a) => [get(`/api/admin/orders/${a.orderNumber}`, [401], 401)] },
  'POST /api/admin/orders/{number}/pack': { probes: (a) => [post(`/api/admin/orders/${a.orderNumber}/pack`, {}, [401], 401)] },
  'POST /api/admin/orders/{number}/ship': { probes: (a) => [post(`/api/admin/orders/${a.orderNumber}/ship`, { carrier: 'UPS', tracking_number: '1Z1' }, [401], 401)] },
  'POST /api/admin/orders/{number}/cancel': { probes: (a) => [post(`/api/admin/orders/${a.orderNumber}/cancel`, { reason: 'probe' }, [401], 401)] },
  'POST /api/admin/orders/{number}/refunds': { probes: (a) => [post(`/api/admin/orders/${a.orderNumber}/refunds`, { amount: 1, reason: 'probe' }, [401], 401)] },
  'POST /api/admin/orders/{number}/receive-return': { probes: (a) => [post(`/api/admin/orders/${a.orderNumber}/receive-return`, {}, [401], 401)] },
  'POST /api/admin/orders/{number}/send-exchange': { probes: (a) => [post(`/api/admin/orders/${a.orderNumber}/send-exchange`, {}, [401], 401)] },
  'POST /api/admin/orders/{number}/notes': { probes: (a) => [post(`/api/admin/orders/${a.orderNumber}/notes`, { text: 'probe' }, [401], 401)] },
  'POST /api/admin/orders/{number}/confirmation': { probes: (a) => [post(`/api/admin/orders/${a.orderNumber}/confirmation`, {}, [401], 401)] },
  // the operator's customer care (customers-admin, reviews, messages): a customer's session opens nothing there
  'GET /api/admin/customers/{id}': { probes: (a) => [get(`/api/admin/customers/${a.addressId}`, [401], 401)] },
  'POST /api/admin/customers/{id}/password-reset': { probes: (a) => [post(`/api/admin/customers/${a.addressId}/password-reset`, {}, [401], 401)] },
  'POST /api/admin/customers/{id}/erase': { probes: (a) => [post(`/api/admin/customers/${a.addressId}/erase`, {}, [401], 401)] },
  'GET /api/admin/reviews': { probes: (a) => [get(`/api/admin/reviews?item_id=${a.reviewedItemId}`, [401], 401)] },
  'POST /api/admin/reviews/{id}/hide': { probes: (a) => [post(`/api/admin/reviews/${a.addressId}/hide`, {}, [401], 401)] },
  'POST /api/admin/reviews/{id}/show': { probes: (a) => [post(`/api/admin/reviews/${a.addressId}/show`, {}, [401], 401)] },
  'GET /api/admin/messages/{id}': { probes: (a) => [get(`/api/admin/messages/${a.addressId}`, [401], 401)] },
  'POST /api/admin/messages/{id}/replies': { probes: (a) => [post(`/api/admin/messages/${a.addressId}/replies`, { body: 'probe' }, [401], 401)] },
  'POST /api/admin/messages/{id}/close': { probes: (a) => [post(`/api/admin/messages/${a.addressId}/close`, {}, [401], 401)] },
  'POST /api/admin/messages/{id}/reopen': { probes: (a) => [post(`/api/admin/messages/${a.addressId}/reopen`, {}, [401], 401)] },
  // acting for a club member (club-admin): a customer's session opens nothing there, whatever id it names
  'GET /api/admin/club/members/{id}': { probes: (a) => [get(`/api/admin/club/members/${a.addressId}`, [401], 401)] },
  'POST /api/admin/club/members/{id}/skip': { probes: (a) => [post(`/api/admin/club/members/${a.addressId}/skip`, { note: 'probe' }, [401], 401)] },
  'POST /api/admin/club/members/{id}/unskip': { probes: (a) => [post(`/api/admin/club/members/${a.addressId}/unskip`, { note: 'probe' }, [401], 401)] },
  'POST /api/admin/club/members/{id}/pause': { probes: (a) => [post(`/api/admin/club/members/${a.addressId}/pause`, { note: 'probe' }, [401], 401)] },
  'POST /api/admin/club/members/{id}/resume': { probes: (a) => [post(`/api/admin/club/members/${a.addressId}/resume`, { note: 'probe' }, [401], 401)] },
  'POST /api/admin/club/members/{id}/cancel': { probes: (a) => [post(`/api/admin/club/members/${a.addressId}/cancel`, { note: 'probe' }, [401], 401)] },
  'POST /api/admin/club/members/{id}/free-month': { probes: (a) => [post(`/api/admin/club/members/${a.addressId}/free-month`, { note: 'probe' }, [401], 401)] },
  'POST /api/admin/club/members/{id}/next-retry': { probes: (a) => [post(`/api/admin/club/members/${a.addressId}/next-retry`, { note: 'probe' }, [401], 401)] },
  'POST /api/admin/club/members/{id}/refund': { probes: (a) => [post(`/api/admin/club/members/${a.addressId}/refund`, { note: 'probe' }, [401], 401)] },
  'GET /api/admin/items/{id}/images': { probes: (a) => [get(`/api/admin/items/${a.reviewedItemId}/images`, [401], 401)] },
  'POST /api/admin/items/{id}/images': { probes: (a) => [post(`/api/admin/items/${a.reviewedItemId}/images`, {}, [401], 401)] },
  'PUT /api/admin/items/{id}/images/order': {
    exempt:
      'the operator API: 401 to a customer, 403 outside the role (catalog-admin/item-photos.routes.test.ts), items of other brands unknown (404); the probes here send GET and POST only',
  },
  'PATCH /api/admin/items/{id}/images/{photo}': {
    exempt:
      'the operator API: 401 to a customer, 403 outside the role (catalog-admin/item-photos.routes.test.ts), items of other brands unknown (404); the probes here send GET and POST only',
  },
  'DELETE /api/admin/content/pages/{id}': {
    exempt:
      'the operator API: 401 to a customer, 403 outside the role, pages of other brands unknown (404): content-admin/content-pages.routes.test.ts; the probes here send GET and POST only',
  },
  'DELETE /api/admin/items/{id}/images/{photo}': {
    exempt:
      'the operator API: 401 to a customer, 403 outside the role (catalog-admin/item-photos.routes.test.ts), items of other brands unknown (404); the probes here send GET and POST only',
  },

  // ----- the customer's own: a stranger gets what an unknown id gets
  'GET /api/orders/{number}': { probes: (a) => [get(`/api/orders/${a.orderNumber}`, [404], 200), get(`/api/orders/${a.pendingOrder}`, [404])] },
  // a stranger's cancel, return or exchange of A's order: the same 404 as an unknown number (A's own is past its windows by then: 409)
  'POST /api/orders/{number}/cancel': { probes: (a) => [post(`/api/orders/${a.orderNumber}/cancel`, {}, [404])] },
  'POST /api/orders/{number}/returns': {
    probes: (a) => [post(`/api/orders/${a.orderNumber}/returns`, { lines: JSON.stringify([{ line_id: 'any-line', qty: 1, reason: 'Too small' }]) }, [404])],
  },
  'POST /api/orders/{number}/exchanges': { probes: (a) => [post(`/api/orders/${a.orderNumber}/exchanges`, { line_id: 'any-line', size: 'M' }, [404])] },
  'GET /api/tracking/{number}': {
    // with the order's e-mail a visitor may track it (by design): the stranger sends none, or its own
    probes: (a) => [get(`/api/tracking/${a.orderNumber}`, [404], 200), get(`/api/tracking/${a.orderNumber}?email=stranger%40example.com`, [404])],
  },
  'POST /api/addresses/{id}': { probes: (a) => [post(`/api/addresses/${a.addressId}`, { ...HOME, name: 'Changed By Stranger' }, [404], 200)] },
  'POST /api/addresses/{id}/default': { probes: (a) => [post(`/api/addresses/${a.addressId}/default`, { address_type: 'shipping' }, [404], 200)] },
  'POST /api/addresses/{id}/remove': { probes: (a) => [post(`/api/addresses/${a.addressId}/remove`, {}, [404], 200)] },
  'POST /api/wishlist/{id}/move-to-cart': { probes: (a) => [post(`/api/wishlist/${a.wishlistIds[0]}/move-to-cart`, { size: a.wishlistSize }, [404], 200)] },
  'POST /api/wishlist/{id}/remove': { probes: (a) => [post(`/api/wishlist/${a.wishlistIds[1]}/remove`, {}, [404], 200)] },
  'POST /api/cart/items/{cartId}': {
    probes: (a) => [post(`/api/cart/items/${a.cartLineId}`, { qty: a.cartLineQty }, [404], 200), post(`/api/cart/items/${a.cartLineId}`, { qty: 0 }, [404])],
  },
  'POST /api/account/email/confirm': {
    // 422: 'expired, used or belongs to another account', the same as for an unknown token
    probes: (a) => [post('/api/account/email/confirm', { token: a.emailToken }, [422], 200)],
  },
  'POST /api/reviews': {
    // 422: the caller has no arrived order of the item (A's purchase is not the stranger's)
    probes: (a) => [post('/api/reviews', { item_id: a.reviewedItemId, rating: 1, would_you_recommend_us: 'no', about_your_product: 'Not mine to review.' }, [422])],
  },
  'POST /api/payments/authenticate': {
    probes: (a) => [
      post('/api/payments/authenticate', { payment_id: a.setupId, outcome: 'cancel' }, [404]),
      post('/api/payments/authenticate', { payment_id: a.setupId, outcome: 'complete' }, [404], 200),
      post('/api/payments/authenticate', { payment_id: a.pendingPaymentId, outcome: 'cancel' }, [404]),
      post('/api/payments/authenticate', { payment_id: a.pendingPaymentId, outcome: 'complete' }, [404], 200),
    ],
  },
  'POST /api/payment-methods/setups/{id}/complete': { probes: (a) => [post(`/api/payment-methods/setups/${a.setupId}/complete`, {}, [404], 200)] },
  'POST /api/payment-methods': {
    // 402: a one-time token already used (A's card) is declined, as Stripe declines it; at another brand it was never issued
    probes: (a) => [post('/api/payment-methods', { payment_token: a.usedToken }, [402])],
  },
  'POST /api/one-time-offers/{id}/accept': {
    probes: (a) => [{ ...post(`/api/one-time-offers/${a.offerId}/accept`, { order_number: a.orderNumber, ...a.offerChoice }, [404], 200), idempotent: true }],
  },
  'POST /api/one-time-offers/{id}/decline': { probes: (a) => [post(`/api/one-time-offers/${a.offerId}/decline`, { order_number: a.orderNumber }, [404])] },
  'POST /api/checkout': {
    // the stranger has a cart of its own: only the card is A's. 422 'Choose one of your saved cards'; 402 a used token
    probes: (a) => [
      { ...post('/api/checkout', { ...CHECKOUT_FORM, payment_method_id: a.paymentMethodId }, [422], 200), idempotent: true },
      { ...post('/api/checkout', { ...CHECKOUT_FORM, payment_token: a.usedToken }, [402]), idempotent: true },
    ],
  },
  'POST /api/checkout/afterpay': { exempt: 'payment_method_id is refused whoever sends it (422, before anything is read): Afterpay takes no card' },
  'POST /api/payment-methods/{id}/default': { probes: (a) => [post(`/api/payment-methods/${a.paymentMethodId}/default`, {}, [404], 200)] },
  'POST /api/payment-methods/{id}/remove': { probes: (a) => [post(`/api/payment-methods/${a.paymentMethodId}/remove`, {}, [404], 200)] },
}

const CHECKOUT_FORM = {
  email: 'stranger@example.com',
  shipping_name: 'Sam Stranger',
  shipping_country: 'US',
  shipping_address: '9 Elsewhere Rd',
  shipping_city: 'Austin',
  shipping_state: 'TX',
  shipping_zip: '78701',
  shipping_phone: '(512) 555-0199',
  billing_same: 'true',
}

/** A query or body field that may carry an id of someone's data. */
const ID_NAME = /^(id|ids|order|uuid|token|number|key)$|_(id|ids|number|token|key)$/

interface JsonSchema {
  $ref?: string
  properties?: Record<string, JsonSchema>
  items?: JsonSchema
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  allOf?: JsonSchema[]
}
interface DocOperation {
  parameters?: { name: string; in: string }[]
  requestBody?: { content: Record<string, { schema?: JsonSchema }> }
}
interface OpenApiDoc {
  paths: Record<string, Record<string, DocOperation>>
  components?: { schemas?: Record<string, JsonSchema> }
}

/** Every field name of a schema, nested ones too. */
function fieldNames(schema: JsonSchema | undefined, doc: OpenApiDoc, seen = new Set<JsonSchema>()): string[] {
  if (!schema || seen.has(schema)) return []
  seen.add(schema)
  if (schema.$ref) return fieldNames(doc.components?.schemas?.[schema.$ref.replace('#/components/schemas/', '')], doc, seen)
  const nested = [...Object.values(schema.properties ?? {}), ...(schema.items ? [schema.items] : []), ...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]
  return [...Object.keys(schema.properties ?? {}), ...nested.flatMap((child) => fieldNames(child, doc, seen))]
}

/** The documented operations that take an id: a path parameter, or a query or body field named like one. */
function operationsTakingIds(doc: OpenApiDoc): string[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([, operation]) => {
        const query = (operation.parameters ?? []).filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name)
        const body = Object.values(operation.requestBody?.content ?? {}).flatMap((content) => fieldNames(content.schema, doc))
        return path.includes('{') || [...query, ...body].some((name) => ID_NAME.test(name))
      })
      .map(([method]) => `${method.toUpperCase()} ${path}`),
  )
}

/**
 * The router's routes with a parameter or a wildcard ('GET /media/:kind/*'), from its printed radix
 * tree (printRoutes: each line a part of the path, after the parts of the lines it is indented below).
 */
function parameterisedRoutes(app: FastifyInstance): string[] {
  const found: string[] = []
  const stack: string[] = []
  for (const line of app.printRoutes().split('\n')) {
    const match = /^([\s│]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line)
    if (!match) continue
    const depth = match[1]!.length / 4
    stack.length = depth
    stack.push(match[2]!)
    const path = stack.join('')
    if (!match[3] || !/[:*]/.test(path)) continue
    for (const method of match[3].split(', ')) if (method !== 'HEAD') found.push(`${method} ${path}`)
  }
  return found
}

describe.each(DIALECTS)("no customer touches another's data, on any route, on %s", (dialect) => {
  let t: TestStore
  let doc: OpenApiDoc
  let owner: TestShopper
  let owned: Owned
  /** what A's data looks like, and what must never show in a stranger's answer */
  let secrets: string[]
  let strangers: { who: string; shopper: TestShopper }[]

  beforeAll(async () => {
    t = await startTestStore(dialect)
    doc = (await new TestShopper(t.app).get('/api/openapi.json')).json() as OpenApiDoc
    ;({ owner, owned, secrets } = await ownerWithOneOfEverything(t, dialect))
    strangers = [
      { who: 'B (same brand)', shopper: await customerWithCart(t, 'localhost', 'popfitclothing', `bea-${dialect}@example.com`) },
      { who: 'C (other brand)', shopper: await customerWithCart(t, 'ckb.localhost', 'ckb', `cal-${dialect}@example.com`) },
    ]
  }, 120_000)
  afterAll(() => t.close())

  it('knows every route that takes an id: how to fill it from the owner’s data, or why it needs no check', () => {
    const routes = [...new Set([...operationsTakingIds(doc), ...parameterisedRoutes(t.app).filter((route) => !route.includes(' /api/'))])]
    const unknown = routes.filter((route) => !(route in RULES))
    expect(unknown, 'routes taking an id that RULES in ownership.test.ts says nothing about: add how to fill them from A, or why they need no ownership check').toEqual([])
    const stale = Object.keys(RULES).filter((route) => !routes.includes(route))
    expect(stale, 'RULES names routes that no longer take an id (or no longer exist)').toEqual([])
    expect(routes.length).toBeGreaterThan(30)
  })

  it("refuses A's ids to B and C on every route, says nothing of A, changes nothing; A's ids work for A", async () => {
    const before = await snapshot(t, owner, owned)
    const failures: string[] = []
    let calls = 0
    for (const [route, rule] of Object.entries(RULES)) {
      if (!('probes' in rule)) continue
      for (const probe of rule.probes(owned)) {
        for (const { who, shopper } of strangers) {
          const response = await send(shopper, probe)
          calls++
          const what = `${route}: ${who} ${probe.method} ${probe.url} ${JSON.stringify(probe.body ?? {}).slice(0, 80)}`
          if (!probe.refused.includes(response.statusCode))
            failures.push(`${what} -> ${response.statusCode} (expected ${probe.refused.join(' or ')}): ${response.body.slice(0, 200)}`)
          const told = secrets.filter((secret) => response.body.includes(secret))
          if (told.length > 0) failures.push(`${what} -> told ${told.join(', ')}`)
        }
      }
    }
    expect(failures, 'a stranger was not refused A’s data').toEqual([])
    expect(calls).toBeGreaterThan(40)
    // nothing of A's changed: every read of A's, and the rows behind the waiting steps
    const after = await snapshot(t, owner, owned)
    for (const key of Object.keys(before)) expect(after[key], `A's ${key} changed during the sweep`).toEqual(before[key])

    // the same calls as A: the ids were live, the refusals were about who asked
    const ownerFailures: string[] = []
    for (const [route, rule] of Object.entries(RULES)) {
      if (!('probes' in rule)) continue
      for (const probe of rule.probes(owned)) {
        if (probe.owner === undefined) continue
        const response = await send(owner, probe)
        if (response.statusCode !== probe.owner)
          ownerFailures.push(`${route}: A ${probe.method} ${probe.url} -> ${response.statusCode} (expected ${probe.owner}): ${response.body.slice(0, 200)}`)
      }
    }
    expect(ownerFailures, 'the owner could not use its own ids (the strangers’ refusals prove nothing)').toEqual([])
  }, 120_000)
})

function send(shopper: TestShopper, probe: Probe) {
  if (probe.method === 'GET') return shopper.get(probe.url)
  const headers: Record<string, string> = { 'content-type': 'application/json', ...(probe.idempotent ? { 'idempotency-key': randomUUID() } : {}) }
  return shopper.request({ method: 'POST', url: probe.url, payload: JSON.stringify(probe.body ?? {}), headers })
}

async function customerWithCart(t: TestStore, host: string, brandId: string, email: string): Promise<TestShopper> {
  const item = await itemWithStock(t, 5, brandId)
  const shopper = await shopperWithCart(t, item.itemId, item.size, 1, host)
  const registered = await shopper.post('/api/register', { name: 'Sam Stranger', email, password: 'leggings-forever' })
  if (registered.statusCode !== 200) throw new Error(`register ${email}: ${registered.statusCode} ${registered.body}`)
  return shopper
}

/** Customer A of popfitclothing, with one of everything that has an id. */
async function ownerWithOneOfEverything(t: TestStore, dialect: string) {
  const email = `ada-owner-${dialect}@example.com`
  const password = 'leggings-forever'
  const item = await itemWithStock(t, 20)
  const a = await shopperWithCart(t, item.itemId, item.size)
  expect((await a.post('/api/register', { name: 'Ada Owner', email, password })).statusCode).toBe(200)

  // an order that joins the club, paid with a new card (saved for one-click and club billing)
  const usedToken = await tokenFor(a)
  const placed = dataOf<CheckoutResult>(await placeOrder(a, usedToken, randomUUID(), { email, checkout_flow: 'checkout_club_flow' }))
  if (placed.status !== 'succeeded') throw new Error(`order: ${JSON.stringify(placed)}`)
  const orderNumber = placed.order_number
  const [method] = dataOf<PaymentMethod[]>(await a.get('/api/payment-methods'))

  // its one-time offer
  const { next } = dataOf<{ next: string }>(await a.get(`/api/offer-flow/next?type=checkout-oto&order=${orderNumber}`))
  const offerId = /^\/special-offer\/([^?]+)/.exec(next)?.[1]
  if (!offerId) throw new Error(`no one-time offer after the order: ${next}`)
  const offer = dataOf<OneTimeOffer>(await a.get(`/api/one-time-offers/${offerId}?order=${orderNumber}`))
  const choice = offer.choices.find((c) => c.sizes.length > 0)!

  // arrived: a review of its item
  const past = new Date(Date.now() - (REVIEW_AFTER_DAYS + 1) * 86_400_000).toISOString()
  await t.store.db.updateTable('orders').set({ created_at: past }).where('order_number', '=', orderNumber).execute()
  const review = await a.post('/api/reviews', { item_id: item.itemId, rating: 5, would_you_recommend_us: 'yes', about_your_product: 'Squat proof and soft.' })
  expect(review.statusCode, review.body).toBe(200)

  // an address, two wishlist entries
  const address = dataOf<AddressEntry>(await a.post('/api/addresses', { ...HOME, name: 'Ada Owner', address: '12 Analytical Way' }))
  const wished = await itemWithStock(t, 20, 'popfitclothing')
  const other = await t.store.db
    .selectFrom('items')
    .select('id')
    .where('brand_id', '=', 'popfitclothing')
    .where('active', '=', 1)
    .where('id', '!=', wished.itemId)
    .orderBy('id')
    .executeTakeFirstOrThrow()
  // the one to move to the cart first (the list is newest first)
  for (const id of [other.id, wished.itemId]) await a.post('/api/wishlist', { item_id: id })
  const wishlist = dataOf<WishlistEntry[]>(await a.get('/api/wishlist'))

  // a card being saved, waiting at its bank step
  const setup = await a.post('/api/payment-methods', { payment_token: await tokenFor(a, CARDS.authenticate) })
  expect(setup.statusCode, setup.body).toBe(202)
  const { setup_id: setupId } = dataOf<{ setup_id: string }>(setup)

  // an order waiting at its bank step, then a new cart line
  await a.post('/api/cart/items', { item_id: item.itemId, size: item.size, qty: 1 })
  const pending = dataOf<CheckoutResult>(await placeOrder(a, await tokenFor(a, CARDS.authenticate), randomUUID(), { email }))
  if (pending.status !== 'requires_action') throw new Error(`pending order: ${JSON.stringify(pending)}`)
  const line = dataOf<Cart>(await a.post('/api/cart/items', { item_id: item.itemId, size: item.size, qty: 2 })).items[0]!

  // an e-mail change waiting for its link
  const newEmail = `ada-moved-${dialect}@example.com`
  expect((await a.post('/api/account/email', { email: newEmail, current_password: password })).statusCode).toBe(200)
  const mail = await t.store.db.selectFrom('outbox_emails').select('body').where('to_email', '=', newEmail).executeTakeFirstOrThrow()
  const emailToken = /confirm=([A-Za-z0-9_-]+)/.exec(mail.body)![1]!

  const owned: Owned = {
    orderNumber,
    pendingOrder: pending.order_number,
    pendingPaymentId: pending.payment_id,
    addressId: address.id,
    paymentMethodId: method!.id,
    usedToken,
    setupId,
    wishlistIds: [wishlist[0]!.id, wishlist[1]!.id],
    wishlistSize: wishlist[0]!.item.availableSizes[0]!,
    cartLineId: line.cartId,
    cartLineQty: line.qty,
    emailToken,
    offerId,
    offerChoice: { item_id: choice.item_id, size: choice.sizes[0]! },
    reviewedItemId: item.itemId,
  }
  return { owner: a, owned, secrets: [email, newEmail, 'Ada Owner', '12 Analytical Way'] }
}

/** A's data as A reads it, and the rows of its waiting steps, for comparison before and after the sweep. */
async function snapshot(t: TestStore, a: TestShopper, owned: Owned): Promise<Record<string, unknown>> {
  const reads: Record<string, string> = {
    orders: '/api/orders',
    order: `/api/orders/${owned.orderNumber}`,
    tracking: `/api/tracking/${owned.orderNumber}`,
    addresses: '/api/addresses',
    paymentMethods: '/api/payment-methods',
    wishlist: '/api/wishlist',
    cart: '/api/cart',
    account: '/api/account',
    membership: '/api/membership',
  }
  const shot: Record<string, unknown> = {}
  for (const [name, url] of Object.entries(reads)) {
    const response = await a.get(url)
    shot[name] = { status: response.statusCode, body: response.json() as unknown }
  }
  const { db } = t.store
  const orderNumbers = [owned.orderNumber, owned.pendingOrder]
  shot.orderRows = await db
    .selectFrom('orders')
    .select(['order_number', 'status', 'customer_id', 'payment_method_id'])
    .where('order_number', 'in', orderNumbers)
    .orderBy('order_number')
    .execute()
  shot.orderLines = await db.selectFrom('order_lines').select(['order_number', 'item_id', 'qty', 'offer_id']).where('order_number', 'in', orderNumbers).orderBy('id').execute()
  shot.declinedOffers = await db.selectFrom('declined_offers').selectAll().where('order_number', 'in', orderNumbers).execute()
  shot.gatewaySteps = await db.selectFrom('test_gateway_charges').select(['id', 'status']).where('id', 'in', [owned.setupId, owned.pendingPaymentId]).orderBy('id').execute()
  shot.cardSetups = await db.selectFrom('card_setups').select(['setup_id', 'customer_id']).where('setup_id', '=', owned.setupId).execute()
  shot.emailChanges = await db.selectFrom('email_changes').select(['new_email', 'used_at']).where('new_email', 'like', 'ada-moved-%').execute()
  shot.reviews = await db.selectFrom('reviews').select(['id', 'customer_id', 'order_number', 'rating']).where('item_id', '=', owned.reviewedItemId).orderBy('id').execute()
  return shot
}
