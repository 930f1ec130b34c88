/**
 * Placing an order (docs/checkout.md): reserve, charge, then keep or give back, through the
 * payment engine (payments/payment-engine.ts) with checkout's door (order-door.ts).
 *
 * 1. Claim the Idempotency-Key (the engine): a duplicate waits and gets the same answer.
 * 2. Price the cart with the cart's own computation (priceCart) and the
 *    address's tax rate.
 * 3. One transaction: the cart is locked for checkout, the stock taken by a
 *    conditional update, the order written with its lines at the prices paid,
 *    status 'pending_payment' and a reservation expiry (reserve-order.ts).
 * 4. Charge, outside any transaction (a card network call never holds a
 *    database lock), with an idempotency key derived from the client's.
 * 5. One transaction: paid (order, payment record, cart ordered, confirmation
 *    e-mail, the key's answer: keep-order.ts) or declined (stock back, order gone,
 *    cart open). A card that asks for 3-D Secure keeps the reservation until the
 *    page finishes the step and sends the same key again.
 */
import { randomInt } from 'node:crypto'
import { fromCents, savedCardName, validateExpiry, type CheckoutQuote, type CheckoutResult, type ShippingMethod } from '@store/core'
import type { RequestContext } from '../context/request-context.ts'
import { unprocessable } from '../http/errors.ts'
import { savedPaymentMethod, type ChargeableMethod } from '../payment-methods/payment-methods.service.ts'
import { fingerprintOf } from '../payments/attempts.ts'
import type { PaymentGateway } from '../payments/gateway.ts'
import { pay } from '../payments/payment-engine.ts'
import { assertMayTryCard } from './card-testing.ts'
import type { CheckoutInput } from './checkout-input.ts'
import { priceCheckout } from './checkout-pricing.ts'
import { checkoutExchange, EXCHANGE_FLOW } from './exchange-door.ts'
import { checkoutRefusalWords, firstOrderCodeRefusal } from './first-order-codes.ts'
import { orderDoor } from './order-door.ts'
import type { CheckoutDeps, Reserved } from './reserve-order.ts'

export { afterPaymentPath } from './after-payment.ts'
export { DROPPED_AT_THE_BANK } from './order-door.ts'
export { RESERVATION_MS } from './reserve-order.ts'

/** A ten-digit order number. */
const newOrderNumber = () => String(randomInt(1_000_000_000, 9_999_999_999))

export async function checkout(ctx: RequestContext, deps: CheckoutDeps, key: string, input: CheckoutInput): Promise<CheckoutResult> {
  // a member's exchange held in the cart: placed on its own, nothing charged (exchange-door.ts)
  if (input.checkout_flow === EXCHANGE_FLOW) return checkoutExchange(ctx, deps, key, input)
  const session = await ctx.session.current()
  const visitorId = session?.visitorId ?? null
  const request = { key, scope: 'checkout', fingerprint: fingerprintOf([visitorId, input]), orderNumber: newOrderNumber() }
  return pay<Reserved, CheckoutResult>(ctx, deps, request, async (claim) => {
    // card testing: many declines from one visitor or network stop new cards (checkout/card-testing.ts)
    if (claim.kind !== 'resume') await assertMayTryCard(ctx, visitorId)
    // or one of the customer's saved cards pays; a retry finishing a payment already made at the
    // provider goes on even if that card was removed meanwhile (the money is taken: the order must stand)
    const finishing = claim.kind === 'resume' && claim.attempt.payment_id !== null
    const savedCard = input.payment_method_id
      ? await savedCardOf(ctx, deps.gateway, input.payment_method_id).catch((error: unknown) => {
          if (finishing) return null
          throw error
        })
      : null
    return orderDoor(ctx, deps, key, {
      placing: { orderNumber: claim.attempt.order_number!, input, visitorId, sessionCartId: session?.cartId ?? null },
      savedCard,
      // a new card is kept for later; a saved card is kept already, or was removed meanwhile and stays so
      keepsNewCard: !input.payment_method_id,
    })
  })
}

/**
 * The saved card a customer chose at checkout: one of their own at this brand and gateway,
 * not expired. Anything else is a 422 at the card choice, before anything is reserved.
 */
async function savedCardOf(ctx: RequestContext, gateway: PaymentGateway, id: string): Promise<ChargeableMethod> {
  const { customerId } = await ctx.shopper()
  const card = customerId ? await savedPaymentMethod(ctx.data, customerId, gateway.name, id) : null
  if (!card) throw unprocessable('Choose one of your saved cards, or enter a new card.', 'payment_method_id')
  if (!validateExpiry(card.exp_month, card.exp_year, ctx.now()).valid)
    throw unprocessable(`Your ${savedCardName(card.card_brand, card.last4)} has expired. Choose another card or enter a new one.`, 'payment_method_id')
  return card
}

/** What POST /checkout would charge, before the shopper places the order (the checkout page's summary). */
export async function quoteCheckout(
  ctx: RequestContext,
  deps: Pick<CheckoutDeps, 'tax'>,
  /** flow: a joining flow (checkout_club_flow, vip_flow) quotes the join with this cart, as POST /checkout charges it */
  destination: { country: string; state: string; method: ShippingMethod; flow?: string; email?: string },
): Promise<CheckoutQuote> {
  const cartId = (await ctx.session.current())?.cartId ?? null
  let priced = await priceCheckout(ctx, deps.tax, cartId, destination)
  // a code for a first order that this shopper (logged in, or the e-mail typed) has used: said here, and not counted
  const email = destination.email?.includes('@') ? destination.email : priced.shopper.email
  const refused = await firstOrderCodeRefusal(ctx.data, priced.code, { email, customerId: priced.shopper.customerId })
  const codeRefusal = refused && priced.code ? checkoutRefusalWords(priced.code.name, refused) : null
  if (refused) priced = await priceCheckout(ctx, deps.tax, cartId, { ...destination, withoutCode: true })
  return {
    subtotal: fromCents(priced.subtotalCents),
    discount: fromCents(priced.discountCents),
    bundle_discount: fromCents(priced.bundleDiscountCents),
    shipping_method: destination.method,
    shipping: fromCents(priced.shippingCents),
    tax: fromCents(priced.taxCents),
    total: fromCents(priced.totalCents),
    club_fee: fromCents(priced.clubFeeCents),
    shipping_options: priced.shippingOptions.map((option) => ({ method: option.method, label: option.label, price: fromCents(option.cents), free: option.free })),
    code_refusal: codeRefusal,
  }
}
