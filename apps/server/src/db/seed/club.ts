/**
 * The VIP club and its funnels: membership landings, social-media specials (the
 * opt-in landings of SPEC §2), style-profile fields and the Vip4sh split test.
 */
import { formatPrice, fromCents, MONTH_NAMES, PICK_CUTOFF_DAYS } from '@store/core'
import type { BrandId } from '../../brands/registry.ts'
import { bannerUrl } from '../../media/media.service.ts'
import { PAUSE_MONTHLY_PRICE_CENTS } from '../../membership/club-join.ts'
import type { SeededItem } from './catalog.ts'
import { POPFIT_SIZE_RANGE, PREFIX } from './constants.ts'
import { insertBatches, json, type Rows, type SeedDb } from './random.ts'

export async function seedStyleProfile(db: SeedDb, brandId: BrandId): Promise<void> {
  const prefix = PREFIX[brandId]
  const opts = (values: string[]) => values.map((value) => ({ value, caption: value }))
  const sizes = brandId === 'popfitclothing' ? ['XS', 'S', 'M', 'L', 'XL', 'XXL', 'XXXL', 'XXXXXL'] : brandId === 'ckb' ? ['XS', 'S', 'M', 'L', 'XL', 'XXL'] : ['S', 'M', 'L']
  // captions as shown: XXL -> 2XL, XXXL -> 3XL; popfit's stored XXXXXL is its 4XL (SPEC §5)
  const caption = (value: string) => (brandId === 'popfitclothing' && value === 'XXXXXL' ? '4XL' : value.replace(/^X{2,5}L$/, (x) => `${x.length - 1}XL`))
  const sizeOptions = sizes.map((value) => ({ value, caption: caption(value) }))
  const activity: Record<BrandId, string[]> = {
    popfitclothing: ['Yoga', 'Running', 'Weightlifting', 'HIIT', 'Walking', 'Everyday wear'],
    ckb: ['Everyday', 'Work', 'Workouts', 'Date night', 'Sleep'],
    glow: ['Sleeping', 'Working from home', 'Travel', 'Weekend errands', 'Self-care days'],
  }
  const fields: { name: string; caption: string; options: { value: string; caption: string }[] }[] = [
    { name: 'favorite_activity', caption: brandId === 'glow' ? 'When do you lounge most?' : 'What do you wear us for most?', options: opts(activity[brandId]) },
    { name: 'top_size', caption: 'Your top size', options: sizeOptions },
    { name: 'bottom_size', caption: 'Your bottom size', options: sizeOptions },
    { name: 'fit_preference', caption: 'How do you like your fit?', options: opts(['Snug', 'True to size', 'Relaxed']) },
    { name: 'color_preference', caption: 'Favourite colours', options: opts(['Neutrals', 'Brights', 'Pastels', 'Dark tones', 'Prints']) },
    { name: 'birthday_month', caption: 'Birthday month', options: MONTH_NAMES.map((caption, i) => ({ value: String(i + 1), caption })) },
    { name: 'birthday_day', caption: 'Birthday day', options: Array.from({ length: 31 }, (_, i) => ({ value: String(i + 1), caption: String(i + 1) })) },
  ]
  await insertBatches(
    db,
    'style_profile_fields',
    fields.map((f, position) => ({ id: `${prefix}-spf-${f.name}`, brand_id: brandId, name: f.name, caption: f.caption, options: json(f.options), position })),
  )
}

/** The club's numbers as the store applies them: the brand's price and discount (store settings), the pause price and the cut-off (code). */
export interface ClubTerms {
  monthly: string
  monthlyCents: number
  discount: number
  pause: string
  cutoffDays: number
}

export async function clubTerms(db: SeedDb, brandId: BrandId): Promise<ClubTerms> {
  const settings = await db.selectFrom('store_settings').select(['club_monthly_cents', 'club_discount_percentage']).where('brand_id', '=', brandId).executeTakeFirst()
  const monthlyCents = settings?.club_monthly_cents ?? 2499
  const money = (cents: number) => formatPrice(fromCents(cents), { keepZeroCents: true })
  return { monthly: money(monthlyCents), monthlyCents, discount: settings?.club_discount_percentage ?? 20, pause: money(PAUSE_MONTHLY_PRICE_CENTS), cutoffDays: PICK_CUTOFF_DAYS }
}

/**
 * The club's rules in the words the landing's FAQ and the FAQ page use: what skip,
 * pause and cancel really do (docs/club-membership.md "Decisions").
 */
export function clubRuleAnswers(c: ClubTerms) {
  return {
    skip: `Skip a month from the Members Area up to ${c.cutoffDays} days before its billing date (the Members Area shows the last day). A skipped month is not charged and no box is sent; after that, your membership carries on as before.`,
    pause: `Pause from the Members Area up to ${c.cutoffDays} days before your billing date. While paused you pay ${c.pause} a month instead of ${c.monthly}, no box is sent and you keep member prices. The pause has no end date: it lasts until you resume, which you can do any time. A month you have already skipped stays free: the pause price starts the month after.`,
    cancel:
      'Cancel any time in the Members Area: it takes effect at once, nothing more is charged and member prices end. A box you have already paid for still ships. There are no cancellation fees.',
  }
}

export async function seedMembershipLanding(db: SeedDb, brandId: BrandId): Promise<void> {
  if (brandId === 'glow') return
  const product = brandId === 'popfitclothing' ? 'leggings' : 'underwear'
  const c = await clubTerms(db, brandId)
  const rules = clubRuleAnswers(c)
  const faqs = [
    {
      question: 'What is VIP?',
      answer: `VIP is our membership: for ${c.monthly} a month you get a new pair of ${product} picked for you every month, plus ${c.discount}% off everything in the store.`,
    },
    {
      question: 'When am I billed?',
      answer: `You are billed ${c.monthly} on the day you join and on the same day each month after that. Your next billing date is always shown in the Members Area.`,
    },
    { question: 'Can I skip a month?', answer: `Yes. ${rules.skip}` },
    { question: 'Can I pause my membership?', answer: `Yes. ${rules.pause}` },
    { question: 'How do I cancel?', answer: rules.cancel },
    { question: 'Can I exchange my monthly pick?', answer: 'Yes. VIP members get free exchanges on their monthly pick within 30 days.' },
  ]
  const founder = brandId === 'popfitclothing' ? 'Jenna Park, founder' : 'Claire Bennett, founder'
  await insertBatches(db, 'membership_landings', [
    {
      brand_id: brandId,
      headline: brandId === 'popfitclothing' ? `Join VIP: new leggings every month for ${c.monthly}` : `Join VIP: fresh underwear every month for ${c.monthly}`,
      subheadline: 'Member pricing on everything and early access to new drops. Skip a month, pause or cancel in the Members Area.',
      faqs: json(faqs),
      founder_letter_name: founder,
      founder_letter_bullets: json([
        'A new piece picked for you every month',
        `${c.discount}% off everything, every time you shop`,
        'First access to VIP-exclusive styles',
        'Free exchanges on your monthly pick',
        'Skip a month, pause or cancel in the Members Area',
      ]),
      price_cents: c.monthlyCents,
      how_many: 1,
    },
  ])
}

export async function seedSocialMediaSpecials(db: SeedDb, brandId: BrandId, items: SeededItem[]): Promise<void> {
  const item = (styleKey: string) => items.find((i) => i.styleKey === styleKey && i.variantIndex === 0)?.id ?? null
  const lander = (id: string, headline: string) => ({ id, headline, image: bannerUrl({ brandId, width: 1200, height: 600, text: headline }) })
  const rows: Rows<'social_media_specials'> = []
  if (brandId === 'popfitclothing') {
    rows.push(
      {
        id: 'pf-vip-optin-csr',
        brand_id: brandId,
        permalink: '/social_media_specials/pf-vip-optin-csr',
        landing_page_headline: 'Our best-selling leggings for just $29.99',
        free_shipping: 1,
        main_item_description: `The Signature High-Waist Legging: buttery soft, squat-proof and sized ${POPFIT_SIZE_RANGE}. Pick your colour and size, we ship it free.`,
        item_id: item('signature'),
        price_cents: 2999,
        split_test_no_lander: 0,
        split_test_landers: json(['pf-csr-a', 'pf-csr-b']),
        landers: json([lander('pf-csr-a', 'Leggings for $29.99, shipped free'), lander('pf-csr-b', 'Your new favourite leggings: $29.99')]),
      },
      {
        id: 'pf-vip-optin-main',
        brand_id: brandId,
        permalink: '/social_media_specials/pf-vip-optin-main',
        landing_page_headline: 'Try the pocket legging everyone is talking about',
        free_shipping: 0,
        main_item_description: 'The Buttery Soft Pocket Legging with two deep phone pockets, for $39.99.',
        item_id: item('pocket'),
        price_cents: 3999,
        split_test_no_lander: 1,
        split_test_landers: json(['pf-main-a']),
        landers: json([lander('pf-main-a', 'Pockets that actually fit your phone')]),
      },
    )
  }
  if (brandId === 'ckb') {
    rows.push({
      id: 'ckb-vip-optin',
      brand_id: brandId,
      permalink: '/social_media_specials/ckb-vip-optin',
      landing_page_headline: 'Join VIP and get your first pair for $24.99',
      free_shipping: 1,
      main_item_description: 'Start your VIP membership with our best-selling No-Show Thong, then a new pick every month. Skip a month or cancel in the Members Area.',
      item_id: item('noshow-thong'),
      price_cents: 2499,
      split_test_no_lander: 0,
      split_test_landers: json(['ckb-optin-a', 'ckb-optin-b']),
      landers: json([lander('ckb-optin-a', 'Zero lines. $24.99.'), lander('ckb-optin-b', 'Your first VIP pair for $24.99')]),
    })
  }
  // the free gifts of SPEC §4 (free-leggings, free-underwear): a special at $0, shipping paid, for a shopper
  // who is not a member (docs/decisions/169); their landings are /social_media_specials/{id} and /landing/{id}
  const gift = (id: string, styleKey: string, headline: string, description: string): Rows<'social_media_specials'>[number] => ({
    id,
    brand_id: brandId,
    permalink: `/social_media_specials/${id}`,
    landing_page_headline: headline,
    free_shipping: 0,
    main_item_description: description,
    item_id: item(styleKey),
    price_cents: 0,
    split_test_no_lander: 1,
    split_test_landers: json([]),
    landers: json([]),
  })
  if (brandId === 'popfitclothing') {
    rows.push(
      gift(
        'free-leggings',
        'seamless',
        'Free leggings: just pay shipping',
        'A pair of our Sculpt Seamless Legging on us, for new customers: choose your size, you pay only the shipping. One per order.',
      ),
    )
  }
  if (brandId === 'ckb') {
    rows.push(
      gift(
        'free-underwear',
        'cotton-brief',
        'Free underwear: just pay shipping',
        'An Everyday Cotton Brief on us, for new customers: choose your size, you pay only the shipping. One per order.',
      ),
    )
  }
  await insertBatches(db, 'social_media_specials', rows)
}

/** Vip4sh (SPEC §9): variants Control and 4sh, enabled for the two apparel brands only. */
export async function seedSplitTests(db: SeedDb, brandId: BrandId): Promise<void> {
  if (brandId === 'glow') return
  await insertBatches(db, 'split_tests', [{ name: 'Vip4sh', brand_id: brandId, variants: json(['Control', '4sh']), active: 1 }])
}
