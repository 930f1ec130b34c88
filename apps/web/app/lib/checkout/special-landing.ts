/**
 * A social media special's landing, as every landing path loads it
 * (/social_media_specials/{id}, /landing/{id}, /funneltestoct17/{id}, /form/{id}):
 * the special, the lander the split test shows, its item's sizes in stock, and
 * whether this shopper may claim it (a club member may not; a cart holds one).
 * Claiming puts the item in the cart at the special's price with its checkout
 * flow and offer code, then the funnel goes on (order bumps, then checkout).
 */
import { isStoreError, OFFER_PRICES, type Cart, type ItemDetail, type SocialMediaLander, type SocialMediaSpecial, type StoreServices } from '@store/core'
import { data, redirect } from 'react-router'
import { formResult } from '../api/post-form'
import { readForm } from '../read-form'

export interface SpecialLanding {
  special: SocialMediaSpecial
  /** the lander shown, or null when the split test sends the shopper straight to the offer */
  lander: SocialMediaLander | null
  item: Pick<ItemDetail, 'id' | 'name' | 'availableSizes' | 'images' | 'price'> | null
  /** why this shopper cannot claim it, or null */
  blocked: 'member' | 'already' | null
  /** the shopper is logged in (a club special's join needs an account: the page says so to a visitor) */
  loggedin: boolean
}

/** A club special (SPEC §9: the club's price, 24.99, offer code cb): claiming it is joining the club, its piece the first month's pick. */
export const isClubSpecial = (special: Pick<SocialMediaSpecial, 'price'>) => special.price === OFFER_PRICES.club

/** The lander: the one named by ?lander=, else the split test's first; none with split_test_no_lander. */
function chooseLander(special: SocialMediaSpecial, wanted: string | null): SocialMediaLander | null {
  if (special.split_test_no_lander && !wanted) return null
  const candidates = special.split_test_landers.length ? special.landers.filter((l) => special.split_test_landers.includes(l.id)) : special.landers
  return special.landers.find((l) => l.id === wanted) ?? candidates[0] ?? special.landers[0] ?? null
}

function blockedFor(cart: Cart): SpecialLanding['blocked'] {
  if (cart.ineligible_for_social_media) return 'member'
  if (cart.has_social_media_special) return 'already'
  return null
}

/** The landing of special `id`, or null when there is no such special. */
export async function loadSpecialLanding(services: StoreServices, id: string, lander: string | null): Promise<SpecialLanding | null> {
  let special: SocialMediaSpecial
  try {
    special = await services.socialMediaSpecial(id)
  } catch (error) {
    if (isStoreError(error) && (error.status === 404 || error.status === 400)) return null
    throw error
  }
  const [cart, detail] = await Promise.all([services.cart(), special.item_id === null ? Promise.resolve(null) : services.item(special.item_id).catch(() => null)])
  const item = detail ? { id: detail.id, name: detail.name, availableSizes: detail.availableSizes, images: detail.images, price: detail.price } : null
  return { special, lander: chooseLander(special, lander), item, blocked: blockedFor(cart), loggedin: cart.loggedin }
}

/** The claim form's action: on to the funnel, or the errors for the form. */
export async function claimSpecial(services: StoreServices, id: string, request: Request) {
  const form = await readForm(request)
  const result = await formResult(services.claimSocialMediaSpecial(id, { size: String(form.get('size') ?? '') }))
  if (!result.ok) return data({ errors: result.errors }, { status: result.status })
  throw redirect(result.value.next)
}
