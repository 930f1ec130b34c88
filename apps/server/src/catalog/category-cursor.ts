import type { CategoryCardsCursor } from './catalog.queries.ts'

/**
 * The cursor of a page of a category's cards (GET /categories/{name}?limit=&after=): the place
 * of the page's last card in the category's order, (position, item id), written so the shopper's
 * client takes it as it is (base64url of `c1:<position>:<item id>`). Nothing in it is secret:
 * a forged cursor only starts a page elsewhere in the same category.
 */
const PREFIX = 'c1'
const INT = /^-?\d{1,10}$/
const MAX_INT = 2_147_483_647

export function writeCategoryCursor(cursor: CategoryCardsCursor): string {
  return Buffer.from(`${PREFIX}:${cursor.position}:${cursor.itemId}`).toString('base64url')
}

/** The place a cursor names, or null when the text is not a cursor this store wrote. */
export function readCategoryCursor(text: string): CategoryCardsCursor | null {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(text)) return null
  const [prefix, position, itemId, ...rest] = Buffer.from(text, 'base64url').toString('utf8').split(':')
  if (prefix !== PREFIX || rest.length > 0 || !position || !itemId || !INT.test(position) || !INT.test(itemId)) return null
  const place = { position: Number(position), itemId: Number(itemId) }
  if (Math.abs(place.position) > MAX_INT || place.itemId < 1 || place.itemId > MAX_INT) return null
  return place
}
