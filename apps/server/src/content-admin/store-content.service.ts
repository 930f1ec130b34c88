/**
 * The rest of a brand's content the operator edits (docs/admin-content.md): the global banner,
 * the home page's scrolling images, the club's landing copy and the sizing guide. Each save is
 * audited in its transaction and clears the brand's caches (the storefront shows it at once).
 */
import { randomUUID } from 'node:crypto'
import { fromCents, toCents, type AdminGlobalBanner, type AdminMembershipLanding, type ImageRef, type MembershipFaq, type SizingGuideRow } from '@store/core'
import type { Kysely, Transaction } from 'kysely'
import type { RequestContext } from '../context/request-context.ts'
import { flag, readJson } from '../db/json.ts'
import type { BannersRow, Database } from '../db/schema.ts'
import { notFound } from '../http/errors.ts'
import { audited, type AuditActor } from '../staff/audit.ts'
import type { ContentCaches } from './content-caches.ts'
import type { GlobalBannerInput, MembershipLandingInput, SizingGuideInput } from './store-content.schemas.ts'

type Db = Kysely<Database> | Transaction<Database>

// ---------------------------------------------------------------- the global banner

const globalBannerRow = (db: Db, brandId: string) =>
  db.selectFrom('banners').selectAll().where('brand_id', '=', brandId).where('placement', '=', 'global').orderBy('position').orderBy('id').executeTakeFirst()

const imageOf = (url: string | null, width: number | null, height: number | null, alt: string | null): ImageRef | null => (url ? { url, width, height, alt: alt ?? '' } : null)

const bannerOf = (row: BannersRow | undefined): AdminGlobalBanner | null =>
  row
    ? {
        active: flag(row.active),
        link: row.link,
        desktop: imageOf(row.desktop_url, row.desktop_width, row.desktop_height, row.alt),
        mobile: imageOf(row.mobile_url, row.mobile_width, row.mobile_height, row.alt),
      }
    : null

export async function getGlobalBanner(ctx: RequestContext): Promise<AdminGlobalBanner | null> {
  return bannerOf(await globalBannerRow(ctx.data.db, ctx.data.brandId))
}

/** Sets the banner over every page (shown, or kept but hidden). */
export async function saveGlobalBanner(ctx: RequestContext, actor: AuditActor, caches: ContentCaches, input: GlobalBannerInput): Promise<AdminGlobalBanner | null> {
  const { db, brandId } = ctx.data
  const banner = await db.transaction().execute(async (trx) => {
    const before = await globalBannerRow(trx, brandId)
    const change = {
      active: input.active ? 1 : 0,
      link: input.link ?? null,
      desktop_url: input.desktop_url,
      desktop_width: input.desktop_width ?? null,
      desktop_height: input.desktop_height ?? null,
      mobile_url: input.mobile_url ?? null,
      mobile_width: input.mobile_width ?? null,
      mobile_height: input.mobile_height ?? null,
      alt: input.alt,
    }
    const id = before?.id ?? `banner-${randomUUID().slice(0, 8)}`
    if (before) await trx.updateTable('banners').set(change).where('brand_id', '=', brandId).where('id', '=', id).execute()
    else
      await trx
        .insertInto('banners')
        .values({ ...change, id, brand_id: brandId, placement: 'global', position: 0 })
        .execute()
    await audited(trx, actor, { action: 'global_banner.update', entity: 'banner', id, before, after: { ...before, ...change } })
    return bannerOf(await globalBannerRow(trx, brandId))
  })
  caches.clear(brandId)
  return banner
}

// ---------------------------------------------------------------- scrolling images

async function settingsRow(db: Db, brandId: string) {
  const row = await db.selectFrom('store_settings').select(['scrolling_images', 'brand_has_club']).where('brand_id', '=', brandId).executeTakeFirst()
  if (!row) throw notFound('This store has no settings yet.')
  return row
}

export async function getScrollingImages(ctx: RequestContext): Promise<ImageRef[]> {
  return readJson<ImageRef[]>((await settingsRow(ctx.data.db, ctx.data.brandId)).scrolling_images, [])
}

export async function saveScrollingImages(
  ctx: RequestContext,
  actor: AuditActor,
  caches: ContentCaches,
  images: { url: string; width?: number | null; height?: number | null; alt: string }[],
): Promise<ImageRef[]> {
  const { db, brandId } = ctx.data
  const saved = images.map((image): ImageRef => ({ url: image.url, width: image.width ?? null, height: image.height ?? null, alt: image.alt }))
  await db.transaction().execute(async (trx) => {
    const before = readJson<ImageRef[]>((await settingsRow(trx, brandId)).scrolling_images, [])
    await trx
      .updateTable('store_settings')
      .set({ scrolling_images: JSON.stringify(saved) })
      .where('brand_id', '=', brandId)
      .execute()
    await audited(trx, actor, { action: 'scrolling_images.update', entity: 'store_settings', id: brandId, before, after: saved })
  })
  caches.clear(brandId)
  return saved
}

// ---------------------------------------------------------------- the club's landing

async function landingRow(db: Db, brandId: string) {
  const row = await db.selectFrom('membership_landings').selectAll().where('brand_id', '=', brandId).executeTakeFirst()
  if (!row) throw notFound('This store has no club, so no club landing.')
  return row
}

const landingOf = (row: Awaited<ReturnType<typeof landingRow>>): AdminMembershipLanding => ({
  headline: row.headline,
  subheadline: row.subheadline,
  faqs: readJson<MembershipFaq[]>(row.faqs, []),
  founder_letter_name: row.founder_letter_name,
  founder_letter_bullets: readJson<string[]>(row.founder_letter_bullets, []),
  price: fromCents(row.price_cents),
  how_many: row.how_many,
})

export async function getLandingForStaff(ctx: RequestContext): Promise<AdminMembershipLanding> {
  return landingOf(await landingRow(ctx.data.db, ctx.data.brandId))
}

/**
 * Saves the club's landing copy. Its price is the club's monthly price (decision 227): the
 * landing and the club's charge to a new member change together; members already in the club
 * keep the price they joined at.
 */
export async function saveLanding(ctx: RequestContext, actor: AuditActor, caches: ContentCaches, input: MembershipLandingInput): Promise<AdminMembershipLanding> {
  const { db, brandId } = ctx.data
  const landing = await db.transaction().execute(async (trx) => {
    const before = await landingRow(trx, brandId)
    const change = {
      ...(input.headline === undefined ? {} : { headline: input.headline }),
      ...(input.subheadline === undefined ? {} : { subheadline: input.subheadline }),
      ...(input.faqs === undefined ? {} : { faqs: JSON.stringify(input.faqs) }),
      ...(input.founder_letter_name === undefined ? {} : { founder_letter_name: input.founder_letter_name }),
      ...(input.founder_letter_bullets === undefined ? {} : { founder_letter_bullets: JSON.stringify(input.founder_letter_bullets) }),
      ...(input.price === undefined ? {} : { price_cents: toCents(input.price) }),
      ...(input.how_many === undefined ? {} : { how_many: input.how_many }),
    }
    if (Object.keys(change).length > 0) await trx.updateTable('membership_landings').set(change).where('brand_id', '=', brandId).execute()
    if (change.price_cents !== undefined) await trx.updateTable('store_settings').set({ club_monthly_cents: change.price_cents }).where('brand_id', '=', brandId).execute()
    const after = await landingRow(trx, brandId)
    await audited(trx, actor, { action: 'membership_landing.update', entity: 'membership_landing', id: brandId, before: landingOf(before), after: landingOf(after) })
    return landingOf(after)
  })
  caches.clear(brandId)
  return landing
}

// ---------------------------------------------------------------- the sizing guide

const sizingRows = (db: Db, brandId: string) => db.selectFrom('sizing_guide_entries').selectAll().where('brand_id', '=', brandId).orderBy('position').orderBy('id').execute()

const sizingOf = (rows: Awaited<ReturnType<typeof sizingRows>>): SizingGuideRow[] =>
  rows.map((row) => ({ size: row.size, bust: row.bust, waist: row.waist, hip: row.hip, pant: row.pant, front: row.front_image, side: row.side_image, back: row.back_image }))

export async function getSizingGuide(ctx: RequestContext): Promise<SizingGuideRow[]> {
  return sizingOf(await sizingRows(ctx.data.db, ctx.data.brandId))
}

/** Replaces the sizing guide with the rows given, in their order. */
export async function saveSizingGuide(ctx: RequestContext, actor: AuditActor, caches: ContentCaches, rows: SizingGuideInput['rows']): Promise<SizingGuideRow[]> {
  const { db, brandId } = ctx.data
  const saved = await db.transaction().execute(async (trx) => {
    const before = sizingOf(await sizingRows(trx, brandId))
    await trx.deleteFrom('sizing_guide_entries').where('brand_id', '=', brandId).execute()
    if (rows.length > 0)
      await trx
        .insertInto('sizing_guide_entries')
        .values(
          rows.map((row, position) => ({
            id: `size-${randomUUID().slice(0, 8)}`,
            brand_id: brandId,
            size: row.size,
            bust: row.bust ?? null,
            waist: row.waist ?? null,
            hip: row.hip ?? null,
            pant: row.pant ?? null,
            front_image: row.front,
            side_image: row.side,
            back_image: row.back,
            position,
          })),
        )
        .execute()
    const after = sizingOf(await sizingRows(trx, brandId))
    await audited(trx, actor, { action: 'sizing_guide.update', entity: 'sizing_guide', id: brandId, before, after })
    return after
  })
  caches.clear(brandId)
  return saved
}
