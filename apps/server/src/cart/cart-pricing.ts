/**
 * The cart's money rules for this shopper: a line's unit price, the club special that is a join's
 * first pick, the free gift, the bundle offers a line counts towards, and the whole cart priced
 * through core's computeCartTotals (priceCart: one computation for the cart drawer and checkout).
 */
import { computeCartTotals, OFFER_PRICES, parseDiscountClasses, toCents } from '@store/core'
import type { Shopper } from '../accounts/shopper.ts'
import { originalPriceCents, unitPriceCents } from '../catalog/pricing.ts'
import { flag, readList } from '../db/json.ts'
import type { DiscountCodesRow } from '../db/schema.ts'
import type { BrandBundleOffers } from './cart-promotions.queries.ts'
import type { CartLineRow, CartSettingsRow } from './cart.queries.ts'

/**
 * A piece's price: the item's (or its member price), or a special price (an offer, an order bump,
 * a social media special), which is never more than the item's own price for this shopper. In a
 * cart that joins the club through a club special (`firstPick`, offer code cb: "Join VIP and get
 * your first pair for $24.99"), the special's piece is the first month's pick: the first month's
 * fee, charged at checkout, pays for it.
 */
export function lineUnitCents(line: CartLineRow, shopper: Shopper, firstPick = false): number {
  if (firstPick && isClubSpecialLine(line)) return 0
  const own = unitPriceCents(line, shopper.hasClub)
  return line.price_override_cents === null ? own : Math.min(line.price_override_cents, own)
}

/**
 * A free gift (SPEC §4 free gift types free-leggings and free-underwear: a social media special at $0,
 * docs/decisions/169): for a new customer at a brand with a club, never for a member (free_promo_eligible).
 */
export const isFreeGiftLine = (line: Pick<CartLineRow, 'social_media_special' | 'price_override_cents'>) => line.social_media_special === 1 && line.price_override_cents === 0

/** Who may have a free gift: a shopper who is not a member, at a brand with a club. */
export const freePromoEligible = (settings: { brand_has_club: number }, shopper: Pick<Shopper, 'hasClub'>) => flag(settings.brand_has_club) && !shopper.hasClub

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
