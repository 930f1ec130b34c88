/**
 * Customer reviews: 3-8 for each popular item (the first colour of popular styles and
 * the many-customer-images item), plus a handful about the brand itself (item_id null).
 */
import type { BrandId } from '../../brands/registry.ts'
import { portraitUrl } from '../../media/media.service.ts'
import type { SeededItem } from './catalog.ts'
import { MANY_CUSTOMER_IMAGES_ITEM, POPFIT_SIZE_RANGE, PREFIX } from './constants.ts'
import { createRandom, daysAgo, hashSeed, insertBatches, type Rows, type SeedDb } from './random.ts'

const FIRST_NAMES = [
  'Ashley',
  'Brianna',
  'Carmen',
  'Dana',
  'Elena',
  'Fatima',
  'Grace',
  'Hannah',
  'Imani',
  'Jess',
  'Kayla',
  'Lauren',
  'Maria',
  'Nicole',
  'Olivia',
  'Priya',
  'Quinn',
  'Rachel',
  'Sofia',
  'Tasha',
  'Uma',
  'Valerie',
  'Whitney',
  'Yasmin',
  'Zoe',
]
const INITIALS = 'ABCDEFGHJKLMNOPRSTVW'.split('')

const ABOUT = [
  'The fabric is unreal: soft, thick and not see-through at all.',
  'I bought one colour and came back for three more.',
  'Honestly the most comfortable thing I own.',
  'Held up perfectly after a dozen washes.',
  'The colour is even prettier in person.',
  'Great quality for the price, I get compliments every time I wear it.',
  'Nice, but I wish there were more colours.',
  'Stays in place all day, no adjusting needed.',
]
const SIZING = [
  'True to size. I am usually a medium and the M fits perfectly.',
  'Runs slightly small, I would size up if you are between sizes.',
  'Fits like a glove. I went with my usual size.',
  'Perfect fit for my curvy shape, no gaps at the waist.',
  'A little long on me (5\'2") but nothing a scrunch can not fix.',
]
const STYLE = [
  'With an oversized tee and white sneakers.',
  'For the gym and then straight to brunch.',
  'Under a long cardigan for work-from-home days.',
  'Matched with the coordinating top for a full set.',
  'With a denim jacket and ankle boots.',
]
const TRAVEL = ['On a long flight to Lisbon.', 'Road trip to the Grand Canyon.', 'Weekend in Chicago.', 'Beach week in Florida.', 'Hiking in Colorado.', null]
const FIRST_ORDER = [
  'Shipping was fast and everything was packed beautifully.',
  'Arrived in three days with a sweet thank-you note.',
  'Easy checkout and quick delivery.',
  'Had to exchange a size and it was painless.',
]
const BRAND_LEVEL: Record<BrandId, string[]> = {
  popfitclothing: [
    'PopFit is the only place I buy leggings now. VIP is worth every penny.',
    `Love that they carry every size from ${POPFIT_SIZE_RANGE}. Finally!`,
    'Customer service sorted out my exchange in one email.',
    'The monthly VIP pick is always a fun surprise.',
    'Every pair has held up for over a year.',
  ],
  ckb: [
    'CKB replaced my whole underwear drawer. No more lines!',
    'Soft, pretty and actually comfortable. Rare combo.',
    'The VIP discount makes restocking so easy.',
    'Fast shipping and discreet packaging.',
    'Their bralettes are the first ones that fit me right.',
  ],
  glow: [
    'Glow makes the coziest things I own.',
    'Gifted the robe to my sister and bought one for myself.',
    'Everything feels even softer after a wash.',
    'Beautiful packaging, felt like a real treat.',
    'The sets are perfect for working from home.',
  ],
}

export async function seedReviews(db: SeedDb, brandId: BrandId, items: SeededItem[], now: Date): Promise<number> {
  const prefix = PREFIX[brandId]
  const rand = createRandom(hashSeed(`reviews:${brandId}`))
  const many = MANY_CUSTOMER_IMAGES_ITEM[brandId].itemId
  const reviewed = items.filter((item) => item.id === many || (item.popular && item.variantIndex === 0))
  const rows: Rows<'reviews'> = []
  let n = 0
  let photoSeed = 5000
  const review = (itemId: number | null, productText: string) => {
    n += 1
    const rating = rand.pick([5, 5, 5, 4, 4, 3])
    const photos = rand.chance(0.3) ? rand.int(1, 3) : 0
    const photo = (i: number) => (i < photos ? portraitUrl({ brandId, seed: photoSeed++, width: 600, height: 600 }) : null)
    const first = rand.pick(FIRST_NAMES)
    return {
      id: `${prefix}-review-${n}`,
      brand_id: brandId,
      item_id: itemId,
      first_name: first,
      last_initial: rand.pick(INITIALS),
      instagram: rand.chance(0.35) ? `@${first.toLowerCase()}.${rand.pick(['moves', 'lifts', 'lounges', 'styles', 'runs'])}` : null,
      rating,
      would_you_recommend_us: rating >= 4 || rand.chance(0.5) ? 1 : 0,
      about_your_product: productText,
      sizing_fit: itemId === null ? null : rand.pick(SIZING),
      how_do_you_style: itemId === null ? null : rand.pick(STYLE),
      where_travel: rand.pick(TRAVEL),
      how_was_your_first_order: rand.pick(FIRST_ORDER),
      photo_1: photo(0),
      photo_2: photo(1),
      photo_3: photo(2),
      created_at: daysAgo(now, rand.int(1, 110), rand.int(0, 1439)),
    }
  }
  for (const item of reviewed) {
    const count = rand.int(3, 8)
    for (let i = 0; i < count; i += 1) rows.push(review(item.id, rand.pick(ABOUT)))
  }
  for (const text of BRAND_LEVEL[brandId]) rows.push(review(null, text))
  await insertBatches(db, 'reviews', rows)
  return rows.length
}
