/**
 * The pictures of the order an e-mail is about: each line's picture (order_lines.image1, kept
 * with the order when it was placed), made absolute on the brand's public origin, for the
 * e-mail's HTML (branded-email.ts). Lines without a picture are left out.
 */
import type { Kysely } from 'kysely'
import type { Brand } from '../brands/registry.ts'
import type { Database } from '../db/schema.ts'
import type { EmailPicture } from './branded-email.ts'

export async function orderPictures(db: Kysely<Database>, brand: Pick<Brand, 'id' | 'publicOrigin'>, orderNumber: string): Promise<EmailPicture[]> {
  const lines = await db
    .selectFrom('order_lines')
    .select(['name', 'color', 'size', 'image1'])
    .where('brand_id', '=', brand.id)
    .where('order_number', '=', orderNumber)
    .where('image1', 'is not', null)
    .orderBy('id')
    .execute()
  const seen = new Set<string>()
  const pictures: EmailPicture[] = []
  for (const line of lines) {
    const key = `${line.name}\n${line.color}\n${line.size}`
    const src = line.image1 && URL.canParse(line.image1, brand.publicOrigin) ? new URL(line.image1, brand.publicOrigin) : null
    if (seen.has(key) || !src || !/^https?:$/.test(src.protocol)) continue
    seen.add(key)
    pictures.push({ name: line.name, color: line.color, size: line.size, src: src.href })
  }
  return pictures
}
