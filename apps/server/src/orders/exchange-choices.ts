/**
 * What a member may exchange a piece for (docs/decisions/252): another size of the piece bought, or
 * another colour of the same style (the items sharing its `style_id`, the link the item page's
 * `variants` are drawn from, catalog/catalog.queries.ts listItemNeighbours) at the same price, in
 * a size in stock now. The /orders form offers these; requestExchange judges a choice by the same rule.
 */
import { compareSizes, formatPrice, fromCents, type OrderExchangeColor } from '@store/core'
import { unitPriceCents, type PricedRow } from '../catalog/pricing.ts'
import type { RequestContext } from '../context/request-context.ts'
import type { OrderLinesRow } from '../db/schema.ts'
import { conflict, unprocessable } from '../http/errors.ts'

export interface ExchangeChoices {
  /** by item bought: its sizes in stock */
  sizes: ReadonlyMap<number, string[]>
  /** by item bought: the other colours of its style at its price, each with a size in stock */
  colours: ReadonlyMap<number, OrderExchangeColor[]>
}

export const NO_CHOICES: ExchangeChoices = { sizes: new Map(), colours: new Map() }

/** A member pays the member price where there is one: an exchange is like-for-like at that price. */
const memberPrice = (row: PricedRow) => unitPriceCents(row, true)

/** The choices for these lines' items, in one statement (none without lines). */
export async function exchangeChoices(ctx: RequestContext, lines: Pick<OrderLinesRow, 'item_id'>[]): Promise<ExchangeChoices> {
  const itemIds = [...new Set(lines.map((line) => line.item_id))]
  if (itemIds.length === 0) return NO_CHOICES
  const { db, brandId } = ctx.data
  const rows = await db
    .selectFrom('items as bought')
    .innerJoin('items as other', (join) => join.onRef('other.style_id', '=', 'bought.style_id').onRef('other.brand_id', '=', 'bought.brand_id'))
    .innerJoin('item_sizes', 'item_sizes.item_id', 'other.id')
    .select([
      'bought.id as bought_id',
      'bought.price_cents as bought_price_cents',
      'bought.member_price_cents as bought_member_price_cents',
      'bought.original_price_cents as bought_original_price_cents',
      'other.id',
      'other.color',
      'other.swatch',
      'other.price_cents',
      'other.member_price_cents',
      'other.original_price_cents',
      'item_sizes.size',
    ])
    .where('bought.brand_id', '=', brandId)
    .where('bought.id', 'in', itemIds)
    .where('item_sizes.stock', '>', 0)
    // the piece's own sizes even if it is no longer sold; other colours only while they are
    .where((eb) => eb.or([eb('other.id', '=', eb.ref('bought.id')), eb('other.active', '=', 1)]))
    .execute()
  const sizes = new Map<number, string[]>()
  const colours = new Map<number, Map<number, OrderExchangeColor>>()
  for (const row of rows) {
    if (row.id === row.bought_id) {
      sizes.set(row.bought_id, [...(sizes.get(row.bought_id) ?? []), row.size])
      continue
    }
    const bought = { price_cents: row.bought_price_cents, member_price_cents: row.bought_member_price_cents, original_price_cents: row.bought_original_price_cents }
    if (memberPrice(row) !== memberPrice(bought)) continue
    const mine = colours.get(row.bought_id) ?? new Map<number, OrderExchangeColor>()
    const colour = mine.get(row.id) ?? { item_id: row.id, color: row.color, swatch: row.swatch, sizes: [] }
    colour.sizes.push(row.size)
    mine.set(row.id, colour)
    colours.set(row.bought_id, mine)
  }
  for (const list of sizes.values()) list.sort(compareSizes)
  const byItem = new Map<number, OrderExchangeColor[]>()
  for (const [itemId, mine] of colours) {
    const list = [...mine.values()].sort((a, b) => (a.color < b.color ? -1 : a.color > b.color ? 1 : a.item_id - b.item_id))
    for (const colour of list) colour.sizes.sort(compareSizes)
    byItem.set(itemId, list)
  }
  return { sizes, colours: byItem }
}

/** What the replacement is: the piece's own item, or another colour of its style at the same price (else a refusal in words). */
export async function replacementItem(
  ctx: RequestContext,
  line: Pick<OrderLinesRow, 'item_id' | 'name' | 'color' | 'image1'>,
  itemId: number,
): Promise<{ itemId: number; name: string; color: string; image1: string | null }> {
  if (itemId === line.item_id) return { itemId, name: line.name, color: line.color, image1: line.image1 }
  const { db, brandId } = ctx.data
  const items = await db
    .selectFrom('items')
    .leftJoin('item_images', (join) => join.onRef('item_images.item_id', '=', 'items.id').on('item_images.kind', '=', 'image1'))
    .select([
      'items.id',
      'items.style_id',
      'items.name',
      'items.color',
      'items.active',
      'items.price_cents',
      'items.member_price_cents',
      'items.original_price_cents',
      'item_images.url as image1',
    ])
    .where('items.brand_id', '=', brandId)
    .where('items.id', 'in', [line.item_id, itemId])
    .execute()
  const bought = items.find((item) => item.id === line.item_id)
  const other = items.find((item) => item.id === itemId)
  if (!bought || !other || other.style_id !== bought.style_id || other.active !== 1)
    throw unprocessable(`${line.name} does not come in that colour now. Choose another colour or size from the list.`, 'item_id')
  const [theirs, ours] = [memberPrice(other), memberPrice(bought)]
  if (theirs !== ours) {
    const price = formatPrice(fromCents(theirs), { keepZeroCents: true })
    throw conflict(`${other.name} in ${other.color} costs ${theirs > ours ? 'more' : 'less'} (${price}); return it and buy the other colour.`, 'item_id')
  }
  return { itemId: other.id, name: other.name, color: other.color, image1: other.image1 }
}
