/**
 * What each brand sells: categories, category groups and styles (a style is one
 * garment in 2-4 colours; every colour is an item). catalog.ts turns these into rows.
 */
import type { BrandId } from '../../brands/registry.ts'
import type { Garment, IconName } from '../../media/media.service.ts'
import { POPFIT_SIZES, POPFIT_SIZE_RANGE } from './constants.ts'

export type AspectClass = 'double1x1' | 'double' | 'aspect2x5'

interface CategoryDef {
  name: string
  title: string
  layout: '1x1' | 'catch-all'
  garment: Garment
  color: string
  icon: IconName
  icon2: IconName
  short: string
  long: string
  bullets: string[]
  base: string
  banner: string | null
}

interface GroupDef {
  name: string
  title: string
  description: string
  categories: string[]
}

/** [colour name, swatch hex, base colours] */
type ColorDef = [string, string, string]

export interface StyleDef {
  key: string
  name: string
  type: string
  garment: Garment
  aspect: AspectClass
  price: number
  original?: number
  categories: string[]
  discountClass: string
  colors: ColorDef[]
  blurb: string
  fabric: string
  fabricNotes: string[]
  fit: string
  fitNotes: string[]
  care?: string[]
  pocket?: boolean
  vip?: boolean
  sizes: string[]
  badge?: string
  feature: string
  /** days since the style was added (newness sort) */
  age: number
  popular?: boolean
}

export interface BrandCatalog {
  categories: CategoryDef[]
  groups: GroupDef[]
  styles: StyleDef[]
}

/** popfitclothing's bottoms come in all its sizes, to its 4XL (stored 'XXXXXL': constants.ts). */
const PF_BOTTOMS = [...POPFIT_SIZES]
const PF_TOPS = ['XS', 'S', 'M', 'L', 'XL', 'XXL', 'XXXL']
const CKB_SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL']
const GLOW_SIZES = ['S', 'M', 'L']
const ONE_SIZE = ['One Size']

const C = {
  black: ['Black', '#1d1d1f', 'black'],
  navyWhite: ['Navy-White', '#1f2a44', 'navy,white'],
  navy: ['Navy', '#1f2a44', 'navy'],
  charcoal: ['Charcoal', '#3b3f45', 'grey'],
  heather: ['Heather Grey', '#9ea3a8', 'grey'],
  berryPlum: ['Berry/Plum', '#8e2453', 'pink,purple'],
  berry: ['Berry', '#8e2453', 'pink'],
  plum: ['Plum', '#5b2a4e', 'purple'],
  olive: ['Olive', '#5d6b3a', 'green'],
  teal: ['Teal', '#00838f', 'blue,green'],
  cobalt: ['Cobalt', '#1f4fbf', 'blue'],
  rose: ['Rose', '#e5989b', 'pink'],
  blush: ['Blush', '#f2c6c2', 'pink'],
  mocha: ['Mocha', '#6f4e37', 'brown'],
  sand: ['Sand', '#d8c3a5', 'beige'],
  ivory: ['Ivory', '#f4efe6', 'white'],
  white: ['White', '#f7f7f5', 'white'],
  sage: ['Sage', '#9caf88', 'green'],
  lavender: ['Lavender', '#b8a1d9', 'purple'],
  coral: ['Coral', '#ff7f6e', 'orange,pink'],
  emerald: ['Emerald', '#1f7a5a', 'green'],
  burgundy: ['Burgundy', '#6d1a36', 'red'],
  red: ['Cherry Red', '#b3202a', 'red'],
  blackLeopard: ['Black-Leopard', '#2b2420', 'black,brown'],
  tieDye: ['Pink/Blue Tie-Dye', '#d77fa1', 'pink,blue'],
  camo: ['Olive-Camo', '#55603a', 'green,brown'],
  gold: ['Gold Shine', '#c9a227', 'gold'],
  silver: ['Silver Shine', '#aab0b8', 'silver'],
  velvetPlum: ['Velvet Plum', '#4a1f3d', 'purple'],
  velvetEmerald: ['Velvet Emerald', '#1b5e45', 'green'],
  velvetBlack: ['Velvet Black', '#151515', 'black'],
  nude: ['Nude', '#d9a98c', 'beige'],
  cocoa: ['Cocoa', '#7b5544', 'brown'],
  champagne: ['Champagne', '#e8d3b0', 'beige'],
  oat: ['Oat', '#e3d5bf', 'beige'],
  forest: ['Forest', '#2f6b4f', 'green'],
  clay: ['Clay', '#bc6c25', 'orange,brown'],
  mist: ['Mist Blue', '#a9bcd0', 'blue'],
  cream: ['Cream', '#f3e9d2', 'white'],
  honey: ['Honey', '#e9c46a', 'yellow'],
  stone: ['Stone', '#8a817c', 'grey'],
  slate: ['Slate', '#264653', 'blue'],
  terracotta: ['Terracotta', '#c8664a', 'orange'],
  pinkStripe: ['Pink-White Stripe', '#f4b6c2', 'pink,white'],
} satisfies Record<string, ColorDef>

const LEGGING_FABRIC = ['Buttery soft, brushed 4-way stretch', 'Squat-proof, never see-through', 'Moisture-wicking and breathable']
export const LEGGING_CARE = ['Machine wash cold, inside out', 'Tumble dry low or hang dry', 'No fabric softener: it dulls the stretch']
const INTIMATE_CARE = ['Machine wash cold in a lingerie bag', 'Lay flat to dry', 'Do not bleach']
const LOUNGE_CARE = ['Machine wash cold with like colours', 'Tumble dry low', 'Gets softer with every wash']

const popfit: BrandCatalog = {
  categories: [
    { name: 'leggings', title: 'Leggings', layout: '1x1', garment: 'leggings', color: '#c2185b', icon: 'leggings', icon2: 'stretch', short: 'Buttery soft, squat-proof leggings in every length.', long: `Our leggings are cut from a brushed, four-way stretch fabric that feels like a second skin. High waists that stay put, gussets that move with you and colours you will wear on repeat: full length, 7/8 and capri, sizes ${POPFIT_SIZE_RANGE}.`, bullets: ['Squat-proof fabric', 'High waistband that stays put', POPFIT_SIZE_RANGE], base: 'leggings', banner: 'Any 3 leggings for $75: mix and match' },
    { name: 'capris', title: 'Capris', layout: '1x1', garment: 'capris', color: '#6a1b9a', icon: 'leggings', icon2: 'sun', short: 'Mid-calf leggings for warm days and hot classes.', long: 'All the comfort of our signature leggings, cropped at mid-calf. Perfect for hot yoga, summer runs and everything in between.', bullets: ['Cropped at mid-calf', 'Same buttery fabric', 'Pockets on select styles'], base: 'leggings', banner: null },
    { name: 'shorts', title: 'Biker Shorts', layout: '1x1', garment: 'shorts', color: '#00838f', icon: 'stretch', icon2: 'sun', short: 'Biker shorts that do not ride up.', long: 'Five, seven and two-in-one lengths with grippy hems that stay in place through every squat, sprint and stroll.', bullets: ['No ride-up hem', 'Phone pockets', POPFIT_SIZE_RANGE], base: 'shorts', banner: null },
    { name: 'sports-bras', title: 'Sports Bras', layout: '1x1', garment: 'bra', color: '#ef6c00', icon: 'bra', icon2: 'heart', short: 'Supportive, comfortable sports bras.', long: 'Medium to high support with removable pads, soft bands and straps that never dig in.', bullets: ['Removable pads', 'Soft, wide band', 'Medium to high support'], base: 'sports-bras', banner: null },
    { name: 'tops', title: 'Tops', layout: '1x1', garment: 'tank', color: '#2e7d32', icon: 'top', icon2: 'feather', short: 'Tanks, tees and long sleeves to match.', long: 'Lightweight layers cut to pair with your favourite leggings, from cropped tanks to seamless long sleeves.', bullets: ['Pairs with every legging', 'Lightweight and breathable', 'Relaxed and fitted cuts'], base: 'tops', banner: null },
    { name: 'vip-exclusives', title: 'VIP Exclusives', layout: '1x1', garment: 'leggings', color: '#ad1457', icon: 'crown', icon2: 'sparkle', short: 'Styles only VIP members can shop.', long: 'Limited runs of our most-requested fabrics, released to VIP members first. Join VIP to unlock member pricing on every order.', bullets: ['Members only', 'Limited runs', 'Member pricing'], base: 'vip-exclusives', banner: 'VIP members save 20% on every order' },
    { name: 'clearance', title: 'Last Chance', layout: 'catch-all', garment: 'leggings', color: '#37474f', icon: 'tag', icon2: 'star', short: 'Final sale styles at $29.99.', long: 'The last few pieces of retired colours and styles. Once they are gone, they are gone.', bullets: ['$29.99 and under', 'Final sale', 'Limited sizes'], base: 'clearance', banner: 'Last chance: $29.99 while sizes last' },
  ],
  groups: [
    { name: 'bottoms', title: 'Bottoms', description: 'Leggings, capris and biker shorts.', categories: ['leggings', 'capris', 'shorts'] },
    { name: 'tops', title: 'Tops & Bras', description: 'Sports bras, tanks, tees and long sleeves.', categories: ['sports-bras', 'tops'] },
  ],
  styles: [
    { key: 'signature', name: 'Signature High-Waist Legging', type: 'Leggings', garment: 'leggings', aspect: 'double', price: 3999, categories: ['leggings'], discountClass: 'leggings,core', colors: [C.black, C.navy, C.berryPlum, C.charcoal], blurb: 'Our best seller: a high, smoothing waistband and a full-length leg that never sags.', fabric: 'Brushed Buttery', fabricNotes: LEGGING_FABRIC, fit: 'High-rise, full length', fitNotes: ['Sits at the natural waist', '28" inseam on size M', 'True to size'], sizes: PF_BOTTOMS, badge: 'Best Seller', feature: 'Squat-proof', age: 110, popular: true },
    { key: 'pocket', name: 'Buttery Soft Pocket Legging', type: 'Leggings', garment: 'leggings', aspect: 'double', price: 3999, categories: ['leggings'], discountClass: 'leggings,core', colors: [C.black, C.navyWhite, C.olive, C.plum], blurb: 'Two deep side pockets hold your phone through every squat and stride.', fabric: 'Brushed Buttery', fabricNotes: LEGGING_FABRIC, fit: 'High-rise, full length', fitNotes: ['Deep side pockets fit any phone', 'Hidden key pocket in the waistband', 'True to size'], pocket: true, sizes: PF_BOTTOMS, badge: 'Fan Favorite', feature: 'Phone pockets', age: 95, popular: true },
    { key: 'seamless', name: 'Sculpt Seamless Legging', type: 'Leggings', garment: 'leggings', aspect: 'aspect2x5', price: 4499, categories: ['leggings'], discountClass: 'leggings,core', colors: [C.charcoal, C.teal, C.rose], blurb: 'Knit without side seams, with contour ribbing that lifts and sculpts.', fabric: 'Seamless Knit', fabricNotes: ['Seamless circular knit', 'Contour ribbing', 'Sweat-wicking'], fit: 'High-rise, 7/8 length', fitNotes: ['Snug, sculpting fit', '25" inseam on size M', 'Size up between sizes'], sizes: PF_BOTTOMS, feature: 'Seamless', age: 30 },
    { key: 'flare', name: 'Flare Yoga Legging', type: 'Leggings', garment: 'leggings', aspect: 'aspect2x5', price: 3999, categories: ['leggings'], discountClass: 'leggings,core', colors: [C.black, C.mocha, C.lavender], blurb: 'A fitted thigh that opens into a gentle flare, for the studio and the street.', fabric: 'Brushed Buttery', fabricNotes: LEGGING_FABRIC, fit: 'High-rise flare', fitNotes: ['Fitted through the thigh', '32" inseam on size M', 'True to size'], sizes: PF_BOTTOMS, badge: 'New', feature: 'Flare leg', age: 12 },
    { key: 'crossover', name: 'Cross-Waist Legging', type: 'Leggings', garment: 'leggings', aspect: 'double', price: 3999, categories: ['leggings'], discountClass: 'leggings,core', colors: [C.black, C.cobalt, C.emerald, C.burgundy], blurb: 'A crossover V waistband that flatters and holds without pinching.', fabric: 'Brushed Buttery', fabricNotes: LEGGING_FABRIC, fit: 'High-rise crossover waist', fitNotes: ['V-shaped waistband', '28" inseam on size M', 'True to size'], sizes: PF_BOTTOMS, feature: 'Crossover waist', age: 70, popular: true },
    { key: 'printed', name: 'Printed Power Legging', type: 'Leggings', garment: 'leggings', aspect: 'double', price: 3999, categories: ['leggings'], discountClass: 'leggings,prints', colors: [C.blackLeopard, C.tieDye, C.camo], blurb: 'Bold prints on our signature fabric, printed so the pattern never cracks or fades.', fabric: 'Brushed Buttery', fabricNotes: LEGGING_FABRIC, fit: 'High-rise, full length', fitNotes: ['Sits at the natural waist', '28" inseam on size M', 'True to size'], sizes: PF_BOTTOMS, feature: 'All-over print', age: 45 },
    { key: 'fleece', name: 'Fleece-Lined Winter Legging', type: 'Leggings', garment: 'leggings', aspect: 'double', price: 4499, categories: ['leggings'], discountClass: 'leggings,winter', colors: [C.black, C.charcoal, C.burgundy], blurb: 'Plush fleece inside, smooth and opaque outside: your coldest-day legging.', fabric: 'Fleece-Lined', fabricNotes: ['Plush brushed fleece lining', 'Opaque, smooth face', 'Warm without bulk'], fit: 'High-rise, full length', fitNotes: ['Sits at the natural waist', '29" inseam on size M', 'True to size'], sizes: PF_BOTTOMS, feature: 'Fleece lined', age: 60 },
    { key: 'ribbed', name: 'Ribbed Contour Legging', type: 'Leggings', garment: 'leggings', aspect: 'double', price: 2999, original: 3999, categories: ['leggings', 'clearance'], discountClass: 'leggings,clearance', colors: [C.sand, C.sage, C.coral], blurb: 'Fine ribbing with a soft, matte hand. Retiring colours at a last-chance price.', fabric: 'Ribbed Knit', fabricNotes: ['Fine rib texture', 'Soft matte finish', '4-way stretch'], fit: 'High-rise, full length', fitNotes: ['Sits at the natural waist', '27" inseam on size M', 'True to size'], sizes: PF_BOTTOMS, badge: 'Last Chance', feature: 'Ribbed', age: 118 },
    { key: 'moto', name: 'Moto Legging', type: 'Leggings', garment: 'leggings', aspect: 'double', price: 2999, original: 3999, categories: ['leggings', 'clearance'], discountClass: 'leggings,clearance', colors: [C.black, C.olive, C.navy], blurb: 'Quilted moto panels at the knee give a little edge to your everyday legging.', fabric: 'Brushed Buttery', fabricNotes: LEGGING_FABRIC, fit: 'High-rise, full length', fitNotes: ['Quilted knee panels', '28" inseam on size M', 'True to size'], sizes: PF_BOTTOMS, badge: 'Last Chance', feature: 'Moto panels', age: 116 },
    { key: 'velvet', name: 'VIP Velvet Legging', type: 'Leggings', garment: 'leggings', aspect: 'aspect2x5', price: 4499, categories: ['leggings', 'vip-exclusives'], discountClass: 'leggings,vip', colors: [C.velvetPlum, C.velvetEmerald, C.velvetBlack], blurb: 'Stretch velvet with a rich sheen, made in a limited run for VIP members.', fabric: 'Stretch Velvet', fabricNotes: ['Plush stretch velvet', 'Rich, deep colour', 'Limited run'], fit: 'High-rise, full length', fitNotes: ['Sits at the natural waist', '28" inseam on size M', 'True to size'], vip: true, sizes: PF_BOTTOMS, badge: 'VIP Exclusive', feature: 'Velvet', age: 20 },
    { key: 'shine', name: 'VIP Metallic Shine Legging', type: 'Leggings', garment: 'leggings', aspect: 'aspect2x5', price: 4499, categories: ['leggings', 'vip-exclusives'], discountClass: 'leggings,vip', colors: [C.gold, C.silver], blurb: 'A subtle metallic foil over our buttery fabric, for nights out and holiday parties.', fabric: 'Foil Buttery', fabricNotes: ['Metallic foil finish', 'Soft brushed inside', '4-way stretch'], fit: 'High-rise, full length', fitNotes: ['Sits at the natural waist', '28" inseam on size M', 'True to size'], vip: true, sizes: PF_BOTTOMS, badge: 'VIP Exclusive', feature: 'Metallic', age: 8 },
    { key: 'capri', name: 'Everyday Capri Legging', type: 'Capris', garment: 'capris', aspect: 'double', price: 3499, categories: ['leggings', 'capris'], discountClass: 'leggings,capris,core', colors: [C.black, C.navy, C.heather], blurb: 'Our signature legging, cropped at mid-calf.', fabric: 'Brushed Buttery', fabricNotes: LEGGING_FABRIC, fit: 'High-rise capri', fitNotes: ['Sits at the natural waist', '20" inseam on size M', 'True to size'], sizes: PF_BOTTOMS, feature: 'Mid-calf', age: 80, popular: true },
    { key: 'pocket-capri', name: 'Pocket Capri Legging', type: 'Capris', garment: 'capris', aspect: 'double', price: 3499, categories: ['leggings', 'capris'], discountClass: 'leggings,capris,core', colors: [C.black, C.teal, C.berry], blurb: 'Cropped at mid-calf with two deep side pockets.', fabric: 'Brushed Buttery', fabricNotes: LEGGING_FABRIC, fit: 'High-rise capri', fitNotes: ['Deep side pockets', '20" inseam on size M', 'True to size'], pocket: true, sizes: PF_BOTTOMS, feature: 'Phone pockets', age: 50 },
    { key: 'cross-capri', name: 'Crossover Capri Legging', type: 'Capris', garment: 'capris', aspect: 'double', price: 3499, categories: ['leggings', 'capris'], discountClass: 'leggings,capris,core', colors: [C.black, C.coral, C.sage], blurb: 'The crossover waist you love, in a cool capri length.', fabric: 'Brushed Buttery', fabricNotes: LEGGING_FABRIC, fit: 'High-rise capri', fitNotes: ['V-shaped waistband', '20" inseam on size M', 'True to size'], sizes: PF_BOTTOMS, badge: 'New', feature: 'Crossover waist', age: 5 },
    { key: 'biker', name: 'High-Rise Biker Short', type: 'Shorts', garment: 'shorts', aspect: 'double1x1', price: 2999, categories: ['shorts'], discountClass: 'shorts,core', colors: [C.black, C.navy, C.berry], blurb: 'A 7" biker short with a grippy hem that never rides up.', fabric: 'Brushed Buttery', fabricNotes: LEGGING_FABRIC, fit: 'High-rise, 7" inseam', fitNotes: ['No ride-up hem', '7" inseam on size M', 'True to size'], sizes: PF_BOTTOMS, feature: 'No ride-up', age: 40, popular: true },
    { key: 'pocket-biker', name: 'Pocket Biker Short', type: 'Shorts', garment: 'shorts', aspect: 'double1x1', price: 2999, categories: ['shorts'], discountClass: 'shorts,core', colors: [C.black, C.olive, C.cobalt], blurb: 'Our biker short with two deep phone pockets.', fabric: 'Brushed Buttery', fabricNotes: LEGGING_FABRIC, fit: 'High-rise, 5" inseam', fitNotes: ['Deep side pockets', '5" inseam on size M', 'True to size'], pocket: true, sizes: PF_BOTTOMS, feature: 'Phone pockets', age: 25 },
    { key: 'run-short', name: '2-in-1 Run Short', type: 'Shorts', garment: 'shorts', aspect: 'double1x1', price: 2499, original: 3499, categories: ['shorts', 'clearance'], discountClass: 'shorts,clearance', colors: [C.black, C.coral, C.mist], blurb: 'A loose running short over a fitted liner. Last chance at this price.', fabric: 'Featherlight Woven', fabricNotes: ['Lightweight woven shell', 'Buttery liner short', 'Quick dry'], fit: 'Relaxed shell, fitted liner', fitNotes: ['3" shell inseam', '5" liner inseam', 'True to size'], sizes: PF_BOTTOMS, badge: 'Last Chance', feature: 'Built-in liner', age: 105 },
    { key: 'longline', name: 'Longline Sports Bra', type: 'Sports Bra', garment: 'bra', aspect: 'double1x1', price: 3499, categories: ['sports-bras'], discountClass: 'bras,core', colors: [C.black, C.berry, C.teal], blurb: 'A longline bra with medium support and a soft, wide band.', fabric: 'Brushed Buttery', fabricNotes: ['Buttery soft', 'Removable pads', 'Moisture-wicking'], fit: 'Medium support', fitNotes: ['Longline band', 'Removable pads', 'True to size'], sizes: PF_TOPS, feature: 'Medium support', age: 55, popular: true },
    { key: 'strappy', name: 'Strappy Back Sports Bra', type: 'Sports Bra', garment: 'bra', aspect: 'double1x1', price: 3499, categories: ['sports-bras'], discountClass: 'bras,core', colors: [C.black, C.lavender, C.coral], blurb: 'Criss-cross straps at the back and a smooth, supportive front.', fabric: 'Brushed Buttery', fabricNotes: ['Buttery soft', 'Removable pads', 'Moisture-wicking'], fit: 'Light to medium support', fitNotes: ['Strappy back', 'Removable pads', 'True to size'], sizes: PF_TOPS, feature: 'Strappy back', age: 35 },
    { key: 'vip-bra', name: 'VIP Cross-Back Bra', type: 'Sports Bra', garment: 'bra', aspect: 'double1x1', price: 3999, categories: ['sports-bras', 'vip-exclusives'], discountClass: 'bras,vip', colors: [C.velvetPlum, C.gold, C.velvetBlack], blurb: 'A high-support cross-back bra made to match our VIP leggings.', fabric: 'Sculpt Knit', fabricNotes: ['Double-layer front', 'Removable pads', 'Limited run'], fit: 'High support', fitNotes: ['Cross-back straps', 'Wide band', 'True to size'], vip: true, sizes: PF_TOPS, badge: 'VIP Exclusive', feature: 'High support', age: 15 },
    { key: 'crop-tank', name: 'Cropped Racerback Tank', type: 'Tank', garment: 'tank', aspect: 'double1x1', price: 2999, categories: ['tops'], discountClass: 'tops,core', colors: [C.white, C.black, C.rose], blurb: 'A cropped racerback that hits right at your waistband.', fabric: 'Featherlight Jersey', fabricNotes: ['Lightweight jersey', 'Breathable', 'Quick dry'], fit: 'Cropped, fitted', fitNotes: ['Hits at the high waistband', 'Racerback', 'True to size'], sizes: PF_TOPS, feature: 'Cropped', age: 28 },
    { key: 'long-sleeve', name: 'Seamless Long Sleeve', type: 'Long Sleeve', garment: 'longsleeve', aspect: 'double1x1', price: 3499, categories: ['tops'], discountClass: 'tops,core', colors: [C.heather, C.black, C.sage], blurb: 'A second-skin long sleeve with thumbholes and zoned ventilation.', fabric: 'Seamless Knit', fabricNotes: ['Seamless circular knit', 'Ventilation zones', 'Thumbholes'], fit: 'Fitted', fitNotes: ['Hits at the hip', 'Thumbholes', 'True to size'], sizes: PF_TOPS, feature: 'Thumbholes', age: 65 },
    { key: 'oversized-tee', name: 'Oversized Studio Tee', type: 'Tee', garment: 'tee', aspect: 'double1x1', price: 2999, categories: ['tops'], discountClass: 'tops,core', colors: [C.white, C.heather, C.berry], blurb: 'A boxy, drapey tee that layers over any sports bra.', fabric: 'Modal Jersey', fabricNotes: ['Soft modal blend', 'Drapey', 'Breathable'], fit: 'Oversized', fitNotes: ['Boxy fit', 'Dropped shoulders', 'Size down for less room'], sizes: PF_TOPS, feature: 'Oversized', age: 3 },
  ],
}

const ckb: BrandCatalog = {
  categories: [
    { name: 'underwear', title: 'Underwear', layout: '1x1', garment: 'briefs', color: '#1f3a5f', icon: 'briefs', icon2: 'heart', short: 'Soft, no-show underwear for every day.', long: 'Briefs, hipsters, cheekies, thongs and boyshorts in breathable cotton, seamless microfibre and delicate lace. Cotton-lined gussets, waistbands that never dig in, XS to 2XL.', bullets: ['Cotton-lined gusset', 'No-dig waistbands', 'XS to 2XL'], base: 'underwear', banner: 'Any 5 pairs for $50' },
    { name: 'bralettes', title: 'Bralettes', layout: '1x1', garment: 'bralette', color: '#e5989b', icon: 'bra', icon2: 'feather', short: 'Wire-free bralettes you can wear all day.', long: 'Soft cups, no wires and adjustable straps. Lace, modal and silk in triangle and longline shapes.', bullets: ['Wire-free', 'Adjustable straps', 'Removable pads'], base: 'bralettes', banner: null },
    { name: 'thongs', title: 'Thongs', layout: '1x1', garment: 'thong', color: '#6d597a', icon: 'briefs', icon2: 'sparkle', short: 'Zero lines, all comfort.', long: 'No-show, lace and cotton thongs with soft waistbands and a cotton gusset.', bullets: ['No visible lines', 'Soft waistbands', 'Cotton gusset'], base: 'underwear', banner: null },
    { name: 'boyshorts', title: 'Boyshorts', layout: '1x1', garment: 'boyshort', color: '#355070', icon: 'briefs', icon2: 'stretch', short: 'Full coverage that stays put.', long: 'Boyshorts with legs that do not roll or ride, in cotton, lace and modal.', bullets: ['Full coverage', 'No-roll legs', 'Cotton gusset'], base: 'underwear', banner: null },
    { name: 'lounge', title: 'Lounge', layout: '1x1', garment: 'cami', color: '#8d99ae', icon: 'top', icon2: 'moon', short: 'Soft layers for staying in.', long: 'Camis, joggers and shorts in ribbed modal that feels like nothing at all.', bullets: ['Ribbed modal', 'Relaxed fits', 'Matches our bralettes'], base: 'lounge', banner: null },
    { name: 'sleepwear', title: 'Sleepwear', layout: '1x1', garment: 'set', color: '#b5838d', icon: 'moon', icon2: 'sparkle', short: 'Satin and modal for better nights.', long: 'Sleep sets, shorts and dresses in breathable satin and modal.', bullets: ['Breathable satin', 'Piped details', 'Gift ready'], base: 'sleepwear', banner: null },
    { name: 'sale', title: 'Sale', layout: 'catch-all', garment: 'briefs', color: '#a4161a', icon: 'tag', icon2: 'star', short: 'Final sale favourites.', long: 'Retiring colours and styles at their lowest prices. All sales final.', bullets: ['Up to 40% off', 'Final sale', 'Limited sizes'], base: 'sale', banner: 'Final sale: up to 40% off' },
  ],
  groups: [
    { name: 'intimates', title: 'Intimates', description: 'Underwear, thongs, boyshorts and bralettes.', categories: ['underwear', 'bralettes', 'thongs', 'boyshorts'] },
    { name: 'sleep', title: 'Lounge & Sleep', description: 'Lounge layers and sleepwear.', categories: ['lounge', 'sleepwear'] },
  ],
  styles: [
    { key: 'cotton-brief', name: 'Everyday Cotton Brief', type: 'Brief', garment: 'briefs', aspect: 'double1x1', price: 1499, categories: ['underwear'], discountClass: 'underwear,core', colors: [C.black, C.nude, C.blush, C.heather], blurb: 'Breathable cotton with a soft, covered waistband. The pair you reach for first.', fabric: 'Cotton Stretch', fabricNotes: ['95% cotton, 5% elastane', 'Breathable', 'Cotton gusset'], fit: 'Mid-rise, full coverage', fitNotes: ['Covered waistband', 'Full back coverage', 'True to size'], care: INTIMATE_CARE, sizes: CKB_SIZES, badge: 'Best Seller', feature: 'Full coverage', age: 115, popular: true },
    { key: 'hipster', name: 'Seamless Hipster', type: 'Hipster', garment: 'briefs', aspect: 'double1x1', price: 1699, categories: ['underwear'], discountClass: 'underwear,core', colors: [C.nude, C.blush, C.black, C.cocoa], blurb: 'Laser-cut edges that disappear under everything.', fabric: 'Seamless Microfibre', fabricNotes: ['Laser-cut edges', 'Smooth microfibre', 'Cotton gusset'], fit: 'Low-rise, moderate coverage', fitNotes: ['No visible lines', 'Sits on the hips', 'True to size'], care: INTIMATE_CARE, sizes: CKB_SIZES, feature: 'No-show', age: 90, popular: true },
    { key: 'lace-cheeky', name: 'Lace Trim Cheeky', type: 'Cheeky', garment: 'briefs', aspect: 'double1x1', price: 1799, original: 2499, categories: ['underwear', 'sale'], discountClass: 'underwear,clearance', colors: [C.black, C.rose, C.ivory, C.burgundy], blurb: 'A cheeky cut with a scalloped lace trim. Retiring colours on final sale.', fabric: 'Micro + Lace', fabricNotes: ['Smooth microfibre', 'Scalloped lace trim', 'Cotton gusset'], fit: 'Mid-rise, cheeky coverage', fitNotes: ['Cheeky back', 'Lace waistband', 'True to size'], care: INTIMATE_CARE, sizes: CKB_SIZES, badge: 'Final Sale', feature: 'Lace trim', age: 119 },
    { key: 'noshow-thong', name: 'No-Show Thong', type: 'Thong', garment: 'thong', aspect: 'double1x1', price: 1499, categories: ['underwear', 'thongs'], discountClass: 'underwear,thongs,core', colors: [C.nude, C.black, C.blush, C.cocoa], blurb: 'Bonded edges and a whisper-thin waistband: completely invisible.', fabric: 'Seamless Microfibre', fabricNotes: ['Bonded edges', 'Smooth microfibre', 'Cotton gusset'], fit: 'Low-rise thong', fitNotes: ['No visible lines', 'Thin waistband', 'True to size'], care: INTIMATE_CARE, sizes: CKB_SIZES, badge: 'Best Seller', feature: 'No-show', age: 100, popular: true },
    { key: 'lace-thong', name: 'Lace Thong', type: 'Thong', garment: 'thong', aspect: 'double1x1', price: 1699, categories: ['underwear', 'thongs'], discountClass: 'underwear,thongs,lace', colors: [C.black, C.red, C.ivory], blurb: 'All-over stretch lace that feels soft, not scratchy.', fabric: 'Stretch Lace', fabricNotes: ['Soft stretch lace', 'Scalloped edges', 'Cotton gusset'], fit: 'Low-rise thong', fitNotes: ['All-over lace', 'Scalloped waist', 'True to size'], care: INTIMATE_CARE, sizes: CKB_SIZES, feature: 'All-over lace', age: 58 },
    { key: 'cotton-thong', name: 'Cotton Thong', type: 'Thong', garment: 'thong', aspect: 'double1x1', price: 1499, categories: ['underwear', 'thongs'], discountClass: 'underwear,thongs,core', colors: [C.white, C.heather, C.pinkStripe], blurb: 'Breathable cotton in a thong that stays put.', fabric: 'Cotton Stretch', fabricNotes: ['95% cotton, 5% elastane', 'Breathable', 'Cotton gusset'], fit: 'Mid-rise thong', fitNotes: ['Covered waistband', 'Stays put', 'True to size'], care: INTIMATE_CARE, sizes: CKB_SIZES, feature: 'Breathable cotton', age: 42 },
    { key: 'boyshort', name: 'Classic Cotton Boyshort', type: 'Boyshort', garment: 'boyshort', aspect: 'double1x1', price: 1899, categories: ['underwear', 'boyshorts'], discountClass: 'underwear,boyshorts,core', colors: [C.black, C.heather, C.navy], blurb: 'Full coverage in soft cotton, with legs that do not roll.', fabric: 'Cotton Stretch', fabricNotes: ['95% cotton, 5% elastane', 'Breathable', 'Cotton gusset'], fit: 'Mid-rise boyshort', fitNotes: ['No-roll legs', 'Full coverage', 'True to size'], care: INTIMATE_CARE, sizes: CKB_SIZES, feature: 'No-roll legs', age: 85 },
    { key: 'lace-boyshort', name: 'Lace Boyshort', type: 'Boyshort', garment: 'boyshort', aspect: 'double1x1', price: 1999, categories: ['underwear', 'boyshorts'], discountClass: 'underwear,boyshorts,lace', colors: [C.black, C.blush, C.plum], blurb: 'A boyshort cut in soft stretch lace, with a smooth cotton gusset.', fabric: 'Stretch Lace', fabricNotes: ['Soft stretch lace', 'Scalloped legs', 'Cotton gusset'], fit: 'Mid-rise boyshort', fitNotes: ['Scalloped legs', 'Full coverage', 'True to size'], care: INTIMATE_CARE, sizes: CKB_SIZES, feature: 'Stretch lace', age: 33 },
    { key: 'modal-boyshort', name: 'Modal Boyshort', type: 'Boyshort', garment: 'boyshort', aspect: 'double1x1', price: 1899, categories: ['underwear', 'boyshorts'], discountClass: 'underwear,boyshorts,core', colors: [C.nude, C.mist, C.sage], blurb: 'Silky modal that stays cool and soft all day.', fabric: 'Micro Modal', fabricNotes: ['Silky micro modal', 'Cool to the touch', 'Cotton gusset'], fit: 'Mid-rise boyshort', fitNotes: ['No-roll legs', 'Full coverage', 'True to size'], care: INTIMATE_CARE, sizes: CKB_SIZES, badge: 'New', feature: 'Silky modal', age: 9 },
    { key: 'high-waist', name: 'High-Waist Brief', type: 'Brief', garment: 'briefs', aspect: 'double1x1', price: 1899, categories: ['underwear'], discountClass: 'underwear,core', colors: [C.black, C.nude, C.cocoa, C.blush], blurb: 'A high, smoothing waist that stays flat under jeans.', fabric: 'Smoothing Micro', fabricNotes: ['Light smoothing', 'Bonded waistband', 'Cotton gusset'], fit: 'High-rise, full coverage', fitNotes: ['Smooths the tummy', 'Full coverage', 'True to size'], care: INTIMATE_CARE, sizes: CKB_SIZES, feature: 'High waist', age: 75 },
    { key: 'bikini', name: 'Bikini Brief', type: 'Bikini', garment: 'briefs', aspect: 'double1x1', price: 1299, original: 1899, categories: ['underwear', 'sale'], discountClass: 'underwear,clearance', colors: [C.coral, C.lavender, C.honey], blurb: 'Classic bikini cut in retiring summer colours. Final sale.', fabric: 'Cotton Stretch', fabricNotes: ['95% cotton, 5% elastane', 'Breathable', 'Cotton gusset'], fit: 'Low-rise bikini', fitNotes: ['Moderate coverage', 'Soft elastic', 'True to size'], care: INTIMATE_CARE, sizes: CKB_SIZES, badge: 'Final Sale', feature: 'Classic bikini', age: 112 },
    { key: 'silk-bikini', name: 'VIP Silk Bikini', type: 'Bikini', garment: 'briefs', aspect: 'double1x1', price: 2999, categories: ['underwear'], discountClass: 'underwear,vip', colors: [C.champagne, C.black, C.burgundy], blurb: 'Pure mulberry silk with a lace waist, made in a limited run for VIP members.', fabric: 'Mulberry Silk', fabricNotes: ['100% mulberry silk', 'Lace waist', 'Cotton gusset'], fit: 'Mid-rise bikini', fitNotes: ['Moderate coverage', 'Lace waist', 'True to size'], care: ['Hand wash cold', 'Lay flat to dry', 'Do not wring'], vip: true, sizes: CKB_SIZES, badge: 'VIP Exclusive', feature: 'Pure silk', age: 18 },
    { key: 'lace-bralette', name: 'Lace Bralette', type: 'Bralette', garment: 'bralette', aspect: 'double1x1', price: 2999, categories: ['bralettes'], discountClass: 'bralettes,core', colors: [C.black, C.ivory, C.rose], blurb: 'A soft lace triangle with removable pads and adjustable straps.', fabric: 'Stretch Lace', fabricNotes: ['Soft stretch lace', 'Removable pads', 'Wire-free'], fit: 'Light support', fitNotes: ['Adjustable straps', 'Hook-and-eye back', 'True to size'], care: INTIMATE_CARE, sizes: CKB_SIZES, badge: 'Best Seller', feature: 'Wire-free', age: 88, popular: true },
    { key: 'triangle', name: 'Modal Triangle Bralette', type: 'Bralette', garment: 'bralette', aspect: 'double1x1', price: 2999, categories: ['bralettes'], discountClass: 'bralettes,core', colors: [C.nude, C.heather, C.sage], blurb: 'Silky modal in a simple triangle shape, made for lounging.', fabric: 'Micro Modal', fabricNotes: ['Silky micro modal', 'Removable pads', 'Wire-free'], fit: 'Light support', fitNotes: ['Adjustable straps', 'Pullover', 'True to size'], care: INTIMATE_CARE, sizes: CKB_SIZES, feature: 'Silky modal', age: 47 },
    { key: 'longline-bralette', name: 'Longline Lace Bralette', type: 'Bralette', garment: 'bralette', aspect: 'double1x1', price: 2499, original: 3499, categories: ['bralettes', 'sale'], discountClass: 'bralettes,clearance', colors: [C.black, C.plum, C.mist], blurb: 'A longline lace bralette with a wide, comfortable band. Final sale.', fabric: 'Stretch Lace', fabricNotes: ['Soft stretch lace', 'Wide band', 'Wire-free'], fit: 'Light to medium support', fitNotes: ['Longline band', 'Adjustable straps', 'True to size'], care: INTIMATE_CARE, sizes: CKB_SIZES, badge: 'Final Sale', feature: 'Longline', age: 108 },
    { key: 'silk-bralette', name: 'VIP Silk Bralette', type: 'Bralette', garment: 'bralette', aspect: 'double1x1', price: 3499, categories: ['bralettes'], discountClass: 'bralettes,vip', colors: [C.champagne, C.black], blurb: 'Mulberry silk cups with a lace band, made to match the VIP Silk Bikini.', fabric: 'Mulberry Silk', fabricNotes: ['100% mulberry silk', 'Lace band', 'Wire-free'], fit: 'Light support', fitNotes: ['Adjustable straps', 'Hook-and-eye back', 'True to size'], care: ['Hand wash cold', 'Lay flat to dry', 'Do not wring'], vip: true, sizes: CKB_SIZES, badge: 'VIP Exclusive', feature: 'Pure silk', age: 18 },
    { key: 'cami', name: 'Ribbed Lounge Cami', type: 'Cami', garment: 'cami', aspect: 'double', price: 2999, categories: ['lounge'], discountClass: 'lounge', colors: [C.ivory, C.heather, C.black], blurb: 'A ribbed modal cami with a built-in shelf bra.', fabric: 'Ribbed Modal', fabricNotes: ['Ribbed modal', 'Built-in shelf bra', 'Breathable'], fit: 'Fitted', fitNotes: ['Adjustable straps', 'Hits at the hip', 'True to size'], care: LOUNGE_CARE, sizes: CKB_SIZES, feature: 'Shelf bra', age: 52 },
    { key: 'lounge-jogger', name: 'Ribbed Lounge Jogger', type: 'Jogger', garment: 'joggers', aspect: 'double', price: 4499, categories: ['lounge'], discountClass: 'lounge', colors: [C.heather, C.black, C.mocha], blurb: 'A relaxed jogger in ribbed modal with cuffed ankles.', fabric: 'Ribbed Modal', fabricNotes: ['Ribbed modal', 'Soft elastic waist', 'Side pockets'], fit: 'Relaxed', fitNotes: ['Cuffed ankles', '28" inseam on size M', 'True to size'], care: LOUNGE_CARE, sizes: CKB_SIZES, feature: 'Cuffed', age: 38 },
    { key: 'lounge-short', name: 'Ribbed Lounge Short', type: 'Short', garment: 'shorts', aspect: 'double1x1', price: 2499, categories: ['lounge'], discountClass: 'lounge', colors: [C.heather, C.ivory, C.blush], blurb: 'A soft ribbed short to match our lounge cami.', fabric: 'Ribbed Modal', fabricNotes: ['Ribbed modal', 'Soft elastic waist', 'Breathable'], fit: 'Relaxed', fitNotes: ['3" inseam', 'Sits at the waist', 'True to size'], care: LOUNGE_CARE, sizes: CKB_SIZES, feature: 'Ribbed', age: 22 },
    { key: 'satin-set', name: 'Satin Sleep Set', type: 'Sleep Set', garment: 'set', aspect: 'double', price: 5499, categories: ['sleepwear'], discountClass: 'sleep', colors: [C.champagne, C.navy, C.rose], blurb: 'A piped satin cami and short set that feels cool all night.', fabric: 'Washable Satin', fabricNotes: ['Washable satin', 'Contrast piping', 'Gift boxed'], fit: 'Relaxed', fitNotes: ['Adjustable cami straps', 'Elastic short waist', 'True to size'], care: LOUNGE_CARE, sizes: CKB_SIZES, badge: 'Gift Idea', feature: 'Satin', age: 27, popular: true },
    { key: 'satin-short', name: 'Satin Sleep Short', type: 'Sleep Short', garment: 'shorts', aspect: 'double1x1', price: 2999, categories: ['sleepwear'], discountClass: 'sleep', colors: [C.champagne, C.black, C.mist], blurb: 'A piped satin short that matches any of our camis.', fabric: 'Washable Satin', fabricNotes: ['Washable satin', 'Contrast piping', 'Breathable'], fit: 'Relaxed', fitNotes: ['Elastic waist', '3" inseam', 'True to size'], care: LOUNGE_CARE, sizes: CKB_SIZES, feature: 'Satin', age: 31 },
    { key: 'sleep-dress', name: 'Modal Sleep Dress', type: 'Sleep Dress', garment: 'dress', aspect: 'aspect2x5', price: 3999, categories: ['sleepwear'], discountClass: 'sleep', colors: [C.heather, C.blush, C.navy], blurb: 'A floaty modal slip with lace trim at the neckline.', fabric: 'Micro Modal', fabricNotes: ['Silky micro modal', 'Lace trim', 'Breathable'], fit: 'Relaxed', fitNotes: ['Knee length', 'Adjustable straps', 'True to size'], care: LOUNGE_CARE, sizes: CKB_SIZES, badge: 'New', feature: 'Lace trim', age: 6 },
  ],
}

const glow: BrandCatalog = {
  categories: [
    { name: 'loungewear', title: 'Loungewear', layout: '1x1', garment: 'joggers', color: '#2f6b4f', icon: 'moon', icon2: 'feather', short: 'Cloud-soft pieces for slow days.', long: 'Robes, sets, joggers and hoodies in waffle, plush and cloud-knit fabrics that get softer every wash. Sizes S to L.', bullets: ['Cloud-soft fabrics', 'Relaxed fits', 'Gets softer every wash'], base: 'loungewear', banner: 'Free shipping on orders over $75' },
    { name: 'robes', title: 'Robes', layout: '1x1', garment: 'robe', color: '#d4a373', icon: 'robe', icon2: 'drop', short: 'Robes worth getting up for.', long: 'Waffle, plush and linen-blend robes with deep pockets and a belt that stays tied.', bullets: ['Deep pockets', 'Belt loops', 'Three weights'], base: 'loungewear', banner: null },
    { name: 'sets', title: 'Sets', layout: '1x1', garment: 'set', color: '#7a9e7e', icon: 'top', icon2: 'sparkle', short: 'Matching sets, zero effort.', long: 'Two pieces that go together: ribbed, modal and cloud-knit sets to sleep, lounge and go out for coffee in.', bullets: ['Two pieces', 'Wear together or apart', 'Gift ready'], base: 'loungewear', banner: null },
    { name: 'socks', title: 'Socks', layout: '1x1', garment: 'socks', color: '#c9a227', icon: 'socks', icon2: 'heart', short: 'Cozy socks, one size fits most.', long: 'Crew, fuzzy and slipper socks with grippers, one size fits women\'s shoe sizes 5 to 11.', bullets: ['One size fits most', 'Grippy soles on slipper socks', 'Soft and warm'], base: 'socks', banner: null },
    { name: 'gifts', title: 'Gifts', layout: 'catch-all', garment: 'socks', color: '#bc6c25', icon: 'gift', icon2: 'star', short: 'Gifts for everyone on your list.', long: 'Cozy socks and hoodies they will actually use, ready to wrap.', bullets: ['Ready to wrap', 'Easy exchanges', 'Under $70'], base: 'gifts', banner: 'Gift wrap on every order' },
  ],
  groups: [
    { name: 'lounge', title: 'Lounge', description: 'Loungewear, robes and sets.', categories: ['loungewear', 'robes', 'sets'] },
    { name: 'cozy-extras', title: 'Cozy Extras', description: 'Socks and gifts.', categories: ['socks', 'gifts'] },
  ],
  styles: [
    { key: 'waffle-robe', name: 'Waffle Robe', type: 'Robe', garment: 'robe', aspect: 'aspect2x5', price: 6999, categories: ['loungewear', 'robes'], discountClass: 'loungewear,robes', colors: [C.cream, C.sage, C.mist], blurb: 'A lightweight waffle robe that feels like a spa day at home.', fabric: 'Cotton Waffle', fabricNotes: ['Airy cotton waffle', 'Quick drying', 'Deep pockets'], fit: 'Relaxed, knee length', fitNotes: ['Belted', 'Knee length', 'S/M/L'], care: LOUNGE_CARE, sizes: GLOW_SIZES, badge: 'Best Seller', feature: 'Waffle knit', age: 100, popular: true },
    { key: 'plush-robe', name: 'Plush Robe', type: 'Robe', garment: 'robe', aspect: 'aspect2x5', price: 8999, categories: ['loungewear', 'robes'], discountClass: 'loungewear,robes', colors: [C.ivory, C.cocoa, C.oat], blurb: 'Our coziest robe: thick, plush and long enough for cold mornings.', fabric: 'Plush Fleece', fabricNotes: ['Thick plush fleece', 'Shawl collar', 'Deep pockets'], fit: 'Relaxed, mid-calf', fitNotes: ['Belted', 'Mid-calf length', 'S/M/L'], care: LOUNGE_CARE, sizes: GLOW_SIZES, feature: 'Plush', age: 70, popular: true },
    { key: 'linen-robe', name: 'Linen-Blend Robe', type: 'Robe', garment: 'robe', aspect: 'aspect2x5', price: 7999, categories: ['loungewear', 'robes'], discountClass: 'loungewear,robes', colors: [C.sand, C.terracotta, C.slate], blurb: 'Breezy linen-blend for warm nights and lazy weekends.', fabric: 'Linen Blend', fabricNotes: ['Linen and cotton', 'Breathable', 'Softens over time'], fit: 'Relaxed, knee length', fitNotes: ['Belted', 'Knee length', 'S/M/L'], care: LOUNGE_CARE, sizes: GLOW_SIZES, badge: 'New', feature: 'Linen blend', age: 10 },
    { key: 'ribbed-set', name: 'Ribbed Lounge Set', type: 'Set', garment: 'set', aspect: 'double', price: 7999, categories: ['loungewear', 'sets'], discountClass: 'loungewear,sets', colors: [C.oat, C.forest, C.stone], blurb: 'A ribbed tank and wide-leg pant that look as good as they feel.', fabric: 'Ribbed Modal', fabricNotes: ['Ribbed modal blend', 'Soft waistband', 'Breathable'], fit: 'Relaxed', fitNotes: ['Wide-leg pant', 'Fitted tank', 'S/M/L'], care: LOUNGE_CARE, sizes: GLOW_SIZES, feature: 'Ribbed', age: 55, popular: true },
    { key: 'pajama-set', name: 'Modal Pajama Set', type: 'Set', garment: 'set', aspect: 'double', price: 7499, categories: ['loungewear', 'sets'], discountClass: 'loungewear,sets', colors: [C.mist, C.cream, C.honey], blurb: 'A silky modal cami and short for warm sleepers.', fabric: 'Micro Modal', fabricNotes: ['Silky micro modal', 'Cool to the touch', 'Piped edges'], fit: 'Relaxed', fitNotes: ['Adjustable straps', 'Elastic waist', 'S/M/L'], care: LOUNGE_CARE, sizes: GLOW_SIZES, feature: 'Modal', age: 35 },
    { key: 'cloud-set', name: 'Cloud Knit Set', type: 'Set', garment: 'set', aspect: 'double', price: 8499, categories: ['loungewear', 'sets'], discountClass: 'loungewear,sets', colors: [C.cream, C.clay, C.sage], blurb: 'Our softest knit ever in a cropped top and matching short.', fabric: 'Cloud Knit', fabricNotes: ['Brushed cloud knit', 'Feather light', 'Pill resistant'], fit: 'Relaxed', fitNotes: ['Cropped top', 'Elastic waist short', 'S/M/L'], care: LOUNGE_CARE, sizes: GLOW_SIZES, badge: 'New', feature: 'Cloud knit', age: 4 },
    { key: 'cloud-jogger', name: 'Cloud Jogger', type: 'Jogger', garment: 'joggers', aspect: 'double', price: 5499, categories: ['loungewear'], discountClass: 'loungewear,core', colors: [C.oat, C.forest, C.stone, C.slate], blurb: 'A brushed jogger with a wide waistband and cuffed ankles.', fabric: 'Cloud Knit', fabricNotes: ['Brushed cloud knit', 'Deep pockets', 'Pill resistant'], fit: 'Relaxed', fitNotes: ['Cuffed ankles', '28" inseam on size M', 'S/M/L'], care: LOUNGE_CARE, sizes: GLOW_SIZES, badge: 'Best Seller', feature: 'Cuffed', age: 90, popular: true },
    { key: 'wide-pant', name: 'Wide-Leg Lounge Pant', type: 'Pant', garment: 'joggers', aspect: 'aspect2x5', price: 5999, categories: ['loungewear'], discountClass: 'loungewear,core', colors: [C.cream, C.terracotta, C.slate], blurb: 'A floaty wide-leg pant with a smocked waist.', fabric: 'Modal Jersey', fabricNotes: ['Drapey modal jersey', 'Smocked waist', 'Side pockets'], fit: 'Relaxed wide leg', fitNotes: ['Full length', 'Smocked waist', 'S/M/L'], care: LOUNGE_CARE, sizes: GLOW_SIZES, feature: 'Wide leg', age: 62 },
    { key: 'crew', name: 'Oversized Cloud Crew', type: 'Sweatshirt', garment: 'longsleeve', aspect: 'double', price: 5999, categories: ['loungewear'], discountClass: 'loungewear,core', colors: [C.oat, C.sage, C.honey, C.stone], blurb: 'A slouchy crew with dropped shoulders and ribbed cuffs.', fabric: 'Cloud Knit', fabricNotes: ['Brushed cloud knit', 'Ribbed cuffs', 'Pill resistant'], fit: 'Oversized', fitNotes: ['Dropped shoulders', 'Hits at the hip', 'S/M/L'], care: LOUNGE_CARE, sizes: GLOW_SIZES, feature: 'Oversized', age: 75 },
    { key: 'tank', name: 'Ribbed Lounge Tank', type: 'Tank', garment: 'tank', aspect: 'double1x1', price: 3499, categories: ['loungewear'], discountClass: 'loungewear,core', colors: [C.cream, C.forest, C.clay], blurb: 'A fitted ribbed tank to layer under everything.', fabric: 'Ribbed Modal', fabricNotes: ['Ribbed modal blend', 'Breathable', 'Soft'], fit: 'Fitted', fitNotes: ['Scoop neck', 'Hits at the hip', 'S/M/L'], care: LOUNGE_CARE, sizes: GLOW_SIZES, feature: 'Ribbed', age: 44 },
    { key: 'lounge-short', name: 'Cloud Lounge Short', type: 'Short', garment: 'shorts', aspect: 'double1x1', price: 3999, categories: ['loungewear'], discountClass: 'loungewear,core', colors: [C.oat, C.mist, C.stone], blurb: 'A soft, slouchy short with a drawstring waist.', fabric: 'Cloud Knit', fabricNotes: ['Brushed cloud knit', 'Drawstring waist', 'Side pockets'], fit: 'Relaxed', fitNotes: ['4" inseam', 'Drawstring', 'S/M/L'], care: LOUNGE_CARE, sizes: GLOW_SIZES, feature: 'Drawstring', age: 29 },
    { key: 'hoodie', name: 'Cozy Cloud Hoodie', type: 'Hoodie', garment: 'hoodie', aspect: 'double', price: 6499, categories: ['loungewear', 'gifts'], discountClass: 'loungewear,core', colors: [C.oat, C.forest, C.clay], blurb: 'A brushed hoodie with a roomy hood and kangaroo pocket.', fabric: 'Cloud Knit', fabricNotes: ['Brushed cloud knit', 'Kangaroo pocket', 'Pill resistant'], fit: 'Relaxed', fitNotes: ['Roomy hood', 'Hits at the hip', 'S/M/L'], care: LOUNGE_CARE, sizes: GLOW_SIZES, badge: 'Gift Idea', feature: 'Hooded', age: 50, popular: true },
    { key: 'cardigan', name: 'Waffle Lounge Cardigan', type: 'Cardigan', garment: 'robe', aspect: 'double', price: 6999, categories: ['loungewear'], discountClass: 'loungewear,core', colors: [C.cream, C.stone, C.sage], blurb: 'A hip-length waffle cardigan with patch pockets.', fabric: 'Cotton Waffle', fabricNotes: ['Airy cotton waffle', 'Patch pockets', 'Button front'], fit: 'Relaxed', fitNotes: ['Hip length', 'Dropped shoulders', 'S/M/L'], care: LOUNGE_CARE, sizes: GLOW_SIZES, feature: 'Waffle knit', age: 66 },
    { key: 'crew-sock', name: 'Cozy Crew Sock', type: 'Socks', garment: 'socks', aspect: 'double1x1', price: 1499, categories: ['socks'], discountClass: 'socks', colors: [C.oat, C.sage, C.honey], blurb: 'A soft ribbed crew sock with a cushioned sole.', fabric: 'Cotton Blend', fabricNotes: ['Soft cotton blend', 'Cushioned sole', 'Ribbed cuff'], fit: 'One size', fitNotes: ['Fits shoe sizes 5-11', 'Crew height', 'Stays up'], care: LOUNGE_CARE, sizes: ONE_SIZE, feature: 'Cushioned', age: 48 },
    { key: 'fuzzy-sock', name: 'Fuzzy Sock', type: 'Socks', garment: 'socks', aspect: 'double1x1', price: 1299, categories: ['socks', 'gifts'], discountClass: 'socks', colors: [C.cream, C.lavender, C.coral], blurb: 'Ultra fuzzy, ultra warm, ultra giftable.', fabric: 'Fuzzy Knit', fabricNotes: ['Fuzzy chenille knit', 'Warm', 'Soft'], fit: 'One size', fitNotes: ['Fits shoe sizes 5-11', 'Crew height', 'Relaxed'], care: LOUNGE_CARE, sizes: ONE_SIZE, badge: 'Gift Idea', feature: 'Fuzzy', age: 26, popular: true },
    { key: 'slipper-sock', name: 'Cloud Slipper Sock', type: 'Socks', garment: 'socks', aspect: 'double1x1', price: 1999, categories: ['socks', 'gifts'], discountClass: 'socks', colors: [C.oat, C.stone, C.forest], blurb: 'A sherpa-lined slipper sock with grippy soles.', fabric: 'Sherpa Lined', fabricNotes: ['Sherpa lining', 'Grippy sole', 'Warm'], fit: 'One size', fitNotes: ['Fits shoe sizes 5-11', 'Ankle height', 'Grippy'], care: LOUNGE_CARE, sizes: ONE_SIZE, feature: 'Grippy sole', age: 14 },
  ],
}

export const CATALOG: Record<BrandId, BrandCatalog> = { popfitclothing: popfit, ckb, glow }
