/**
 * An item's uploaded photos (docs/admin-catalogue.md): each an item_images row of
 * kind image1, image2 ... in the operator's order, so the first is the front image
 * every page shows (cards, cart, wishlist, e-mails); `url` is its largest JPEG,
 * `variants` its responsive files (migration 031). The first upload replaces the
 * demo's drawn gallery of the item (drawn rows have no variants; customer and
 * Instagram pictures stay). Files are written before the rows and deleted when the
 * transaction fails; a deleted photo's files go after its row. Every change is
 * audited in its transaction and clears the brand's catalogue caches.
 */
import { randomUUID } from 'node:crypto'
import type { AdminItemPhoto } from '@store/core'
import type { Kysely, Transaction } from 'kysely'
import type { RequestContext } from '../context/request-context.ts'
import type { Database } from '../db/schema.ts'
import { conflict, notFound, unprocessable } from '../http/errors.ts'
import { EXTENSION, PhotoProblem, preparePhotoFiles, readVariants, type PhotoVariant } from '../media/responsive-photos.ts'
import type { MediaStorage } from '../media/storage.ts'
import { audited, type AuditActor } from '../staff/audit.ts'
import type { CatalogCaches } from './catalog-admin.service.ts'

type Db = Kysely<Database> | Transaction<Database>

const MAX_ITEM_PHOTOS = 12
/** the kinds that are not the item's gallery: they stay when photos are uploaded */
const NOT_GALLERY = ['customer', 'instagram']

export interface PhotoUpload {
  bytes: Buffer
  /** the client's file name, for messages only */
  filename: string
}

export interface PhotoChange {
  alt?: string
  focal_x?: number
  focal_y?: number
}

const PHOTO_COLUMNS = ['id', 'url', 'width', 'height', 'alt', 'position', 'focal_x', 'focal_y', 'variants'] as const

type PhotoRow = { id: string; url: string; width: number; height: number; alt: string; position: number; focal_x: number | null; focal_y: number | null; variants: string | null }

const photoOf = (row: PhotoRow): AdminItemPhoto => ({
  id: row.id,
  url: row.url,
  width: row.width,
  height: row.height,
  alt: row.alt,
  position: row.position,
  focal_x: row.focal_x ?? 50,
  focal_y: row.focal_y ?? 50,
  variants: readVariants(row.variants),
})

/** The item's uploaded photos in order (none: the storefront shows its drawn images, if any). */
async function readPhotos(db: Db, brandId: string, itemId: number): Promise<AdminItemPhoto[]> {
  const rows = await db
    .selectFrom('item_images')
    .select(PHOTO_COLUMNS)
    .where('brand_id', '=', brandId)
    .where('item_id', '=', itemId)
    .where('variants', 'is not', null)
    .orderBy('position')
    .orderBy('id')
    .execute()
  return rows.map(photoOf)
}

async function itemOf(db: Db, brandId: string, itemId: number): Promise<{ name: string; color: string }> {
  const item = await db.selectFrom('items').select(['name', 'color']).where('brand_id', '=', brandId).where('id', '=', itemId).executeTakeFirst()
  if (!item) throw notFound(`There is no item ${itemId} in this store.`)
  return item
}

export async function listPhotos(ctx: RequestContext, itemId: number): Promise<AdminItemPhoto[]> {
  const { db, brandId } = ctx.data
  await itemOf(db, brandId, itemId)
  return readPhotos(db, brandId, itemId)
}

/**
 * Takes the item's row lock on PostgreSQL (SQLite runs one writer at a time), so two
 * changes of its photos at once (two uploads, an upload and a reorder) take turns: each
 * reads the photos the other left, and no two photos get the same place.
 */
async function lockItem(trx: Transaction<Database>, ctx: RequestContext, itemId: number) {
  if (ctx.data.dialect !== 'postgres') return
  await trx.selectFrom('items').select('id').where('brand_id', '=', ctx.data.brandId).where('id', '=', itemId).forUpdate().executeTakeFirst()
}

/** Kinds and positions follow the order: image1 at 1, image2 at 2 ... */
async function renumber(trx: Transaction<Database>, brandId: string, ids: string[]) {
  for (const [index, id] of ids.entries()) {
    await trx
      .updateTable('item_images')
      .set({ kind: `image${index + 1}`, position: index + 1 })
      .where('brand_id', '=', brandId)
      .where('id', '=', id)
      .execute()
  }
}

/** What the audit log keeps of the photos: their order and words, not their files. */
const auditView = (photos: AdminItemPhoto[]) => photos.map((photo) => ({ id: photo.id, alt: photo.alt, focal: [photo.focal_x, photo.focal_y] }))

/** Keys of a photo's files in the storage (those it gave). */
const keysOf = (storage: MediaStorage, variants: PhotoVariant[]) => variants.map((v) => storage.keyOf(v.url)).filter((key): key is string => key !== null)

/** Checks every upload, stores its files, then adds the rows at the end of the item's photos in one transaction. */
export async function addPhotos(
  ctx: RequestContext,
  actor: AuditActor,
  caches: CatalogCaches,
  storage: MediaStorage,
  itemId: number,
  uploads: PhotoUpload[],
): Promise<AdminItemPhoto[]> {
  const { db, brandId } = ctx.data
  if (uploads.length === 0) throw unprocessable('Choose at least one photo to upload.', 'file')
  const item = await itemOf(db, brandId, itemId)
  const already = await readPhotos(db, brandId, itemId)
  if (already.length + uploads.length > MAX_ITEM_PHOTOS) throw conflict(`An item has at most ${MAX_ITEM_PHOTOS} photos; this one has ${already.length}. Delete some first.`, 'file')

  // every file is checked before any is kept: one bad file refuses the upload, naming it
  const prepared = []
  for (const [index, upload] of uploads.entries()) {
    const name = upload.filename ? `“${upload.filename.slice(0, 80)}”` : `File ${index + 1}`
    try {
      prepared.push(await preparePhotoFiles(upload.bytes, name))
    } catch (error) {
      if (error instanceof PhotoProblem) throw unprocessable(error.message, 'file')
      throw error
    }
  }

  const stored: string[] = []
  const rows: PhotoRow[] = []
  try {
    for (const photo of prepared) {
      const id = randomUUID()
      const variants: PhotoVariant[] = []
      for (const file of photo.files) {
        const key = `items/${brandId}/${itemId}/${id}-${file.width}.${EXTENSION[file.format]}`
        const url = await storage.put(key, file.bytes, `image/${file.format}`)
        stored.push(key)
        variants.push({ format: file.format, width: file.width, url })
      }
      const largest = variants.filter((v) => v.format === 'jpeg').sort((a, b) => b.width - a.width)[0]!
      rows.push({
        id,
        url: largest.url,
        width: photo.width,
        height: photo.height,
        alt: `${item.name} in ${item.color}`,
        position: 0,
        focal_x: 50,
        focal_y: 50,
        variants: JSON.stringify(variants),
      })
    }
    const photos = await db.transaction().execute(async (trx) => {
      await lockItem(trx, ctx, itemId)
      const before = await readPhotos(trx, brandId, itemId)
      if (before.length === 0) {
        // the first upload: the demo's drawn gallery gives way
        await trx.deleteFrom('item_images').where('brand_id', '=', brandId).where('item_id', '=', itemId).where('kind', 'not in', NOT_GALLERY).execute()
      }
      if (before.length + rows.length > MAX_ITEM_PHOTOS) throw conflict(`An item has at most ${MAX_ITEM_PHOTOS} photos. Delete some first.`, 'file')
      await trx
        .insertInto('item_images')
        .values(rows.map((row, index) => ({ ...row, item_id: itemId, brand_id: brandId, kind: `image${before.length + index + 1}`, position: before.length + index + 1 })))
        .execute()
      const after = await readPhotos(trx, brandId, itemId)
      await audited(trx, actor, { action: 'item.photos.add', entity: 'item', id: itemId, before: auditView(before), after: auditView(after) })
      return after
    })
    caches.clear(brandId)
    return photos
  } catch (error) {
    await Promise.allSettled(stored.map((key) => storage.delete(key)))
    throw error
  }
}

/** Puts the item's photos in the order of `ids` (every photo once); the first becomes the front image. */
export async function orderPhotos(ctx: RequestContext, actor: AuditActor, caches: CatalogCaches, itemId: number, ids: string[]): Promise<AdminItemPhoto[]> {
  const { db, brandId } = ctx.data
  await itemOf(db, brandId, itemId)
  const photos = await db.transaction().execute(async (trx) => {
    await lockItem(trx, ctx, itemId)
    const before = await readPhotos(trx, brandId, itemId)
    const known = before.map((photo) => photo.id)
    if (ids.length !== known.length || new Set(ids).size !== ids.length || ids.some((id) => !known.includes(id)))
      throw conflict("The order must name each of the item's photos once. Reload the page and try again.", 'ids')
    await renumber(trx, brandId, ids)
    const after = await readPhotos(trx, brandId, itemId)
    await audited(trx, actor, { action: 'item.photos.order', entity: 'item', id: itemId, before: auditView(before), after: auditView(after) })
    return after
  })
  caches.clear(brandId)
  return photos
}

async function photoRow(db: Db, brandId: string, itemId: number, photoId: string): Promise<AdminItemPhoto> {
  const row = await db
    .selectFrom('item_images')
    .select(PHOTO_COLUMNS)
    .where('brand_id', '=', brandId)
    .where('item_id', '=', itemId)
    .where('id', '=', photoId)
    .where('variants', 'is not', null)
    .executeTakeFirst()
  if (!row) throw notFound(`Item ${itemId} has no such photo.`)
  return photoOf(row)
}

/** Sets a photo's alt text and focal point. */
export async function changePhoto(ctx: RequestContext, actor: AuditActor, caches: CatalogCaches, itemId: number, photoId: string, change: PhotoChange): Promise<AdminItemPhoto> {
  const { db, brandId } = ctx.data
  const photo = await db.transaction().execute(async (trx) => {
    const before = await photoRow(trx, brandId, itemId, photoId)
    await trx
      .updateTable('item_images')
      .set({
        ...(change.alt !== undefined ? { alt: change.alt } : {}),
        ...(change.focal_x !== undefined ? { focal_x: change.focal_x } : {}),
        ...(change.focal_y !== undefined ? { focal_y: change.focal_y } : {}),
      })
      .where('brand_id', '=', brandId)
      .where('id', '=', photoId)
      .execute()
    const after = await photoRow(trx, brandId, itemId, photoId)
    await audited(trx, actor, { action: 'item.photo.update', entity: 'item', id: itemId, before: auditView([before])[0], after: auditView([after])[0] })
    return after
  })
  caches.clear(brandId)
  return photo
}

/** Deletes a photo (the rest close up behind it), then its files. */
export async function deletePhoto(
  ctx: RequestContext,
  actor: AuditActor,
  caches: CatalogCaches,
  storage: MediaStorage,
  itemId: number,
  photoId: string,
): Promise<AdminItemPhoto[]> {
  const { db, brandId } = ctx.data
  const { gone, photos } = await db.transaction().execute(async (trx) => {
    await lockItem(trx, ctx, itemId)
    const before = await readPhotos(trx, brandId, itemId)
    const gone = before.find((photo) => photo.id === photoId)
    if (!gone) throw notFound(`Item ${itemId} has no such photo.`)
    await trx.deleteFrom('item_images').where('brand_id', '=', brandId).where('id', '=', photoId).execute()
    await renumber(
      trx,
      brandId,
      before.filter((photo) => photo.id !== photoId).map((photo) => photo.id),
    )
    const after = await readPhotos(trx, brandId, itemId)
    await audited(trx, actor, { action: 'item.photo.delete', entity: 'item', id: itemId, before: auditView(before), after: auditView(after) })
    return { gone, photos: after }
  })
  caches.clear(brandId)
  // the row is gone: a file left behind by a failed delete is never shown again
  await Promise.allSettled(keysOf(storage, gone.variants).map((key) => storage.delete(key)))
  return photos
}
