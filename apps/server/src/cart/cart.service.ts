import { randomUUID } from 'node:crypto'
import { discountCodeRefusal, type Cart } from '@store/core'
import { sql } from 'kysely'
import { CART_WRITES, checkRequestLimits, countRequests, HOUR_MS, shopperLimits, takeShopperRequest } from '../accounts/request-limits.ts'
import type { Shopper } from '../accounts/shopper.ts'
import type { Session } from '../sessions/session-store.ts'
import type { RequestContext } from '../context/request-context.ts'
import { flag } from '../db/json.ts'
import type { DiscountCodesRow } from '../db/schema.ts'
import { conflict, HttpError, notFound, unprocessable } from '../http/errors.ts'
import { getSettingsBundle } from '../settings/settings.service.ts'
import { getFeaturedItems } from '../catalog/catalog.service.ts'
import { isJoinFlow } from '../membership/club-join.ts'
import { oneClickMethod } from '../offers/one-click.ts'
import { vipExclusiveIds } from '../checkout/members-only.ts'
import { firstOrderCodeRefusal, firstOrderRefusalWords } from '../checkout/first-order-codes.ts'
import { countCodeUses } from '../checkout/code-claims.ts'
import { releaseExchange } from '../checkout/reservations.ts'
import {
  findCartLine,
  findMergeableLine,
  findOpenCart,
  findSessionCartId,
  insertOpenCart,
  findSellableSize,
  readOpenCart,
  readSessionWithOpenCart,
  sortedLines,
  type OpenCartRead,
} from './cart.queries.ts'
import { buildCart } from './cart-answer.ts'
import { CartMemo, type CartInputs } from './cart-memo.ts'
import { freePromoEligible, isFreeGiftLine } from './cart-pricing.ts'
import { discountCodeTerms, findBundleOffers, findDiscountCode, findDiscountCodeById, findOrderBumpIds, NO_BUNDLE_OFFERS } from './cart-promotions.queries.ts'
import { MAX_LINE_QTY } from './cart.schemas.ts'

/** A cart with no lines has no VIP exclusive in it: no need to read the brand's set. */
const NO_VIP_EXCLUSIVES: ReadonlySet<number> = new Set()

const FEATURED_ITEMS = 4

function mainCategoryName(mainShoppingPath: string): string {
  return mainShoppingPath.split('/').filter(Boolean).pop() ?? ''
}

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

/**
 * The shopper's open cart, made on first use and remembered by the session.
 * Requests racing to make it meet in one row: the cart names its session, and a
 * session has one open cart (a unique index), so the losers read the winner's.
 */
export async function ensureCart(ctx: RequestContext): Promise<string> {
  return (await ensureCartMade(ctx)).cartId
}

/** ensureCart, saying whether this request made the cart (its updated_at then is already now). */
async function ensureCartMade(ctx: RequestContext): Promise<{ cartId: string; made: boolean }> {
  const { db, brandId } = ctx.data
  const now = ctx.now().toISOString()
  /** the session's open cart, made now, or the one a concurrent request made first (a unique index) */
  const openFor = async (session: Session): Promise<{ cartId: string; made: boolean }> => {
    const inserted = await insertOpenCart(db, brandId, session, now)
    return inserted ? { cartId: inserted, made: true } : { cartId: await findSessionCartId(db, brandId, session.id), made: false }
  }
  // a new visitor: the cart, then the session made pointing at it (nobody can race for a session not yet sent)
  let opened: { cartId: string; made: boolean } | undefined
  const session = await ctx.session.ensureWithCart(async (fresh) => {
    opened = await openFor(fresh)
    return opened.cartId
  })
  if (opened) return opened
  if (session.cartId) {
    const cart = await findOpenCart(db, brandId, session.cartId)
    if (cart) return { cartId: cart.id, made: false }
  }
  const own = await openFor(session)
  await ctx.session.setCart(own.cartId)
  return own
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
  const { cartId, made } = await ensureCartMade(ctx)
  const limit = Math.min(MAX_LINE_QTY, stock)
  const now = ctx.now().toISOString()
  // one statement: a new line, or the existing one grows, never past the limit;
  // concurrent adds of the same item and size meet in that one row and add up
  const line = await db
    .insertInto('cart_lines')
    .values({ id: randomUUID(), brand_id: brandId, cart_id: cartId, item_id: itemId, size, qty, created_at: now })
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
  // a cart this request made was written with this moment already (one statement and, on PostgreSQL, one commit less)
  if (!made) await db.updateTable('carts').set({ updated_at: now }).where('id', '=', cartId).execute()
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
