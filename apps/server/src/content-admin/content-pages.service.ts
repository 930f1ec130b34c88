/**
 * The operator's content pages (docs/admin-content.md, decision 226): the storefront reads the
 * live page (content_pages, content_blocks) as before; the operator saves a draft beside it, as
 * often as needed, previews it as the storefront would show it, then publishes it. Each publish
 * is kept as a numbered version (the page as seeded becomes version 1 at its first publish), and
 * restoring a version publishes it again as the next number: nothing published is ever lost.
 * The operator also makes new pages (a draft until first published) and retires pages (the
 * storefront answers 404; the row, versions and audit entries stay: decision 255).
 * Every change is audited in its transaction, and what the storefront shows clears the brand's caches.
 */
import { randomUUID } from 'node:crypto'
import {
  CONTENT_PAGE_PATHS,
  contentPagePath,
  type AdminContentPage,
  type AdminContentPageStatus,
  type AdminContentPageSummary,
  type ContentBlock,
  type ContentPage,
  type ContentPageCopy,
} from '@store/core'
import type { Kysely, Transaction } from 'kysely'
import type { RequestContext } from '../context/request-context.ts'
import { flag, readJson } from '../db/json.ts'
import type { Database } from '../db/schema.ts'
import { conflict, notFound, unprocessable } from '../http/errors.ts'
import { audited, type AuditActor } from '../staff/audit.ts'
import type { ContentCaches } from './content-caches.ts'
import type { NewPageInput, PageDraftInput } from './content-pages.schemas.ts'

type Db = Kysely<Database> | Transaction<Database>

/** A page the operator may edit: live or a draft (a retired page is gone from here: 404). */
async function pageRow(db: Db, brandId: string, id: string) {
  const page = await db.selectFrom('content_pages').selectAll().where('brand_id', '=', brandId).where('id', '=', id).where('status', '<>', 'retired').executeTakeFirst()
  if (!page) throw notFound(`There is no content page ${id} in this store.`)
  return { ...page, status: page.status as AdminContentPageStatus }
}

/** What is live: the page with its blocks, in their order. */
async function liveCopy(db: Db, brandId: string, page: { id: string; name: string; body: string; hide_headline: number }): Promise<ContentPageCopy> {
  const blocks = await db
    .selectFrom('content_blocks')
    .select(['type', 'body', 'wistia_video_id', 'button_text', 'link', 'desktop_image', 'mobile_image'])
    .where('brand_id', '=', brandId)
    .where('page_id', '=', page.id)
    .orderBy('position')
    .orderBy('id')
    .execute()
  return { name: page.name, body: page.body, hide_headline: flag(page.hide_headline), blocks }
}

const copyOf = (row: { name: string; body: string; hide_headline: number; blocks_json: string }): ContentPageCopy => ({
  name: row.name,
  body: row.body,
  hide_headline: flag(row.hide_headline),
  blocks: readJson<ContentBlock[]>(row.blocks_json, []),
})

const blockOf = (block: PageDraftInput['blocks'][number]): ContentBlock => ({
  type: block.type,
  body: block.body ?? null,
  wistia_video_id: block.wistia_video_id ?? null,
  button_text: block.button_text ?? null,
  link: block.link ?? null,
  desktop_image: block.desktop_image ?? null,
  mobile_image: block.mobile_image ?? null,
})

/** A draft's row, as saved by the operator. */
const draftRow = (actor: AuditActor, input: PageDraftInput) => ({
  name: input.name,
  body: input.body,
  hide_headline: input.hide_headline ? 1 : 0,
  blocks_json: JSON.stringify(input.blocks.map(blockOf)),
  saved_at: actor.now().toISOString(),
  staff_id: actor.staffId,
})

export async function listContentPages(ctx: RequestContext): Promise<AdminContentPageSummary[]> {
  const { db, brandId } = ctx.data
  const rows = await db
    .selectFrom('content_pages')
    .leftJoin('content_page_drafts', 'content_page_drafts.page_id', 'content_pages.id')
    .select(['content_pages.id', 'content_pages.slug', 'content_pages.status', 'content_pages.name', 'content_pages.updated_at', 'content_page_drafts.page_id as draft'])
    .where('content_pages.brand_id', '=', brandId)
    .where('content_pages.status', '<>', 'retired')
    .orderBy('content_pages.slug')
    .execute()
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    status: row.status as AdminContentPageStatus,
    name: row.name,
    updated_at: row.updated_at,
    has_draft: row.draft !== null,
  }))
}

export async function getContentPageForStaff(ctx: RequestContext, id: string, db: Db = ctx.data.db): Promise<AdminContentPage> {
  const { brandId } = ctx.data
  const page = await pageRow(db, brandId, id)
  // one after another: within a transaction they share one connection
  const live = await liveCopy(db, brandId, page)
  const draft = await db.selectFrom('content_page_drafts').selectAll().where('brand_id', '=', brandId).where('page_id', '=', id).executeTakeFirst()
  const versions = await db
    .selectFrom('content_page_versions')
    .leftJoin('staff', 'staff.id', 'content_page_versions.staff_id')
    .select(['content_page_versions.number', 'content_page_versions.published_at', 'staff.name as published_by'])
    .where('content_page_versions.brand_id', '=', brandId)
    .where('content_page_versions.page_id', '=', id)
    .orderBy('content_page_versions.number', 'desc')
    .execute()
  const top = versions[0]?.number
  return {
    id: page.id,
    slug: page.slug,
    status: page.status,
    updated_at: page.updated_at,
    live,
    draft: draft ? { ...copyOf(draft), saved_at: draft.saved_at } : null,
    versions: versions.map((version) => ({ number: version.number, published_at: version.published_at, published_by: version.published_by ?? null, live: version.number === top })),
  }
}

/** Saves the draft (a new one, or over the last): the storefront does not change. */
export async function saveContentDraft(ctx: RequestContext, actor: AuditActor, id: string, input: PageDraftInput): Promise<AdminContentPage> {
  const { db, brandId } = ctx.data
  return db.transaction().execute(async (trx) => {
    await pageRow(trx, brandId, id)
    const before = await trx.selectFrom('content_page_drafts').selectAll().where('brand_id', '=', brandId).where('page_id', '=', id).executeTakeFirst()
    const row = draftRow(actor, input)
    if (before) await trx.updateTable('content_page_drafts').set(row).where('brand_id', '=', brandId).where('page_id', '=', id).execute()
    else
      await trx
        .insertInto('content_page_drafts')
        .values({ ...row, page_id: id, brand_id: brandId })
        .execute()
    await audited(trx, actor, { action: 'content_page.draft', entity: 'content_page', id, before: before ? copyOf(before) : undefined, after: copyOf(row) })
    return getContentPageForStaff(ctx, id, trx)
  })
}

export async function discardContentDraft(ctx: RequestContext, actor: AuditActor, id: string): Promise<AdminContentPage> {
  const { db, brandId } = ctx.data
  return db.transaction().execute(async (trx) => {
    await pageRow(trx, brandId, id)
    const before = await trx.selectFrom('content_page_drafts').selectAll().where('brand_id', '=', brandId).where('page_id', '=', id).executeTakeFirst()
    if (!before) throw unprocessable('This page has no draft to discard.')
    await trx.deleteFrom('content_page_drafts').where('brand_id', '=', brandId).where('page_id', '=', id).execute()
    await audited(trx, actor, { action: 'content_page.discard_draft', entity: 'content_page', id, before: copyOf(before) })
    return getContentPageForStaff(ctx, id, trx)
  })
}

/** The page as the storefront would show it once published: the draft, or what is live when there is none. */
export async function previewContentPage(ctx: RequestContext, id: string): Promise<ContentPage> {
  const page = await getContentPageForStaff(ctx, id)
  const copy = page.draft ?? page.live
  return { slug: page.slug, name: copy.name, body: copy.body, hide_headline: copy.hide_headline, updated_at: page.draft?.saved_at ?? page.updated_at, blocks: copy.blocks }
}

/** Writes a copy as the live page (its row and its blocks) and keeps it as the next version. */
async function goLive(trx: Transaction<Database>, actor: AuditActor, brandId: string, pageId: string, copy: ContentPageCopy): Promise<number> {
  const page = await pageRow(trx, brandId, pageId)
  const now = actor.now().toISOString()
  const last = await trx
    .selectFrom('content_page_versions')
    .select((eb) => eb.fn.max('number').as('top'))
    .where('brand_id', '=', brandId)
    .where('page_id', '=', pageId)
    .executeTakeFirst()
  let top = Number(last?.top ?? 0)
  const keep = async (kept: ContentPageCopy, at: string, staffId: string | null) => {
    top += 1
    await trx
      .insertInto('content_page_versions')
      .values({
        id: randomUUID(),
        brand_id: brandId,
        page_id: pageId,
        number: top,
        name: kept.name,
        body: kept.body,
        hide_headline: kept.hide_headline ? 1 : 0,
        blocks_json: JSON.stringify(kept.blocks),
        published_at: at,
        staff_id: staffId,
      })
      .execute()
  }
  // the page as it was before the first publish here (seeded): kept as version 1; a page made here had nothing live
  if (top === 0 && page.status === 'live') await keep(await liveCopy(trx, brandId, page), page.updated_at, null)
  await keep(copy, now, actor.staffId)
  await trx
    .updateTable('content_pages')
    .set({ name: copy.name, body: copy.body, hide_headline: copy.hide_headline ? 1 : 0, updated_at: now, status: 'live' })
    .where('brand_id', '=', brandId)
    .where('id', '=', pageId)
    .execute()
  await trx.deleteFrom('content_blocks').where('brand_id', '=', brandId).where('page_id', '=', pageId).execute()
  if (copy.blocks.length > 0)
    await trx
      .insertInto('content_blocks')
      .values(copy.blocks.map((block, position) => ({ ...block, id: `${pageId}-v${top}-${position + 1}`, brand_id: brandId, page_id: pageId, position })))
      .execute()
  return top
}

/** Publishes the draft: the storefront shows it at once; the page published before stays a version. */
export async function publishContentPage(ctx: RequestContext, actor: AuditActor, caches: ContentCaches, id: string): Promise<AdminContentPage> {
  const { db, brandId } = ctx.data
  const page = await db.transaction().execute(async (trx) => {
    const draft = await trx.selectFrom('content_page_drafts').selectAll().where('brand_id', '=', brandId).where('page_id', '=', id).executeTakeFirst()
    if (!draft) throw unprocessable('This page has no draft to publish: save your changes first.')
    const live = await pageRow(trx, brandId, id)
    const before = live.status === 'live' ? await liveCopy(trx, brandId, live) : undefined
    const number = await goLive(trx, actor, brandId, id, copyOf(draft))
    await trx.deleteFrom('content_page_drafts').where('brand_id', '=', brandId).where('page_id', '=', id).execute()
    await audited(trx, actor, { action: 'content_page.publish', entity: 'content_page', id, before, after: { version: number, ...copyOf(draft) } })
    return getContentPageForStaff(ctx, id, trx)
  })
  caches.clear(brandId)
  return page
}

/** Publishes an earlier version again (as the next number); a draft in progress is kept. */
export async function restoreContentVersion(ctx: RequestContext, actor: AuditActor, caches: ContentCaches, id: string, number: number): Promise<AdminContentPage> {
  const { db, brandId } = ctx.data
  const page = await db.transaction().execute(async (trx) => {
    const version = await trx
      .selectFrom('content_page_versions')
      .selectAll()
      .where('brand_id', '=', brandId)
      .where('page_id', '=', id)
      .where('number', '=', number)
      .executeTakeFirst()
    if (!version) throw notFound(`This page has no version ${number}.`)
    const before = await liveCopy(trx, brandId, await pageRow(trx, brandId, id))
    const published = await goLive(trx, actor, brandId, id, copyOf(version))
    await audited(trx, actor, { action: 'content_page.restore', entity: 'content_page', id, before, after: { version: published, restored: number, ...copyOf(version) } })
    return getContentPageForStaff(ctx, id, trx)
  })
  caches.clear(brandId)
  return page
}

/** Makes a page with its first draft: the storefront answers 404 at its address until it is published. */
export async function createContentPage(ctx: RequestContext, actor: AuditActor, input: NewPageInput): Promise<AdminContentPage> {
  const { db, brandId } = ctx.data
  return db.transaction().execute(async (trx) => {
    // a retired page keeps its address (its versions and audit entries are under it)
    const taken = await trx.selectFrom('content_pages').select(['name', 'status']).where('brand_id', '=', brandId).where('slug', '=', input.slug).executeTakeFirst()
    const path = contentPagePath(input.slug)
    if (taken?.status === 'retired') throw unprocessable(`A deleted page had the address ${path}: pick another address.`, 'slug')
    if (taken) throw unprocessable(`The page "${taken.name}" has the address ${path}: pick another address.`, 'slug')
    const id = randomUUID()
    const draft = draftRow(actor, input)
    await trx
      .insertInto('content_pages')
      .values({ id, brand_id: brandId, slug: input.slug, name: input.name, body: '', hide_headline: 0, updated_at: draft.saved_at, status: 'draft' })
      .execute()
    await trx
      .insertInto('content_page_drafts')
      .values({ ...draft, page_id: id, brand_id: brandId })
      .execute()
    await audited(trx, actor, { action: 'content_page.create', entity: 'content_page', id, after: { slug: input.slug, ...copyOf(draft) } })
    return getContentPageForStaff(ctx, id, trx)
  })
}

/**
 * Retires a page: the storefront answers 404 at its address at once (the caches dropped on every
 * instance); its row, blocks, versions and audit entries stay. A page one of the storefront's own
 * routes shows (home, terms, ...) is edited, never deleted.
 */
export async function retireContentPage(ctx: RequestContext, actor: AuditActor, caches: ContentCaches, id: string): Promise<void> {
  const { db, brandId } = ctx.data
  await db.transaction().execute(async (trx) => {
    const page = await pageRow(trx, brandId, id)
    if (page.slug in CONTENT_PAGE_PATHS) throw conflict(`${contentPagePath(page.slug)} is shown by the store's own page: change its words rather than delete it.`)
    const live = page.status === 'live' ? await liveCopy(trx, brandId, page) : undefined
    await trx.updateTable('content_pages').set({ status: 'retired', updated_at: actor.now().toISOString() }).where('brand_id', '=', brandId).where('id', '=', id).execute()
    await audited(trx, actor, {
      action: 'content_page.retire',
      entity: 'content_page',
      id,
      before: { slug: page.slug, status: page.status, ...live },
      after: { status: 'retired' },
    })
  })
  caches.clear(brandId)
}
