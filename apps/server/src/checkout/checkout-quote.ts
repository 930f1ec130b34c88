/**
 * The checkout page's figures before the order is placed: the cart priced by the
 * cart's own computation (priceCart), each shipping method's price and the tax
 * for the address's country and state, exactly as POST /checkout will charge
 * them (checkout.service.ts reserveOrder: same rules, same order of rounding).
 */
import { fromCents, shippingOptions, type CheckoutQuote, type ShippingMethod } from '@store/core'
import { findCartSettings, findDiscountCodeById, findOpenCart, listCartLines } from '../cart/cart.queries.ts'
import { priceCart } from '../cart/cart.service.ts'
import type { RequestContext } from '../context/request-context.ts'
import type { TaxRates } from './tax.ts'

export interface QuoteInput {
  country: string
  state: string
  shipping_method: ShippingMethod
}

export async function quoteCheckout(ctx: RequestContext, tax: TaxRates, input: QuoteInput): Promise<CheckoutQuote> {
  const { db, brandId } = ctx.data
  const [shopper, session, settings] = await Promise.all([ctx.shopper(), ctx.session.current(), findCartSettings(db, brandId)])
  const cart = session?.cartId ? await findOpenCart(db, brandId, session.cartId) : undefined
  const [lines, code] = cart
    ? await Promise.all([listCartLines(db, cart.id), cart.discount_code_id ? findDiscountCodeById(db, cart.discount_code_id) : Promise.resolve(undefined)])
    : [[], undefined]
  const { totals } = priceCart(lines, code, settings, shopper, 0)
  const options = shippingOptions({
    subtotalAfterDiscountCents: totals.subtotalCents - totals.discountCents,
    standardCents: settings.standard_shipping_cost_cents,
    freeThresholdCents: settings.free_shipping_threshold_cents,
    expressCents: settings.express_shipping_cost_cents,
    memberFreeShipping: shopper.hasClub,
  })
  const empty = lines.length === 0
  const shippingCents = empty ? 0 : (options.find((option) => option.method === input.shipping_method) ?? options[0]!).cents
  const taxCents = empty
    ? 0
    : await tax.taxCentsFor(ctx.data, {
        subtotalCents: totals.subtotalCents,
        discountCents: totals.discountCents,
        shippingCents,
        country: input.country.trim().toUpperCase(),
        state: input.state.trim().toUpperCase(),
      })
  return {
    shipping_options: options.map((option) => ({ method: option.method, label: option.label, price: fromCents(option.cents), free: option.free })),
    shipping_method: input.shipping_method,
    subtotal: fromCents(totals.subtotalCents),
    discount: fromCents(totals.discountCents),
    shipping: fromCents(shippingCents),
    tax: fromCents(taxCents),
    total: fromCents(totals.subtotalCents - totals.discountCents + shippingCents + taxCents),
  }
}
