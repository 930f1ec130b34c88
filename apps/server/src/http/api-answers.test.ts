/**
 * Every /api answer is written by the fast-json-stringify serializer from its declared
 * response schema (http/serializer.ts): what reaches the client must be exactly what the
 * route returned (no field lost, no null or number mangled), and it must match the services.
 */
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getCategory, getCategoryGroup, getItemDetail, getReviews } from '../catalog/catalog.service.ts'
import { getContentPage, getFeed, getMembershipLanding, getSocialMediaSpecial } from '../content/content.service.ts'
import { MANY_CUSTOMER_IMAGES_ITEM } from '../db/seed/constants.ts'
import { getStoreSettings } from '../settings/settings.service.ts'
import { DIALECTS, dataOf, startTestStore, TestShopper, type TestStore } from '../test/harness.ts'

const BRAND = 'popfitclothing'
const asJson = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown

describe.each(DIALECTS)('API answers through their response schemas on %s', (dialect) => {
  let t: TestStore
  /** what the last route handler returned, before serialisation */
  let returned: unknown
  let serialised = 0
  beforeAll(async () => {
    t = await startTestStore(dialect, {
      beforeReady: (app) =>
        app.addHook('preSerialization', async (request, _reply, payload) => {
          if (request.url.startsWith('/api/') && !request.url.startsWith('/api/openapi.json')) {
            returned = payload
            serialised++
          }
          return payload
        }),
    })
  })
  afterAll(() => t.close())

  /** The answer is exactly what the route returned, as JSON. */
  const sameAsReturned = (response: LightMyRequestResponse) => {
    expect(response.headers['content-type']).toMatch(/^application\/json/)
    expect(response.json()).toEqual(asJson(returned))
    return response
  }

  it('settings, catalogue and content: the answer is what the service returns', async () => {
    const shopper = new TestShopper(t.app)
    const { db } = t.store
    const settings = sameAsReturned(await shopper.get('/api/settings'))
    expect(dataOf(settings)).toEqual(asJson(await getStoreSettings(db, BRAND)))

    const category = sameAsReturned(await shopper.get('/api/categories/leggings'))
    expect(dataOf(category)).toEqual(asJson(await getCategory(db, BRAND, 'leggings', false)))

    const { itemId } = MANY_CUSTOMER_IMAGES_ITEM.popfitclothing
    const item = sameAsReturned(await shopper.get(`/api/items/${itemId}`))
    expect(dataOf(item)).toEqual(asJson(await getItemDetail(db, BRAND, itemId, false)))

    const groupLink = dataOf<{ headerMenu: { link: string; children: { link: string }[] }[] }>(settings)
      .headerMenu.flatMap((entry) => [entry.link, ...entry.children.map((child) => child.link)])
      .find((link) => link.startsWith('/category-group/'))!
    const groupName = groupLink.split('/').pop()!
    const group = sameAsReturned(await shopper.get(`/api/category-groups/${groupName}`))
    expect(dataOf(group)).toEqual(asJson(await getCategoryGroup(db, BRAND, groupName)))

    const reviews = sameAsReturned(await shopper.get('/api/reviews?per_page=50'))
    expect(dataOf(reviews)).toEqual(asJson(await getReviews(db, BRAND, null, 1, 50)))
    sameAsReturned(await shopper.get(`/api/reviews?item_id=${itemId}`))

    const page = sameAsReturned(await shopper.get('/api/content/pages/store-policies'))
    expect(dataOf(page)).toEqual(asJson(await getContentPage(db, BRAND, 'store-policies')))
    expect(dataOf(sameAsReturned(await shopper.get('/api/feed')))).toEqual(asJson(await getFeed(db, BRAND)))
    expect(dataOf(sameAsReturned(await shopper.get('/api/membership-landing')))).toEqual(asJson(await getMembershipLanding(db, BRAND)))
    expect(dataOf(sameAsReturned(await shopper.get('/api/social-media-specials/pf-vip-optin-csr')))).toEqual(asJson(await getSocialMediaSpecial(db, BRAND, 'pf-vip-optin-csr')))
  })

  it('the cart, as it changes, and the account calls answer exactly what they returned', async () => {
    const shopper = new TestShopper(t.app)
    const empty = dataOf<{ items: unknown[]; customer: unknown }>(sameAsReturned(await shopper.get('/api/cart')))
    expect(empty.items).toEqual([])
    expect(empty.customer).toBeNull()

    const items = dataOf<{ items: { id: number; availableSizes: string[] }[] }>(await shopper.get('/api/categories/leggings')).items.filter(
      (item) => item.availableSizes.length > 0,
    )
    for (const item of items.slice(0, 3)) {
      sameAsReturned(await shopper.post('/api/cart/items', { item_id: item.id, size: item.availableSizes[0]!, qty: 2 }))
    }
    const withCode = dataOf<{ items: { cartId: string }[]; discount_code_details: unknown }>(sameAsReturned(await shopper.post('/api/discount-code', { code: 'first15' })))
    expect(withCode.items).toHaveLength(3)
    expect(withCode.discount_code_details).not.toBeNull()
    sameAsReturned(await shopper.post(`/api/cart/items/${withCode.items[0]!.cartId}`, { qty: 0 }))
    sameAsReturned(await shopper.post('/api/discount-code/remove'))

    const customer = dataOf<{ customer: { e_mail_address: string } }>(
      sameAsReturned(await shopper.post('/api/register', { name: 'Pat Answers', email: `pat-answers-${dialect}@example.com`, password: 'leggings-forever' })),
    ).customer
    expect(customer.e_mail_address).toBe(`pat-answers-${dialect}@example.com`)
    const loggedIn = dataOf<{ customer: { name: string } | null; loggedin: boolean }>(sameAsReturned(await shopper.get('/api/cart')))
    expect(loggedIn.loggedin).toBe(true)
    expect(loggedIn.customer?.name).toBe('Pat Answers')

    const profile = dataOf<{ style_profile: { name: string; options: { value: string }[] }[] }>(sameAsReturned(await shopper.get('/api/style-profile')))
    const field = profile.style_profile[0]!
    sameAsReturned(await shopper.post('/api/style-profile', { [field.name]: field.options[0]!.value }))
    sameAsReturned(await shopper.post('/api/test-group', { key: 'answers-test', values: 'a,b' }))
    sameAsReturned(await shopper.get('/api/pixel-event?uuid=answers-123456&event_name=PageView'))
    sameAsReturned(await shopper.get('/api/utm-data?utm_source=answers&gclid=abc'))
    sameAsReturned(await shopper.postJson('/api/analytics-events', { events: [{ name: 'Page Viewed' }] }))
    sameAsReturned(await shopper.post('/api/logout'))
    sameAsReturned(await shopper.post('/api/login', { email: `pat-answers-${dialect}@example.com`, password: 'leggings-forever' }))
    sameAsReturned(await shopper.get('/api/health'))
  })

  it('errors keep the error shape of DESIGN §4, through the same serializer', async () => {
    const shopper = new TestShopper(t.app)
    const before = serialised
    const notFound = sameAsReturned(await shopper.get('/api/categories/no-such-category'))
    expect(notFound.statusCode).toBe(404)
    expect(notFound.json()).toEqual({ errors: [{ message: expect.any(String) }] })
    const invalid = sameAsReturned(await shopper.post('/api/cart/items', { item_id: 'abc', size: 'M' }))
    expect(invalid.statusCode).toBe(400)
    expect((invalid.json() as { errors: { field?: string }[] }).errors[0]!.field).toBe('item_id')
    const refused = sameAsReturned(await shopper.post('/api/discount-code', { code: 'NOPE42' }))
    expect(refused.statusCode).toBe(422)
    expect(serialised - before).toBe(3)
  })
})
