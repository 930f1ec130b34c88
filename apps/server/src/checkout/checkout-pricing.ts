/**
 * What an order from this cart costs, shipped to an address by a method: the
 * cart's own prices, bundle offers and discount (priceCart), core's shipping options
 * (shippingOptions / shippingCentsFor) and core's tax for the address
 * (taxCents over the brand's rate table). Used by the order and by the quote
 * the checkout page shows before the order is placed, so both agree.
 */
import { shippingOptions, type ShippingMethod, type ShippingOption } from '@store/core'
import type { Shopper } from '../accounts/shopper.ts'
import { findCartSettings, findOpenCartWithLines } from '../cart/cart.queries.ts'
import { findBundleOffers, findDiscountCodeById } from '../cart/cart-promotions.queries.ts'
import type { CartLineRow } from '../cart/cart.queries.ts'
import { holdsClubSpecial, joinsThroughClubSpecial, priceCart } from '../cart/cart-pricing.ts'
import type { RequestContext } from '../context/request-context.ts'
import type { CartsRow, DiscountCodesRow } from '../db/schema.ts'
import { conflict, unprocessable } from '../http/errors.ts'
import { clubJoinTerms, isJoinFlow, monthPaidBefore } from '../membership/club-join.ts'
import { ALREADY_MEMBER } from './join-once.ts'
import type { TaxRates } from './tax.ts'

export interface PricedCheckout {
  cart: CartsRow
  /** the cart's discount code, as priced */
  code: DiscountCodesRow | undefined
  shopper: Shopper
  lines: CartLineRow[]
  unitCents: number[]
  lineDiscountCents: number[]
  subtotalCents: number
  discountCents: number
  /** what the bundle offers save, in discountCents (the rest is the code's) */
  bundleDiscountCents: number
  shippingOptions: ShippingOption[]
  shippingCents: number
  taxCents: number
  totalCents: number
  /** the order's checkout flow: the cart's, or a joining flow the form named */
  flow: string
  /** the club's first period when this order joins (membership/club-join.ts), in the subtotal; else 0 */
  clubFeeCents: number
  /** this order makes the shopper a member (a fee or none: a former member's month already paid) */
  joins: boolean
}

/** A cart holding a member's exchange beside paid pieces (or alone): the exchange goes first, on its own. */
const EXCHANGE_FIRST = 'Your cart holds an exchange: it is placed on its own, with nothing to pay. Confirm it at checkout first, then check out the other pieces.'

const emptyCart = () => unprocessable('Your cart is empty. Add something before you check out.', 'cart')

/** The cart was taken by a checkout in another window (or tab, or a double click) meanwhile. */
export const cartTakenElsewhere = () => conflict('This cart is already being checked out in another window.', 'cart')

/**
 * The cart asked for is not open: a checkout of the same cart sent at the same moment locked it
 * (checking_out) or placed its order (ordered) after this request chose it. That is the cart lock's
 * 409, not an empty cart: under load the other checkout's lock can come between this request's
 * choice of the cart and its read, and the shopper was told "Your cart is empty" (join-once.test).
 */
async function notOpen(ctx: RequestContext, cartId: string) {
  const other = await ctx.data.db.selectFrom('carts').select('status').where('id', '=', cartId).where('brand_id', '=', ctx.data.brandId).executeTakeFirst()
  return other?.status === 'checking_out' || other?.status === 'ordered' ? cartTakenElsewhere() : emptyCart()
}

export async function priceCheckout(
  ctx: RequestContext,
  tax: TaxRates,
  cartId: string | null,
  /** withoutCode: priced as if the cart had no code (the quote, for a shopper the code does not count for) */
  destination: { country: string; state: string; method: ShippingMethod; flow?: string; withoutCode?: boolean },
): Promise<PricedCheckout> {
  const { db, dialect, brandId } = ctx.data
  if (!cartId) throw emptyCart()
  // the cart and its lines in one statement
  const [shopper, found, settings, bundles] = await Promise.all([
    ctx.shopper(),
    findOpenCartWithLines(db, dialect, brandId, cartId),
    findCartSettings(db, brandId),
    findBundleOffers(db, brandId),
  ])
  if (!found) throw await notOpen(ctx, cartId)
  const { cart, lines } = found
  // a member's exchange is placed on its own, first (exchange-door.ts, docs/decisions/223)
  if (lines.some((line) => line.exchange_order !== null)) throw conflict(EXCHANGE_FIRST, 'cart')
  const code = cart.discount_code_id && !destination.withoutCode ? await findDiscountCodeById(db, cart.discount_code_id) : undefined
  // joining the club (checkout_club_flow, vip_flow): priced as a member, the first period added; no lines needed
  const flow = isJoinFlow(destination.flow) ? destination.flow! : cart.checkout_flow
  const join = clubJoinTerms(flow, shopper, settings, await monthPaidBefore(ctx, flow, shopper), holdsClubSpecial(cart.offer_code, lines))
  // a member sending the join form again (a double submit once the first joined): what stops it, rather than "empty"
  if (lines.length === 0 && !join && isJoinFlow(flow) && shopper.hasClub) throw conflict(ALREADY_MEMBER, 'checkout_flow')
  if (lines.length === 0 && !join) throw emptyCart()
  // nothing to pay and nothing to send: the account's rejoin does that without an order
  if (lines.length === 0 && join?.feeCents === 0)
    throw unprocessable('Your membership is already paid for this month: rejoin from your account (VIP rejoin) at no charge.', 'checkout_flow')
  const pricedAs = join?.pricedAs ?? shopper
  const clubFeeCents = join?.feeCents ?? 0
  // joining through a club special with the first month charged now: the special's piece is that month's pick
  const firstPick = joinsThroughClubSpecial(cart.offer_code, clubFeeCents > 0)
  const { unitCents, totals, shipsFree } = priceCart(lines, code, settings, pricedAs, 0, bundles, firstPick)
  const options = shippingOptions({
    subtotalAfterDiscountCents: totals.subtotalCents - totals.discountCents,
    standardCents: settings.standard_shipping_cost_cents,
    freeThresholdCents: settings.free_shipping_threshold_cents,
    expressCents: settings.express_shipping_cost_cents,
    // a member (or a join priced as one) where the brand ships members free, or a social media special that ships free
    memberFreeShipping: pricedAs.hasClub || shipsFree,
  })
  const shippingCents = options.find((option) => option.method === destination.method)?.cents
  if (shippingCents === undefined) throw unprocessable('Choose standard or express shipping.', 'shipping_method')
  const taxCents = await tax.taxCentsFor(ctx.data, {
    subtotalCents: totals.subtotalCents,
    discountCents: totals.discountCents,
    shippingCents,
    country: destination.country,
    state: destination.state,
  })
  return {
    cart,
    code,
    shopper,
    lines,
    unitCents,
    lineDiscountCents: totals.lineDiscountCents,
    subtotalCents: totals.subtotalCents + clubFeeCents,
    discountCents: totals.discountCents,
    bundleDiscountCents: totals.bundleSavingCents,
    shippingOptions: options,
    shippingCents,
    taxCents,
    totalCents: totals.subtotalCents + clubFeeCents - totals.discountCents + shippingCents + taxCents,
    flow,
    clubFeeCents,
    joins: join !== null,
  }
}
