/**
 * The store settings an owner edits (SPEC §3, decision 228): the words of the store, its club's
 * name and discount, Afterpay's range, social links, sizes, shipping costs and the order rules.
 * What is set up with the brand (domain, whether it has a club, payment keys, analytics ids) is
 * not edited here. Each save is audited in its transaction and clears the brand's caches.
 */
import { fromCents, toCents, type AdminStoreSettings } from '@store/core'
import type { Kysely, Transaction } from 'kysely'
import type { RequestContext } from '../context/request-context.ts'
import { flag, readList } from '../db/json.ts'
import type { Database, StoreSettingsRow } from '../db/schema.ts'
import { notFound, unprocessable } from '../http/errors.ts'
import { audited, type AuditActor } from '../staff/audit.ts'
import type { ContentCaches } from './content-caches.ts'
import type { SettingsInput } from './settings-admin.schemas.ts'

type Db = Kysely<Database> | Transaction<Database>

async function settingsRow(db: Db, brandId: string): Promise<StoreSettingsRow> {
  const row = await db.selectFrom('store_settings').selectAll().where('brand_id', '=', brandId).executeTakeFirst()
  if (!row) throw notFound('This store has no settings yet.')
  return row
}

const settingsOf = (row: StoreSettingsRow): AdminStoreSettings => ({
  storeName: row.store_name,
  mainProduct: row.main_product,
  mainProductPlural: row.main_product_plural,
  mainShoppingPath: row.main_shopping_path,
  clubName: row.club_name,
  clubDiscountPercentage: row.club_discount_percentage,
  monthlyItemFlair: row.monthly_item_flair,
  showClubOffer: flag(row.show_club_offer),
  afterpay: flag(row.afterpay),
  afterpayMinimum: fromCents(row.afterpay_min_cents),
  afterpayMaximum: fromCents(row.afterpay_max_cents),
  facebook: row.facebook_url,
  instagram: row.instagram_url,
  socialMediaDiscountCode: row.social_media_discount_code,
  personaFullName: row.persona_full_name,
  sizes: readList(row.sizes),
  feedBio: row.feed_bio,
  freeShippingThreshold: fromCents(row.free_shipping_threshold_cents),
  standardShippingCost: fromCents(row.standard_shipping_cost_cents),
  expressShippingCost: fromCents(row.express_shipping_cost_cents),
  supportEmail: row.support_email,
  orderCancelMinutes: row.order_cancel_minutes,
  returnWindowDays: row.return_window_days,
})

export async function getSettingsForStaff(ctx: RequestContext): Promise<AdminStoreSettings> {
  return settingsOf(await settingsRow(ctx.data.db, ctx.data.brandId))
}

const cents = (dollars: number | undefined) => (dollars === undefined ? undefined : toCents(dollars))

/** The columns a patch changes (only those given). */
function columnsOf(input: SettingsInput) {
  const columns = {
    store_name: input.storeName,
    main_product: input.mainProduct,
    main_product_plural: input.mainProductPlural,
    main_shopping_path: input.mainShoppingPath,
    club_name: input.clubName,
    club_discount_percentage: input.clubDiscountPercentage,
    monthly_item_flair: input.monthlyItemFlair,
    show_club_offer: input.showClubOffer === undefined ? undefined : input.showClubOffer ? 1 : 0,
    afterpay: input.afterpay === undefined ? undefined : input.afterpay ? 1 : 0,
    afterpay_min_cents: cents(input.afterpayMinimum),
    afterpay_max_cents: cents(input.afterpayMaximum),
    facebook_url: input.facebook,
    instagram_url: input.instagram,
    social_media_discount_code: input.socialMediaDiscountCode,
    persona_full_name: input.personaFullName,
    sizes: input.sizes === undefined ? undefined : input.sizes.join(','),
    feed_bio: input.feedBio,
    free_shipping_threshold_cents: cents(input.freeShippingThreshold),
    standard_shipping_cost_cents: cents(input.standardShippingCost),
    express_shipping_cost_cents: cents(input.expressShippingCost),
    support_email: input.supportEmail,
    order_cancel_minutes: input.orderCancelMinutes,
    return_window_days: input.returnWindowDays,
  }
  return Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined)) as Partial<{ [K in keyof typeof columns]: Exclude<(typeof columns)[K], undefined> }>
}

export async function updateStoreSettings(ctx: RequestContext, actor: AuditActor, caches: ContentCaches, input: SettingsInput): Promise<AdminStoreSettings> {
  const { db, brandId } = ctx.data
  const settings = await db.transaction().execute(async (trx) => {
    const before = await settingsRow(trx, brandId)
    const change = columnsOf(input)
    const min = change.afterpay_min_cents ?? before.afterpay_min_cents
    const max = change.afterpay_max_cents ?? before.afterpay_max_cents
    if (max < min)
      throw unprocessable(`The Afterpay maximum cannot be below its minimum (${fromCents(min)}).`, input.afterpayMaximum === undefined ? 'afterpayMinimum' : 'afterpayMaximum')
    if (Object.keys(change).length > 0) await trx.updateTable('store_settings').set(change).where('brand_id', '=', brandId).execute()
    const after = await settingsRow(trx, brandId)
    await audited(trx, actor, { action: 'settings.update', entity: 'store_settings', id: brandId, before: settingsOf(before), after: settingsOf(after) })
    return settingsOf(after)
  })
  caches.clear(brandId)
  return settings
}
