/**
 * The words a one-time offer's page builds from the offer's fields (docs/checkout-pages.md
 * "One-time offers: what the page says").
 *
 * `short_item_name` names what the offer adds as a whole ("2 Leggings", "3 Pairs", "Top"), and
 * `how_many` is how many pieces that is. The page put one in front of the other ("2 × 2 Leggings",
 * which reads as four pairs): the count goes in front only when the name does not start with it.
 * An offer of several pieces adds that many of ONE chosen piece, in one size (the accept takes one
 * `item_id` and one `size`), so its picker says so rather than "choose your 2 Leggings".
 */
import { formatPrice, type OneTimeOffer } from '@store/core'

type OfferWords = Pick<OneTimeOffer, 'how_many' | 'short_item_name'>

/** What the offer adds, counted once: "2 Leggings", "Leggings", "3 Pairs", "2 × Socks" never. */
export function offerQuantityName({ how_many, short_item_name }: OfferWords): string {
  const name = short_item_name.trim()
  if (how_many <= 1) return name
  // the name already counts the pieces ("2 Leggings", "3 pairs"): the number is not said twice
  if (/^\d+\b/.test(name)) return name
  return `${how_many} ${name}`
}

/**
 * The offer's price line: "2 Leggings for $39.99". An offer whose shopper picks a category names the
 * category chosen ("Sports bra for $24.99"), not the offer's one name for all of them ("Top").
 */
export function offerPriceLine(offer: OfferWords & Pick<OneTimeOffer, 'price'>, category: string | null = null): string {
  const words = category ? { how_many: offer.how_many, short_item_name: categoryPieceName(category) } : offer
  return `${offerQuantityName(words)} for ${formatPrice(offer.price, { keepZeroCents: true })}`
}

/** A category's name as a shopper reads it: 'robes' -> 'Robes', 'sports-bras' -> 'Sports bras'. */
export const categoryCaption = (name: string) =>
  name
    .replace(/[-_]+/g, ' ')
    .trim()
    .replace(/^./, (first) => first.toUpperCase())

/** One piece of a category, as a shopper reads it: 'sports-bras' -> 'Sports bra', 'tops' -> 'Top', 'dresses' -> 'Dress'. */
export function categoryPieceName(name: string): string {
  const caption = categoryCaption(name)
  if (/(ss|sh|ch|x)es$/i.test(caption)) return caption.slice(0, -2)
  if (/[^s]s$/i.test(caption)) return caption.slice(0, -1)
  return caption
}

/** The product picker's legend: one choice, and for several pieces that they all come as it. */
export function pickerLegend({ how_many, short_item_name }: OfferWords): string {
  if (how_many === 2) return 'Choose one style for both'
  if (how_many > 2) return `Choose one style for all ${how_many}`
  return `Choose your ${short_item_name.trim()}`
}

/** What accepting adds, with the piece chosen: "You get 2 × Signature High-Waist Legging · Black, both in the size you choose." */
export function offerChoiceSummary(how_many: number, choice: { name: string; color: string | null } | null, sized: boolean): string | null {
  if (!choice || how_many <= 1) return null
  const what = `You get ${how_many} × ${choice.name}${choice.color ? ` · ${choice.color}` : ''}`
  if (!sized) return `${what}.`
  return `${what}, ${how_many === 2 ? 'both' : 'all'} in the size you choose.`
}

export interface AddedLine {
  name: string
  color: string
  size: string
  qty: number
}

/** The order's lines an offer added, one per piece, gathered: two lines of one legging in M are "2 × …". */
export function gatherLines(lines: readonly AddedLine[]): AddedLine[] {
  const gathered: AddedLine[] = []
  for (const line of lines) {
    const same = gathered.find((g) => g.name === line.name && g.color === line.color && g.size === line.size)
    if (same) same.qty += line.qty
    else gathered.push({ name: line.name, color: line.color, size: line.size, qty: line.qty })
  }
  return gathered
}

/** The way on from an offer already answered: to the order itself at the end of the flow, else to the next offer. */
export const nextStepLabel = (next: string) => (next.startsWith('/thank-you') ? 'See your order' : 'Continue')
