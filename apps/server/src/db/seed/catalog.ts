/**
 * Catalogue rows: categories, category groups, items (one per colour of a style),
 * sizes with stock, images, bullet sections and matching items.
 */
import type { BrandId } from '../../brands/registry.ts'
import { categoryImageUrl, iconUrl, portraitUrl, productImageUrl, type Garment, type ProductView } from '../../media/media.service.ts'
import { CATALOG, LEGGING_CARE, type AspectClass, type StyleDef } from './catalog-data.ts'
import { CATEGORY_BASE, ITEM_BASE, LAST_ITEM, MANY_CUSTOMER_IMAGES_ITEM, PREFIX } from './constants.ts'
import { createRandom, daysAgo, hashSeed, insertBatches, json, memberPrice, type Rows, type SeedDb } from './random.ts'

/** Image size per aspect class: double1x1 is square, double 4:5, aspect2x5 2:5 (tall, full-length shots). */
const ASPECT_SIZES: Record<AspectClass, { width: number; height: number }> = {
  double1x1: { width: 800, height: 800 },
  double: { width: 800, height: 1000 },
  aspect2x5: { width: 640, height: 1600 },
}

/** What the other seed modules need to know about an item. */
export interface SeededItem {
  id: number
  styleKey: string
  styleIndex: number
  variantIndex: number
  name: string
  color: string
  swatch: string
  garment: Garment
  priceCents: number
  categories: string[]
  popular: boolean
  vip: boolean
  image1: string
}

export interface SeededCatalog {
  items: SeededItem[]
  categoryIds: Record<string, number>
  groupIds: Record<string, number>
}

export async function seedCatalog(db: SeedDb, brandId: BrandId, hasClub: boolean, now: Date): Promise<SeededCatalog> {
  const catalog = CATALOG[brandId]
  const prefix = PREFIX[brandId]
  const rand = createRandom(hashSeed(`catalog:${brandId}`))
  const palette = catalog.categories[0]?.color ?? '#333333'

  // ---- categories and groups
  const categoryIds: Record<string, number> = {}
  const categoryRows: Rows<'categories'> = catalog.categories.map((c, i) => {
    const id = CATEGORY_BASE[brandId] + i + 1
    categoryIds[c.name] = id
    const tile = (w: number, h: number) => categoryImageUrl({ brandId, garment: c.garment, color: c.color, width: w, height: h, text: c.title })
    return {
      id,
      brand_id: brandId,
      name: c.name,
      title: c.title,
      layout: c.layout,
      icon: iconUrl({ name: c.icon, color: c.color }),
      icon_2: iconUrl({ name: c.icon2, color: palette }),
      images: json([
        { url: tile(1200, 400), width: 1200, height: 400, alt: `${c.title} banner` },
        { url: tile(600, 750), width: 600, height: 750, alt: c.title },
      ]),
      short_description: c.short,
      long_description: c.long,
      bullets: json(c.bullets),
      base_category_name: c.base,
      banner: c.banner,
      position: i,
    }
  })
  await insertBatches(db, 'categories', categoryRows)

  const groupIds: Record<string, number> = {}
  const groupOf: Record<string, number[]> = {}
  const groupRows: Rows<'category_groups'> = []
  const memberRows: Rows<'category_group_members'> = []
  catalog.groups.forEach((g, i) => {
    const id = CATEGORY_BASE[brandId] + i + 1
    groupIds[g.name] = id
    groupRows.push({ id, brand_id: brandId, name: g.name, title: g.title, description: g.description, position: i })
    g.categories.forEach((name, position) => {
      const categoryId = categoryIds[name]
      if (categoryId === undefined) throw new Error(`seed: group ${g.name} names unknown category ${name}`)
      memberRows.push({ group_id: id, category_id: categoryId, position })
      // biome-ignore lint/suspicious/noAssignInExpressions: get-or-make idiom: the value is made once, kept and used in the same expression
      ;(groupOf[name] ??= []).push(id)
    })
  })
  await insertBatches(db, 'category_groups', groupRows)
  await insertBatches(db, 'category_group_members', memberRows)

  // ---- items
  const items: SeededItem[] = []
  const itemRows: Rows<'items'> = []
  const itemCategoryRows: Rows<'item_categories'> = []
  const sizeRows: Rows<'item_sizes'> = []
  const imageRows: Rows<'item_images'> = []
  const bulletRows: Rows<'item_bullet_sections'> = []
  const categoryPositions: Record<string, number> = {}
  const last = LAST_ITEM[brandId]
  const many = MANY_CUSTOMER_IMAGES_ITEM[brandId]
  let nextId = ITEM_BASE[brandId] + 1
  let portraitSeed = 1

  catalog.styles.forEach((style, styleIndex) => {
    const styleId = `${prefix}-style-${style.key}`
    const { width, height } = ASPECT_SIZES[style.aspect]
    const groups = [...new Set(style.categories.flatMap((name) => groupOf[name] ?? []))]
    style.colors.forEach(([colorName, swatch, baseColors], variantIndex) => {
      const id = nextId
      nextId += 1
      const name = style.name
      const img = (view: ProductView, w = width, h = height) => productImageUrl({ itemId: id, garment: style.garment, view, color: swatch, width: w, height: h })
      const image1 = img('front')
      itemRows.push({
        id,
        brand_id: brandId,
        style_id: styleId,
        name,
        item_type_name: style.type,
        description: `${style.blurb} ${describeColor(colorName)} ${style.fabric} fabric, ${style.fit.toLowerCase()}.`,
        color: colorName,
        base_colors: baseColors,
        swatch,
        aspect_class: style.aspect,
        price_cents: style.price,
        original_price_cents: style.original ?? null,
        member_price_cents: hasClub ? memberPrice(style.price) : null,
        discount_class: style.discountClass,
        image_max_height: style.aspect === 'aspect2x5' ? 720 : null,
        item_group_ids: groups.join(','),
        category_page_attributes: json(categoryPageAttributes(style)),
        vip_exclusive: style.vip ? 1 : 0,
        active: 1,
        created_at: daysAgo(now, style.age, variantIndex * 37 + styleIndex),
      })
      for (const categoryName of style.categories) {
        const categoryId = categoryIds[categoryName]
        if (categoryId === undefined) throw new Error(`seed: style ${style.key} names unknown category ${categoryName}`)
        const position = (categoryPositions[categoryName] ?? -1) + 1
        categoryPositions[categoryName] = position
        itemCategoryRows.push({ item_id: id, category_id: categoryId, position })
      }

      // sizes: 0 (sold out) or 5-40, never 1 except LAST_ITEM
      const stocks: number[] = style.sizes.map((size, i) => {
        if (id === last.itemId && size === last.size) return 1
        const edge = i === style.sizes.length - 1 && style.sizes.length > 6
        if (rand.chance(edge ? 0.35 : 0.1)) return 0
        return rand.int(5, 40)
      })
      if (!stocks.some((s) => s > 0)) stocks[0] = 12
      style.sizes.forEach((size, position) => {
        sizeRows.push({ item_id: id, size, stock: stocks[position] ?? 0, position })
      })

      // images
      let position = 0
      const alt = (what: string) => `${name} in ${colorName}, ${what}`
      const addImage = (kind: string, url: string, w: number, h: number, altText: string) => {
        position += 1
        imageRows.push({ id: `${prefix}-img-${id}-${position}`, item_id: id, kind, url, width: w, height: h, alt: altText, position })
      }
      addImage('image1', image1, width, height, alt('front view'))
      addImage('image2', img('side'), width, height, alt('side view'))
      addImage('image3', img('back'), width, height, alt('back view'))
      addImage('image4', img('detail'), width, height, alt('fabric detail'))
      addImage('model_plus', img('plus'), width, height, alt('on a curvy model'))
      addImage('model_straight', img('straight'), width, height, alt('on a straight-size model'))
      if (styleIndex % 2 === 0) addImage('model', img('model'), width, height, alt('on model'))
      if (style.pocket) addImage('pocket', img('pocket', 800, 800), 800, 800, alt('pocket detail'))
      const customerCount = id === many.itemId ? many.customerImages : variantIndex === 0 && (style.popular || styleIndex % 3 === 0) ? rand.int(3, 12) : 0
      for (let i = 0; i < customerCount; i += 1) {
        addImage('customer', portraitUrl({ brandId, seed: portraitSeed++, width: 600, height: 800 }), 600, 800, `Customer photo ${i + 1} of ${name}`)
      }
      if (variantIndex === 0 && styleIndex % 2 === 1) {
        addImage('instagram', img('instagram', 1080, 1080), 1080, 1080, `${name} on Instagram`)
        addImage(
          'instagram',
          productImageUrl({ itemId: id, garment: style.garment, view: 'model', color: swatch, width: 1080, height: 1080 }),
          1080,
          1080,
          `${name} styled on Instagram`,
        )
      }

      // bullet sections (the same for every colour of a style)
      bulletSections(style).forEach((section, i) => {
        bulletRows.push({ id: `${prefix}-bullets-${id}-${i + 1}`, item_id: id, header: section.header, icon: section.icon, bullets: json(section.bullets), position: i })
      })

      items.push({
        id,
        styleKey: style.key,
        styleIndex,
        variantIndex,
        name,
        color: colorName,
        swatch,
        garment: style.garment,
        priceCents: style.price,
        categories: style.categories,
        popular: Boolean(style.popular),
        vip: Boolean(style.vip),
        image1,
      })
    })
  })

  // matching items: 2-4 first colours of other styles, complementary ones (tops for bottoms) first
  const firstOfStyle = items.filter((item) => item.variantIndex === 0)
  const matchRows: Rows<'item_matches'> = []
  for (const item of items) {
    const others = firstOfStyle.filter((other) => other.styleKey !== item.styleKey)
    const complementary = others.filter((other) => isTop(other.garment) !== isTop(item.garment))
    const pool = [...rand.shuffle(complementary), ...rand.shuffle(others.filter((o) => !complementary.includes(o)))]
    const count = Math.min(pool.length, rand.int(2, 4))
    pool.slice(0, count).forEach((match, position) => {
      matchRows.push({ item_id: item.id, match_item_id: match.id, position })
    })
  }

  await insertBatches(db, 'items', itemRows)
  await insertBatches(db, 'item_categories', itemCategoryRows)
  await insertBatches(db, 'item_sizes', sizeRows)
  await insertBatches(db, 'item_images', imageRows)
  await insertBatches(db, 'item_bullet_sections', bulletRows)
  await insertBatches(db, 'item_matches', matchRows)

  return { items, categoryIds, groupIds }
}

function isTop(garment: Garment): boolean {
  return ['bra', 'bralette', 'tank', 'tee', 'longsleeve', 'hoodie', 'cami', 'robe', 'set', 'dress'].includes(garment)
}

function describeColor(color: string): string {
  if (/[-/]/.test(color)) return `Shown in ${color.replace(/[-/]/g, ' and ')}.`
  return `Shown in ${color}.`
}

function categoryPageAttributes(style: StyleDef): Record<string, string> {
  const attributes: Record<string, string> = { fabric: style.fabric, feature: style.feature, fit: style.fit }
  if (style.badge) attributes.badge = style.badge
  return attributes
}

interface Bullet {
  value: string
  value_for_category_page: string
  description: string
  icon: string
}

function bulletSections(style: StyleDef): { header: string; icon: string; bullets: Bullet[] }[] {
  const fabricIcons = ['fabric', 'stretch', 'drop']
  const fitIcons = ['ruler', 'check', 'heart']
  const care = style.care ?? LEGGING_CARE
  return [
    {
      header: 'Fabric',
      icon: 'fabric',
      bullets: style.fabricNotes.map((note, i) => ({
        value: note,
        value_for_category_page: i === 0 ? style.fabric : (note.split(',')[0] ?? note),
        description: i === 0 ? `${style.fabric}: ${note.toLowerCase()}.` : `${note}.`,
        icon: fabricIcons[i % fabricIcons.length] ?? 'fabric',
      })),
    },
    {
      header: 'Fit',
      icon: 'ruler',
      bullets: style.fitNotes.map((note, i) => ({
        value: note,
        value_for_category_page: i === 0 ? style.fit : note,
        description: `${note}.`,
        icon: fitIcons[i % fitIcons.length] ?? 'ruler',
      })),
    },
    {
      header: 'Care',
      icon: 'wash',
      bullets: care.map((note) => ({ value: note, value_for_category_page: note, description: `${note}.`, icon: 'wash' })),
    },
  ]
}
