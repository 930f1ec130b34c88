/**
 * The cart's answer (SPEC §3) from what getCart read, and from nothing else: no clock, no reads, so
 * equal inputs give an equal answer and cart-memo.ts makes it once.
 */
import {
  afterpayCovers,
  type AppliedBundle,
  bundleOfferLabel,
  type Cart,
  type CartBanner,
  type CartLine,
  cartLineColors,
  type FeaturedItem,
  formatPrice,
  fromCents,
  isClubLandingLink,
  nextOfferPath,
  originalTotal,
} from '@store/core'
import { originalPriceCents, unitPriceCents } from '../catalog/pricing.ts'
import { membersOnlyLines } from '../checkout/members-only.ts'
import { flag, readJson, readList } from '../db/json.ts'
import type { DiscountCodesRow } from '../db/schema.ts'
import { isJoinFlow } from '../membership/club-join.ts'
import type { CartInputs } from './cart-memo.ts'
import { freePromoEligible, holdsClubSpecial, joinsThroughClubSpecial, lineUnitCents, priceCart } from './cart-pricing.ts'
import type { BrandBundleOffers } from './cart-promotions.queries.ts'
import { type CartLineRow, sortedLines } from './cart.queries.ts'
import { MAX_LINE_QTY } from './cart.schemas.ts'

/** The cart's answer from its inputs, and from nothing else (cart-memo.ts relies on it: no clock, no reads). */
export function buildCart({ cart, linesJson, shopper, code, settings, banners, bumpIds, bundles, vipExclusives, featured, sessionOrders, oneClick }: CartInputs): Cart {
  const lines = sortedLines(linesJson)
  // joining the club in this cart (checkout_club_flow, vip_flow): priced as a member, as checkout will
  const hasClubInCart =
    !shopper.hasClub &&
    flag(settings.brand_has_club) &&
    (cart?.checkout_flow === 'checkout_club_flow' || (isJoinFlow(cart?.checkout_flow) && (shopper.customerId !== null || holdsClubSpecial(cart?.offer_code, lines))))
  const pricedAs = hasClubInCart ? { ...shopper, hasClub: true } : shopper
  const firstPick = joinsThroughClubSpecial(cart?.offer_code, hasClubInCart)
  const { codeApplies, totals } = priceCart(lines, code, settings, pricedAs, settings.tax_rate_basis_points, bundles, firstPick)
  const bundleBanners = bundleBannersOf(lines, totals.bundles, bundles)
  // the VIP exclusives checkout will refuse in this cart's flow (checkout/members-only.ts, the same rule)
  const membersOnly = new Set(membersOnlyLines({ shopper, flow: cart?.checkout_flow, lines }, vipExclusives))
  const club = shopper.club ?? null
  const clubDiscount = shopper.hasClub && club ? club.discountPercentage : settings.club_discount_percentage

  const items = lines.map((line, i): CartLine => {
    const unit = lineUnitCents(line, pricedAs, firstPick)
    const original = line.price_override_cents === null ? originalPriceCents(line, pricedAs.hasClub) : null
    // an exchange's piece is held for it already (its stock taken when it was reserved): one, in stock
    const exchange = line.exchange_order !== null
    const maxQty = exchange ? line.qty : Math.max(0, Math.min(MAX_LINE_QTY, line.stock ?? 0))
    return {
      cartId: line.cartId,
      item_id: line.item_id,
      link: `/item/${line.item_id}`,
      image: line.image,
      name: line.name,
      detail: line.description,
      color: line.color,
      colors: cartLineColors(line.color),
      size: line.size,
      qty: line.qty,
      max_qty: maxQty,
      in_stock: exchange || (line.stock ?? 0) >= line.qty,
      skip_qty_controls: flag(line.skip_qty_controls),
      bundled_with: line.bundled_with,
      social_media_special: flag(line.social_media_special),
      price: fromCents(unit),
      original_price: original === null ? null : fromCents(original),
      total: fromCents(unit * line.qty),
      original_total: original === null ? null : originalTotal(fromCents(original), line.qty),
      banner: line.banner ?? bundleBanners[i] ?? null,
      discount_class: line.discount_class,
      members_only: membersOnly.has(line),
      exchange,
    }
  })

  const totalDollars = fromCents(totals.totalCents)
  return {
    customer: shopper.customerId ? { id: shopper.customerId, name: shopper.name, e_mail_address: shopper.email } : null,
    items,
    item_count: items.reduce((sum, line) => sum + line.qty, 0),
    checkout_flow: cart?.checkout_flow ?? 'free_flow',
    cart_subtotal: fromCents(totals.subtotalCents),
    cart_discount: fromCents(totals.discountCents),
    bundle_discount: fromCents(totals.bundleSavingCents),
    cart_shipping: fromCents(totals.shippingCents),
    cart_tax: fromCents(totals.taxCents),
    cart_total: totalDollars,
    free_shipping_threshold: fromCents(settings.free_shipping_threshold_cents),
    free_shipping_remaining: fromCents(totals.freeShippingRemainingCents),
    standard_shipping_cost: fromCents(settings.standard_shipping_cost_cents),
    discount_code_name: code?.name ?? null,
    discount_code_info: code ? codeInfo(code, Boolean(codeApplies), totals.codeHasNoEffect, totals) : null,
    discount_code_details: code
      ? {
          bullets: readJson<string[]>(code.bullets, []),
          included_classes: readList(code.included_classes),
          excluded_classes: readList(code.excluded_classes),
          percentage_amount: code.percentage_amount,
          custom: code.custom,
        }
      : null,
    default_coupon_active: false,
    // the club's flags from the stored membership (docs/club-membership.md "Cart flags")
    club_monthly: shopper.hasClub && club ? fromCents(club.amountCents) : settings.club_monthly_cents === null ? null : fromCents(settings.club_monthly_cents),
    club_overdue: shopper.hasClub && club?.status === 'overdue',
    club_paused: shopper.hasClub && club?.status === 'paused',
    club_discount_percentage: clubDiscount,
    has_club: shopper.hasClub,
    has_club_in_cart: hasClubInCart,
    bought_club: club !== null,
    featured_items: featured
      .filter((item) => !lines.some((line) => line.item_id === item.id))
      .slice(0, 3)
      .map(
        (item): FeaturedItem => ({
          id: item.id,
          link: `/item/${item.id}`,
          name: item.name,
          color: item.color,
          image: item.image,
          price: fromCents(unitPriceCents(item, pricedAs.hasClub)),
        }),
      ),
    code_worse_than_club: Boolean(code && pricedAs.hasClub && code.amount_off_cents === 0 && code.percentage_amount <= clubDiscount),
    saw_club_upsell: cart ? flag(cart.saw_club_upsell) : false,
    has_social_media_special: items.some((line) => line.social_media_special),
    loggedin: shopper.customerId !== null,
    banners: bannersFor(banners, shopper.hasClub || hasClubInCart),
    // the order bumps come first, then /checkout (SPEC §4 post-offer flow); a member's exchange is placed on its own, at once
    proceed_to_checkout_link: lines.some((line) => line.exchange_order !== null) ? '/checkout' : nextOfferPath('checkout-ob', bumpIds, null, true),
    ineligible_for_social_media: shopper.hasClub,
    free_promo_eligible: freePromoEligible(settings, shopper),
    removed_free_promo: cart ? flag(cart.removed_free_promo) : false,
    registration_locked: false,
    afterpay_available: afterpayCovers({ afterpay: flag(settings.afterpay), minCents: settings.afterpay_min_cents, maxCents: settings.afterpay_max_cents }, totals.totalCents),
    savings: fromCents(totals.savingsCents),
    event_queue: [],
    exchange_label: exchangeLabel(lines),
    // the session's last order takes a one-time offer with one click (its card charged again)
    one_click_available: oneClick,
    cancelled_before: shopper.cancelledBefore,
    // a paid order of the customer's, or one this session placed (a visitor's too)
    purchased: shopper.purchased || sessionOrders.length > 0,
    session_orders: [...sessionOrders],
    promo_eligible: !shopper.hasClub,
  }
}

/**
 * The cart's exchange in words (SPEC §3 exchange_label, docs/decisions/223): "Exchange for order
 * 1234567890: Leggings (Black) in M"; null for a cart without one. A cart holds one exchange at a time.
 */
function exchangeLabel(lines: readonly Pick<CartLineRow, 'exchange_of' | 'name' | 'color' | 'size'>[]): string | null {
  const line = lines.find((candidate) => candidate.exchange_of !== null)
  return line ? `Exchange for order ${line.exchange_of}: ${line.name} (${line.color}) in ${line.size}` : null
}

/**
 * The brand's cart banners this shopper is shown. A banner whose button leads to the club's landing
 * page (/vip) invites the shopper to join: it is not shown to a member (has_club) nor in a cart that
 * joins at checkout (has_club_in_cart). docs/cart-rules.md "Banners".
 */
function bannersFor(banners: readonly CartBanner[], inTheClub: boolean): CartBanner[] {
  return inTheClub ? banners.filter((banner) => !isClubLandingLink(banner.buttonLink)) : [...banners]
}

/** A line in a bundle says so on its banner: '3 for $75 bundle', or '3 of 4 in the 3 for $75 bundle'. */
function bundleBannersOf(lines: readonly CartLineRow[], applied: readonly AppliedBundle[], bundles: BrandBundleOffers): (string | undefined)[] {
  const banners: (string | undefined)[] = lines.map(() => undefined)
  const bundled = lines.map(() => ({ qty: 0, offerId: '' }))
  for (const bundle of applied) {
    for (const unit of bundle.units) bundled[unit.line] = { qty: bundled[unit.line]!.qty + unit.qty, offerId: bundle.offerId }
  }
  bundled.forEach(({ qty, offerId }, i) => {
    const offer = bundles.offers.find((o) => o.offerId === offerId)
    if (qty === 0 || !offer) return
    const label = bundleOfferLabel(offer)
    banners[i] = qty === lines[i]!.qty ? `${label} bundle` : `${qty} of ${lines[i]!.qty} in the ${label} bundle`
  })
  return banners
}

/**
 * What the drawer says of the cart's code: its own info while it takes something off; else why not.
 * A code with a minimum the cart has not reached says how much more it takes (the minimum counts the
 * subtotal after bundle savings, as computeCartTotals does), rather than that it applies to nothing.
 */
function codeInfo(code: DiscountCodesRow, applies: boolean, noEffect: boolean, totals: { subtotalCents: number; bundleSavingCents: number }): string | null {
  if (!applies) return `${code.name} is for VIP members only.`
  if (!noEffect) return code.info
  const short = code.minimum_subtotal_cents - (totals.subtotalCents - totals.bundleSavingCents)
  if (short > 0) {
    const minimum = formatPrice(fromCents(code.minimum_subtotal_cents), { keepZeroCents: true })
    return `Add ${formatPrice(fromCents(short), { keepZeroCents: true })} more to use ${code.name}: it is for orders of ${minimum} or more.`
  }
  return `${code.name} doesn't apply to anything in your cart yet.`
}
