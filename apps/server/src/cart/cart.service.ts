import { randomUUID } from 'node:crypto'
import {
  afterpayCovers,
  bundleOfferLabel,
  cartLineColors,
  computeCartTotals,
  discountCodeRefusal,
  formatPrice,
  fromCents,
  isClubLandingLink,
  nextOfferPath,
  OFFER_PRICES,
  originalTotal,
  parseDiscountClasses,
  toCents,
  type AppliedBundle,
  type Cart,
  type CartBanner,
  type CartLine,
  type FeaturedItem,
} from '@store/core'
import { sql } from 'kysely'
import { CART_WRITES, checkRequestLimits, countRequests, HOUR_MS, shopperLimits, takeShopperRequest } from '../accounts/request-limits.ts'
import type { Shopper } from '../accounts/shopper.ts'
import type { RequestContext } from '../context/request-context.ts'
import { flag, readJson, readList } from '../db/json.ts'
import type { DiscountCodesRow } from '../db/schema.ts'
import { conflict, HttpError, notFound, unprocessable } from '../http/errors.ts'
import { getSettingsBundle } from '../settings/settings.service.ts'
import { getFeaturedItems } from '../catalog/catalog.service.ts'
import { originalPriceCents, unitPriceCents } from '../catalog/pricing.ts'
import { isJoinFlow } from '../membership/club-join.ts'
import { oneClickMethod } from '../offers/one-click.ts'
import { membersOnlyLines, vipExclusiveIds } from '../checkout/members-only.ts'
import { firstOrderCodeRefusal, firstOrderRefusalWords } from '../checkout/first-order-codes.ts'
import { countCodeUses } from '../checkout/code-claims.ts'
import { releaseExchange } from '../checkout/reservations.ts'
import {
  findCartLine,
  findDiscountCode,
  findDiscountCodeById,
  discountCodeTerms,
  findMergeableLine,
  findOpenCart,
  findSessionCartId,
  insertOpenCart,
  findSellableSize,
  findOrderBumpIds,
  readOpenCart,
  readSessionWithOpenCart,
  sortedLines,
  findBundleOffers,
  NO_BUNDLE_OFFERS,
  type BrandBundleOffers,
  type CartLineRow,
  type CartSettingsRow,
  type OpenCartRead,
} from './cart.queries.ts'
import { CartMemo, type CartInputs } from './cart-memo.ts'

/** A cart with no lines has no VIP exclusive in it: no need to read the brand's set. */
const NO_VIP_EXCLUSIVES: ReadonlySet<number> = new Set()

/** No one line holds more than this many pieces. */
export const MAX_LINE_QTY = 10
const FEATURED_ITEMS = 4

function mainCategoryName(mainShoppingPath: string): string {
  return mainShoppingPath.split('/').filter(Boolean).pop() ?? ''
}

/**
 * A piece's price: the item's (or its member price), or a special price (an offer, an order bump,
 * a social media special), which is never more than the item's own price for this shopper. In a
 * cart that joins the club through a club special (`firstPick`, offer code cb: "Join VIP and get
 * your first pair for $24.99"), the special's piece is the first month's pick: the first month's
 * fee, charged at checkout, pays for it.
 */
function lineUnitCents(line: CartLineRow, shopper: Shopper, firstPick = false): number {
  if (firstPick && isClubSpecialLine(line)) return 0
  const own = unitPriceCents(line, shopper.hasClub)
  return line.price_override_cents === null ? own : Math.min(line.price_override_cents, own)
}

/**
 * A free gift (SPEC §4 free gift types free-leggings and free-underwear: a social media special at $0,
 * docs/decisions/169): for a new customer at a brand with a club, never for a member (free_promo_eligible).
 */
const isFreeGiftLine = (line: Pick<CartLineRow, 'social_media_special' | 'price_override_cents'>) => line.social_media_special === 1 && line.price_override_cents === 0

/** Who may have a free gift: a shopper who is not a member, at a brand with a club. */
const freePromoEligible = (settings: { brand_has_club: number }, shopper: Pick<Shopper, 'hasClub'>) => flag(settings.brand_has_club) && !shopper.hasClub

/**
 * The free gift leaves a cart whose shopper is not eligible for it any more, and the cart says so
 * (removed_free_promo), which sends the shopper to the shop with ?ineligible=true (SPEC §4).
 */
async function removeFreeGifts(ctx: RequestContext, cartId: string): Promise<void> {
  await ctx.data.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('cart_lines').where('cart_id', '=', cartId).where('social_media_special', '=', 1).where('price_override_cents', '=', 0).execute()
    await trx.updateTable('carts').set({ removed_free_promo: 1, updated_at: ctx.now().toISOString() }).where('id', '=', cartId).where('brand_id', '=', ctx.data.brandId).execute()
  })
}

/** The cart joins the club through a club special (offer code cb): its piece is the first month's pick. */
export const joinsThroughClubSpecial = (offerCode: string | null | undefined, joins: boolean) => joins && offerCode === 'cb'

/**
 * The cart holds a club special ("Join VIP and get your first pair for $24.99": offer code cb, its line a
 * social media special): the special is the club's join, for a visitor as for a customer. A visitor's
 * cart is priced as the join and checkout asks them to log in (membership/club-join.ts), where it sold
 * them the pair at its own price, joined nothing, and kept the line's "Join VIP" banner.
 */
export const holdsClubSpecial = (offerCode: string | null | undefined, lines: readonly ClubSpecialLine[]) => offerCode === 'cb' && lines.some(isClubSpecialLine)

type ClubSpecialLine = Pick<CartLineRow, 'social_media_special' | 'price_override_cents'>

/**
 * A club special's line: a social media special at the club's price (SPEC §9, 24.99: its offer code cb).
 * Only this line is the join's first pick: a clearance special ($29.99) in a cart taken to the club's
 * landing (/landing/cb) afterwards is not made free by it.
 */
const isClubSpecialLine = (line: ClubSpecialLine) => line.social_media_special === 1 && line.price_override_cents === CLUB_SPECIAL_CENTS

const CLUB_SPECIAL_CENTS = toCents(OFFER_PRICES.club)

/**
 * The bundle offers a line's units count towards (docs/cart-rules.md "Bundle offers"): those of its
 * item's categories, for a line at the item's own price; a line at a special price (an offer, an
 * order bump, a social media special) or bundled with another line counts towards none.
 */
function lineBundleOfferIds(line: CartLineRow, bundles: BrandBundleOffers): readonly string[] {
  if (line.price_override_cents !== null || line.social_media_special === 1 || line.bundled_with !== null) return []
  return bundles.offerIdsByItem[String(line.item_id)] ?? []
}

/**
 * The cart's money, one computation for the cart drawer and for checkout:
 * each line's unit price for this shopper, the brand's bundle offers, the code
 * (when it applies to them) and the brand's shipping rule, through core's
 * computeCartTotals. Checkout passes the tax rate of the shipping address; the
 * cart, the brand's estimate.
 */
export function priceCart(
  lines: readonly CartLineRow[],
  code: DiscountCodesRow | undefined,
  settings: CartSettingsRow,
  shopper: Shopper,
  taxBasisPoints: number,
  bundles: BrandBundleOffers,
  /** the cart joins through a club special: its piece is the first month's pick (lineUnitCents) */
  firstPick = false,
) {
  // a social media special whose special ships free makes standard shipping free (the line says so: ships_free)
  const shipsFree = lines.some((line) => line.ships_free === 1)
  const codeApplies = Boolean(code && (!flag(code.club_only) || shopper.hasClub))
  const unitCents = lines.map((line) => lineUnitCents(line, shopper, firstPick))
  const totals = computeCartTotals({
    lines: lines.map((line, i) => ({
      unitCents: unitCents[i]!,
      qty: line.qty,
      originalUnitCents: line.price_override_cents === null ? originalPriceCents(line, shopper.hasClub) : null,
      discountClasses: parseDiscountClasses(line.discount_class),
      bundleOfferIds: lineBundleOfferIds(line, bundles),
    })),
    bundleOffers: bundles.offers,
    code:
      code && codeApplies
        ? {
            percentage: code.percentage_amount,
            amountCents: code.amount_off_cents,
            includedClasses: readList(code.included_classes),
            excludedClasses: readList(code.excluded_classes),
            minimumSubtotalCents: code.minimum_subtotal_cents,
          }
        : null,
    freeShippingThresholdCents: settings.free_shipping_threshold_cents,
    standardShippingCents: settings.standard_shipping_cost_cents,
    freeShippingForMember: shopper.hasClub || shipsFree,
    taxBasisPoints,
  })
  return { codeApplies, unitCents, totals, shipsFree }
}

/**
 * The session's open cart, its lines as read: with `withSession`, one statement reading the session
 * too, where sessions are rows of the same database and nothing read the session yet (GET
 * /api/cart); else the session as read through its store, and the cart by its id.
 */
async function openCartOfSession(ctx: RequestContext, withSession: boolean): Promise<OpenCartRead | undefined> {
  const { db, brandId, store } = ctx.data
  if (withSession && ctx.session.database === store) {
    const joined = await ctx.session.readWith((sessionBrand, sessionId) => readSessionWithOpenCart(db, sessionBrand, sessionId))
    if (joined.with !== undefined) return joined.with ?? undefined
  }
  const session = await ctx.session.current()
  return session?.cartId ? readOpenCart(db, brandId, session.cartId) : undefined
}

export interface CartReadOptions {
  /**
   * Read the session together with the cart in one statement when nothing read it yet (GET
   * /api/cart, where the cart is the first and only thing the request reads). Pages leave it
   * off: their loaders read the session through the session store (one look-up per page).
   */
  readSessionWithCart?: boolean
}

/** Answers made from the same inputs are made once (cart-memo.ts): the inputs are read every time. */
const cartMemo = new CartMemo()

/**
 * The whole cart of SPEC §3, computed from the database for this request's shopper. Shared by every
 * request that has the same inputs, so it is frozen: copy it to change it.
 */
export async function getCart(ctx: RequestContext, options: CartReadOptions = {}): Promise<Cart> {
  const { db, brandId } = ctx.data
  let found = await openCartOfSession(ctx, options.readSessionWithCart === true)
  // settings, banners and suggestions come from the brand's caches
  const [shopper, settingsBundle, bumpIds, bundles, vipExclusives] = await Promise.all([
    ctx.shopper(),
    getSettingsBundle(db, brandId),
    findOrderBumpIds(db, brandId),
    // a shopper without a cart has nothing to bundle: no statement for the offers
    found ? findBundleOffers(db, brandId) : NO_BUNDLE_OFFERS,
    // nor anything checkout could refuse (the set is cached: no statement once read)
    found ? vipExclusiveIds(db, brandId) : NO_VIP_EXCLUSIVES,
  ])
  if (!settingsBundle) throw new Error(`The brand ${brandId} has no store settings row.`)
  const settings = settingsBundle.row
  // a free gift in the cart of a shopper no longer eligible for it (logged in as a member): it leaves the cart
  if (found && !freePromoEligible(settings, shopper) && sortedLines(found.linesJson).some(isFreeGiftLine)) {
    await removeFreeGifts(ctx, found.cart.id)
    found = await openCartOfSession(ctx, false)
  }
  const cart = found?.cart ?? null
  // read with the session above (no statement of its own)
  const sessionOrders = ctx.session.known?.orderNumbers ?? []
  const lastOrder = sessionOrders.at(-1)
  const [code, featured, oneClick] = await Promise.all([
    cart?.discount_code_id ? findDiscountCodeById(db, cart.discount_code_id) : Promise.resolve(undefined),
    getFeaturedItems(db, brandId, mainCategoryName(settings.main_shopping_path), FEATURED_ITEMS),
    // a statement only for a session that has placed an order
    lastOrder ? oneClickMethod(db, brandId, lastOrder).then((method) => method !== null) : Promise.resolve(false),
  ])
  const inputs: CartInputs = {
    brandId,
    cart,
    linesJson: found?.linesJson ?? null,
    shopper,
    code,
    settings,
    banners: settingsBundle.cartBanners,
    bumpIds,
    bundles,
    vipExclusives,
    featured,
    sessionOrders,
    oneClick,
  }
  return cartMemo.answer(db, inputs, buildCart)
}

/** The cart's answer from its inputs, and from nothing else (cart-memo.ts relies on it: no clock, no reads). */
function buildCart({ cart, linesJson, shopper, code, settings, banners, bumpIds, bundles, vipExclusives, featured, sessionOrders, oneClick }: CartInputs): Cart {
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

/**
 * The shopper's open cart, made on first use and remembered by the session.
 * Requests racing to make it meet in one row: the cart names its session, and a
 * session has one open cart (a unique index), so the losers read the winner's.
 */
export async function ensureCart(ctx: RequestContext): Promise<string> {
  const { db, brandId } = ctx.data
  const now = ctx.now().toISOString()
  // a new visitor: the cart, then the session made pointing at it (nobody can race for a session not yet sent)
  let made: string | undefined
  const session = await ctx.session.ensureWithCart(async (fresh) => {
    made = (await insertOpenCart(db, brandId, fresh, now)) ?? (await findSessionCartId(db, brandId, fresh.id))
    return made
  })
  if (made) return made
  if (session.cartId) {
    const cart = await findOpenCart(db, brandId, session.cartId)
    if (cart) return cart.id
  }
  const cartId = (await insertOpenCart(db, brandId, session, now)) ?? (await findSessionCartId(db, brandId, session.id))
  await ctx.session.setCart(cartId)
  return cartId
}

function stockProblem(name: string, size: string, stock: number): string {
  if (stock <= 0) return `${name} in size ${size} is sold out.`
  return `Only ${stock} left of ${name} in size ${size}.`
}

export async function addToCart(ctx: RequestContext, itemId: number, size: string, qty: number) {
  await takeShopperRequest(ctx, CART_WRITES)
  const { db, brandId } = ctx.data
  const found = await findSellableSize(db, brandId, itemId, size)
  if (!found) throw notFound(`We couldn't find item ${itemId}. It may no longer be sold.`)
  // VIP exclusives are for members only (a shopper joining in this cart counts once they have joined)
  if (found.vip_exclusive === 1 && !(await ctx.shopper()).hasClub) {
    throw new HttpError(403, `${found.name} is a VIP exclusive: only VIP members can add it to their cart. Join VIP to shop it.`, 'item_id')
  }
  if (found.size === null || found.stock === null) throw unprocessable(`${found.name} doesn't come in size ${size}.`, 'size')
  if (found.stock <= 0) throw conflict(stockProblem(found.name, size, found.stock), 'size')
  const stock = found.stock
  if (qty > MAX_LINE_QTY) throw unprocessable(`You can have at most ${MAX_LINE_QTY} of one item in your cart.`, 'qty')
  if (qty > stock) throw conflict(stockProblem(found.name, size, stock), 'qty')
  const cartId = await ensureCart(ctx)
  const limit = Math.min(MAX_LINE_QTY, stock)
  const now = ctx.now().toISOString()
  // one statement: a new line, or the existing one grows, never past the limit;
  // concurrent adds of the same item and size meet in that one row and add up
  const line = await db
    .insertInto('cart_lines')
    .values({ id: randomUUID(), cart_id: cartId, item_id: itemId, size, qty, created_at: now })
    .onConflict((oc) =>
      oc
        .columns(['cart_id', 'item_id', 'size'])
        // the partial index's own predicate, word for word (SQLite matches it literally)
        .where(sql<boolean>`bundled_with is null and social_media_special = 0 and price_override_cents is null`)
        .doUpdateSet((eb) => ({ qty: eb('cart_lines.qty', '+', eb.ref('excluded.qty')) }))
        .where((eb) => eb(eb('cart_lines.qty', '+', eb.ref('excluded.qty')), '<=', limit)),
    )
    .returning('qty')
    .executeTakeFirst()
  if (!line) {
    // the line exists and would pass the limit: say which limit
    const existing = await findMergeableLine(db, cartId, itemId, size)
    const wanted = (existing?.qty ?? 0) + qty
    if (wanted > MAX_LINE_QTY) throw unprocessable(`You can have at most ${MAX_LINE_QTY} of one item in your cart.`, 'qty')
    throw conflict(stockProblem(found.name, size, stock), 'qty')
  }
  await db.updateTable('carts').set({ updated_at: now }).where('id', '=', cartId).execute()
}

export async function changeLineQty(ctx: RequestContext, lineId: string, qty: number) {
  await takeShopperRequest(ctx, CART_WRITES)
  const { db, brandId } = ctx.data
  const cartId = (await ctx.session.current())?.cartId ?? null
  const line = cartId ? await findCartLine(db, cartId, lineId) : undefined
  if (!cartId || !line) throw notFound("That line isn't in your cart any more.")
  // a member's exchange taken out: its reservation goes at once (the piece back in stock), and its line with it
  if (qty === 0 && line.exchange_order !== null) {
    const shopper = await ctx.shopper()
    await releaseExchange(ctx, line.exchange_order, shopper.customerId ? `shopper:${shopper.customerId}` : 'shopper')
    await db.deleteFrom('cart_lines').where('cart_id', '=', cartId).where('id', '=', lineId).execute()
    return
  }
  if (qty === 0) {
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('cart_lines').where('cart_id', '=', cartId).where('bundled_with', '=', lineId).execute()
      await trx.deleteFrom('cart_lines').where('id', '=', lineId).execute()
    })
    return
  }
  if (flag(line.skip_qty_controls) && qty !== line.qty) {
    throw unprocessable('The quantity of this item is fixed.', 'qty')
  }
  if (qty > MAX_LINE_QTY) throw unprocessable(`You can have at most ${MAX_LINE_QTY} of one item in your cart.`, 'qty')
  const found = await findSellableSize(db, brandId, line.item_id, line.size)
  const stock = found?.stock ?? 0
  if (qty > line.qty && qty > stock) throw conflict(stockProblem(found?.name ?? 'This item', line.size, stock), 'qty')
  await db.updateTable('cart_lines').set({ qty }).where('id', '=', lineId).execute()
}

/** A shopper's wrong discount codes per hour (the account's when logged in, else the client address's): past this, trying codes waits (429), so a private code cannot be found by trying. */
export const DISCOUNT_CODE_GUESSES = { max: 20, windowMs: HOUR_MS }

/** The code a shopper typed (the cart's form, POST /discount-code): a code that does not exist counts as a guess. */
export async function applyDiscountCode(ctx: RequestContext, rawCode: string) {
  const guesses = await shopperLimits(ctx, {
    name: 'discount-code',
    perShopper: DISCOUNT_CODE_GUESSES.max,
    perAddress: DISCOUNT_CODE_GUESSES.max,
    windowMs: DISCOUNT_CODE_GUESSES.windowMs,
    message: 'Too many discount codes were tried from this network.',
  })
  // checked before the code is looked up: once the guesses are spent, a right one is no answer either
  await checkRequestLimits(ctx, guesses)
  const code = rawCode.trim()
  const row = await findDiscountCode(ctx.data.db, ctx.data.brandId, code)
  if (!row) {
    await countRequests(
      ctx,
      guesses.map((guess) => guess.key),
    )
    throw unknownDiscountCode(code)
  }
  await putDiscountCode(ctx, row)
}

/** The discount code of an offer the shopper came in with (the checkout flow's terms): the store's own, never a guess. */
export async function applyOfferDiscountCode(ctx: RequestContext, code: string) {
  const row = await findDiscountCode(ctx.data.db, ctx.data.brandId, code)
  if (!row) throw unknownDiscountCode(code)
  await putDiscountCode(ctx, row)
}

const unknownDiscountCode = (code: string) => unprocessable(`We couldn't find the discount code '${code}'. Check the spelling and try again.`, 'code')

async function putDiscountCode(ctx: RequestContext, row: DiscountCodesRow) {
  const shopper = await ctx.shopper()
  if (flag(row.club_only) && !shopper.hasClub && !(await joinsWithThisCart(ctx, shopper))) {
    throw unprocessable(`${row.name} is for VIP members only. Log in to your member account to use it.`, 'code')
  }
  // before its start, past its end, or used up: said in words (a known code is not a guess)
  const refusal = discountCodeRefusal(row.name, discountCodeTerms(row, row.max_uses === null ? undefined : await countCodeUses(ctx.data.db, ctx.data.brandId, row.id)), ctx.now())
  if (refusal) throw unprocessable(refusal, 'code')
  // a code for a first order, entered by a customer known to have used it (checkout/first-order-codes.ts)
  const used = await firstOrderCodeRefusal(ctx.data, row, { email: shopper.email, customerId: shopper.customerId })
  if (used) throw unprocessable(firstOrderRefusalWords(row.name, used), 'code')
  const cartId = await ensureCart(ctx)
  await ctx.data.db.updateTable('carts').set({ discount_code_id: row.id, updated_at: new Date().toISOString() }).where('id', '=', cartId).execute()
}

/**
 * A new VIP sign-up: a logged-in customer whose cart is in a joining flow (checkout_club_flow,
 * vip_flow) leaves checkout a member, and is priced as one already (clubJoinTerms), so the club's
 * code (Lock5: "For VIP members and new VIP sign-ups") is theirs too. A visitor is not: joining
 * needs an account.
 */
async function joinsWithThisCart(ctx: RequestContext, shopper: Shopper): Promise<boolean> {
  if (!shopper.customerId) return false
  const cartId = (await ctx.session.current())?.cartId
  if (!cartId) return false
  const cart = await ctx.data.db.selectFrom('carts').select('checkout_flow').where('id', '=', cartId).where('brand_id', '=', ctx.data.brandId).executeTakeFirst()
  return isJoinFlow(cart?.checkout_flow)
}

export async function removeDiscountCode(ctx: RequestContext) {
  const cartId = (await ctx.session.current())?.cartId
  if (!cartId) return
  await ctx.data.db.updateTable('carts').set({ discount_code_id: null }).where('id', '=', cartId).execute()
}
