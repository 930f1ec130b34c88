/**
 * The store's services for the pages (the StoreServices of @store/core's
 * contract), bound to one request's context. Loaders and actions call these in
 * the same process: the same services and the same input rules as the JSON
 * API, no HTTP hop and no cookie jar. Failures reach the page as StoreError
 * with the status and messages the API would have answered.
 */
import { StoreError, type Cart, type StoreServices } from '@store/core'
import { z } from 'zod'
import { login, logout, register, requestPasswordReset, resetLinkWorks, resetPassword } from '../accounts/accounts.service.ts'
import { forgotBody, loginBody, registerBody, resetPasswordBody } from '../accounts/accounts.schemas.ts'
import { getStyleProfile, saveStyleProfile } from '../accounts/style-profile.service.ts'
import { changeEmailBody, changeNameBody, changePasswordBody, confirmEmailBody } from '../account/account.schemas.ts'
import { changeName, changePassword, confirmEmailChange, getAccount, requestEmailChange } from '../account/account.service.ts'
import { addressBody, addressParams, defaultBody } from '../addresses/addresses.schemas.ts'
import { defaultAddresses, deleteAddress, listAddresses, saveAddress, setDefaultAddress } from '../addresses/addresses.service.ts'
import { contactBody, feedbackBody } from '../customer-service/customer-service.schemas.ts'
import { sendContact, sendFeedback } from '../customer-service/customer-service.service.ts'
import { addWishlistBody, moveToCartBody, wishlistParams } from '../wishlist/wishlist.schemas.ts'
import { addToWishlist, listWishlist, moveWishlistToCart, removeFromWishlist } from '../wishlist/wishlist.service.ts'
import { addLineBody, cartLineParams, changeLineBody, discountCodeBody } from '../cart/cart.schemas.ts'
import { addToCart, applyDiscountCode, changeLineQty, getCart, removeDiscountCode } from '../cart/cart.service.ts'
import { itemIdSchema, reviewsQuery, slug } from '../catalog/catalog.schemas.ts'
import { getCategory, getCategoryGroup, getItemDetail, getReviews } from '../catalog/catalog.service.ts'
import { pageSlug } from '../content/content.schemas.ts'
import { getContentPage, getFeed, getMembershipLanding } from '../content/content.service.ts'
import type { RequestContext } from '../context/request-context.ts'
import { HttpError } from '../http/errors.ts'
import { styleProfileAnswers } from '../account/account.schemas.ts'
import { getStoreSettings } from '../settings/settings.service.ts'
import { CheckoutQuoteQuery } from '../checkout/checkout.routes.ts'
import { afterPaymentPath, quoteCheckout } from '../checkout/checkout.service.ts'
import { readIdempotencyKey } from '../payments/attempts.ts'
import { checkoutExchange, EXCHANGE_FLOW } from '../checkout/exchange-door.ts'
import { readCheckoutForm } from '../checkout/checkout-input.ts'
import { databaseTaxRates } from '../checkout/tax.ts'
import { getSocialMediaSpecial } from '../content/content.service.ts'
import { pageSlug as specialSlug } from '../content/content.schemas.ts'
import { setCheckoutFlow } from '../offers/checkout-flow.service.ts'
import { acceptOneTimeOffer, declineOneTimeOffer, getOneTimeOffer } from '../offers/one-time-offers.service.ts'
import { acceptOrderBump, declineOrderBump, getOrderBump, listOrderBumps } from '../offers/order-bumps.service.ts'
import { nextOfferPage } from '../offers/offer-flow.service.ts'
import { acceptBumpBody, acceptOfferBody, checkoutFlowBody, claimSpecialBody, declineOfferBody, offerFlowQuery, offerId, orderNumber } from '../offers/offers.schemas.ts'
import { claimSocialMediaSpecial } from '../offers/social-media-specials.service.ts'
import { getOrder, latestOrder, listOrders, listOrdersPage } from '../orders/orders.service.ts'
import { exchangeBody, returnBody } from '../orders/orders.routes.ts'
import { requestExchange } from '../orders/exchanges.ts'
import { cancelOrder, requestReturn } from '../orders/shopper-actions.ts'
import { addPaymentMethodBody, cardSetupParams, paymentMethodParams } from '../payment-methods/payment-methods.schemas.ts'
import { addPaymentMethod, completeCardSetup, listPaymentMethods, removePaymentMethod, setDefaultPaymentMethod } from '../payment-methods/payment-methods.service.ts'
import { trackingParams, trackingQuery } from '../tracking/tracking.schemas.ts'
import { getTracking } from '../tracking/tracking.service.ts'
import { mediaStorageFor } from '../media/storage.ts'
import { reviewBody } from '../reviews/reviews.schemas.ts'
import { createReview, reviewableItems } from '../reviews/reviews.service.ts'
import { gatewayFor } from '../payments/gateway.ts'
import { cancelBody, picksBody } from '../membership/membership.schemas.ts'
import { cancelCheck, cancelMembership, changeMembership, getMembership, rejoinMembership, saveOfferSeen } from '../membership/membership.service.ts'
import { getPicks, memberClub, savePicks } from '../membership/picks.service.ts'

/** made once: a zod schema costs more to build than to check a name with */
const categoryName = slug('Category name')
const groupName = slug('Group name')
/** a page of a list, from 1: anything else (missing, 0, 'two') is the first page, as a shopper's link would mean */
const pageNumber = z.coerce.number().int().min(1).max(10_000).catch(1)

/** Input checked by the API's own schema; its problems become a 400 listing each, as the API answers. */
function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input)
  if (result.success) return result.data
  throw new StoreError(
    400,
    result.error.issues.map((issue) => {
      const field = issue.path.map(String).join('.')
      return field ? { message: issue.message, field } : { message: issue.message }
    }),
  )
}

/** A service's HttpError as the StoreError a page reads; anything else is ours and passes through. */
async function asStoreError<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof HttpError) {
      throw new StoreError(error.statusCode, [error.field ? { message: error.message, field: error.field } : { message: error.message }])
    }
    throw error
  }
}

export function createStoreServices(ctx: RequestContext): StoreServices {
  const { db, brandId } = ctx.data
  // the cart is read once per request, and again only after a change
  let cart: Promise<Cart> | undefined
  const readCart = () => (cart ??= getCart(ctx))
  const changed = async (change: () => Promise<unknown>): Promise<Cart> => {
    await change()
    cart = undefined
    return readCart()
  }
  const hasClub = async () => (await ctx.shopper()).hasClub
  const clubChange = <T>(change: () => Promise<T>) =>
    asStoreError(async () => {
      const result = await change()
      cart = undefined
      return result
    })

  const services: StoreServices = {
    settings: () => getStoreSettings(db, brandId),
    cart: () => asStoreError(readCart),
    category: (name) => asStoreError(async () => getCategory(db, brandId, parse(categoryName, name), await hasClub())),
    categoryGroup: (name) => asStoreError(() => getCategoryGroup(db, brandId, parse(groupName, name))),
    item: (id) => asStoreError(async () => getItemDetail(db, brandId, parse(itemIdSchema, id), await hasClub())),
    reviews: (query) =>
      asStoreError(() => {
        const { item_id, page, per_page } = parse(reviewsQuery, { item_id: query.itemId, page: query.page, per_page: query.perPage })
        return getReviews(db, brandId, item_id ?? null, page, per_page)
      }),
    contentPage: (name) => asStoreError(() => getContentPage(db, brandId, parse(pageSlug, name))),
    feed: () => asStoreError(() => getFeed(db, brandId)),
    membershipLanding: () => asStoreError(() => getMembershipLanding(db, brandId)),
    styleProfile: () => asStoreError(() => getStyleProfile(ctx)),

    addToCart: (input) =>
      asStoreError(() => {
        const line = parse(addLineBody, input)
        return changed(() => addToCart(ctx, line.item_id, line.size, line.qty))
      }),
    updateCartLine: (cartId, qty) =>
      asStoreError(() => {
        const { cartId: id } = parse(cartLineParams, { cartId })
        const body = parse(changeLineBody, { qty })
        return changed(() => changeLineQty(ctx, id, body.qty))
      }),
    applyDiscountCode: (code) =>
      asStoreError(() => {
        const body = parse(discountCodeBody, { code })
        return changed(() => applyDiscountCode(ctx, body.code))
      }),
    removeDiscountCode: () => asStoreError(() => changed(() => removeDiscountCode(ctx))),

    register: (input) =>
      asStoreError(async () => {
        const customer = await register(ctx, parse(registerBody, input))
        cart = undefined
        return { customer }
      }),
    login: (input) =>
      asStoreError(async () => {
        const customer = await login(ctx, parse(loginBody, input))
        cart = undefined
        return { customer }
      }),
    logout: () =>
      asStoreError(async () => {
        await logout(ctx)
        cart = undefined
      }),
    forgot: (email) => asStoreError(() => requestPasswordReset(ctx, parse(forgotBody, { email }).email)),
    // a token too short or too long to be one of ours is no working link (the form's rule, without the 400)
    resetLinkWorks: (token) =>
      asStoreError(async () => {
        const parsed = resetPasswordBody.shape.token.safeParse(token)
        return parsed.success && resetLinkWorks(ctx, parsed.data)
      }),
    resetPassword: (input) =>
      asStoreError(async () => {
        const body = parse(resetPasswordBody, input)
        await resetPassword(ctx, body.token, body.password)
      }),

    checkoutQuote: (input) =>
      asStoreError(() => {
        const query = parse(CheckoutQuoteQuery, {
          shipping_country: input.country || undefined,
          shipping_state: input.state || undefined,
          shipping_method: input.shipping_method || undefined,
          checkout_flow: input.checkout_flow || undefined,
          email: input.email || undefined,
        })
        return quoteCheckout(
          ctx,
          { tax: databaseTaxRates },
          { country: query.shipping_country, state: query.shipping_state, method: query.shipping_method, flow: query.checkout_flow, email: query.email },
        )
      }),
    paymentSetup: () => ({
      gateway: ctx.env.PAYMENT_GATEWAY,
      publishable_key: ctx.env.PAYMENT_GATEWAY === 'stripe' ? (ctx.env.STRIPE_PUBLISHABLE_KEY ?? null) : null,
    }),
    order: (number) => asStoreError(() => getOrder(ctx, parse(orderNumber, number))),
    afterPaymentPath: (number) => asStoreError(() => afterPaymentPath(ctx, parse(orderNumber, number))),
    offerFlowNext: (input) => asStoreError(() => nextOfferPage(ctx, parse(offerFlowQuery, input))),
    orderBumps: () => asStoreError(() => listOrderBumps(ctx)),
    orderBump: (id) => asStoreError(() => getOrderBump(ctx, parse(offerId, { id }).id)),
    acceptOrderBump: (id, input) =>
      asStoreError(async () => {
        const bump = parse(offerId, { id }).id
        const { size } = parse(acceptBumpBody, { size: input.size || undefined })
        const step = await acceptOrderBump(ctx, bump, size)
        cart = undefined
        return step
      }),
    declineOrderBump: (id) => asStoreError(() => declineOrderBump(ctx, parse(offerId, { id }).id)),
    oneTimeOffer: (id, number) => asStoreError(() => getOneTimeOffer(ctx, parse(offerId, { id }).id, number ? parse(orderNumber, number) : null)),
    acceptOneTimeOffer: (id, key, input) =>
      asStoreError(async () => {
        const offer = parse(offerId, { id }).id
        const idempotencyKey = readIdempotencyKey(typeof key === 'string' ? key : undefined)
        const body = parse(acceptOfferBody, {
          order_number: input.order_number,
          item_id: input.item_id || undefined,
          size: input.size || undefined,
          category: input.category || undefined,
        })
        return acceptOneTimeOffer(ctx, { gateway: await gatewayFor(ctx.env), tax: databaseTaxRates }, idempotencyKey, offer, body)
      }),
    declineOneTimeOffer: (id, number) => asStoreError(() => declineOneTimeOffer(ctx, parse(offerId, { id }).id, parse(declineOfferBody, { order_number: number }).order_number)),
    placeExchange: (key, input) =>
      asStoreError(async () => {
        const idempotencyKey = readIdempotencyKey(typeof key === 'string' ? key : undefined)
        const form = readCheckoutForm({ ...input, checkout_flow: EXCHANGE_FLOW })
        if ('errors' in form)
          throw new StoreError(
            422,
            form.errors.map(({ message, field }) => ({ message, field })),
          )
        const placed = await checkoutExchange(ctx, { gateway: await gatewayFor(ctx.env) }, idempotencyKey, form.input)
        cart = undefined
        return placed
      }),
    setCheckoutFlow: (input) =>
      asStoreError(async () => {
        const body = parse(checkoutFlowBody, { checkout_flow: input.checkout_flow, offer_code: input.offer_code || undefined })
        const result = await setCheckoutFlow(ctx, body.checkout_flow, body.offer_code || null)
        cart = undefined
        return result
      }),
    socialMediaSpecial: (id) => asStoreError(() => getSocialMediaSpecial(db, brandId, parse(specialSlug, id))),
    claimSocialMediaSpecial: (id, input) =>
      asStoreError(async () => {
        const special = parse(specialSlug, id)
        const { size } = parse(claimSpecialBody, { size: input.size || undefined })
        const claim = await claimSocialMediaSpecial(ctx, special, size)
        cart = undefined
        return claim
      }),

    account: () => asStoreError(() => getAccount(ctx)),
    changePassword: (input) =>
      asStoreError(async () => {
        await changePassword(ctx, parse(changePasswordBody, input))
        cart = undefined
      }),
    updateAccount: (input) => asStoreError(() => changeName(ctx, parse(changeNameBody, input))),
    changeEmail: (input) => asStoreError(() => requestEmailChange(ctx, parse(changeEmailBody, input))),
    confirmEmail: (token) => asStoreError(() => confirmEmailChange(ctx, parse(confirmEmailBody, { token }).token)),

    addresses: () => asStoreError(() => listAddresses(ctx)),
    defaultAddresses: () => asStoreError(() => defaultAddresses(ctx)),
    saveAddress: (input, id) =>
      asStoreError(() => {
        const body = parse(addressBody, input)
        return id ? saveAddress(ctx, body, parse(addressParams, { id }).id) : saveAddress(ctx, body)
      }),
    deleteAddress: (id) => asStoreError(() => deleteAddress(ctx, parse(addressParams, { id }).id)),
    setDefaultAddress: (id, type) =>
      asStoreError(() => setDefaultAddress(ctx, parse(addressParams, { id }).id, parse(defaultBody, { address_type: type || undefined }).address_type)),

    orders: () => asStoreError(() => listOrders(ctx)),
    latestOrder: () => asStoreError(() => latestOrder(ctx)),
    ordersPage: (page) => asStoreError(() => listOrdersPage(ctx, parse(pageNumber, page))),
    cancelOrder: (number) =>
      asStoreError(async () => {
        const order = parse(orderNumber, number)
        await cancelOrder(ctx, order, await gatewayFor(ctx.env))
        return getOrder(ctx, order)
      }),
    returnOrder: (number, lines) =>
      asStoreError(async () => {
        const order = parse(orderNumber, number)
        await requestReturn(ctx, order, parse(returnBody, { lines }).lines)
        return getOrder(ctx, order)
      }),
    exchangeOrder: (number, input) =>
      asStoreError(async () => {
        const order = parse(orderNumber, number)
        const want = parse(exchangeBody, input)
        await requestExchange(ctx, order, { ...want, reason: want.reason || 'Size exchange' })
        return getOrder(ctx, order)
      }),
    tracking: (number, email) =>
      asStoreError(() => {
        const { number: order } = parse(trackingParams, { number })
        const query = parse(trackingQuery, { email: email ? String(email) : undefined })
        return getTracking(ctx, order, query.email ?? null)
      }),
    paymentMethods: () => asStoreError(async () => listPaymentMethods(ctx, await gatewayFor(ctx.env))),
    addPaymentMethod: (input) =>
      asStoreError(async () => {
        const body = parse(addPaymentMethodBody, { payment_token: input.payment_token, make_default: input.make_default ?? undefined })
        return addPaymentMethod(ctx, await gatewayFor(ctx.env), body.payment_token, body.make_default)
      }),
    completeCardSetup: (id) => asStoreError(async () => completeCardSetup(ctx, await gatewayFor(ctx.env), parse(cardSetupParams, { id }).id)),
    setDefaultPaymentMethod: (id) => asStoreError(async () => setDefaultPaymentMethod(ctx, await gatewayFor(ctx.env), parse(paymentMethodParams, { id }).id)),
    removePaymentMethod: (id) => asStoreError(async () => removePaymentMethod(ctx, await gatewayFor(ctx.env), parse(paymentMethodParams, { id }).id)),

    reviewableItems: () => asStoreError(() => reviewableItems(ctx)),
    writeReview: (input, photos) =>
      asStoreError(() => {
        const form = Object.fromEntries(Object.entries(input).map(([key, value]) => [key, value === null || value === undefined || value === '' ? undefined : String(value)]))
        return createReview(
          ctx,
          mediaStorageFor(ctx.env),
          parse(reviewBody, form),
          photos.map((bytes) => Buffer.from(bytes)),
        )
      }),

    wishlist: () => asStoreError(() => listWishlist(ctx)),
    addToWishlist: (itemId) => asStoreError(() => addToWishlist(ctx, parse(addWishlistBody, { item_id: itemId }).item_id)),
    removeFromWishlist: (id) => asStoreError(() => removeFromWishlist(ctx, parse(wishlistParams, { id }).id)),
    moveWishlistToCart: (id, size) =>
      asStoreError(async () => {
        const entryId = parse(wishlistParams, { id }).id
        const body = parse(moveToCartBody, { size })
        const list = await moveWishlistToCart(ctx, entryId, body.size)
        cart = undefined
        return list
      }),

    sendContact: (input) => asStoreError(() => sendContact(ctx, parse(contactBody, input))),
    sendFeedback: (input) => asStoreError(() => sendFeedback(ctx, parse(feedbackBody, input))),
    saveStyleProfile: (answers) =>
      asStoreError(() => {
        const chosen: Record<string, string> = {}
        for (const [name, value] of Object.entries(answers)) {
          if (value !== null && value !== undefined && String(value) !== '') chosen[name] = String(value)
        }
        return saveStyleProfile(ctx, parse(styleProfileAnswers, chosen))
      }),

    // the club: a change also changes the cart's prices and flags, so the cart is read again after
    membership: () => asStoreError(() => getMembership(ctx)),
    skipMonth: () => clubChange(() => changeMembership(ctx, 'skip')),
    unskipMonth: () => clubChange(() => changeMembership(ctx, 'unskip')),
    pause: () => clubChange(() => changeMembership(ctx, 'pause')),
    resume: () => clubChange(() => changeMembership(ctx, 'resume')),
    cancel: (input) => clubChange(() => cancelMembership(ctx, parse(cancelBody, input))),
    rejoin: () => clubChange(async () => rejoinMembership(ctx, await gatewayFor(ctx.env))),
    cancelCheck: () => asStoreError(() => cancelCheck(ctx)),
    saveOfferSeen: () => asStoreError(() => saveOfferSeen(ctx)),
    monthlyPicks: () => asStoreError(() => getPicks(ctx)),
    saveMonthlyPicks: (input) => asStoreError(() => savePicks(ctx, parse(picksBody, input))),
    memberClub: () => asStoreError(() => memberClub(ctx)),
  }
  return services
}
