/**
 * The header and footer menus (SPEC §3 headerMenu, footerMenu), edited by the operator: a link
 * added, changed, moved or removed, each audited, the brand's caches cleared so every page shows
 * the menu at once. A header link with a parent is in that link's dropdown (one level, as the
 * storefront draws it); a footer link is in the column of its group_header.
 */
import { randomUUID } from 'node:crypto'
import type { AdminMenuLink, AdminMenus } from '@store/core'
import type { Kysely, Transaction } from 'kysely'
import type { RequestContext } from '../context/request-context.ts'
import { flag } from '../db/json.ts'
import type { Database, MenuItemsRow } from '../db/schema.ts'
import { notFound, unprocessable } from '../http/errors.ts'
import { audited, type AuditActor } from '../staff/audit.ts'
import type { ContentCaches } from './content-caches.ts'
import type { MenuLinkInput } from './store-content.schemas.ts'

type Db = Kysely<Database> | Transaction<Database>
type Menu = 'header' | 'footer'

const linkOf = (row: MenuItemsRow): AdminMenuLink => ({
  id: row.id,
  menu: row.menu === 'footer' ? 'footer' : 'header',
  parent_id: row.parent_id,
  group_header: row.group_header ?? '',
  caption: row.caption,
  link: row.link,
  image_url: row.image_url,
  image_alt: row.image_alt,
  show_during_checkout: flag(row.show_during_checkout),
  position: row.position,
})

async function rowsOf(db: Db, brandId: string): Promise<MenuItemsRow[]> {
  return db.selectFrom('menu_items').selectAll().where('brand_id', '=', brandId).orderBy('menu').orderBy('position').orderBy('id').execute()
}

export async function listMenus(ctx: RequestContext, db: Db = ctx.data.db): Promise<AdminMenus> {
  const rows = await rowsOf(db, ctx.data.brandId)
  return { header: rows.filter((row) => row.menu === 'header').map(linkOf), footer: rows.filter((row) => row.menu === 'footer').map(linkOf) }
}

/** A dropdown link's parent: a top-level link of the header menu. */
async function checkParent(db: Db, brandId: string, menu: Menu, parentId: string | null | undefined, id?: string): Promise<void> {
  if (!parentId) return
  if (menu !== 'header') throw unprocessable('Only header links have dropdowns: leave the parent empty for a footer link.', 'parent_id')
  if (parentId === id) throw unprocessable('A link cannot be in its own dropdown.', 'parent_id')
  const parent = await db.selectFrom('menu_items').select(['menu', 'parent_id']).where('brand_id', '=', brandId).where('id', '=', parentId).executeTakeFirst()
  if (parent?.menu !== 'header') throw unprocessable(`There is no header link ${parentId}.`, 'parent_id')
  if (parent.parent_id) throw unprocessable('A dropdown link cannot have a dropdown of its own: choose a top-level link.', 'parent_id')
  if (id) {
    const children = await db.selectFrom('menu_items').select('id').where('brand_id', '=', brandId).where('parent_id', '=', id).executeTakeFirst()
    if (children) throw unprocessable('This link has a dropdown of its own: it stays a top-level link.', 'parent_id')
  }
}

const changeOf = (input: MenuLinkInput) => ({
  ...(input.caption === undefined ? {} : { caption: input.caption }),
  ...(input.link === undefined ? {} : { link: input.link }),
  ...(input.parent_id === undefined ? {} : { parent_id: input.parent_id }),
  ...(input.group_header === undefined ? {} : { group_header: input.group_header || null }),
  ...(input.image_url === undefined ? {} : { image_url: input.image_url }),
  ...(input.image_alt === undefined ? {} : { image_alt: input.image_alt }),
  ...(input.show_during_checkout === undefined ? {} : { show_during_checkout: input.show_during_checkout ? 1 : 0 }),
})

export async function addMenuLink(
  ctx: RequestContext,
  actor: AuditActor,
  caches: ContentCaches,
  input: MenuLinkInput & { menu: Menu; caption: string; link: string },
): Promise<AdminMenus> {
  const { db, brandId } = ctx.data
  const menus = await db.transaction().execute(async (trx) => {
    await checkParent(trx, brandId, input.menu, input.parent_id)
    const last = await trx
      .selectFrom('menu_items')
      .select((eb) => eb.fn.max('position').as('top'))
      .where('brand_id', '=', brandId)
      .where('menu', '=', input.menu)
      .executeTakeFirst()
    const row = {
      id: `menu-${randomUUID().slice(0, 8)}`,
      brand_id: brandId,
      menu: input.menu,
      position: Number(last?.top ?? -1) + 1,
      ...changeOf(input),
      caption: input.caption,
      link: input.link,
    }
    await trx.insertInto('menu_items').values(row).execute()
    await audited(trx, actor, { action: 'menu_link.create', entity: 'menu_link', id: row.id, after: row })
    return listMenus(ctx, trx)
  })
  caches.clear(brandId)
  return menus
}

async function existing(db: Db, brandId: string, id: string): Promise<MenuItemsRow> {
  const row = await db.selectFrom('menu_items').selectAll().where('brand_id', '=', brandId).where('id', '=', id).executeTakeFirst()
  if (!row) throw notFound(`There is no menu link ${id} in this store.`)
  return row
}

export async function updateMenuLink(ctx: RequestContext, actor: AuditActor, caches: ContentCaches, id: string, input: MenuLinkInput): Promise<AdminMenus> {
  const { db, brandId } = ctx.data
  const menus = await db.transaction().execute(async (trx) => {
    const before = await existing(trx, brandId, id)
    const change = changeOf(input)
    if (change.parent_id !== undefined) await checkParent(trx, brandId, before.menu === 'footer' ? 'footer' : 'header', change.parent_id, id)
    if (Object.keys(change).length > 0) await trx.updateTable('menu_items').set(change).where('brand_id', '=', brandId).where('id', '=', id).execute()
    await audited(trx, actor, { action: 'menu_link.update', entity: 'menu_link', id, before, after: { ...before, ...change } })
    return listMenus(ctx, trx)
  })
  caches.clear(brandId)
  return menus
}

/** Removes a link, and the links of its dropdown with it. */
export async function removeMenuLink(ctx: RequestContext, actor: AuditActor, caches: ContentCaches, id: string): Promise<AdminMenus> {
  const { db, brandId } = ctx.data
  const menus = await db.transaction().execute(async (trx) => {
    const before = await existing(trx, brandId, id)
    const children = await trx.selectFrom('menu_items').selectAll().where('brand_id', '=', brandId).where('parent_id', '=', id).execute()
    await trx.deleteFrom('menu_items').where('brand_id', '=', brandId).where('parent_id', '=', id).execute()
    await trx.deleteFrom('menu_items').where('brand_id', '=', brandId).where('id', '=', id).execute()
    await audited(trx, actor, { action: 'menu_link.remove', entity: 'menu_link', id, before: { ...before, dropdown: children } })
    return listMenus(ctx, trx)
  })
  caches.clear(brandId)
  return menus
}

/** Puts a menu's links in the order given: every link of that menu, each once. */
export async function reorderMenu(ctx: RequestContext, actor: AuditActor, caches: ContentCaches, menu: Menu, ids: string[]): Promise<AdminMenus> {
  const { db, brandId } = ctx.data
  const menus = await db.transaction().execute(async (trx) => {
    const rows = await trx.selectFrom('menu_items').select(['id', 'position']).where('brand_id', '=', brandId).where('menu', '=', menu).orderBy('position').orderBy('id').execute()
    const known = new Set(rows.map((row) => row.id))
    if (ids.length !== rows.length || new Set(ids).size !== ids.length || !ids.every((id) => known.has(id)))
      throw unprocessable(`List every link of the ${menu} menu once, in its new order.`, 'ids')
    for (const [position, id] of ids.entries()) await trx.updateTable('menu_items').set({ position }).where('brand_id', '=', brandId).where('id', '=', id).execute()
    await audited(trx, actor, { action: 'menu.reorder', entity: 'menu', id: menu, before: rows.map((row) => row.id), after: ids })
    return listMenus(ctx, trx)
  })
  caches.clear(brandId)
  return menus
}
