/**
 * Discount codes, order bumps, one-time offers and bundle offers.
 *
 * Discount code semantics (codes stored upper-case, matched case-insensitively):
 *   10FIRST    name '10First' (SPEC §9, CSR / clearance offer): 10% off every line.
 *   FIRST15    name 'First15' (SPEC §9, main-site offer): 15% off every line.
 *   LOCK5      name 'Lock5' (SPEC §9, club offer): club_only = 1, percentage_amount = 5.
 *              Decision: "lock in $5" is modelled as 5% off every line, and only for a
 *              cart that has the club (a member, or the club in the cart). The schema has
 *              no fixed-amount column, so no dollar amount is stored. Glow has no club:
 *              its LOCK5 row exists but is inactive (active = 0).
 *   LEGGINGS20 / UNDIES20 / ROBES20: 20% off only the lines whose discount_class
 *              (comma list) contains one of included_classes.
 *   SAVE25     25% off every line except those whose discount_class contains one of
 *              excluded_classes; needs a subtotal of at least minimum_subtotal_cents.
 */
import type { BrandId } from '../../brands/registry.ts'
import { categoryImageUrl } from '../../media/media.service.ts'
import type { SeededItem } from './catalog.ts'
import { PREFIX } from './constants.ts'
import { insertBatches, json, type Rows, type SeedDb } from './random.ts'

interface CodeDef {
  code: string
  name: string
  info: string
  bullets: string[]
  percent: number
  included?: string
  excluded?: string
  clubOnly?: boolean
  /** for a shopper's first order at the brand only */
  firstOrder?: boolean
  minimum?: number
  active?: boolean
  custom?: string
}

function codes(brandId: BrandId): CodeDef[] {
  const hasClub = brandId !== 'glow'
  const base: CodeDef[] = [
    {
      code: '10FIRST',
      name: '10First',
      info: 'Take 10% off your first order',
      bullets: ['10% off everything in your cart', 'One use per customer', 'Cannot be combined with other codes'],
      percent: 10,
      firstOrder: true,
    },
    {
      code: 'FIRST15',
      name: 'First15',
      info: 'Take 15% off your first order',
      bullets: ['15% off everything in your cart', 'One use per customer', 'Cannot be combined with other codes'],
      percent: 15,
      firstOrder: true,
    },
    {
      code: 'LOCK5',
      name: 'Lock5',
      info: hasClub ? 'VIP members lock in an extra 5% off' : 'VIP codes are not available at this store',
      bullets: ['For VIP members and new VIP sign-ups', 'An extra 5% off every item', 'Stacks with your VIP member pricing'],
      percent: 5,
      clubOnly: true,
      active: hasClub,
      custom: 'club_lock',
    },
  ]
  const included: Record<BrandId, CodeDef> = {
    popfitclothing: {
      code: 'LEGGINGS20',
      name: 'Leggings20',
      info: 'Take 20% off all leggings',
      bullets: ['20% off leggings and capris', 'Other items are full price'],
      percent: 20,
      included: 'leggings',
    },
    ckb: {
      code: 'UNDIES20',
      name: 'Undies20',
      info: 'Take 20% off all underwear',
      bullets: ['20% off underwear, thongs and boyshorts', 'Other items are full price'],
      percent: 20,
      included: 'underwear',
    },
    glow: { code: 'ROBES20', name: 'Robes20', info: 'Take 20% off all robes', bullets: ['20% off every robe', 'Other items are full price'], percent: 20, included: 'robes' },
  }
  const excluded: CodeDef = {
    code: 'SAVE25',
    name: 'Save25',
    info: 'Take 25% off orders of $75 or more',
    bullets: ['25% off orders of $75+', brandId === 'glow' ? 'Excludes socks' : 'Excludes clearance and VIP exclusives'],
    percent: 25,
    excluded: brandId === 'glow' ? 'socks' : 'clearance,vip',
    minimum: 7500,
  }
  return [...base, included[brandId], excluded]
}

export async function seedOffers(db: SeedDb, brandId: BrandId, items: SeededItem[]): Promise<void> {
  const prefix = PREFIX[brandId]
  const codeRows: Rows<'discount_codes'> = codes(brandId).map((c) => ({
    id: `${prefix}-code-${c.code.toLowerCase()}`,
    brand_id: brandId,
    code: c.code.toUpperCase(),
    name: c.name,
    info: c.info,
    bullets: json(c.bullets),
    included_classes: c.included ?? '',
    excluded_classes: c.excluded ?? '',
    percentage_amount: c.percent,
    custom: c.custom ?? null,
    club_only: c.clubOnly ? 1 : 0,
    first_order_only: c.firstOrder ? 1 : 0,
    minimum_subtotal_cents: c.minimum ?? 0,
    active: c.active === false ? 0 : 1,
  }))
  await insertBatches(db, 'discount_codes', codeRows)

  const first = (styleKey: string): SeededItem => {
    const item = items.find((i) => i.styleKey === styleKey && i.variantIndex === 0)
    if (!item) throw new Error(`seed: no item of style ${styleKey}`)
    return item
  }

  // ---- order bumps
  const bumps: Record<BrandId, { style: string; headline: string; copy: string; short: string; price: number }[]> = {
    popfitclothing: [
      {
        style: 'longline',
        headline: 'Add the matching Longline Sports Bra for $19.99',
        copy: 'Complete your set with our best-selling longline bra: buttery soft, removable pads, and $15 off when you add it now.',
        short: 'Sports Bra',
        price: 1999,
      },
      {
        style: 'biker',
        headline: 'Add a High-Rise Biker Short for $19.99',
        copy: 'The same squat-proof fabric in a 7" short that never rides up. One click, no extra shipping.',
        short: 'Biker Short',
        price: 1999,
      },
    ],
    ckb: [
      {
        style: 'noshow-thong',
        headline: 'Add a No-Show Thong for $9.99',
        copy: 'Our best-selling invisible thong, at a one-time price for this order only.',
        short: 'No-Show Thong',
        price: 999,
      },
      {
        style: 'lace-bralette',
        headline: 'Add the Lace Bralette for $19.99',
        copy: 'Wire-free, soft lace and made to match. Save $10 when you add it now.',
        short: 'Lace Bralette',
        price: 1999,
      },
    ],
    glow: [
      {
        style: 'fuzzy-sock',
        headline: 'Add Fuzzy Socks for $9.99',
        copy: 'Ultra-soft socks to go with your new loungewear. One-time price, this order only.',
        short: 'Fuzzy Socks',
        price: 999,
      },
    ],
  }
  await insertBatches(
    db,
    'order_bumps',
    bumps[brandId].map((b, position) => ({
      id: `${prefix}-ob-${position + 1}`,
      brand_id: brandId,
      item_id: first(b.style).id,
      headline: b.headline,
      text_copy: b.copy,
      short_item_name: b.short,
      price_cents: b.price,
      position,
    })),
  )

  // ---- one-time offers (after checkout)
  interface OfferDef {
    categories: string[]
    garment: 'leggings' | 'bra' | 'briefs' | 'bralette' | 'socks' | 'robe' | 'set'
    color: string
    headline: string
    copy: string
    extended: [string, string, string]
    noThanks: string
    howMany: number
    short: string
    picker: 'product' | 'full' | 'category'
    sizes: boolean
    digital?: boolean
    price: number
    banner: string
  }
  const offers: Record<BrandId, OfferDef[]> = {
    popfitclothing: [
      {
        categories: ['leggings'],
        garment: 'leggings',
        color: '#c2185b',
        headline: 'Wait! Add another pair of leggings for $29.99',
        copy: 'Pick any pair from our leggings collection at our clearance price. Ships with your order.',
        extended: ['Any style, any colour', 'Ships free with this order', 'This offer disappears when you leave this page'],
        noThanks: 'No thanks, I have enough leggings',
        howMany: 1,
        short: 'Leggings',
        picker: 'product',
        sizes: true,
        price: 2999,
        banner: 'One-time offer',
      },
      {
        categories: ['leggings', 'capris'],
        garment: 'leggings',
        color: '#6a1b9a',
        headline: 'Two more pairs for $39.99',
        copy: 'Choose a style of leggings or capris and get two pairs of it, in your size, for one low price.',
        extended: ['Two pairs, one price', 'Both in the style and colour you choose', 'Only on this page'],
        noThanks: 'No thanks, continue',
        howMany: 2,
        short: '2 Leggings',
        picker: 'full',
        sizes: true,
        price: 3999,
        banner: 'Just for you',
      },
      {
        categories: ['sports-bras', 'tops'],
        garment: 'bra',
        color: '#ef6c00',
        headline: 'Complete the look for $24.99',
        copy: 'Add a sports bra or top at our VIP price.',
        extended: ['Sports bras and tops', 'VIP price for everyone', 'Only on this page'],
        noThanks: 'No thanks, take me to my order',
        howMany: 1,
        short: 'Top',
        picker: 'category',
        sizes: true,
        price: 2499,
        banner: 'Complete the look',
      },
    ],
    ckb: [
      {
        categories: ['underwear', 'thongs'],
        garment: 'briefs',
        color: '#1f3a5f',
        headline: 'Add 3 more pairs for $24.99',
        copy: 'Stock up on your favourite: choose a style of underwear or thong and get three pairs of it, in your size, at a one-time price.',
        extended: ['Three pairs, one price', 'All in the style and colour you choose', 'Only on this page'],
        noThanks: 'No thanks, I am stocked up',
        howMany: 3,
        short: '3 Pairs',
        picker: 'full',
        sizes: true,
        price: 2499,
        banner: 'One-time offer',
      },
      {
        categories: ['bralettes'],
        garment: 'bralette',
        color: '#e5989b',
        headline: 'Add a bralette for $29.99',
        copy: 'Wire-free comfort to match your new underwear.',
        extended: ['Lace, modal or longline', 'Ships with your order', 'Only on this page'],
        noThanks: 'No thanks, continue',
        howMany: 1,
        short: 'Bralette',
        picker: 'product',
        sizes: true,
        price: 2999,
        banner: 'Complete the set',
      },
    ],
    glow: [
      {
        categories: ['socks'],
        garment: 'socks',
        color: '#c9a227',
        headline: 'Add two pairs of cozy socks for $24.99',
        copy: 'Choose a style from our sock collection and get two pairs of it, at a one-time price.',
        extended: ['Crew, fuzzy or slipper: both pairs alike', 'One size fits most', 'Only on this page'],
        noThanks: 'No thanks, my feet are warm',
        howMany: 2,
        short: '2 Socks',
        picker: 'product',
        sizes: false,
        price: 2499,
        banner: 'One-time offer',
      },
      {
        categories: ['robes', 'sets'],
        garment: 'robe',
        color: '#d4a373',
        headline: 'Add a robe or set for $39.99',
        copy: 'Treat yourself to our coziest pieces at nearly half price.',
        extended: ['Any robe or set', 'Ships with your order', 'Only on this page'],
        noThanks: 'No thanks, continue',
        howMany: 1,
        short: 'Robe or Set',
        picker: 'category',
        sizes: true,
        price: 3999,
        banner: 'Treat yourself',
      },
    ],
  }
  const offerRows: Rows<'one_time_offers'> = offers[brandId].map((o, position) => {
    const image = (i: number) => categoryImageUrl({ brandId, garment: o.garment, color: o.color, width: 600, height: 600, text: i === 1 ? o.short : `${o.short} ${i}` })
    return {
      id: `${prefix}-oto-${position + 1}`,
      brand_id: brandId,
      categories: json(o.categories),
      banner: o.banner,
      headline: o.headline,
      text_copy: o.copy,
      extended_copy_1: o.extended[0],
      extended_copy_2: o.extended[1],
      extended_copy_3: o.extended[2],
      image_1: image(1),
      image_2: image(2),
      image_3: image(3),
      image_4: image(4),
      no_thanks_button_copy: o.noThanks,
      how_many: o.howMany,
      short_item_name: o.short,
      show_product_picker: o.picker === 'product' ? 1 : 0,
      show_full_product_picker: o.picker === 'full' ? 1 : 0,
      show_category_picker: o.picker === 'category' ? 1 : 0,
      show_sizepicker: o.sizes ? 1 : 0,
      digital_product: o.digital ? 1 : 0,
      price_cents: o.price,
      position,
    }
  })
  await insertBatches(db, 'one_time_offers', offerRows)

  // ---- bundle offers ('3 for $75')
  const bundles: Record<BrandId, { offer: string; categories: string[]; howMany: number; price: number }[]> = {
    popfitclothing: [
      { offer: 'leggings-3-for-75', categories: ['leggings', 'capris'], howMany: 3, price: 7500 },
      { offer: 'bras-2-for-50', categories: ['sports-bras'], howMany: 2, price: 5000 },
    ],
    ckb: [{ offer: 'underwear-5-for-50', categories: ['underwear', 'thongs', 'boyshorts'], howMany: 5, price: 5000 }],
    glow: [{ offer: 'socks-3-for-30', categories: ['socks'], howMany: 3, price: 3000 }],
  }
  await insertBatches(
    db,
    'bundle_offers',
    bundles[brandId].map((b, i) => ({
      id: `${prefix}-bundle-${i + 1}`,
      brand_id: brandId,
      offer_id: b.offer,
      categories: json(b.categories),
      how_many: b.howMany,
      price_cents: b.price,
    })),
  )
}
