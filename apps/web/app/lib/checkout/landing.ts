/**
 * Landing paths (/landing/{id}, /funneltestoct17/{id}, /form/{id}): the id names
 * a social media special (its landing, claimed into the cart), or an offer code
 * (csr, ms, cb, cbv2: SPEC §4) whose landing sets the checkout flow and the offer
 * code on the cart (its discount code applied where the shopper may have it,
 * POST /checkout/flow) and leads to the shop. Anything else is a 404.
 */
import { offerTerms, type FlowType, type OfferTerms, type StoreServices } from '@store/core'
import { data, redirect } from 'react-router'
import { notFound } from '../../components/catalog/loader-helpers'
import { formResult } from '../api/post-form'
import { claimSpecial, loadSpecialLanding, type SpecialLanding } from './special-landing'

export type Landing = { kind: 'special'; landing: SpecialLanding } | { kind: 'offer'; terms: OfferTerms; flow: FlowType; ineligible: boolean }

const flowOfOffer = (terms: OfferTerms): FlowType => (terms.kind === 'club' ? 'vip_flow' : 'free_flow')

export async function loadLanding(services: StoreServices, id: string, lander: string | null): Promise<Landing> {
  const terms = offerTerms(id)
  if (terms) {
    // a club's offer (cb, cbv2) at a brand without a club: no such landing here
    if (terms.kind === 'club' && !(await services.settings()).brandHasClub) throw notFound('No such landing page')
    const cart = await services.cart()
    return { kind: 'offer', terms, flow: flowOfOffer(terms), ineligible: terms.kind !== 'club' && cart.ineligible_for_social_media }
  }
  const landing = await loadSpecialLanding(services, id, lander)
  if (!landing) throw notFound('No such landing page')
  return { kind: 'special', landing }
}

export async function landingAction(services: StoreServices, id: string, request: Request, mainShoppingPath: () => Promise<string>) {
  const terms = offerTerms(id)
  if (!terms) return claimSpecial(services, id, request)
  const result = await formResult(services.setCheckoutFlow({ checkout_flow: flowOfOffer(terms), offer_code: terms.code }))
  if (!result.ok) return data({ errors: result.errors }, { status: result.status })
  throw redirect(await mainShoppingPath())
}
