/**
 * Brands and what the settings call returns: store settings, header and footer
 * menus, banners and the sizing guide.
 */
import { displaySize } from '@store/core'
import { BRANDS, brandById, type BrandId } from '../../brands/registry.ts'
import { bannerUrl, categoryImageUrl, figureUrl, iconUrl, type Garment, type IconName } from '../../media/media.service.ts'
import { SUPPORT_EMAILS } from '../migrations/005-members.ts'
import { POPFIT_SIZE_RANGE, POPFIT_SIZES, PREFIX } from './constants.ts'
import { insertBatches, json, type Rows, type SeedDb } from './random.ts'

export const CLUB_BRANDS: readonly BrandId[] = ['popfitclothing', 'ckb']

export async function seedBrands(db: SeedDb, now: Date): Promise<void> {
  const created = now.toISOString()
  await insertBatches(
    db,
    'brands',
    BRANDS.map((brand) => ({ id: brand.id, name: brand.name, created_at: created })),
  )
  await insertBatches(
    db,
    'store_settings',
    BRANDS.map((brand) => storeSettings(brand.id)),
  )
}

function storeSettings(brandId: BrandId): Rows<'store_settings'>[number] {
  const brand = BRANDS.find((b) => b.id === brandId)!
  const scrolling = (texts: string[]) => json(texts.map((text) => ({ url: bannerUrl({ brandId, width: 1200, height: 500, text }), width: 1200, height: 500, alt: text })))
  const common = {
    brand_id: brandId,
    store_name: brand.name,
    stripe_js: 1,
    social_media_discount_code: '10First',
    support_email: SUPPORT_EMAILS[brandId] ?? null,
  }
  if (brandId === 'popfitclothing') {
    return {
      ...common,
      domain: 'popfitclothing.com',
      main_product: 'Legging',
      main_product_plural: 'Leggings',
      main_shopping_path: '/category/leggings',
      brand_has_club: 1,
      brand_has_236_gifts: 1,
      brand_has_12_gifts: 0,
      club_name: 'VIP',
      club_monthly_cents: 2499,
      club_discount_percentage: 20,
      club_multi_qty: 1,
      club_exchanges: 1,
      monthly_item_flair: 'VIP Monthly Pick',
      show_club_offer: 1,
      afterpay: 1,
      afterpay_min_cents: 3500,
      afterpay_max_cents: 100000,
      facebook_url: 'https://www.facebook.com/popfitclothing',
      instagram_url: 'https://www.instagram.com/popfitclothing',
      persona_full_name: 'Jenna Park',
      stripe_js_apple_pay: 1,
      analytics_ids: json({ mixpanel: 'dev-popfit-0a1b2c3d', pixel: '100000000000001' }),
      // the stored XXXXXL is popfit's 4XL (SPEC §5 reads it as XXXXL); there is no separate XXXXL
      sizes: POPFIT_SIZES.join(','),
      // the sizes the copy names come from that list: it said "XS to 5XL", a size popfit does not make
      scrolling_images: scrolling(['Squat-proof. Buttery soft.', `Sizes ${POPFIT_SIZE_RANGE}`, 'VIP saves 20% on every order']),
      feed_bio: `Buttery soft leggings for every body, ${POPFIT_SIZE_RANGE}. Tag @popfitclothing to be featured.`,
      free_shipping_threshold_cents: 5000,
      standard_shipping_cost_cents: 595,
      tax_rate_basis_points: 0,
    }
  }
  if (brandId === 'ckb') {
    return {
      ...common,
      domain: 'ckbintimates.com',
      main_product: 'Underwear',
      main_product_plural: 'Underwear',
      main_shopping_path: '/category/underwear',
      brand_has_club: 1,
      brand_has_236_gifts: 0,
      brand_has_12_gifts: 1,
      club_name: 'VIP',
      club_monthly_cents: 2499,
      club_discount_percentage: 20,
      club_multi_qty: 0,
      club_exchanges: 1,
      monthly_item_flair: 'VIP Monthly Pick',
      show_club_offer: 1,
      afterpay: 0,
      afterpay_min_cents: 0,
      afterpay_max_cents: 0,
      facebook_url: 'https://www.facebook.com/ckbintimates',
      instagram_url: 'https://www.instagram.com/ckbintimates',
      persona_full_name: 'Claire Bennett',
      stripe_js_apple_pay: 0,
      analytics_ids: json({ mixpanel: 'dev-ckb-4e5f6a7b', pixel: '100000000000002' }),
      sizes: 'XS,S,M,L,XL,XXL',
      scrolling_images: scrolling(['Zero lines. All comfort.', 'Cotton-lined, XS to 2XL', 'Any 5 pairs for $50']),
      feed_bio: 'Underwear that disappears under everything. Tag @ckbintimates to be featured.',
      free_shipping_threshold_cents: 4500,
      standard_shipping_cost_cents: 495,
      tax_rate_basis_points: 0,
    }
  }
  return {
    ...common,
    domain: 'glowlounge.com',
    main_product: 'Loungewear',
    main_product_plural: 'Loungewear',
    main_shopping_path: '/category/loungewear',
    brand_has_club: 0,
    brand_has_236_gifts: 0,
    brand_has_12_gifts: 0,
    club_name: null,
    club_monthly_cents: null,
    club_discount_percentage: 0,
    club_multi_qty: 0,
    club_exchanges: 0,
    monthly_item_flair: null,
    show_club_offer: 0,
    afterpay: 0,
    afterpay_min_cents: 0,
    afterpay_max_cents: 0,
    facebook_url: 'https://www.facebook.com/glowlounge',
    instagram_url: 'https://www.instagram.com/glowlounge',
    persona_full_name: 'Maya Ortiz',
    stripe_js_apple_pay: 1,
    analytics_ids: json({ mixpanel: 'dev-glow-8c9d0e1f', pixel: '100000000000003' }),
    sizes: 'One Size,S,M,L',
    scrolling_images: scrolling(['Slow mornings, soft layers', 'Robes, sets and cozy socks', 'Free shipping over $75']),
    feed_bio: 'Cloud-soft loungewear for slow days. Tag @glowlounge to be featured.',
    free_shipping_threshold_cents: 7500,
    standard_shipping_cost_cents: 695,
    tax_rate_basis_points: 600,
  }
}

// ---------------------------------------------------------------- menus

interface HeaderEntry {
  caption: string
  link: string
  garment: Garment
  color: string
  children: [string, string][]
}

const HEADER: Record<BrandId, HeaderEntry[]> = {
  popfitclothing: [
    {
      caption: 'Leggings',
      link: '/category/leggings',
      garment: 'leggings',
      color: '#c2185b',
      children: [
        ['All Leggings', '/category/leggings'],
        ['Capris', '/category/capris'],
        ['Shop All Bottoms', '/category-group/bottoms'],
      ],
    },
    {
      caption: 'Shorts',
      link: '/category/shorts',
      garment: 'shorts',
      color: '#00838f',
      children: [
        ['Biker Shorts', '/category/shorts'],
        ['All Bottoms', '/category-group/bottoms'],
      ],
    },
    {
      caption: 'Tops & Bras',
      link: '/category-group/tops',
      garment: 'bra',
      color: '#ef6c00',
      children: [
        ['Sports Bras', '/category/sports-bras'],
        ['Tops', '/category/tops'],
        ['Shop All Tops', '/category-group/tops'],
      ],
    },
    {
      caption: 'VIP',
      link: '/vip',
      garment: 'leggings',
      color: '#ad1457',
      children: [
        ['Join VIP', '/vip'],
        ['VIP Exclusives', '/category/vip-exclusives'],
        ['New Drop', '/page/pf23-new-drop-cb'],
        ['VIP Terms', '/vipterms'],
      ],
    },
    {
      caption: 'Last Chance',
      link: '/page/pf-lastchance',
      garment: 'leggings',
      color: '#37474f',
      children: [
        ['Last Chance Sale', '/page/pf-lastchance'],
        ['Shop Clearance', '/category/clearance'],
      ],
    },
    {
      caption: 'Reviews',
      link: '/customer_reviews',
      garment: 'tank',
      color: '#6a1b9a',
      children: [
        ['Customer Reviews', '/customer_reviews'],
        ['Shop Our Feed', '/shop_our_feed'],
        ['Size & Fit Guide', '/photo-size-chart'],
      ],
    },
  ],
  ckb: [
    {
      caption: 'Underwear',
      link: '/category/underwear',
      garment: 'briefs',
      color: '#1f3a5f',
      children: [
        ['All Underwear', '/category/underwear'],
        ['Thongs', '/category/thongs'],
        ['Boyshorts', '/category/boyshorts'],
        ['All Intimates', '/category-group/intimates'],
      ],
    },
    {
      caption: 'Bralettes',
      link: '/category/bralettes',
      garment: 'bralette',
      color: '#e5989b',
      children: [
        ['All Bralettes', '/category/bralettes'],
        ['All Intimates', '/category-group/intimates'],
      ],
    },
    {
      caption: 'Lounge & Sleep',
      link: '/category-group/sleep',
      garment: 'set',
      color: '#b5838d',
      children: [
        ['Lounge', '/category/lounge'],
        ['Sleepwear', '/category/sleepwear'],
        ['Shop All', '/category-group/sleep'],
      ],
    },
    {
      caption: 'VIP',
      link: '/vip',
      garment: 'bralette',
      color: '#6d597a',
      children: [
        ['Join VIP', '/vip'],
        ['VIP Terms', '/vipterms'],
      ],
    },
    {
      caption: 'Sale',
      link: '/category/sale',
      garment: 'thong',
      color: '#a4161a',
      children: [
        ['Final Sale', '/category/sale'],
        ['Customer Reviews', '/customer_reviews'],
      ],
    },
  ],
  glow: [
    {
      caption: 'Loungewear',
      link: '/category/loungewear',
      garment: 'joggers',
      color: '#2f6b4f',
      children: [
        ['All Loungewear', '/category/loungewear'],
        ['Sets', '/category/sets'],
        ['Shop Lounge', '/category-group/lounge'],
      ],
    },
    {
      caption: 'Robes',
      link: '/category/robes',
      garment: 'robe',
      color: '#d4a373',
      children: [
        ['All Robes', '/category/robes'],
        ['Shop Lounge', '/category-group/lounge'],
      ],
    },
    {
      caption: 'Cozy Extras',
      link: '/category-group/cozy-extras',
      garment: 'socks',
      color: '#c9a227',
      children: [
        ['Socks', '/category/socks'],
        ['Gifts', '/category/gifts'],
        ['Shop All Extras', '/category-group/cozy-extras'],
      ],
    },
    {
      caption: 'Our Story',
      link: '/about-us',
      garment: 'hoodie',
      color: '#264653',
      children: [
        ['About Us', '/about-us'],
        ['Reviews', '/customer_reviews'],
        ['Shop Our Feed', '/shop_our_feed'],
      ],
    },
  ],
}

function footer(brandId: BrandId): Record<string, [string, string][]> {
  const policies = brandId === 'ckb' ? '/page/ckb-store-policies' : '/page/store-policies'
  const shop: Record<BrandId, [string, string][]> = {
    popfitclothing: [
      ['Leggings', '/category/leggings'],
      ['Biker Shorts', '/category/shorts'],
      ['Sports Bras', '/category/sports-bras'],
      ['Tops', '/category/tops'],
      ['Last Chance', '/page/pf-lastchance'],
    ],
    ckb: [
      ['Underwear', '/category/underwear'],
      ['Bralettes', '/category/bralettes'],
      ['Lounge', '/category/lounge'],
      ['Sleepwear', '/category/sleepwear'],
      ['Sale', '/category/sale'],
    ],
    glow: [
      ['Loungewear', '/category/loungewear'],
      ['Robes', '/category/robes'],
      ['Sets', '/category/sets'],
      ['Socks', '/category/socks'],
    ],
  }
  const hasClub = CLUB_BRANDS.includes(brandId)
  return {
    Shop: shop[brandId],
    Help: [
      ['FAQ & Store Policies', policies],
      ['Contact Us', '/contact-us'],
      ['Track My Order', '/tracker'],
      ['Size & Fit Guide', '/photo-size-chart'],
      ['Care Guide', '/care'],
    ],
    Company: [
      ['About Us', '/about-us'],
      ['Customer Reviews', '/customer_reviews'],
      ['Shop Our Feed', '/shop_our_feed'],
      ...(hasClub ? ([['VIP Club', '/vip']] as [string, string][]) : []),
    ],
    Legal: [
      ['Terms & Conditions', '/terms'],
      ...(hasClub ? ([['VIP Terms', '/vipterms']] as [string, string][]) : []),
      ['Privacy Policy', policies],
      ['Do Not Sell My Personal Information', '/dnsmpi'],
    ],
  }
}

export async function seedMenus(db: SeedDb, brandId: BrandId): Promise<void> {
  const prefix = PREFIX[brandId]
  const rows: Rows<'menu_items'> = []
  let n = 0
  const id = () => `${prefix}-menu-${++n}`
  HEADER[brandId].forEach((entry, position) => {
    const parentId = id()
    rows.push({
      id: parentId,
      brand_id: brandId,
      menu: 'header',
      parent_id: null,
      group_header: null,
      caption: entry.caption,
      link: entry.link,
      image_url: categoryImageUrl({ brandId, garment: entry.garment, color: entry.color, width: 400, height: 500, text: entry.caption }),
      image_alt: `Shop ${entry.caption}`,
      show_during_checkout: 0,
      position,
    })
    entry.children.forEach(([caption, link], childPosition) => {
      rows.push({
        id: id(),
        brand_id: brandId,
        menu: 'header',
        parent_id: parentId,
        group_header: null,
        caption,
        link,
        image_url: null,
        image_alt: null,
        show_during_checkout: 0,
        position: childPosition,
      })
    })
  })
  let position = 0
  for (const [group, links] of Object.entries(footer(brandId))) {
    const duringCheckout = group === 'Help' || group === 'Legal' ? 1 : 0
    for (const [caption, link] of links) {
      rows.push({
        id: id(),
        brand_id: brandId,
        menu: 'footer',
        parent_id: null,
        group_header: group,
        caption,
        link,
        image_url: null,
        image_alt: null,
        show_during_checkout: duringCheckout,
        position: position++,
      })
    }
  }
  await insertBatches(db, 'menu_items', rows)
}

// ---------------------------------------------------------------- banners

const BANNERS: Record<BrandId, { global: { text: string; link: string }; cart: { text: string; button: string; link: string; css: string; icon: IconName }[] }> = {
  popfitclothing: {
    global: { text: 'Any 3 leggings for $75 + free shipping over $50', link: '/category/leggings' },
    cart: [
      { text: 'Join VIP and save 20% on this order', button: 'Learn More', link: '/vip', css: 'cart-banner cart-banner--vip', icon: 'crown' },
      { text: 'Last chance styles are $29.99 while sizes last', button: 'Shop Now', link: '/page/pf-lastchance', css: 'cart-banner cart-banner--sale', icon: 'tag' },
    ],
  },
  ckb: {
    global: { text: 'Any 5 pairs for $50 + free shipping over $45', link: '/category/underwear' },
    cart: [{ text: 'VIP members save 20% on every order', button: 'Join VIP', link: '/vip', css: 'cart-banner cart-banner--vip', icon: 'crown' }],
  },
  glow: {
    global: { text: 'Free shipping on orders over $75', link: '/category/loungewear' },
    cart: [{ text: 'Add cozy socks for just $12.99', button: 'Shop Socks', link: '/category/socks', css: 'cart-banner cart-banner--upsell', icon: 'socks' }],
  },
}

export async function seedBanners(db: SeedDb, brandId: BrandId): Promise<void> {
  const prefix = PREFIX[brandId]
  const b = BANNERS[brandId]
  const rows: Rows<'banners'> = [
    {
      id: `${prefix}-banner-global`,
      brand_id: brandId,
      placement: 'global',
      link: b.global.link,
      text: b.global.text,
      button_text: null,
      button_link: null,
      css_class: 'global-banner',
      image: null,
      desktop_url: bannerUrl({ brandId, width: 1600, height: 200, text: b.global.text }),
      desktop_width: 1600,
      desktop_height: 200,
      mobile_url: bannerUrl({ brandId, width: 800, height: 200, text: b.global.text }),
      mobile_width: 800,
      mobile_height: 200,
      alt: b.global.text,
      position: 0,
      active: 1,
    },
    ...b.cart.map((c, i) => ({
      id: `${prefix}-banner-cart-${i + 1}`,
      brand_id: brandId,
      placement: 'cart',
      link: c.link,
      text: c.text,
      button_text: c.button,
      button_link: c.link,
      css_class: c.css,
      image: iconUrl({ name: c.icon, color: brandById(brandId)!.styles.colors.primary }),
      desktop_url: null,
      desktop_width: null,
      desktop_height: null,
      mobile_url: null,
      mobile_width: null,
      mobile_height: null,
      alt: c.text,
      position: i,
      active: 1,
    })),
  ]
  await insertBatches(db, 'banners', rows)
}

// ---------------------------------------------------------------- sizing guide

type Measures = { bust: string | null; waist: string | null; hip: string | null; pant: string | null }

const SIZING: Record<BrandId, [string, Measures][]> = {
  // leggings: waist, hip and pant size
  popfitclothing: [
    ['XS', { bust: null, waist: '24-25"', hip: '34-35"', pant: '0-2' }],
    ['S', { bust: null, waist: '26-27"', hip: '36-37"', pant: '4-6' }],
    ['M', { bust: null, waist: '28-29"', hip: '38-39"', pant: '8-10' }],
    ['L', { bust: null, waist: '30-32"', hip: '40-42"', pant: '12-14' }],
    ['XL', { bust: null, waist: '33-35"', hip: '43-45"', pant: '16-18' }],
    ['XXL', { bust: null, waist: '36-38"', hip: '46-48"', pant: '20-22' }],
    ['XXXL', { bust: null, waist: '39-42"', hip: '49-52"', pant: '24-26' }],
    // stored XXXXXL = 4XL for popfitclothing (SPEC §5)
    ['XXXXXL', { bust: null, waist: '43-46"', hip: '53-56"', pant: '28-30' }],
  ],
  // underwear and bralettes: bust, waist and hip
  ckb: [
    ['XS', { bust: '30-31"', waist: '24-25"', hip: '34-35"', pant: null }],
    ['S', { bust: '32-33"', waist: '26-27"', hip: '36-37"', pant: null }],
    ['M', { bust: '34-35"', waist: '28-29"', hip: '38-39"', pant: null }],
    ['L', { bust: '36-38"', waist: '30-32"', hip: '40-42"', pant: null }],
    ['XL', { bust: '39-41"', waist: '33-35"', hip: '43-45"', pant: null }],
    ['XXL', { bust: '42-44"', waist: '36-38"', hip: '46-48"', pant: null }],
  ],
  glow: [
    ['One Size', { bust: null, waist: null, hip: null, pant: 'Socks: shoe sizes 5-11' }],
    ['S', { bust: '32-34"', waist: '25-27"', hip: '35-37"', pant: '2-6' }],
    ['M', { bust: '35-37"', waist: '28-30"', hip: '38-40"', pant: '8-12' }],
    ['L', { bust: '38-41"', waist: '31-34"', hip: '41-44"', pant: '14-18' }],
  ],
}

export async function seedSizingGuide(db: SeedDb, brandId: BrandId): Promise<void> {
  const prefix = PREFIX[brandId]
  const rows: Rows<'sizing_guide_entries'> = SIZING[brandId].map(([size, m], position) => ({
    id: `${prefix}-size-${position + 1}`,
    brand_id: brandId,
    size,
    bust: m.bust,
    waist: m.waist,
    hip: m.hip,
    pant: m.pant,
    front_image: figureUrl({ brandId, view: 'front', width: 400, height: 600, text: displaySize(size, brandId) }),
    side_image: figureUrl({ brandId, view: 'side', width: 400, height: 600, text: displaySize(size, brandId) }),
    back_image: figureUrl({ brandId, view: 'back', width: 400, height: 600, text: displaySize(size, brandId) }),
    position,
  }))
  await insertBatches(db, 'sizing_guide_entries', rows)
}
