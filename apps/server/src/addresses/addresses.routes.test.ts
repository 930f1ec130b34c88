import type { AddressEntry, DefaultAddresses } from '@store/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { itemWithStock, placeOrder, shopperWithCart, tokenFor } from '../checkout/checkout-test-kit.ts'
import { MAX_ADDRESSES } from './addresses.service.ts'
import { HOME } from './test-address.ts'
import { DIALECTS, dataOf, errorsOf, startTestStore, TestShopper, type TestStore } from '../test/harness.ts'

describe.each(DIALECTS)('address book on %s', (dialect) => {
  let t: TestStore
  let n = 0
  beforeAll(async () => {
    t = await startTestStore(dialect)
  })
  afterAll(() => t.close())

  async function customer() {
    const shopper = new TestShopper(t.app)
    const response = await shopper.post('/api/register', { name: 'Pat Shopper', email: `book-${n++}-${dialect}@example.com`, password: 'leggings-forever' })
    expect(response.statusCode).toBe(200)
    return shopper
  }

  it('adds an address; the first of its type is the default; the phone is formatted', async () => {
    const shopper = await customer()
    expect(dataOf<AddressEntry[]>(await shopper.get('/api/addresses'))).toEqual([])
    const saved = dataOf<AddressEntry>(await shopper.post('/api/addresses', HOME))
    expect(saved).toMatchObject({ address_type: 'shipping', name: 'Pat Shopper', city: 'Springfield', phone: '(555) 123-4567', default: true })
    const second = dataOf<AddressEntry>(await shopper.post('/api/addresses', { ...HOME, address: '9 Elm St' }))
    expect(second.default).toBe(false)
    const defaults = dataOf<DefaultAddresses>(await shopper.get('/api/addresses/defaults'))
    expect(defaults.shipping?.id).toBe(saved.id)
    expect(defaults.billing).toBeNull()
  })

  it('answers the checkout rules with the field in error', async () => {
    const shopper = await customer()
    const noZip = await shopper.post('/api/addresses', { ...HOME, zip: '' })
    expect(noZip.statusCode).toBe(422)
    expect(noZip.json().errors[0]).toEqual({ message: 'Enter the Zip Code.', field: 'zip' })
    const oneName = await shopper.post('/api/addresses', { ...HOME, name: 'Pat' })
    expect(oneName.json().errors[0].field).toBe('name')
    // half of a UTF-16 pair (JSON can carry one) would be stored as the replacement sign
    const broken = await shopper.postJson('/api/addresses', { ...HOME, name: '\ud800 Adams' })
    expect(broken.statusCode).toBe(422)
    expect(broken.json().errors[0]).toEqual({ message: 'Type this field again: it holds a character that could not be read (it may show as \uFFFD).', field: 'name' })
    const badType = await shopper.post('/api/addresses', { ...HOME, address_type: 'gift' })
    expect(badType.statusCode).toBe(400)
    // a billing address needs no phone (as at checkout); abroad the postal code is optional
    const billing = await shopper.post('/api/addresses', { ...HOME, address_type: 'billing', country: 'GB', state: '', zip: '', phone: '' })
    expect(billing.statusCode).toBe(200)
  })

  it("reads 'default' as SPEC §3 reads booleans (true/false, 0/1, '0'/'1', a form's 'on'); anything else is a 400, not a quiet no", async () => {
    const shopper = await customer()
    const first = dataOf<AddressEntry>(await shopper.post('/api/addresses', HOME))
    for (const value of ['banana', 'no', 'yes', 2]) {
      const refused = await shopper.postJson('/api/addresses', { ...HOME, address: `${value} Elm St`, default: value })
      expect(refused.statusCode, String(value)).toBe(400)
      expect(errorsOf(refused)[0], String(value)).toBe('default is true or false')
    }
    expect(dataOf<AddressEntry[]>(await shopper.get('/api/addresses'))).toHaveLength(1)
    for (const [value, made] of [
      [1, true],
      ['0', false],
      ['on', true],
      [false, false],
      ['true', true],
    ] as const) {
      const saved = dataOf<AddressEntry>(await shopper.postJson('/api/addresses', { ...HOME, address: `${String(value)} Oak St`, default: value }))
      expect(saved.default, String(value)).toBe(made)
    }
    expect(dataOf<DefaultAddresses>(await shopper.get('/api/addresses/defaults')).shipping?.id).not.toBe(first.id)
  })

  it("keeps a region abroad as typed ('Tokyo', not 'TOKYO'); a US state is its code, upper-case", async () => {
    const shopper = await customer()
    const tokyo = dataOf<AddressEntry>(
      await shopper.post('/api/addresses', { ...HOME, country: 'jp', city: 'Shibuya', state: ' Tokyo ', zip: '150-0002', phone: '+81 3 1234 5678' }),
    )
    expect(tokyo).toMatchObject({ country: 'JP', state: 'Tokyo', zip: '150-0002' })
    const illinois = dataOf<AddressEntry>(await shopper.post('/api/addresses', { ...HOME, state: 'il' }))
    expect(illinois.state).toBe('IL')
  })

  it('edits, makes default per type and deletes', async () => {
    const shopper = await customer()
    const first = dataOf<AddressEntry>(await shopper.post('/api/addresses', HOME))
    const second = dataOf<AddressEntry>(await shopper.post('/api/addresses', { ...HOME, address: '9 Elm St' }))
    const billing = dataOf<AddressEntry>(await shopper.post('/api/addresses', { ...HOME, address_type: 'billing' }))
    expect(billing.default).toBe(true)

    const made = dataOf<AddressEntry>(await shopper.post(`/api/addresses/${second.id}/default`))
    expect(made.default).toBe(true)
    const list = dataOf<AddressEntry[]>(await shopper.get('/api/addresses'))
    expect(
      list
        .filter((a) => a.default)
        .map((a) => a.id)
        .sort(),
    ).toEqual([second.id, billing.id].sort())

    const edited = dataOf<AddressEntry>(await shopper.post(`/api/addresses/${first.id}`, { ...HOME, city: 'Chicago', zip: '60601' }))
    expect(edited).toMatchObject({ id: first.id, city: 'Chicago', default: false })

    const wrongType = await shopper.post(`/api/addresses/${first.id}/default`, { address_type: 'billing' })
    expect(wrongType.statusCode).toBe(422)

    expect((await shopper.post(`/api/addresses/${second.id}/remove`)).statusCode).toBe(200)
    expect(
      dataOf<AddressEntry[]>(await shopper.get('/api/addresses'))
        .map((a) => a.id)
        .sort(),
    ).toEqual([first.id, billing.id].sort())
    const again = await shopper.post(`/api/addresses/${second.id}/remove`)
    expect(again.statusCode).toBe(404)
    expect(errorsOf(again)[0]).toMatch(/could not find that address/)
  })
  it('removing the default hands it to another address of its type (as removing the default card does); the other type keeps its own', async () => {
    const shopper = await customer()
    const home = dataOf<AddressEntry>(await shopper.post('/api/addresses', { ...HOME, name: 'Pat Home' }))
    const work = dataOf<AddressEntry>(await shopper.post('/api/addresses', { ...HOME, name: 'Pat Work', address: '9 Elm St' }))
    const billing = dataOf<AddressEntry>(await shopper.post('/api/addresses', { ...HOME, address_type: 'billing' }))
    expect(home.default).toBe(true)
    expect((await shopper.post(`/api/addresses/${home.id}/remove`)).statusCode).toBe(200)
    let defaults = dataOf<DefaultAddresses>(await shopper.get('/api/addresses/defaults'))
    expect(defaults.shipping?.id).toBe(work.id)
    expect(defaults.billing?.id).toBe(billing.id)
    // the last one of a type goes: that type has none, the other keeps its default
    expect((await shopper.post(`/api/addresses/${billing.id}/remove`)).statusCode).toBe(200)
    defaults = dataOf<DefaultAddresses>(await shopper.get('/api/addresses/defaults'))
    expect(defaults).toMatchObject({ shipping: { id: work.id }, billing: null })
    // removing one that is not the default leaves the default where it is
    const third = dataOf<AddressEntry>(await shopper.post('/api/addresses', { ...HOME, name: 'Pat Cabin', address: '1 Lake Rd' }))
    expect(third.default).toBe(false)
    expect((await shopper.post(`/api/addresses/${third.id}/remove`)).statusCode).toBe(200)
    expect(dataOf<DefaultAddresses>(await shopper.get('/api/addresses/defaults')).shipping?.id).toBe(work.id)
  })

  it('a default address moved to the other type leaves its old type a default, and is the default of a type that had none', async () => {
    const shopper = await customer()
    const home = dataOf<AddressEntry>(await shopper.post('/api/addresses', { ...HOME, name: 'Pat Home' }))
    const work = dataOf<AddressEntry>(await shopper.post('/api/addresses', { ...HOME, name: 'Pat Work', address: '9 Elm St' }))
    expect((await shopper.post(`/api/addresses/${home.id}`, { ...HOME, name: 'Pat Home', address_type: 'billing', phone: '' })).statusCode).toBe(200)
    const defaults = dataOf<DefaultAddresses>(await shopper.get('/api/addresses/defaults'))
    expect(defaults.shipping?.id).toBe(work.id)
    expect(defaults.billing?.id).toBe(home.id)
  })

  it('keeps its limit and one default when many saves come at once (a script, a double tap)', async () => {
    const shopper = await customer()
    const saves = await Promise.all(Array.from({ length: MAX_ADDRESSES + 5 }, (_, i) => shopper.post('/api/addresses', { ...HOME, address: `${i + 1} Main St` })))
    expect(saves.map((r) => r.statusCode).sort()).toEqual([...Array<number>(MAX_ADDRESSES).fill(200), ...Array<number>(5).fill(422)])
    expect(errorsOf(saves.find((r) => r.statusCode === 422)!)[0]).toMatch(/address book is full/)
    const book = dataOf<AddressEntry[]>(await shopper.get('/api/addresses'))
    expect(book).toHaveLength(MAX_ADDRESSES)
    expect(book.filter((a) => a.default)).toHaveLength(1)

    // two tabs making two addresses the default at once: both answered, one default
    const both = await Promise.all([book[3]!, book[7]!, book[11]!].map((a) => shopper.post(`/api/addresses/${a.id}/default`)))
    expect(both.map((r) => r.statusCode)).toEqual([200, 200, 200])
    expect(dataOf<AddressEntry[]>(await shopper.get('/api/addresses')).filter((a) => a.default)).toHaveLength(1)
  })
  it("keeps the addresses of a customer's checkout for the next one: once, the first of a type the default", async () => {
    const shopper = await customer()
    const item = await itemWithStock(t, 10)
    const order = async (extra: Record<string, string> = {}) => {
      expect((await shopper.post('/api/cart/items', { item_id: item.itemId, size: item.size, qty: 1 })).statusCode).toBe(200)
      expect((await placeOrder(shopper, await tokenFor(shopper), undefined, extra)).statusCode).toBe(200)
    }
    await order()
    const kept = dataOf<AddressEntry[]>(await shopper.get('/api/addresses'))
    expect(kept).toEqual([
      expect.objectContaining({
        address_type: 'shipping',
        name: 'Ada Lovelace',
        address: '12 Analytical Way',
        city: 'Austin',
        state: 'TX',
        zip: '78701',
        phone: '(512) 555-0100',
        default: true,
      }),
    ])
    // the same address again, typed with other spaces and case: nothing new
    await order({ shipping_address: '12  analytical WAY', shipping_city: 'austin' })
    expect(dataOf<AddressEntry[]>(await shopper.get('/api/addresses'))).toHaveLength(1)
    // another billing address is kept as the billing default; the shipping default stays
    await order({
      billing_same: 'false',
      billing_name: 'Ada Lovelace',
      billing_company: '',
      billing_country: 'US',
      billing_address: '1 Difference Engine Rd',
      billing_address_2: '',
      billing_city: 'Dallas',
      billing_state: 'TX',
      billing_zip: '75201',
      billing_phone: '',
    })
    const book = dataOf<AddressEntry[]>(await shopper.get('/api/addresses'))
    expect(book.map((a) => [a.address_type, a.address, a.default])).toEqual([
      ['shipping', '12 Analytical Way', true],
      ['billing', '1 Difference Engine Rd', true],
    ])
    const defaults = dataOf<DefaultAddresses>(await shopper.get('/api/addresses/defaults'))
    expect(defaults.billing?.city).toBe('Dallas')

    // a visitor's order leaves no address anywhere
    const before = await t.store.db
      .selectFrom('addresses')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow()
    const visitor = await shopperWithCart(t, item.itemId, item.size)
    expect((await placeOrder(visitor, await tokenFor(visitor))).statusCode).toBe(200)
    const after = await t.store.db
      .selectFrom('addresses')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow()
    expect(Number(after.n)).toBe(Number(before.n))
  })
})
