/** Helpers for checkout tests: a shopper with a cart, a token, a checkout form. */
import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import type { PaymentMethod } from '@store/core'
import { expect, vi } from 'vitest'
import { gatewayFor, GatewayUnavailable, type PaymentGateway } from '../payments/gateway.ts'
import { TestGateway } from '../payments/test-gateway.ts'
import { dataOf, TestShopper, type TestStore } from '../test/harness.ts'
import { releaseExpiredReservations, type SweeperLog } from './reservations.ts'

export const CARDS = {
  success: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficient: '4000 0000 0000 9995',
  authenticate: '4000 0027 6000 3184',
  /** the bank asks on every payment, and refuses one made without the shopper */
  alwaysAuthenticate: '4000 0000 0000 3220',
} as const

export const ADDRESS = {
  email: 'ada@example.com',
  shipping_name: 'Ada Lovelace',
  shipping_company: '',
  shipping_country: 'US',
  shipping_address: '12 Analytical Way',
  shipping_address_2: '',
  shipping_city: 'Austin',
  shipping_state: 'TX',
  shipping_zip: '78701',
  shipping_phone: '(512) 555-0100',
  billing_same: 'true',
}

/** An item and size of popfitclothing with at least `min` in stock (not LAST_ITEM). */
export async function itemWithStock(t: TestStore, min = 5, brandId = 'popfitclothing', name?: string) {
  let query = t.store.db
    .selectFrom('item_sizes')
    .innerJoin('items', 'items.id', 'item_sizes.item_id')
    .select(['items.id', 'item_sizes.size', 'item_sizes.stock', 'items.price_cents'])
    .where('items.brand_id', '=', brandId)
    .where('items.active', '=', 1)
    .where('item_sizes.stock', '>=', min)
  if (name !== undefined) query = query.where('items.name', '=', name)
  const row = await query.orderBy('items.id').orderBy('item_sizes.size').executeTakeFirstOrThrow()
  return { itemId: row.id, size: row.size, stock: row.stock, priceCents: row.price_cents }
}

/** popfit's first VIP exclusive with more than 5 pieces of a size: its id, name and that size. */
export function vipItemWithStock(t: TestStore) {
  return t.store.db
    .selectFrom('items')
    .innerJoin('item_sizes', 'item_sizes.item_id', 'items.id')
    .select(['items.id', 'items.name', 'item_sizes.size'])
    .where('items.vip_exclusive', '=', 1)
    .where('items.brand_id', '=', 'popfitclothing')
    .where('item_sizes.stock', '>', 5)
    .orderBy('items.id')
    .executeTakeFirstOrThrow()
}

export async function stockOf(t: TestStore, itemId: number, size: string): Promise<number> {
  const row = await t.store.db.selectFrom('item_sizes').select('stock').where('item_id', '=', itemId).where('size', '=', size).executeTakeFirstOrThrow()
  return row.stock
}

export async function setStock(t: TestStore, itemId: number, size: string, stock: number) {
  await t.store.db.updateTable('item_sizes').set({ stock }).where('item_id', '=', itemId).where('size', '=', size).execute()
}

export async function shopperWithCart(t: TestStore, itemId: number, size: string, qty = 1, host = 'localhost') {
  const shopper = new TestShopper(t.app, host)
  const added = await shopper.post('/api/cart/items', { item_id: itemId, size, qty })
  if (added.statusCode !== 200) throw new Error(`add to cart: ${added.statusCode} ${added.body}`)
  return shopper
}

export async function tokenFor(shopper: TestShopper, number: string = CARDS.success): Promise<string> {
  const year = new Date().getFullYear() + 3
  return dataOf<{ token: string }>(await shopper.post('/api/payments/test-tokens', { number, cvc: '123', exp_month: '12', exp_year: String(year) })).token
}

/**
 * Saves a card on /change_payment as the page does: POST /payment-methods, and where the bank asks
 * (202), its step passed (the test gateway's stand-in) and the setup completed. The customer's cards.
 */
export async function saveCard(shopper: TestShopper, number: string = CARDS.success, makeDefault = false): Promise<PaymentMethod[]> {
  const added = await shopper.post('/api/payment-methods', { payment_token: await tokenFor(shopper, number), ...(makeDefault ? { make_default: 'true' } : {}) })
  if (added.statusCode !== 202) return dataOf<PaymentMethod[]>(added)
  const { setup_id } = dataOf<{ setup_id: string }>(added)
  expect((await shopper.postJson('/api/payments/authenticate', { payment_id: setup_id, outcome: 'complete' })).statusCode).toBe(200)
  return dataOf<PaymentMethod[]>(await shopper.post(`/api/payment-methods/setups/${setup_id}/complete`, {}))
}

export function placeOrder(shopper: TestShopper, token: string, key: string = randomUUID(), extra: Record<string, string> = {}) {
  const form = { ...ADDRESS, payment_token: token, ...extra }
  const body = new URLSearchParams(Object.entries(form)).toString()
  return shopper.request({
    method: 'POST',
    url: '/api/checkout',
    payload: body,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': key },
  })
}

export async function count(t: TestStore, table: 'orders' | 'payments' | 'test_gateway_charges' | 'outbox_emails' | 'order_lines', where?: { column: string; value: string }) {
  let query = t.store.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n'))
  if (where) query = query.where(sql.ref(where.column), '=', where.value)
  return Number((await query.executeTakeFirstOrThrow()).n)
}

/** What a sweep logged: every entry with its level. */
export function sweepLog() {
  const entries: { level: 'info' | 'warn' | 'error'; details: Record<string, unknown>; message: string }[] = []
  const at = (level: 'info' | 'warn' | 'error') => (details: object, message: string) => void entries.push({ level, details: details as Record<string, unknown>, message })
  const log: SweeperLog = { info: at('info'), warn: at('warn'), error: at('error') }
  return { log, entries, about: (order: string) => entries.filter((entry) => entry.details.order === order) }
}

/** One sweep of the reservation sweeper at `at`, as the server runs it: with the app's gateway, asked about charges that had no answer. */
export async function sweep(t: TestStore, at: Date, log?: SweeperLog): Promise<number> {
  const { env, sessionStore: sessions } = t.app
  return releaseExpiredReservations(t.store, at, { log, settle: { gateway: await gatewayFor(env), context: { store: t.store, sessions, env } } })
}

/**
 * The test gateway's next charge gets no answer (a 503 to the shopper): carried out and its answer
 * lost ('lost'), or never reaching the gateway ('unsent'). Undone by vi.restoreAllMocks.
 */
export function nextChargeUnanswered(gateway: PaymentGateway, how: 'lost' | 'unsent') {
  return vi.spyOn(gateway, 'charge').mockImplementationOnce(async (scope, request) => {
    if (how === 'lost') await TestGateway.prototype.charge.call(gateway, scope, request)
    throw new GatewayUnavailable('no answer')
  })
}

/** Places the member's exchange the cart holds, as the checkout page does: the address confirmed, no card (checkout_flow 'exchange'). */
export function placeExchange(shopper: TestShopper, key: string = randomUUID(), extra: Record<string, string> = {}) {
  const body = new URLSearchParams(Object.entries({ ...ADDRESS, checkout_flow: 'exchange', ...extra })).toString()
  return shopper.request({
    method: 'POST',
    url: '/api/checkout',
    payload: body,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': key },
  })
}
