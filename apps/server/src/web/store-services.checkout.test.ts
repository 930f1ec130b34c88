import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { brandForHost, brandsWithOrigins } from '../brands/registry.ts'
import { createRequestContext } from '../context/request-context.ts'
import { DIALECTS, startTestStore, type TestStore } from '../test/harness.ts'
import { createStoreServices } from './store-services.ts'

const silent = { info() {}, warn() {}, error() {} }

describe.each(DIALECTS)("the checkout funnel's page services on %s", (dialect) => {
  let t: TestStore
  beforeAll(async () => {
    t = await startTestStore(dialect)
  })
  afterAll(() => t.close())

  const servicesFor = (host: string) => {
    const brand = brandForHost(host, brandsWithOrigins(t.app.env.publicOrigins))!
    const ctx = createRequestContext({ store: t.store, sessions: t.app.sessionStore, env: t.app.env }, { brand, clientIp: '127.0.0.1', log: silent })
    return createStoreServices(ctx)
  }

  it('walks bumps, quote, flow and the post-offer flow with the API rules', async () => {
    const services = servicesFor('localhost')
    const category = await services.category('leggings')
    const item = category.items.find((candidate) => candidate.availableSizes.length > 0)!
    await services.addToCart({ item_id: String(item.id), size: item.availableSizes[0]!, qty: '1' })

    expect(await services.orderBumps()).toEqual({ ids: ['pf-ob-1', 'pf-ob-2'], first: '/checkout-ob/pf-ob-1' })
    const bump = await services.orderBump('pf-ob-1')
    expect(await services.acceptOrderBump('pf-ob-1', { size: bump.sizes[0] })).toEqual({ next: '/checkout-ob/pf-ob-2' })
    // the cart is read again after the change
    expect((await services.cart()).items).toHaveLength(2)
    expect(await services.declineOrderBump('pf-ob-2')).toEqual({ next: '/checkout' })
    await expect(services.orderBump('')).rejects.toMatchObject({ status: 400 })

    const standard = await services.checkoutQuote({ country: 'US', state: 'TX', shipping_method: 'standard' })
    const express = await services.checkoutQuote({ country: 'US', state: 'TX', shipping_method: 'express' })
    expect(express.total).toBeGreaterThan(standard.total)
    await expect(services.checkoutQuote({ shipping_method: 'drone' })).rejects.toMatchObject({ status: 400 })

    expect(await services.offerFlowNext({ type: 'checkout-ob', current: 'pf-ob-1' })).toEqual({ next: '/checkout-ob/pf-ob-2' })
    await expect(services.offerFlowNext({ type: 'checkout-xx' })).rejects.toMatchObject({ status: 422, errors: [{ message: 'Unknown pageOfferType' }] })
    await expect(services.offerFlowNext({ type: 'checkout-ob', current: 'pf-ob-9' })).rejects.toMatchObject({
      status: 422,
      errors: [{ message: "'pf-ob-9' is not one of this store's order bumps.", field: 'current' }],
    })

    expect(await services.setCheckoutFlow({ checkout_flow: 'vip_flow', offer_code: 'ms' })).toMatchObject({ offer_code: 'ms', discount_code_name: 'First15' })
    expect((await services.cart()).checkout_flow).toBe('vip_flow')

    // someone else's (or no) order is a 404, and an offer needs a proper key
    await expect(services.order('1234567890')).rejects.toMatchObject({ status: 404 })
    await expect(services.acceptOneTimeOffer('pf-oto-1', 'bad key!', { order_number: '1234567890' })).rejects.toMatchObject({ status: 400 })
    expect(services.paymentSetup()).toEqual({ gateway: 'test', publishable_key: null })
  })

  it('shows a special and claims it into the cart with its flow and offer code; an unknown one is a 404', async () => {
    const services = servicesFor('ckb.localhost')
    const special = await services.socialMediaSpecial('ckb-vip-optin')
    expect(special.price).toBe(24.99)
    const item = await services.item(special.item_id!)
    const claim = await services.claimSocialMediaSpecial('ckb-vip-optin', { size: item.availableSizes[0] })
    expect(claim).toMatchObject({ checkout_flow: 'vip_flow', offer_code: 'cb' })
    const cart = await services.cart()
    expect(cart.has_social_media_special).toBe(true)
    await expect(services.socialMediaSpecial('nope')).rejects.toMatchObject({ status: 404 })
  })
})
