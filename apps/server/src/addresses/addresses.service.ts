/**
 * The address book (SPEC §3): a customer's shipping and billing addresses, at
 * most one default per type. Every query names the brand and the customer, so
 * an id of another customer's address is not found.
 */
import { randomUUID } from 'node:crypto'
import { ADDRESS_PARTS, formatPhone, isUnitedStates, validateCheckoutAddress, type AddressEntry, type AddressPart, type AddressType, type DefaultAddresses } from '@store/core'
import { requireCustomerId } from '../account/require-customer.ts'
import type { RequestContext } from '../context/request-context.ts'
import type { Transaction } from 'kysely'
import { takeTurn } from '../db/take-turn.ts'
import type { AddressesRow, Database, OrdersRow } from '../db/schema.ts'
import { notFound, unprocessable } from '../http/errors.ts'
import type { AddressBody } from './addresses.schemas.ts'

/** More than this is a sign of a script, not a shopper. */
export const MAX_ADDRESSES = 30
const NOT_FOUND = 'We could not find that address in your address book.'

const view = (row: AddressesRow): AddressEntry => ({
  id: row.id,
  address_type: row.address_type === 'billing' ? 'billing' : 'shipping',
  name: row.name,
  company: row.company,
  country: row.country,
  address: row.address,
  address_2: row.address_2,
  city: row.city,
  state: row.state,
  zip: row.zip,
  phone: row.phone,
  default: row.is_default === 1,
})

/** The nine parts checked by the checkout's own rules; the errors name the book's fields (no shipping_/billing_ prefix). */
function checked(input: AddressBody) {
  const prefix = input.address_type
  const form: Record<string, string> = {}
  for (const part of ADDRESS_PARTS) form[`${prefix}_${part}`] = input[part]
  const errors = validateCheckoutAddress(form, prefix)
  // the API answers the first problem; the page checks the same rules first and shows them all
  const first = errors[0]
  if (first) throw unprocessable(first.message, first.field.slice(prefix.length + 1))
  return keptParts(input)
}

/**
 * The parts as the book keeps them: trimmed, the name's spaces collapsed, country and zip upper-case, the phone
 * formatted; a US state is its code (upper-case), any other region as the shopper typed it ('Tokyo', not 'TOKYO').
 */
function keptParts(input: Record<AddressPart, string>): Record<AddressPart, string> {
  const country = input.country.trim().toUpperCase()
  const phone = input.phone.trim()
  return {
    name: input.name.trim().replace(/\s+/g, ' '),
    company: input.company.trim(),
    country,
    address: input.address.trim(),
    address_2: input.address_2.trim(),
    city: input.city.trim(),
    state: isUnitedStates(country) ? input.state.trim().toUpperCase() : input.state.trim(),
    zip: input.zip.trim().toUpperCase(),
    phone: phone ? formatPhone(phone, country) : '',
  }
}

function mine(ctx: RequestContext, customerId: string) {
  return ctx.data.db.selectFrom('addresses').selectAll().where('brand_id', '=', ctx.data.brandId).where('customer_id', '=', customerId)
}

export async function listAddresses(ctx: RequestContext): Promise<AddressEntry[]> {
  const customerId = await requireCustomerId(ctx)
  const rows = await mine(ctx, customerId).orderBy('address_type', 'desc').orderBy('is_default', 'desc').orderBy('name').orderBy('id').execute()
  return rows.map(view)
}

/** The default shipping and billing addresses, for the checkout page to prefill (docs/members.md). A visitor has none. */
export async function defaultAddresses(ctx: RequestContext): Promise<DefaultAddresses> {
  const { customerId } = await ctx.shopper()
  if (!customerId) return { shipping: null, billing: null }
  const rows = await mine(ctx, customerId).where('is_default', '=', 1).execute()
  const of = (type: AddressType) => rows.find((row) => row.address_type === type)
  const shipping = of('shipping')
  const billing = of('billing')
  return { shipping: shipping ? view(shipping) : null, billing: billing ? view(billing) : null }
}

async function findMine(ctx: RequestContext, customerId: string, id: string): Promise<AddressesRow> {
  const row = await mine(ctx, customerId).where('id', '=', id).executeTakeFirst()
  if (!row) throw notFound(NOT_FOUND)
  return row
}

/**
 * A write to the customer's address book, in one transaction that first takes the
 * customer's turn (db/take-turn.ts): saves at once go one after another, so the
 * limit and "one default per type" hold, and two never deadlock on each other's rows.
 */
function withBook<T>(ctx: RequestContext, customerId: string, write: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return ctx.data.db.transaction().execute(async (trx) => {
    await takeTurn(trx, 'customer', customerId)
    return write(trx)
  })
}

/** Makes one address the default of its type; the others of that type stop being it. */
async function makeDefault(trx: Transaction<Database>, brandId: string, customerId: string, id: string, type: string): Promise<void> {
  await trx
    .updateTable('addresses')
    .set({ is_default: 0 })
    .where('brand_id', '=', brandId)
    .where('customer_id', '=', customerId)
    .where('address_type', '=', type)
    .where('id', '!=', id)
    .execute()
  await trx.updateTable('addresses').set({ is_default: 1 }).where('brand_id', '=', brandId).where('customer_id', '=', customerId).where('id', '=', id).execute()
}

export async function saveAddress(ctx: RequestContext, input: AddressBody, id?: string): Promise<AddressEntry> {
  const customerId = await requireCustomerId(ctx)
  const { brandId } = ctx.data
  const parts = checked(input)
  const type = input.address_type
  const addressId = id ? (await findMine(ctx, customerId, id)).id : randomUUID()
  await withBook(ctx, customerId, async (trx) => {
    const book = await trx.selectFrom('addresses').select(['id', 'address_type']).where('brand_id', '=', brandId).where('customer_id', '=', customerId).execute()
    const existing = book.find((row) => row.id === addressId)
    if (id && !existing) throw notFound(NOT_FOUND)
    if (existing) {
      const typeChanged = existing.address_type !== type
      await trx
        .updateTable('addresses')
        .set({ ...parts, address_type: type, ...(typeChanged ? { is_default: 0 } : {}) })
        .where('brand_id', '=', brandId)
        .where('customer_id', '=', customerId)
        .where('id', '=', addressId)
        .execute()
      if (input.default) await makeDefault(trx, brandId, customerId, addressId, type)
      if (typeChanged) {
        // the type it left keeps a default; the type it joined gets one if it had none
        await passDefaultOn(trx, brandId, customerId, existing.address_type)
        await passDefaultOn(trx, brandId, customerId, type)
      }
      return
    }
    if (book.length >= MAX_ADDRESSES) throw unprocessable(`Your address book is full (${MAX_ADDRESSES} addresses). Delete one you no longer use first.`)
    await trx
      .insertInto('addresses')
      .values({ id: addressId, brand_id: brandId, customer_id: customerId, address_type: type, ...parts, is_default: 0 })
      .execute()
    // the first address of a type is its default
    if (input.default || !book.some((row) => row.address_type === type)) await makeDefault(trx, brandId, customerId, addressId, type)
  })
  return view(await findMine(ctx, customerId, addressId))
}

/**
 * A type left with addresses but no default (its default was deleted, or changed
 * type) hands the default on, as removing the default card does. Addresses keep no
 * creation time, so it goes to the first of that type in the order the book lists
 * them (name, then id): the same one every time, the one shown first.
 */
async function passDefaultOn(trx: Transaction<Database>, brandId: string, customerId: string, type: string): Promise<void> {
  const rows = await trx
    .selectFrom('addresses')
    .select(['id', 'is_default'])
    .where('brand_id', '=', brandId)
    .where('customer_id', '=', customerId)
    .where('address_type', '=', type)
    .orderBy('name')
    .orderBy('id')
    .execute()
  if (rows.length === 0 || rows.some((row) => row.is_default === 1)) return
  await trx.updateTable('addresses').set({ is_default: 1 }).where('brand_id', '=', brandId).where('customer_id', '=', customerId).where('id', '=', rows[0]!.id).execute()
}

/** Deletes an address; a deleted default hands its type's default on (passDefaultOn). */
export async function deleteAddress(ctx: RequestContext, id: string): Promise<void> {
  const customerId = await requireCustomerId(ctx)
  const row = await findMine(ctx, customerId, id)
  const { brandId } = ctx.data
  await withBook(ctx, customerId, async (trx) => {
    await trx.deleteFrom('addresses').where('brand_id', '=', brandId).where('customer_id', '=', customerId).where('id', '=', row.id).execute()
    await passDefaultOn(trx, brandId, customerId, row.address_type)
  })
}

export async function setDefaultAddress(ctx: RequestContext, id: string, type?: AddressType): Promise<AddressEntry> {
  const customerId = await requireCustomerId(ctx)
  const row = await findMine(ctx, customerId, id)
  if (type && row.address_type !== type) throw unprocessable(`This is a ${row.address_type} address; it cannot be your default ${type} address.`, 'address_type')
  await withBook(ctx, customerId, (trx) => makeDefault(trx, ctx.data.brandId, customerId, row.id, row.address_type))
  return view(await findMine(ctx, customerId, row.id))
}

/** The address parts of an order, as checkout stored them. */
type OrderAddresses = Pick<
  OrdersRow,
  | 'shipping_name'
  | 'shipping_company'
  | 'shipping_country'
  | 'shipping_address'
  | 'shipping_address_2'
  | 'shipping_city'
  | 'shipping_state'
  | 'shipping_zip'
  | 'shipping_phone'
  | 'billing_name'
  | 'billing_company'
  | 'billing_country'
  | 'billing_address'
  | 'billing_address_2'
  | 'billing_city'
  | 'billing_state'
  | 'billing_zip'
  | 'billing_phone'
>

const sameText = (a: string, b: string) => a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase()
const WHERE_PARTS = ['name', 'company', 'country', 'address', 'address_2', 'city', 'state', 'zip'] as const

/**
 * What a logged-in customer's order leaves in the address book: its shipping
 * address, and its billing address when that is another one, each unless the book
 * holds it already (the phone aside, case and spaces aside). The first of a type
 * becomes its default, so the next checkout starts from it. A full book is left as
 * it is. Runs in the order's paid transaction, under the customer's turn.
 */
export async function keepCheckoutAddresses(trx: Transaction<Database>, brandId: string, customerId: string, order: OrderAddresses): Promise<void> {
  await takeTurn(trx, 'customer', customerId)
  const book = await trx.selectFrom('addresses').selectAll().where('brand_id', '=', brandId).where('customer_id', '=', customerId).execute()
  const of = (prefix: 'shipping' | 'billing') => ({
    name: order[`${prefix}_name`],
    company: order[`${prefix}_company`],
    country: order[`${prefix}_country`],
    address: order[`${prefix}_address`],
    address_2: order[`${prefix}_address_2`],
    city: order[`${prefix}_city`],
    state: order[`${prefix}_state`],
    zip: order[`${prefix}_zip`],
    phone: order[`${prefix}_phone`],
  })
  const shipping = of('shipping')
  const billing = of('billing')
  const same = (a: Record<(typeof WHERE_PARTS)[number], string>, b: Record<(typeof WHERE_PARTS)[number], string>) => WHERE_PARTS.every((part) => sameText(a[part], b[part]))
  const wanted: [AddressType, typeof shipping][] = [['shipping', shipping]]
  if (!same(billing, shipping)) wanted.push(['billing', billing])
  let size = book.length
  for (const [type, parts] of wanted) {
    if (book.some((row) => row.address_type === type && same(row, parts))) continue
    if (size >= MAX_ADDRESSES) return
    const id = randomUUID()
    await trx
      .insertInto('addresses')
      .values({
        id,
        brand_id: brandId,
        customer_id: customerId,
        address_type: type,
        ...keptParts(parts),
        is_default: book.some((row) => row.address_type === type) ? 0 : 1,
      })
      .execute()
    size += 1
  }
}
