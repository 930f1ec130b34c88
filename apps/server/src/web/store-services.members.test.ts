/** The members methods of the pages' services: the API's rules, errors as StoreError. */
import { isStoreError, type StoreError } from '@store/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { brandById } from '../brands/registry.ts'
import { createRequestContext } from '../context/request-context.ts'
import { startTestStore, TestShopper, type TestStore } from '../test/harness.ts'
import { createStoreServices } from './store-services.ts'

const silent = { info() {}, warn() {}, error() {} }

describe('store services for the members area', () => {
  let t: TestStore
  let token: string
  beforeAll(async () => {
    t = await startTestStore('sqlite')
    const shopper = new TestShopper(t.app)
    await shopper.post('/api/register', { name: 'Sam Services', email: 'sam-services@example.com', password: 'leggings-forever' })
    token = shopper.cookieHeader.match(/sid=([^;]+)/)![1]!
  })
  afterAll(() => t.close())

  const services = (sessionToken?: string) =>
    createStoreServices(
      createRequestContext(
        { store: t.store, sessions: t.app.sessionStore, env: t.app.env },
        { brand: brandById('popfitclothing')!, sessionToken, clientIp: '127.0.0.1', log: silent },
      ),
    )

  it('answers a visitor 401 as a StoreError, and no default addresses', async () => {
    const error = await services()
      .account()
      .catch((e: unknown) => e)
    expect(isStoreError(error) && (error as StoreError).status).toBe(401)
    expect(await services().defaultAddresses()).toEqual({ shipping: null, billing: null })
  })

  it("checks input by the API's schemas (400 with the field) and rules (422)", async () => {
    const badType = await services(token)
      .saveAddress({ address_type: 'gift', name: 'Sam Services', country: 'US', address: '1 A St', city: 'X' })
      .catch((e: unknown) => e)
    expect((badType as StoreError).status).toBe(400)
    expect((badType as StoreError).errors[0]!.field).toBe('address_type')
    const noZip = await services(token)
      .saveAddress({ address_type: 'shipping', name: 'Sam Services', country: 'US', address: '1 A St', city: 'X', state: 'NY', phone: '5551234567' })
      .catch((e: unknown) => e)
    expect((noZip as StoreError).status).toBe(422)
    expect((noZip as StoreError).errors[0]!.field).toBe('zip')
  })

  it('saves the style profile leaving out empty answers', async () => {
    const fields = await services(token).saveStyleProfile({ birthday_month: '3', birthday_day: '' })
    expect(fields.find((f) => f.name === 'birthday_month')?.value).toBe('3')
    expect(fields.find((f) => f.name === 'birthday_day')?.value).toBeNull()
  })

  it('tells whether a reset link still works without using it', async () => {
    await services().forgot('sam-services@example.com')
    const mail = await t.store.db
      .selectFrom('outbox_emails')
      .select('body')
      .where('to_email', '=', 'sam-services@example.com')
      .where('subject', '=', 'Reset your password')
      .executeTakeFirstOrThrow()
    const link = mail.body.match(/token=([A-Za-z0-9_-]+)/)![1]!
    expect(await services().resetLinkWorks(link)).toBe(true)
    // asking twice does not spend it
    expect(await services().resetLinkWorks(link)).toBe(true)
    await services().resetPassword({ token: link, password: 'leggings-for-ever-2' })
    expect(await services().resetLinkWorks(link)).toBe(false)
    // anything not shaped like a token is no working link, not an error
    for (const token of ['short', '', null, 'x'.repeat(300)]) expect(await services().resetLinkWorks(token)).toBe(false)
  })
})
