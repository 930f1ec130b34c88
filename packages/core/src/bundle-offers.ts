import { formatPrice, fromCents } from './prices.ts'

/**
 * Bundle offers ('any 3 leggings for $75', SPEC §3 "Bundle offer"), in integer cents
 * (docs/cart-rules.md "Bundle offers"):
 * - a unit counts towards an offer when its line names the offer (the server names the
 *   offers of the item's categories, and none for lines at a special price);
 * - the units of an offer are taken most expensive first, `howMany` at a time; each full
 *   group costs the offer's price, but only when that is less than the group costs at the
 *   shopper's own prices (a member never pays more for a bundle). Units left over pay
 *   their own price. For a fixed bundle price this saves the shopper the most;
 * - a unit goes into one bundle at most: offers are tried best deal first (lowest price
 *   per unit), and a unit bundled by one is not available to the next;
 * - each bundle's saving (its units' prices less the bundle price) is exact; it is split
 *   over the bundle's lines in proportion to what each line put in, in whole cents by
 *   largest remainder, so the lines add up to the bundle price to the cent.
 */
export interface BundleOffer {
  offerId: string
  /** units in one bundle */
  howMany: number
  /** what one bundle of howMany units costs */
  priceCents: number
}

export interface BundleLine {
  /** what one unit costs this shopper without the bundle (member price for a member) */
  unitCents: number
  qty: number
  /** the offers this line's units count towards; empty for a line at a special price */
  offerIds: readonly string[]
}

export interface AppliedBundle {
  offerId: string
  /** the bundle's units at their own prices */
  regularCents: number
  priceCents: number
  savingCents: number
  /** the lines that gave units to this bundle: index in the lines given, and how many units */
  units: { line: number; qty: number }[]
}

export interface BundleResult {
  bundles: AppliedBundle[]
  /** the saving every line gets from bundles, in the order given */
  lineSavingCents: number[]
  /** how many units of each line are in a bundle */
  lineBundledQty: number[]
  savingCents: number
}

const isUsable = (offer: BundleOffer) => Number.isInteger(offer.howMany) && offer.howMany >= 1 && Number.isInteger(offer.priceCents) && offer.priceCents >= 0

/** Best deal first: lower price per unit (compared without division), then the offer id. */
function byDeal(a: BundleOffer, b: BundleOffer): number {
  const diff = a.priceCents * b.howMany - b.priceCents * a.howMany
  if (diff !== 0) return diff
  return a.offerId < b.offerId ? -1 : a.offerId > b.offerId ? 1 : 0
}

/**
 * `total` split in proportion to `weights` (integers, sum > 0), in whole cents: each gets the
 * floor of its share, and the cents left go to the largest remainders, the earlier first on a tie.
 */
export function splitByWeight(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0)
  if (sum <= 0) return weights.map(() => 0)
  const shares = weights.map((w) => Math.floor((total * w) / sum))
  const remainders = weights.map((w, i) => ({ i, r: total * w - shares[i]! * sum }))
  let left = total - shares.reduce((s, x) => s + x, 0)
  remainders.sort((a, b) => b.r - a.r || a.i - b.i)
  for (const { i } of remainders) {
    if (left <= 0) break
    shares[i]! += 1
    left -= 1
  }
  return shares
}

export function applyBundleOffers(lines: readonly BundleLine[], offers: readonly BundleOffer[]): BundleResult {
  const left = lines.map((line) => Math.max(0, line.qty))
  const lineSavingCents = lines.map(() => 0)
  const lineBundledQty = lines.map(() => 0)
  const bundles: AppliedBundle[] = []
  for (const offer of offers.filter(isUsable).sort(byDeal)) {
    // every unit of the offer still free, most expensive first; on equal prices the earlier line first
    const units: { line: number; cents: number }[] = []
    lines.forEach((line, i) => {
      if (!line.offerIds.includes(offer.offerId)) return
      for (let n = 0; n < left[i]!; n++) units.push({ line: i, cents: line.unitCents })
    })
    units.sort((a, b) => b.cents - a.cents || a.line - b.line)
    for (let start = 0; start + offer.howMany <= units.length; start += offer.howMany) {
      const group = units.slice(start, start + offer.howMany)
      const regularCents = group.reduce((sum, unit) => sum + unit.cents, 0)
      // the next groups cost no more than this one: once a bundle would not lower the price, none will
      if (regularCents <= offer.priceCents) break
      const byLine = new Map<number, { qty: number; cents: number }>()
      for (const unit of group) {
        const seen = byLine.get(unit.line) ?? { qty: 0, cents: 0 }
        byLine.set(unit.line, { qty: seen.qty + 1, cents: seen.cents + unit.cents })
      }
      const parts = [...byLine.entries()]
      const savingCents = regularCents - offer.priceCents
      const shares = splitByWeight(
        savingCents,
        parts.map(([, part]) => part.cents),
      )
      parts.forEach(([line, part], k) => {
        left[line]! -= part.qty
        lineBundledQty[line]! += part.qty
        lineSavingCents[line]! += shares[k]!
      })
      bundles.push({
        offerId: offer.offerId,
        regularCents,
        priceCents: offer.priceCents,
        savingCents,
        units: parts.map(([line, part]) => ({ line, qty: part.qty })),
      })
    }
  }
  return { bundles, lineSavingCents, lineBundledQty, savingCents: bundles.reduce((sum, bundle) => sum + bundle.savingCents, 0) }
}

/** How a bundle offer reads to a shopper: (3, 7500) -> '3 for $75'. */
export function bundleOfferLabel(offer: Pick<BundleOffer, 'howMany' | 'priceCents'>): string {
  return `${offer.howMany} for ${formatPrice(fromCents(offer.priceCents))}`
}
